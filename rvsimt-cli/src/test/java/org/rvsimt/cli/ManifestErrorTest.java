package org.rvsimt.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every field of a launch manifest, malformed or missing (docs/manifest.md, docs/cli.md): exit code 2,
 * one line on stderr that starts with "rvsimt: " and names the manifest and the field, no Java
 * exception text, and with --json exactly one JSON object with "status": "error".
 *
 * Where the message today names the field only loosely (by argument name, or "device: vram ..."),
 * the strict form is asserted in {@link KnownBugsTest}.
 */
class ManifestErrorTest {
    @TempDir
    static Path dir;

    static final String HEAD = "kernel: k.S\ngrid: [1]\nblock: [1]\n";
    /** Two good arguments first, so a bad one is args[2] (the path must count). */
    static final String SMALL = HEAD + "device: {vram: 4MiB}\n";
    static final String TWO = SMALL + "args:\n  - {name: n, u32: 1}\n  - {name: m, f32: 2.5}\n";
    static final String OUT = SMALL + "args:\n  - {name: n, u32: 1}\n  - {name: out, buffer: f32, zeros: 1}\n";

    @BeforeAll
    static void files() throws Exception {
        Cli.write(dir, "k.S", Cli.RET);
        Cli.write(dir, "k.txt", "not a kernel\n");
        Cli.write(dir, "bad.S", "    nop\n    addi t0, t0\n");
        Cli.write(dir, "five.bin", new byte[5]);
        Cli.write(dir, "four.bin", new byte[4]);
        Files.createDirectories(dir.resolve("dir.S"));
    }

    /** One bad manifest: its text and the fragments the one-line message must contain. */
    record Case(String name, String text, String... fragments) { }

    static List<Case> cases() {
        List<Case> c = new ArrayList<>();
        // kernel
        c.add(new Case("kernel missing", "grid: [1]\nblock: [1]\n", "launch.yaml: kernel"));
        c.add(new Case("kernel blank", "kernel: ''\ngrid: [1]\nblock: [1]\n", "launch.yaml: kernel"));
        c.add(new Case("kernel is a list", "kernel: [a, b]\ngrid: [1]\nblock: [1]\n", "launch.yaml: kernel"));
        c.add(new Case("kernel not found", "kernel: nope.S\ngrid: [1]\nblock: [1]\n", "nope.S", "no such file"));
        c.add(new Case("kernel is a directory", "kernel: dir.S\ngrid: [1]\nblock: [1]\n", "dir.S"));
        c.add(new Case("kernel wrong extension", "kernel: k.txt\ngrid: [1]\nblock: [1]\n", "k.txt"));
        c.add(new Case("kernel does not assemble", "kernel: bad.S\ngrid: [1]\nblock: [1]\n", "bad.S:2:"));
        c.add(new Case("entry symbol not found", HEAD + "entry: nowhere\n", "launch.yaml: entry", "nowhere"));
        // grid and block
        for (String f : List.of("grid", "block")) {
            String other = f.equals("grid") ? "block: [1]\n" : "grid: [1]\n";
            c.add(new Case(f + " missing", "kernel: k.S\n" + other, "launch.yaml: " + f));
            c.add(new Case(f + " 0", "kernel: k.S\n" + other + f + ": [0]\n", "launch.yaml: " + f + "[0]"));
            c.add(new Case(f + " negative", "kernel: k.S\n" + other + f + ": [4, -1]\n", "launch.yaml: " + f + "[1]"));
            c.add(new Case(f + " 4 numbers", "kernel: k.S\n" + other + f + ": [1, 1, 1, 1]\n", "launch.yaml: " + f));
            c.add(new Case(f + " empty list", "kernel: k.S\n" + other + f + ": []\n", "launch.yaml: " + f));
            c.add(new Case(f + " a string", "kernel: k.S\n" + other + f + ": big\n", "launch.yaml: " + f));
            c.add(new Case(f + " a float", "kernel: k.S\n" + other + f + ": [1.5]\n", "launch.yaml: " + f + "[0]"));
            c.add(new Case(f + " a mapping", "kernel: k.S\n" + other + f + ": {x: 1}\n", "launch.yaml: " + f));
            c.add(new Case(f + " 2^31", "kernel: k.S\n" + other + f + ": [2147483648]\n", "launch.yaml: " + f + "[0]"));
        }
        c.add(new Case("block 1025 threads", "kernel: k.S\ngrid: [1]\nblock: [1025]\n", "launch.yaml: block", "1024"));
        c.add(new Case("block 32x32x2 threads", "kernel: k.S\ngrid: [1]\nblock: [32, 32, 2]\n", "launch.yaml: block"));
        c.add(new Case("grid y 65536", "kernel: k.S\ngrid: [1, 65536]\nblock: [1]\n", "launch.yaml: grid", "65535"));
        c.add(new Case("grid z 65536", "kernel: k.S\ngrid: [1, 1, 65536]\nblock: [1]\n", "launch.yaml: grid", "65535"));
        // shared, abi, watchdog, unknown top-level field
        c.add(new Case("shared negative", HEAD + "shared: -4\n", "launch.yaml: shared"));
        c.add(new Case("shared huge", HEAD + "shared: 99999999999\n", "launch.yaml: shared"));
        c.add(new Case("shared 17 MiB", HEAD + "shared: 17MiB\n", "launch.yaml: shared"));
        c.add(new Case("shared not a number", HEAD + "shared: lots\n", "launch.yaml: shared"));
        c.add(new Case("shared a list", HEAD + "shared: [1]\n", "launch.yaml: shared"));
        c.add(new Case("abi unknown", HEAD + "abi: cuda\n", "launch.yaml: abi", "cuda"));
        c.add(new Case("abi a list", HEAD + "abi: [native]\n", "launch.yaml: abi"));
        c.add(new Case("watchdog 0", HEAD + "watchdog: 0\n", "launch.yaml: watchdog"));
        c.add(new Case("watchdog text", HEAD + "watchdog: forever\n", "launch.yaml: watchdog"));
        c.add(new Case("unknown top-level field", HEAD + "colour: red\n", "launch.yaml: colour"));
        // device
        c.add(new Case("device not a mapping", HEAD + "device: 5\n", "launch.yaml: device"));
        c.add(new Case("device.vram not a multiple of 4 KiB", HEAD + "device: {vram: 1049600}\n", "launch.yaml: device",
                "vram"));
        c.add(new Case("device.vram below 1 MiB", HEAD + "device: {vram: 64KiB}\n", "launch.yaml: device", "vram"));
        c.add(new Case("device.vram 4 GiB", HEAD + "device: {vram: 4GiB}\n", "launch.yaml: device", "vram"));
        c.add(new Case("device.vram 2^63", HEAD + "device: {vram: 9223372036854775807}\n", "launch.yaml: device", "vram"));
        c.add(new Case("device.vram 0", HEAD + "device: {vram: 0}\n", "launch.yaml: device.vram"));
        c.add(new Case("device.vram text", HEAD + "device: {vram: big}\n", "launch.yaml: device.vram"));
        c.add(new Case("device.vram overflowing suffix", HEAD + "device: {vram: 99999999999GiB}\n",
                "launch.yaml: device.vram"));
        c.add(new Case("device.warp_size 0", HEAD + "device: {warp_size: 0}\n", "launch.yaml: device.warp_size"));
        c.add(new Case("device.warp_size 65", HEAD + "device: {warp_size: 65}\n", "launch.yaml: device.warp_size"));
        c.add(new Case("device.compute_units 0", HEAD + "device: {compute_units: 0}\n",
                "launch.yaml: device.compute_units"));
        c.add(new Case("device.warps_per_unit 0", HEAD + "device: {warps_per_unit: 0}\n",
                "launch.yaml: device.warps_per_unit"));
        c.add(new Case("device.sfu medium", HEAD + "device: {sfu: medium}\n", "launch.yaml: device.sfu", "medium"));
        c.add(new Case("device.sfu a list", HEAD + "device: {sfu: [fast]}\n", "launch.yaml: device.sfu"));
        c.add(new Case("device.stack 17", HEAD + "device: {stack: 17}\n", "launch.yaml: device", "stack"));
        c.add(new Case("device.stack 0", HEAD + "device: {stack: 0}\n", "launch.yaml: device.stack"));
        c.add(new Case("device.vlen 7", HEAD + "device: {vlen: 7}\n", "launch.yaml: device.vlen"));
        c.add(new Case("device.vlen 96", HEAD + "device: {vlen: 96}\n", "launch.yaml: device.vlen", "power of two"));
        c.add(new Case("device.vlen 2048", HEAD + "device: {vlen: 2048}\n", "launch.yaml: device.vlen"));
        c.add(new Case("device unknown field", HEAD + "device: {colour: red}\n", "launch.yaml: device.colour"));
        // args
        c.add(new Case("args not a list", HEAD + "args: 5\n", "launch.yaml: args"));
        c.add(new Case("args a mapping", HEAD + "args: {n: 1}\n", "launch.yaml: args"));
        c.add(new Case("args entry not a mapping", TWO + "  - 5\n", "launch.yaml: args[2]"));
        c.add(new Case("args entry a list", TWO + "  - [1, 2]\n", "launch.yaml: args[2]"));
        c.add(new Case("args entry null", TWO + "  -\n", "launch.yaml: args[2]"));
        c.add(new Case("unknown scalar type", TWO + "  - {name: x, u64: 5}\n", "launch.yaml: args[2]"));
        c.add(new Case("u32 -1", TWO + "  - {name: x, u32: -1}\n", "launch.yaml: args[2].u32"));
        c.add(new Case("u32 2^32", TWO + "  - {name: x, u32: 4294967296}\n", "launch.yaml: args[2].u32"));
        c.add(new Case("u32 2^64", TWO + "  - {name: x, u32: 18446744073709551616}\n", "launch.yaml: args[2].u32"));
        c.add(new Case("u32 a float", TWO + "  - {name: x, u32: 1.5}\n", "launch.yaml: args[2].u32"));
        c.add(new Case("i32 2^31", TWO + "  - {name: x, i32: 2147483648}\n", "launch.yaml: args[2].i32"));
        c.add(new Case("i32 a mapping", TWO + "  - {name: x, i32: {a: 1}}\n", "launch.yaml: args[2].i32"));
        c.add(new Case("f32 abc", TWO + "  - {name: x, f32: abc}\n", "launch.yaml: args[2].f32", "abc"));
        c.add(new Case("f32 a list", TWO + "  - {name: x, f32: [1]}\n", "launch.yaml: args[2].f32"));
        c.add(new Case("scalar unknown field", TWO + "  - {name: x, u32: 1, colour: red}\n",
                "launch.yaml: args[2].colour"));
        c.add(new Case("buffer unknown element type", TWO + "  - {name: x, buffer: f64, zeros: 4}\n",
                "launch.yaml: args[2].buffer", "f64"));
        c.add(new Case("buffer with no source", TWO + "  - {name: x, buffer: f32}\n", "launch.yaml: args[2]"));
        c.add(new Case("buffer with two sources", TWO + "  - {name: x, buffer: f32, zeros: 4, values: [1]}\n",
                "launch.yaml: args[2]"));
        c.add(new Case("buffer unknown field", TWO + "  - {name: x, buffer: f32, zeros: 1, colour: red}\n",
                "launch.yaml: args[2].colour"));
        c.add(new Case("random not a mapping", TWO + "  - {name: x, buffer: f32, random: 5}\n",
                "launch.yaml: args[2].random"));
        c.add(new Case("random count missing", TWO + "  - {name: x, buffer: f32, random: {seed: 1}}\n",
                "launch.yaml: args[2].random.count"));
        c.add(new Case("random count -1", TWO + "  - {name: x, buffer: f32, random: {count: -1}}\n",
                "launch.yaml: args[2].random.count"));
        c.add(new Case("random count text", TWO + "  - {name: x, buffer: f32, random: {count: lots}}\n",
                "launch.yaml: args[2].random.count"));
        c.add(new Case("random count 2^40", TWO + "  - {name: x, buffer: f32, random: {count: 1099511627776}}\n",
                "launch.yaml: args[2].random.count"));
        c.add(new Case("random min > max", TWO + "  - {name: x, buffer: f32, random: {count: 4, min: 2, max: 1}}\n",
                "launch.yaml: args[2].random", "min"));
        c.add(new Case("random min text", TWO + "  - {name: x, buffer: f32, random: {count: 4, min: low}}\n",
                "launch.yaml: args[2].random.min"));
        c.add(new Case("random seed a float", TWO + "  - {name: x, buffer: f32, random: {count: 4, seed: 0.5}}\n",
                "launch.yaml: args[2].random.seed"));
        c.add(new Case("random unknown field", TWO + "  - {name: x, buffer: f32, random: {count: 4, colour: red}}\n",
                "launch.yaml: args[2].random.colour"));
        c.add(new Case("values not a list", TWO + "  - {name: x, buffer: f32, values: 3}\n",
                "launch.yaml: args[2].values"));
        c.add(new Case("values with a word", TWO + "  - {name: x, buffer: f32, values: [1, two]}\n",
                "launch.yaml: args[2].values[1]"));
        c.add(new Case("file missing", TWO + "  - {name: x, buffer: f32, file: none.bin}\n", "none.bin", "no such file"));
        c.add(new Case("file length not a multiple of the element", TWO + "  - {name: x, buffer: f32, file: five.bin}\n",
                "launch.yaml: args", "five.bin", "5 bytes"));
        c.add(new Case("file is a directory", TWO + "  - {name: x, buffer: f32, file: dir.S}\n", "dir.S"));
        c.add(new Case("zeros negative", TWO + "  - {name: x, buffer: f32, zeros: -1}\n", "launch.yaml: args[2].zeros"));
        c.add(new Case("zeros text", TWO + "  - {name: x, buffer: f32, zeros: many}\n", "launch.yaml: args[2].zeros"));
        c.add(new Case("at outside VRAM", TWO + "  - {name: x, buffer: f32, zeros: 4, at: 0x7FFFFFF0}\n",
                "launch.yaml: args", "0x7ffffff0"));
        c.add(new Case("at straddling the end of VRAM", TWO + "  - {name: x, buffer: f32, zeros: 4, at: 0x3FFFF8}\n",
                "launch.yaml: args", "0x3ffff8"));
        c.add(new Case("at below the heap", TWO + "  - {name: x, buffer: f32, zeros: 4, at: 0x10}\n",
                "launch.yaml: args", "0x10"));
        c.add(new Case("at beyond 32 bits", TWO + "  - {name: x, buffer: f32, zeros: 4, at: 0x100000000}\n",
                "launch.yaml: args[2].at"));
        c.add(new Case("at overlapping another buffer", TWO
                + "  - {name: x, buffer: f32, zeros: 1024, at: 0x200000}\n"
                + "  - {name: y, buffer: f32, zeros: 4, at: 0x200010}\n", "launch.yaml: args", "not free"));
        c.add(new Case("at misaligned for f32 under the seed ABI", "abi: seed\n" + TWO
                + "  - {name: x, buffer: f32, zeros: 4, at: 0x100002}\n", "launch.yaml: args[2].at", "0x100002",
                "multiple of 4"));
        c.add(new Case("at misaligned for i16", TWO + "  - {name: x, buffer: i16, zeros: 4, at: 0x100001}\n",
                "launch.yaml: args[2].at", "multiple of 2"));
        c.add(new Case("duplicate names", TWO + "  - {name: n, u32: 3}\n", "launch.yaml: args[2].name", "'n'"));
        // expect
        c.add(new Case("expect not a list", OUT + "expect: 7\n", "launch.yaml: expect"));
        c.add(new Case("expect entry not a mapping", OUT + "expect: [7]\n", "launch.yaml: expect[0]"));
        c.add(new Case("expect arg missing", OUT + "expect: [{values: [0]}]\n", "launch.yaml: expect[0].arg"));
        c.add(new Case("expect unknown arg", OUT + "expect: [{arg: nope, values: [0]}]\n", "launch.yaml: expect[0].arg",
                "nope"));
        c.add(new Case("expect arg that is a scalar", OUT + "expect: [{arg: n, values: [0]}]\n",
                "launch.yaml: expect[0].arg"));
        c.add(new Case("expect both file and values", OUT + "expect: [{arg: out, file: four.bin, values: [0]}]\n",
                "launch.yaml: expect[0]"));
        c.add(new Case("expect neither file nor values", OUT + "expect: [{arg: out}]\n", "launch.yaml: expect[0]"));
        c.add(new Case("expect negative tol", OUT + "expect: [{arg: out, values: [0], tol: -1}]\n",
                "launch.yaml: expect[0]", "tol"));
        c.add(new Case("expect negative rtol", OUT + "expect: [{arg: out, values: [0], rtol: -0.5}]\n",
                "launch.yaml: expect[0]", "tol"));
        c.add(new Case("expect tol text", OUT + "expect: [{arg: out, values: [0], tol: tiny}]\n",
                "launch.yaml: expect[0].tol"));
        c.add(new Case("expect values not a list", OUT + "expect: [{arg: out, values: 0}]\n",
                "launch.yaml: expect[0].values"));
        c.add(new Case("expect unknown field", OUT + "expect: [{arg: out, values: [0], colour: red}]\n",
                "launch.yaml: expect[0].colour"));
        c.add(new Case("expected file missing", OUT + "expect: [{arg: out, file: none.bin}]\n", "none.bin",
                "no such file"));
        // syntax and shape
        c.add(new Case("empty file", "", "launch.yaml"));
        c.add(new Case("only a comment", "# nothing here\n", "launch.yaml"));
        c.add(new Case("top-level list", "- kernel: k.S\n- grid: [1]\n", "launch.yaml"));
        c.add(new Case("top-level scalar", "hello\n", "launch.yaml"));
        c.add(new Case("unclosed flow sequence", "kernel: k.S\ngrid: [1\nblock: [1]\n", "launch.yaml:"));
        c.add(new Case("bad indentation", "kernel: k.S\ngrid: [1]\n  block: [1]\n", "launch.yaml:"));
        c.add(new Case("tab indentation", HEAD + "\targs: []\n", "launch.yaml:"));
        c.add(new Case("unterminated quote", "kernel: 'k.S\ngrid: [1]\nblock: [1]\n", "launch.yaml:"));
        c.add(new Case("mapping in a scalar", "kernel: k.S: x\ngrid: [1]\nblock: [1]\n", "launch.yaml:"));
        c.add(new Case("nesting 20000 deep", HEAD + "args: " + "[".repeat(20000) + "]".repeat(20000) + "\n",
                "launch.yaml"));
        c.add(new Case("alias bomb", billionLaughs() + HEAD, "launch.yaml"));
        c.add(new Case("alias bomb in args", HEAD + "args: " + billionLaughsFlow() + "\n", "launch.yaml"));
        c.add(new Case("binary garbage", "\u0000\u0001\u0002\u00ff\ufffe", "launch.yaml"));
        return c;
    }

    /** Nine levels of nine-fold aliases: 9^9 strings if expanded. */
    static String billionLaughs() {
        StringBuilder b = new StringBuilder("l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
        for (int i = 1; i < 9; i++) {
            b.append("l").append(i).append(": &l").append(i).append(" [")
                    .append(String.join(", ", java.util.Collections.nCopies(9, "*l" + (i - 1)))).append("]\n");
        }
        return b.toString();
    }

    static String billionLaughsFlow() {
        String s = "&l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]";
        StringBuilder b = new StringBuilder("[" + s);
        for (int i = 1; i < 9; i++) {
            b.append(", &l").append(i).append(" [")
                    .append(String.join(", ", java.util.Collections.nCopies(9, "*l" + (i - 1)))).append("]");
        }
        return b.append("]").toString();
    }

    @TestFactory
    Stream<DynamicTest> everyBadManifestIsOneLineExitTwo() {
        return cases().stream().flatMap(k -> Stream.of(
                dynamicTest(k.name(), () -> human(k)),
                dynamicTest(k.name() + " --json", () -> json(k))));
    }

    private static Path manifest(Case k) {
        return Cli.write(dir, "m-" + Integer.toHexString(k.name().hashCode()) + "/launch.yaml", k.text());
    }

    private static void human(Case k) throws Exception {
        Path m = manifest(k);
        copyInputs(m.getParent());
        Cli.Result r = Cli.run("run", m.toString());
        r.badInput(k.fragments());
        assertThat(r.errLines().get(0)).startsWith("rvsimt: ");
        assertThat(r.out()).as("nothing on stdout for bad input").isEmpty();
    }

    private static void json(Case k) throws Exception {
        Path m = manifest(k);
        copyInputs(m.getParent());
        Cli.Result r = Cli.run("run", m.toString(), "--json");
        r.badInput(k.fragments());
        assertThat(r.errLines().get(0)).startsWith("rvsimt: ");
        JsonNode j = r.json();
        assertThat(j.path("status").asText()).isEqualTo("error");
        assertThat(j.path("message").asText()).as("the JSON message is the stderr line")
                .isEqualTo(r.errLines().get(0).substring("rvsimt: ".length()));
    }

    /** Each manifest lives in its own folder (relative paths are relative to it); give it the inputs. */
    private static void copyInputs(Path to) throws Exception {
        for (String f : List.of("k.S", "k.txt", "bad.S", "five.bin", "four.bin")) {
            Path t = to.resolve(f);
            if (!Files.exists(t)) {
                Files.copy(dir.resolve(f), t);
            }
        }
        Files.createDirectories(to.resolve("dir.S"));
    }

    /** YAML and JSON syntax errors say where: manifest name, then the line. */
    @Test
    void syntaxErrorsCarryALineNumber() {
        Path y = Cli.write(dir, "syn/launch.yaml", "kernel: k.S\ngrid: [1\nblock: [1]\n");
        Cli.run("run", y.toString()).badInput().errLines().forEach(l ->
                assertThat(l).matches("rvsimt: launch\\.yaml:[0-9]+(:[0-9]+)?: .+"));
        Path j = Cli.write(dir, "syn/launch.json", "{\"kernel\": \"k.S\", \"grid\": [1],\n \"block\": [1],,}\n");
        Cli.Result r = Cli.run("run", j.toString(), "--json");
        r.badInput("launch.json:2:");
        assertThat(r.json().path("status").asText()).isEqualTo("error");
    }

    /** A JSON manifest is read with the same rules, and its errors name fields the same way. */
    @Test
    void jsonManifests() throws Exception {
        Path d = dir.resolve("jsonm");
        Files.createDirectories(d);
        copyInputs(d);
        Path good = Cli.write(d, "launch.json", "{\"kernel\": \"k.S\", \"grid\": [2], \"block\": [32]}\n");
        Cli.Result ok = Cli.run("run", good.toString(), "--json").noTrace();
        assertThat(ok.code()).isZero();
        assertThat(ok.json().path("status").asText()).isEqualTo("ok");
        Path bad = Cli.write(d, "bad.json", "{\"kernel\": \"k.S\", \"grid\": [2], \"block\": [32],"
                + " \"args\": [{\"name\": \"x\", \"buffer\": \"f32\", \"random\": {\"count\": -3}}]}\n");
        Cli.Result r = Cli.run("run", bad.toString(), "--json");
        r.badInput("bad.json: args[0].random.count");
        assertThat(r.json().path("status").asText()).isEqualTo("error");
        Path list = Cli.write(d, "list.json", "[1, 2, 3]\n");
        Cli.run("run", list.toString()).badInput("list.json");
        Path empty = Cli.write(d, "empty.json", "");
        Cli.run("run", empty.toString()).badInput("empty.json");
    }

    /** The manifest itself missing or unreadable. */
    @Test
    void manifestFileProblems() throws Exception {
        Cli.Result r = Cli.run("run", dir.resolve("absent.yaml").toString(), "--json");
        r.badInput("absent.yaml", "no such file");
        assertThat(r.json().path("status").asText()).isEqualTo("error");
        Path d = dir.resolve("folder.yaml");
        Files.createDirectories(d);
        Cli.run("run", d.toString()).badInput("folder.yaml", "directory");
    }

    /**
     * A kernel or manifest that cannot be read: one line naming the file, exit 2. Reading fails as
     * root too through a link to /proc/self/mem (an I/O error at offset 0); file permissions, which
     * root ignores, are checked as well when the tests do not run as root.
     */
    @Test
    void unreadableFiles() throws Exception {
        Path d = dir.resolve("io");
        Files.createDirectories(d);
        Path memory = Path.of("/proc/self/mem");
        Files.createSymbolicLink(d.resolve("k.S"), memory);
        Path m = Cli.write(d, "launch.yaml", "kernel: k.S\ngrid: [1]\nblock: [1]\n");
        Cli.run("run", m.toString()).badInput("k.S");
        Path m2 = d.resolve("bad.yaml");
        Files.createSymbolicLink(m2, memory);
        Cli.Result io = Cli.run("run", m2.toString(), "--json");
        io.badInput("bad.yaml");
        assertThat(io.json().path("status").asText()).isEqualTo("error");

        Path p = dir.resolve("perm");
        Files.createDirectories(p);
        Path k = Cli.write(p, "k.S", Cli.RET);
        Path pm = Cli.write(p, "launch.yaml", "kernel: k.S\ngrid: [1]\nblock: [1]\n");
        try {
            Files.setPosixFilePermissions(k, java.util.Set.of());
            if (!Files.isReadable(k)) {         // not root: permissions are enforced
                Cli.run("run", pm.toString()).badInput("k.S", "permission denied");
                Files.setPosixFilePermissions(pm, java.util.Set.of());
                Cli.Result r = Cli.run("run", pm.toString(), "--json");
                r.badInput("launch.yaml", "permission denied");
                assertThat(r.json().path("status").asText()).isEqualTo("error");
            }
        } finally {
            Files.setPosixFilePermissions(k, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
            Files.setPosixFilePermissions(pm, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        }
    }

    /** Flags on the command line are checked like manifest fields. */
    @Test
    void badOverrideFlags() throws Exception {
        Path d = dir.resolve("flags");
        Files.createDirectories(d);
        copyInputs(d);
        Path m = Cli.write(d, "launch.yaml", HEAD);
        Cli.run("run", m.toString(), "--grid", "0").badInput("--grid");
        Cli.run("run", m.toString(), "--grid", "x").badInput("--grid", "'x'");
        Cli.run("run", m.toString(), "--grid", "1,2,3,4").badInput("--grid");
        Cli.run("run", m.toString(), "--grid", "1,70000").badInput("grid", "65535");
        Cli.run("run", m.toString(), "--block", "2048").badInput("block", "1024");
        Cli.run("run", m.toString(), "--shared", "-1").badInput("--shared");
        Cli.run("run", m.toString(), "--shared", "lots").badInput("--shared");
        Cli.run("run", m.toString(), "--sfu", "medium").badInput("--sfu", "medium");
        Cli.run("run", m.toString(), "--engine", "warp").badInput("--engine: must be interp or jit", "warp");
        Cli.run("run", m.toString(), "--warp-size", "65").badInput("--warp-size: must be 1..64, got 65");
        Cli.run("run", m.toString(), "--vlen", "96").badInput("--vlen", "power of two");
        Cli.run("run", m.toString(), "--vlen", "2048").badInput("--vlen", "1024");
        Cli.run("run", m.toString(), "--threads", "0").badInput("threads");
        Cli.run("run", m.toString(), "--watchdog", "0").badInput("--watchdog");
        Cli.Result j = Cli.run("run", m.toString(), "--json", "--grid", "0");
        j.badInput("--grid");
        assertThat(j.json().path("status").asText()).isEqualTo("error");
    }

    /** A good manifest next to all these bad ones runs, so the cases above fail for their own reason. */
    @Test
    void theBaseManifestsAreGood() throws Exception {
        for (String text : List.of(HEAD, TWO, OUT + "expect: [{arg: out, values: [0]}]\n")) {
            Path m = manifest(new Case("good " + text.hashCode(), text));
            copyInputs(m.getParent());
            Cli.Result r = Cli.run("run", m.toString(), "--json").noTrace();
            assertThat(r.code()).as(r.err()).isZero();
            assertThat(r.json().path("status").asText()).isEqualTo("ok");
        }
    }
}
