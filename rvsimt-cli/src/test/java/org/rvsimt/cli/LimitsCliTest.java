package org.rvsimt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Huge and empty launches: big grids, 0-byte buffers, the 1024-thread block limit, 64-lane warps. */
class LimitsCliTest {
    @TempDir
    Path dir;

    /** Every thread stores its linear thread index at out[blockIdx.x * blockDim + linear]. */
    static final String IDS = """
                .globl ids
            ids:
                lw   a1, 0(a0)
                csrr t0, 0xCD5
                csrr t3, 0xCDA
                mul  t0, t0, t3
                csrr t1, 0xCD4
                add  t0, t0, t1
                csrr t2, 0xCD9
                mul  t0, t0, t2
                csrr t1, 0xCD3
                add  t0, t0, t1
                csrr t1, 0xCD6
                csrr t3, 0xCDB
                mul  t2, t2, t3
                csrr t3, 0xCDA
                mul  t2, t2, t3
                mul  t1, t1, t2
                add  t1, t1, t0
                slli t1, t1, 2
                add  t1, t1, a1
                sw   t0, 0(t1)
                ret
            """;

    /** Instructions every thread of {@link #IDS} runs. */
    static final long IDS_LENGTH = IDS.lines().map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith(".")
            && !l.endsWith(":")).count();

    @Test
    @Timeout(120)
    void millionBlocksOfOneThread() {
        Path k = Cli.write(dir, "ret.S", Cli.RET);
        long t0 = System.nanoTime();
        Cli.Result r = Cli.run("run", k.toString(), "--grid", "1000000", "--block", "1", "--json").noTrace();
        double s = (System.nanoTime() - t0) / 1e9;
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = r.json();
        assertThat(j.path("warp_instructions").asLong()).isEqualTo(1_000_000L);
        assertThat(j.path("lane_instructions").asLong()).isEqualTo(1_000_000L);
        assertThat(s).as("1,000,000 one-instruction blocks in reasonable time").isLessThan(60);   // ~1 s on an idle 2-core machine; generous for loaded CI
    }

    /** The largest grid: nothing is allocated per block up front, and a fault in block 0 stops it at once. */
    @Test
    @Timeout(30)
    void maximalGridStopsAtTheFirstFault() {
        Path k = Cli.write(dir, "ill.S", ".word 0\n");
        Cli.Result r = Cli.run("run", k.toString(), "--grid", "2147483647", "--block", "1", "--json").noTrace();
        assertThat(r.code()).isEqualTo(Main.FAILED);
        JsonNode j = r.json();
        assertThat(j.path("fault").path("kind").asText()).isEqualTo("illegal_instruction");
        assertThat(j.path("grid").get(0).asLong()).isEqualTo(2147483647L);
    }

    @Test
    void gridYandZAt65535Work() {
        Path k = Cli.write(dir, "ret.S", Cli.RET);
        Cli.Result r = Cli.run("run", k.toString(), "--grid", "1,65535", "--block", "1", "--json").noTrace();
        assertThat(r.code()).isZero();
        assertThat(r.json().path("warp_instructions").asLong()).isEqualTo(65535);
        r = Cli.run("run", k.toString(), "--grid", "1,1,65535", "--block", "1", "--json").noTrace();
        assertThat(r.code()).isZero();
    }

    @Test
    void zeroSizeBuffers() throws Exception {
        Cli.write(dir, "ret.S", Cli.RET);
        Cli.write(dir, "empty.bin", new byte[0]);
        Path m = Cli.write(dir, "launch.yaml", """
                kernel: ret.S
                grid: [1]
                block: [1]
                args:
                  - {name: a, buffer: f32, zeros: 0, output: a.bin}
                  - {name: b, buffer: i32, values: [], output: b.bin}
                  - {name: c, buffer: u8, random: {count: 0, seed: 1}}
                  - {name: d, buffer: bf16, file: empty.bin, output: d.bin}
                expect:
                  - {arg: a, values: []}
                  - {arg: b, values: []}
                  - {arg: d, file: empty.bin}
                """);
        Cli.Result r = Cli.run("run", m.toString(), "--json").noTrace();
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = r.json();
        assertThat(j.path("status").asText()).isEqualTo("ok");
        assertThat(j.path("checks")).hasSize(3);
        for (String f : new String[] {"a.bin", "b.bin", "d.bin"}) {
            assertThat(Files.size(dir.resolve(f))).isZero();
        }
    }

    /** A 0-byte buffer against a non-empty expectation is a failed check, not a crash. */
    @Test
    void zeroSizeBufferAgainstValues() {
        Cli.write(dir, "ret.S", Cli.RET);
        Path m = Cli.write(dir, "launch.yaml", """
                kernel: ret.S
                grid: [1]
                block: [1]
                args:
                  - {name: a, buffer: f32, zeros: 0}
                expect:
                  - {arg: a, values: [1, 2]}
                """);
        Cli.Result r = Cli.run("run", m.toString(), "--json").noTrace();
        assertThat(r.code()).isEqualTo(Main.FAILED);
        assertThat(r.json().path("status").asText()).isEqualTo("check_failed");
    }

    /** 1024 threads in 1-D, 2-D and 3-D blocks, warp sizes 32 and 64: every thread runs once. */
    @ParameterizedTest
    @ValueSource(strings = {"1024|32", "32,32|32", "8,8,16|32", "1024|64", "16,64|64", "1000|64", "1024|1"})
    void blockOf1024Threads(String spec) throws Exception {
        String[] p = spec.split("\\|");
        int warp = Integer.parseInt(p[1]);
        Cli.write(dir, "ids.S", IDS);
        StringBuilder want = new StringBuilder();
        int threads = 1;
        for (String d : p[0].split(",")) {
            threads *= Integer.parseInt(d);
        }
        for (int i = 0; i < threads; i++) {
            want.append(i == 0 ? "" : ", ").append(i);
        }
        Path m = Cli.write(dir, "launch.yaml", "kernel: ids.S\ngrid: [1]\nblock: [" + p[0] + "]\n"
                + "device: {warp_size: " + warp + "}\n"
                + "args:\n  - {name: out, buffer: u32, zeros: " + threads + "}\n"
                + "expect:\n  - {arg: out, values: [" + want + "]}\n");
        Cli.Result r = Cli.run("run", m.toString(), "--json").noTrace();
        assertThat(r.code()).as(r.out() + r.err()).isZero();
        JsonNode j = r.json();
        assertThat(j.path("status").asText()).isEqualTo("ok");
        long warps = (threads + warp - 1) / warp;
        assertThat(j.path("warp_instructions").asLong()).isEqualTo(warps * IDS_LENGTH);
        assertThat(j.path("lane_instructions").asLong()).isEqualTo(threads * IDS_LENGTH);
    }

    @Test
    void warpSize64FromTheFlag() {
        Path k = Cli.write(dir, "ret.S", Cli.RET);
        Cli.Result r = Cli.run("run", k.toString(), "--grid", "2", "--block", "1024", "--warp-size", "64", "--json")
                .noTrace();
        assertThat(r.code()).isZero();
        assertThat(r.json().path("warp_instructions").asLong()).isEqualTo(2 * 16);
        assertThat(r.json().path("simt_efficiency").asDouble()).isEqualTo(1.0);
    }

    @Test
    void block1025IsACleanError() {
        Path k = Cli.write(dir, "ret.S", Cli.RET);
        Cli.Result r = Cli.run("run", k.toString(), "--grid", "1", "--block", "1025", "--json");
        r.badInput("block", "1025", "1024");
        assertThat(r.json().path("status").asText()).isEqualTo("error");
        Cli.run("run", k.toString(), "--grid", "1", "--block", "33,32").badInput("block", "1056");
        Cli.run("run", k.toString(), "--grid", "1", "--block", "65536,65536").badInput("block");
    }

    /** Shared memory at its 16 MiB maximum works; one byte more is an error. */
    @Test
    void sharedMemoryLimit() {
        Path k = Cli.write(dir, "ret.S", Cli.RET);
        Cli.Result r = Cli.run("run", k.toString(), "--grid", "2", "--block", "1", "--shared", "16MiB", "--json")
                .noTrace();
        assertThat(r.code()).as(r.err()).isZero();
        Cli.run("run", k.toString(), "--grid", "1", "--block", "1", "--shared", "16777217").badInput("--shared");
    }
}
