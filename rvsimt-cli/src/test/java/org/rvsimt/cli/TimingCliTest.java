package org.rvsimt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run --timing [--gpu]}: the report in text and JSON, and one-line errors for bad configurations. */
class TimingCliTest {
    @TempDir
    Path dir;

    /** Every lane loads one word of a 32-word buffer and stores it back doubled. */
    private Path manifest() {
        Cli.write(dir, "k.S", """
                    .globl main
                main:
                    lw a1, 0(a0)
                    csrr t0, 0xCC0
                    slli t0, t0, 2
                    add a1, a1, t0
                    lw t1, 0(a1)
                    add t1, t1, t1
                    sw t1, 0(a1)
                    ret
                """);
        return Cli.write(dir, "launch.yaml", "kernel: k.S\ngrid: [2]\nblock: [32]\n"
                + "args:\n  - {name: buf, buffer: u32, zeros: 32}\n");
    }

    @Test
    void jsonHasTheTimingObject() {
        Cli.Result r = Cli.run("run", manifest().toString(), "--timing", "--json");
        r.noTrace();
        assertThat(r.code()).isZero();
        assertThat(r.err()).isEmpty();
        JsonNode t = r.json().path("timing");
        assertThat(t.path("gpu").asText()).isEqualTo("volta");
        assertThat(t.path("cycles").asLong()).isPositive();
        assertThat(t.path("ipc").isNumber()).isTrue();
        assertThat(t.path("stalls").path("long_scoreboard").asLong()).isPositive();
        assertThat(t.path("occupancy").path("limiter").asText()).isIn("warps", "blocks", "registers", "shared");
        assertThat(t.path("occupancy").path("theoretical").isNumber()).isTrue();
        assertThat(t.path("occupancy").path("achieved").isNumber()).isTrue();
        assertThat(t.path("l1").path("hit_rate").isNumber()).isTrue();
        assertThat(t.path("l2").path("hit_rate").isNumber()).isTrue();
        // Both blocks load 32 consecutive words (4 sectors, one line) and store them: 128 bytes read.
        assertThat(t.path("dram").path("read_bytes").asLong()).isEqualTo(128 + 32);
        assertThat(t.path("shared").path("bank_conflicts").asLong()).isZero();
        assertThat(t.path("sectors_per_request").isNumber()).isTrue();
    }

    @Test
    void textReportFollowsTheSummary() {
        Cli.Result r = Cli.run("run", manifest().toString(), "--gpu", "vortex");
        r.noTrace();
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("timing (vortex): ").contains("warp states: ").contains("occupancy ");
    }

    /**
     * {@code --perfetto OUT.json.gz} (implies --timing): gzipped Trace Event JSON whose warp tracks are
     * in cycles, slices carry the disassembly, and the launch slice lasts the report's cycles.
     */
    @Test
    void perfettoWritesTheTimelineInCycles() throws Exception {
        Path out = dir.resolve("t.json.gz");
        Cli.Result r = Cli.run("run", manifest().toString(), "--perfetto", out.toString(), "--json");
        r.noTrace();
        assertThat(r.code()).isZero();
        assertThat(r.err()).isEmpty();
        JsonNode t = r.json().path("timing");
        assertThat(t.path("perfetto").asText()).isEqualTo(out.toString());
        JsonNode doc;
        try (java.io.InputStream in = new java.util.zip.GZIPInputStream(java.nio.file.Files.newInputStream(out))) {
            doc = new com.fasterxml.jackson.databind.ObjectMapper().readTree(in);
        }
        long launch = -1;
        boolean loadWait = false;
        boolean disassembled = false;
        for (JsonNode e : doc.path("traceEvents")) {
            if (e.path("cat").asText().equals("launch")) {
                assertThat(e.path("name").asText()).isEqualTo("k.S on volta");
                launch = e.path("dur").asLong();
            }
            // the add after each load waits for the load (a long scoreboard stall) at the add's pc
            loadWait |= e.path("name").asText().equals("long_scoreboard");
            disassembled |= e.path("args").path("code").asText().contains("lw a1, 0(a0)");
        }
        assertThat(launch).isEqualTo(t.path("cycles").asLong());
        assertThat(loadWait).isTrue();
        assertThat(disassembled).isTrue();
        Cli.run("run", manifest().toString(), "--perfetto", dir.resolve("no/such/dir/t.json").toString())
                .badInput("--perfetto", "no/such/dir");
    }

    @Test
    void badConfigurationsAreOneLineNamingTheField() {
        Path m = manifest();
        Cli.run("run", m.toString(), "--gpu", "h100").badInput("--gpu", "h100", "neither a preset");
        Path bad = Cli.write(dir, "g.yaml", "base: volta\nl1: {wayz: 4}\n");
        Cli.run("run", m.toString(), "--gpu", bad.toString()).badInput("g.yaml", "l1.wayz", "unknown key");
        Path tiny = Cli.write(dir, "tiny.yaml", "base: volta\nwarps_per_cu: 1\nschedulers_per_cu: 1\n");
        Cli.run("run", m.toString(), "--block", "64", "--gpu", tiny.toString())
                .badInput("--gpu", "2 warps per block, warps_per_cu is 1");
    }

    /**
     * The source counters name file:line (function) from the kernel's DWARF: the load whose 32 lanes
     * read 32 distinct words of one bank carries all the conflicts, and its place is the line the
     * source marks (found here by reading the source text, not from rvsimt).
     */
    @Test
    void sourceCountersNameTheLineAndFunction() throws Exception {
        String source = """
                #include "rvsimt.h"
                struct column_args { int *out; };
                __global__ void column(const struct column_args *p) {
                    int *tile = SHARED(int);
                    unsigned t = threadIdx.x;
                    tile[t] = (int)t;
                    __syncthreads();
                    int v = tile[(t * 32u) % 1024u];   /* every lane in bank 0 */
                    p->out[t] = v;
                }
                """;
        Cli.write(dir, "column.c", source);
        Path m = Cli.write(dir, "column.yaml", "kernel: column.c\nentry: column\nabi: native\ngrid: [1]\n"
                + "block: [32]\nshared: 4096\nargs:\n  - {name: out, buffer: i32, zeros: 32}\n");
        int line = 1 + (int) source.lines().takeWhile(l -> !l.contains("every lane in bank 0")).count();

        Cli.Result r = Cli.run("run", m.toString(), "--timing", "--json");
        r.noTrace();
        assertThat(r.code()).isZero();
        JsonNode worst = null;
        for (JsonNode pc : r.json().path("timing").path("source")) {
            if (worst == null || pc.path("bank_conflicts").asLong() > worst.path("bank_conflicts").asLong()) {
                worst = pc;
            }
        }
        assertThat(worst.path("bank_conflicts").asLong()).isEqualTo(31);
        assertThat(worst.path("place").path("file").asText()).endsWith("column.c");
        assertThat(worst.path("place").path("line").asInt()).isEqualTo(line);
        assertThat(worst.path("place").path("function").asText()).isEqualTo("column");

        Cli.Result text = Cli.run("run", m.toString(), "--timing");
        assertThat(text.code()).isZero();
        assertThat(text.out()).contains("column.c:" + line + " (column)");
    }
}
