package org.rvsimt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rvsimt.core.trace.BinaryTracer;
import org.rvsimt.core.trace.TraceChannel;
import org.rvsimt.core.trace.TraceOptions;

class TraceCliTest {
    private static final int ADDI = 0x00150513; // addi a0, a0, 1
    private static final int LW = 0x00052603;   // lw a2, 0(a0)

    @TempDir
    Path dir;

    /** Two warps of one block: warp 0 runs addi at 0x1000, warp 1 lw at 0x1004 (half its lanes). */
    private Path sampleTrace() throws Exception {
        Path f = dir.resolve("t.rvtrace");
        try (BinaryTracer t = BinaryTracer.toFile(f, TraceOptions.defaults().withRings(1024, 512))) {
            t.launchBegin(1, "k.S", 0x1000, new int[] {ADDI, LW}, 0x1000, new int[] {1, 1, 1}, new int[] {64, 1, 1}, 32, 1);
            TraceChannel c = t.channel(0);
            c.blockBegin(0, 0, 0, 0, 2);
            c.instruction(0x1000, ADDI, 0, 0, 0xFFFF_FFFFL, null, 0);
            c.advance(1);
            c.instruction(0x1004, LW, 0, 1, 0xFFFF, null, 0);
            c.advance(1);
            c.blockEnd(0, 2, 48);
            t.launchEnd(1, "ok", 2, 48, 1000);
        }
        return f;
    }

    @Test
    void statsAsJson() throws Exception {
        JsonNode j = Cli.run("trace", sampleTrace().toString(), "--stats", "--json").noTrace().json().get("stats");
        assertThat(j.get("warp_instructions").asLong()).isEqualTo(2);
        assertThat(j.get("lane_instructions").asLong()).isEqualTo(48);
        assertThat(j.get("simt_efficiency").asDouble()).isEqualTo(48.0 / 64);
        assertThat(j.get("mix").get("alu").asLong()).isEqualTo(1);
        assertThat(j.get("mix").get("load").asLong()).isEqualTo(1);
        assertThat(j.get("memory_bytes").get("read").asLong()).isEqualTo(64);
        assertThat(j.get("memory_bytes").get("global").isNull()).as("a trace records no addresses").isTrue();
        assertThat(j.get("hottest").get(0).get("instruction").asText()).isEqualTo("addi a0, a0, 1");
        assertThat(j.get("hottest").get(0).get("lane_instructions").asLong()).isEqualTo(32);
    }

    @Test
    void dumpDisassemblesAndFilters() throws Exception {
        Path f = sampleTrace();
        Cli.Result all = Cli.run("trace", f.toString(), "--dump").noTrace();
        assertThat(all.code()).isZero();
        assertThat(all.out()).contains("addi a0, a0, 1").contains("lw a2, 0(a0)").contains("launch_begin #1 k.S");
        Cli.Result warp1 = Cli.run("trace", f.toString(), "--dump", "--warp", "1").noTrace();
        assertThat(warp1.outLines()).hasSize(1);
        assertThat(warp1.out()).contains("b0 w1 0x00001004").contains("(16)").doesNotContain("addi");
        Cli.Result pcs = Cli.run("trace", f.toString(), "--dump", "--pc", "0x1000:0x1004").noTrace();
        assertThat(pcs.outLines()).hasSize(1);
        assertThat(pcs.out()).contains("addi");
    }

    @Test
    void perfettoWritesOneJsonObject() throws Exception {
        Path out = dir.resolve("out.json");
        Cli.Result r = Cli.run("trace", sampleTrace().toString(), "--perfetto", out.toString()).noTrace();
        assertThat(r.code()).isZero();
        JsonNode root = new ObjectMapper().readTree(out.toFile());
        assertThat(root.get("traceEvents").size()).isPositive();
    }

    /** An OUT name ending in .gz gets gzipped JSON (ui.perfetto.dev opens it as it is). */
    @Test
    void perfettoGzipsWhenTheNameEndsInGz() throws Exception {
        Path out = dir.resolve("out.json.gz");
        Cli.Result r = Cli.run("trace", sampleTrace().toString(), "--perfetto", out.toString()).noTrace();
        assertThat(r.code()).isZero();
        try (java.io.InputStream in = new java.util.zip.GZIPInputStream(Files.newInputStream(out))) {
            JsonNode root = new ObjectMapper().readTree(in);
            assertThat(root.get("traceEvents").size()).isPositive();
        }
    }

    @Test
    void badTraceFilesAreOneLineWithTheOffset() throws Exception {
        byte[] good = Files.readAllBytes(sampleTrace());
        Path cut = Cli.write(dir, "cut.rvtrace", Arrays.copyOf(good, good.length - 5));
        Cli.run("trace", cut.toString(), "--stats").badInput("cut.rvtrace", "offset ", "truncated");
        Path junk = Cli.write(dir, "junk.rvtrace", "not a trace at all".getBytes());
        Cli.run("trace", junk.toString(), "--dump").badInput("junk.rvtrace", "offset 0");
        Path out = dir.resolve("never.json");
        Cli.run("trace", cut.toString(), "--perfetto", out.toString()).badInput("offset ");
        assertThat(out).doesNotExist();
        Cli.run("trace", dir.resolve("missing").toString(), "--stats").badInput("no such file");
        Cli.run("trace", cut.toString()).badUsage();
        Cli.run("trace", cut.toString(), "--dump", "--pc", "9:1").badInput("--pc");
    }

    @Test
    void runWritesAReadableTrace() throws Exception {
        Path k = Cli.write(dir, "k.S", "    addi a0, a0, 1\n" + Cli.RET);
        Path t = dir.resolve("run.rvtrace");
        Cli.Result r = Cli.run("run", k.toString(), "--grid", "2", "--block", "32", "--trace", t.toString(),
                "--trace-every", "2", "--trace-pc", "0:0x100000", "--trace-warp", "*:0", "--trace-values", "--json");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.json().get("trace").get("dropped_fast").asLong()).isZero();
        Cli.run("trace", t.toString(), "--stats", "--json").noTrace().json();
    }

    /** The engines feed the trace: a real kernel's trace agrees with the run's own counters and events. */
    @Test
    void tracedKernelRunAgreesWithTheLaunch() throws Exception {
        Path k = Cli.write(dir, "div.S", """
                    csrr t0, vx_tid_x
                    andi t1, t0, 1
                    beqz t1, even
                    addi t2, t2, 1
                even:
                    lui t3, 0x80002
                    sw zero, 0(t3)
                """ + Cli.RET);
        for (String engine : new String[] {"interp", "jit"}) {
            Path t = dir.resolve(engine + ".rvtrace");
            JsonNode run = Cli.run("run", k.toString(), "--grid", "3", "--block", "64", "--engine", engine,
                    "--threads", "2", "--trace", t.toString(), "--json").noTrace().json();
            JsonNode stats = Cli.run("trace", t.toString(), "--stats", "--json").noTrace().json().get("stats");
            assertThat(stats.get("warp_instructions").asLong()).isEqualTo(run.get("warp_instructions").asLong())
                    .isEqualTo(3 * 2 * 7);
            assertThat(stats.get("simt_efficiency").asDouble()).isEqualTo(run.get("simt_efficiency").asDouble());
            assertThat(stats.get("mix").get("alu").asLong()).isEqualTo(run.get("stats").get("mix").get("alu").asLong());
            // One schema: the same keys, at every level, in both commands' statistics; only the memory
            // spaces are null from a trace (records carry no addresses), so their keys are not there.
            java.util.List<String> unknown = java.util.List.of("memory_bytes.global", "memory_bytes.other",
                    "memory_bytes.shared");
            assertThat(unknown).allSatisfy(u -> assertThat(stats.at("/" + u.replace('.', '/')).isNull()).as(u).isTrue());
            java.util.SortedSet<String> runKeys = keyPaths(run.get("stats"));
            runKeys.removeIf(key -> unknown.stream().anyMatch(u -> key.startsWith(u + ".")));
            assertThat(keyPaths(stats)).isEqualTo(runKeys);
            // And the same values where both know them: 3 blocks x 2 warps diverge once each at the beqz
            // (pc 8); every warp stores 4 bytes per lane (64 lanes x 3 blocks), and loads nothing.
            assertThat(stats.get("divergence")).isEqualTo(run.get("stats").get("divergence"));
            assertThat(stats.get("divergence").get(0).get("count").asLong()).isEqualTo(6);
            assertThat(stats.get("divergence").get(0).get("pc").asText()).isEqualTo("0x00000008");
            assertThat(stats.get("hottest")).isEqualTo(run.get("stats").get("hottest"));
            assertThat(stats.get("memory_bytes").get("written").asLong())
                    .isEqualTo(run.get("stats").get("memory_bytes").get("written").asLong()).isEqualTo(3 * 64 * 4);
            assertThat(stats.get("lane_instructions").asLong()).isEqualTo(run.get("lane_instructions").asLong());
            Path pf = dir.resolve(engine + ".json");
            Cli.run("trace", t.toString(), "--perfetto", pf.toString()).noTrace();
            JsonNode events = new ObjectMapper().readTree(pf.toFile()).get("traceEvents");
            long warpTracks = 0;
            long barriers = 0;
            for (JsonNode e : events) {
                if (e.get("ph").asText().equals("M") && e.get("name").asText().equals("thread_name")
                        && e.get("args").get("name").asText().matches("block \\d+ warp \\d+")) {
                    warpTracks++;
                }
                if (e.get("ph").asText().equals("i") && e.get("name").asText().contains("barrier")) {
                    barriers++;
                }
            }
            assertThat(warpTracks).as("a track per warp").isEqualTo(3 * 2);
            assertThat(barriers).as("barrier instants").isPositive();
        }
    }

    @Test
    void runRejectsBadTraceFlags() {
        Path k = Cli.write(dir, "k.S", Cli.RET);
        Cli.run("run", k.toString(), "--grid", "1", "--block", "32", "--trace-every", "2")
                .badInput("need --trace");
        Cli.run("run", k.toString(), "--grid", "1", "--block", "32", "--trace", dir.resolve("x").toString(),
                "--trace-every", "0").badInput("--trace-every");
        Cli.run("run", k.toString(), "--grid", "1", "--block", "32", "--trace", dir.resolve("x").toString(),
                "--trace-warp", "3").badInput("--trace-warp");
        Cli.run("run", k.toString(), "--grid", "1", "--block", "32", "--trace", dir.resolve("x").toString(),
                "--trace-pc", "0x10:0x8").badInput("--trace-pc");
        Cli.run("run", k.toString(), "--grid", "1", "--block", "32", "--trace",
                dir.resolve("no/such/dir/t").toString()).badInput("--trace", "cannot write");
    }

    /** Every key of a JSON tree as a path ("stats.memory_bytes.read"; array elements as "[]"). */
    private static java.util.SortedSet<String> keyPaths(JsonNode n) {
        java.util.SortedSet<String> out = new java.util.TreeSet<>();
        collectKeys(n, "", out);
        return out;
    }

    private static void collectKeys(JsonNode n, String prefix, java.util.SortedSet<String> out) {
        if (n.isObject()) {
            n.properties().forEach(e -> {
                out.add(prefix + e.getKey());
                // Objects nested under a named key have their own keys; "mix" is keyed by data.
                if (!e.getKey().equals("mix")) {
                    collectKeys(e.getValue(), prefix + e.getKey() + ".", out);
                }
            });
        } else if (n.isArray()) {
            n.forEach(x -> collectKeys(x, prefix + "[].", out));
        }
    }
}
