package org.rvsimt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * 200 seeded random mutations of a valid manifest (a field deleted, a value's type changed, garbage
 * inserted, the text cut or scrambled) through {@link Main#execute}: the exit code is 0, 1 or 2 and
 * neither stream ever shows a Java exception. Failures print the seed and the manifest.
 */
class MutationSweepTest {
    @TempDir
    static Path dir;

    static final String SAXPY = """
                .globl saxpy
            saxpy:
                lw      a1, 0(a0)
                flw     fa0, 4(a0)
                lw      a2, 8(a0)
                lw      a3, 12(a0)
                lw      a4, 16(a0)
                csrr    t0, 0xCD3
                csrr    t1, 0xCD6
                csrr    t2, 0xCD9
                mul     t1, t1, t2
                add     t0, t0, t1
                bgeu    t0, a1, 1f
                slli    t4, t0, 2
                add     t5, a2, t4
                flw     ft0, 0(t5)
                add     t5, a3, t4
                flw     ft1, 0(t5)
                fmul.s  ft0, fa0, ft0
                fadd.s  ft0, ft0, ft1
                add     t5, a4, t4
                fsw     ft0, 0(t5)
            1:  ret
            """;

    static final String BASE = """
            kernel: saxpy.S
            entry: saxpy
            abi: native
            grid: [2]
            block: [32]
            shared: 64
            watchdog: 100000
            device: {vram: 4MiB, warp_size: 32, compute_units: 2, sfu: exact, stack: 1KiB}
            args:
              - {name: n, u32: 64}
              - {name: a, f32: 2.0}
              - {name: x, buffer: f32, random: {count: 64, seed: 7, min: -1, max: 1}}
              - {name: y, buffer: f32, file: y.bin}
              - {name: out, buffer: f32, zeros: 64, output: out.bin}
              - {name: extra, buffer: i16, values: [1, 2, 3], at: 0x200000}
            expect:
              - {arg: extra, values: [1, 2, 3], tol: 1e-5}
              - {arg: y, file: y.bin, rtol: 0.001}
            """;

    static final YAMLMapper YAML = new YAMLMapper();
    static final JsonNodeFactory F = JsonNodeFactory.instance;

    @BeforeAll
    static void files() {
        Cli.write(dir, "saxpy.S", SAXPY);
        Cli.write(dir, "y.bin", new byte[256]);
        Cli.write(dir, "odd.bin", new byte[7]);
        Cli.write(dir, "ill.S", ".word 0\n");
    }

    @Test
    void theBaseManifestRuns() {
        Path m = Cli.write(dir, "base.yaml", BASE);
        Cli.Result r = Cli.run("run", m.toString(), "--json").noTrace();
        assertThat(r.code()).as(r.err() + r.out()).isEqualTo(Main.OK);
        assertThat(r.json().path("status").asText()).isEqualTo("ok");
        assertThat(r.json().path("checks")).hasSize(2);
    }

    @Test
    @Timeout(120)
    void twoHundredMutationsNeverTrace() throws Exception {
        int[] codes = new int[4];
        for (int seed = 0; seed < 200; seed++) {
            Random rnd = new Random(seed);
            String text = mutate(rnd);
            Path m = Cli.write(dir, "m" + seed + (seed % 10 == 9 ? ".json" : ".yaml"),
                    seed % 10 == 9 ? toJsonOrText(text) : text);
            boolean json = seed % 2 == 0;
            Cli.Result r = json ? Cli.run("run", m.toString(), "--json") : Cli.run("run", m.toString());
            String ctx = "seed " + seed + ", manifest:\n" + text + "\nstdout: " + r.out() + "\nstderr: " + r.err();
            assertThat(r.code()).as(ctx).isIn(Main.OK, Main.FAILED, Main.BAD_INPUT);
            for (String s : List.of(r.out(), r.err())) {
                assertThat(s).as(ctx).doesNotContain("Exception").doesNotContain("\tat ");
            }
            if (r.code() == Main.BAD_INPUT) {
                assertThat(r.errLines()).as(ctx).hasSize(1);
                assertThat(r.errLines().get(0)).as(ctx).startsWith("rvsimt: ");
            }
            if (json) {
                String status = r.json().path("status").asText();
                assertThat(status).as(ctx).isIn("ok", "check_failed", "fault", "error");
                assertThat(status.equals("error")).as(ctx).isEqualTo(r.code() == Main.BAD_INPUT);
            }
            codes[r.code()]++;
        }
        System.out.printf("mutation sweep exit codes: 0=%d 1=%d 2=%d 3=%d%n", codes[0], codes[1], codes[2], codes[3]);
        // The sweep must exercise both accepted and rejected manifests.
        assertThat(codes[Main.BAD_INPUT]).isGreaterThan(50);
        assertThat(codes[Main.OK]).isGreaterThan(10);
    }

    static String toJsonOrText(String yaml) {
        try {
            return new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(YAML.readTree(yaml));
        } catch (Exception e) {
            return yaml;
        }
    }

    static String mutate(Random rnd) throws Exception {
        int kind = rnd.nextInt(10);
        if (kind >= 7) {
            return textMutation(rnd, BASE);
        }
        ObjectNode root = (ObjectNode) YAML.readTree(BASE);
        int n = 1 + rnd.nextInt(2);
        for (int i = 0; i < n; i++) {
            List<Slot> slots = new ArrayList<>();
            collect(root, slots);
            Slot s = slots.get(rnd.nextInt(slots.size()));
            switch (kind % 3) {
                case 0 -> s.delete();
                case 1 -> s.replace(garbageValue(rnd));
                default -> s.insertNext(rnd);
            }
        }
        return YAML.writeValueAsString(root);
    }

    /** A place in the tree: a field of a mapping or an element of a list. */
    record Slot(JsonNode parent, String field, int index) {
        void delete() {
            if (parent instanceof ObjectNode o) {
                o.remove(field);
            } else {
                ((ArrayNode) parent).remove(index);
            }
        }

        void replace(JsonNode v) {
            if (parent instanceof ObjectNode o) {
                o.set(field, v);
            } else {
                ((ArrayNode) parent).set(index, v);
            }
        }

        void insertNext(Random rnd) {
            if (parent instanceof ObjectNode o) {
                String[] names = {"colour", "kernel", "grid", "count", "buffer", "u32", "zeros", "at", "values", "file",
                    "tol", "name", "", "random", "device", "arg"};
                o.set(names[rnd.nextInt(names.length)], garbageValue(rnd));
            } else {
                ((ArrayNode) parent).insert(index, garbageValue(rnd));
            }
        }
    }

    static void collect(JsonNode n, List<Slot> out) {
        if (n instanceof ObjectNode o) {
            for (String f : Set.copyOf(iterable(o))) {
                out.add(new Slot(o, f, -1));
                collect(o.get(f), out);
            }
        } else if (n instanceof ArrayNode a) {
            for (int i = 0; i < a.size(); i++) {
                out.add(new Slot(a, null, i));
                collect(a.get(i), out);
            }
        }
    }

    static List<String> iterable(ObjectNode o) {
        List<String> l = new ArrayList<>();
        o.fieldNames().forEachRemaining(l::add);
        return l;
    }

    /** Values that are wrong in type or range; none makes a launch run for long (no huge grids). */
    static JsonNode garbageValue(Random rnd) {
        return switch (rnd.nextInt(22)) {
            case 0 -> F.textNode("garbage");
            case 1 -> F.numberNode(-1);
            case 2 -> F.numberNode(0);
            case 3 -> F.numberNode(1.5);
            case 4 -> F.numberNode(4294967296L);
            case 5 -> F.numberNode(1e300);
            case 6 -> F.nullNode();
            case 7 -> F.booleanNode(true);
            case 8 -> F.arrayNode();
            case 9 -> F.objectNode();
            case 10 -> F.arrayNode().add(1).add("two").add(F.objectNode());
            case 11 -> F.objectNode().put("count", -5).put("min", 3).put("max", 1);
            case 12 -> F.textNode("0x7FFFFFF0FF");   // hex text is a number to rvsimt: keep it out of range
            case 13 -> F.textNode("odd.bin");
            case 14 -> F.textNode("ill.S");
            case 15 -> F.numberNode(3);
            case 16 -> F.textNode("");
            case 17 -> F.textNode("/nonexistent-dir/x.bin");
            case 18 -> F.numberNode(65536);
            case 19 -> F.textNode("NaN");
            case 20 -> F.numberNode(new java.math.BigInteger("123456789012345678901234567890"));
            default -> F.textNode("f64");
        };
    }

    static String textMutation(Random rnd, String text) {
        StringBuilder b = new StringBuilder(text);
        int n = 1 + rnd.nextInt(3);
        String junk = "{}[]:,-'\"\t\n#&*!|>%@`\\ \u0000\u00e9\ufffd";
        for (int i = 0; i < n; i++) {
            int at = rnd.nextInt(b.length());
            switch (rnd.nextInt(4)) {
                case 0 -> b.insert(at, junk.charAt(rnd.nextInt(junk.length())));
                case 1 -> b.deleteCharAt(at);
                case 2 -> b.setLength(at);
                default -> {
                    int end = Math.min(b.length(), at + 1 + rnd.nextInt(20));
                    b.replace(at, end, "");
                }
            }
        }
        return b.toString();
    }
}
