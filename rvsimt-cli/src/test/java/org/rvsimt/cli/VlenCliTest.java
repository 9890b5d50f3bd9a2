package org.rvsimt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * VLEN reaches the kernel: the manifest's {@code device.vlen} and {@code --vlen} set what CSR vlenb
 * reads (VLEN / 8, RVV 1.0 section 3.6) and what vsetvli answers for VLMAX (LMUL * VLEN / SEW, 3.4.2).
 */
class VlenCliTest {
    @TempDir
    Path dir;

    /** Writes vlenb and the vl that vsetvli picks for AVL = 1000 at e32, m1 into out[0], out[1]. */
    private static final String KERNEL = """
                .text
                .globl main
            main:
                lw a1, 0(a0)
                csrr t0, vlenb
                sw t0, 0(a1)
                li t1, 1000
                vsetvli t2, t1, e32, m1, ta, ma
                sw t2, 4(a1)
                ret
            """;

    /** A manifest whose expectation is what VLEN {@code expected} gives: vlenb, VLMAX at e32/m1. */
    private Path manifest(String device, int expected) {
        Cli.write(dir, "vlen.S", KERNEL);
        return Cli.write(dir, "launch.yaml", "kernel: vlen.S\ngrid: [1]\nblock: [1]\n" + device
                + "args:\n  - {name: out, buffer: u32, zeros: 2}\n"
                + "expect:\n  - {arg: out, values: [" + expected / 8 + ", " + expected / 32 + "]}\n");
    }

    private static String status(Cli.Result r) {
        r.noTrace();
        return r.json().path("status").asText();
    }

    @Test
    void serveRefusesABadVlenBeforeListening() {
        Cli.run("serve", "--socket", dir.resolve("s.sock").toString(), "--http", "off", "--vlen", "96")
                .badInput("--vlen", "96");
    }

    @Test
    void defaultIs128AndTheManifestSetsIt() {
        assertThat(status(Cli.run("run", manifest("", 128).toString(), "--json"))).isEqualTo("ok");
        for (int vlen : new int[] {64, 256, 1024}) {
            Path m = manifest("device: {vlen: " + vlen + "}\n", vlen);
            assertThat(status(Cli.run("run", m.toString(), "--json"))).as("vlen %d", vlen).isEqualTo("ok");
        }
    }

    @Test
    void theFlagOverridesTheManifest() {
        Path m = manifest("device: {vlen: 64}\n", 256);
        assertThat(status(Cli.run("run", m.toString(), "--json", "--vlen", "256"))).isEqualTo("ok");
        // the check really compares: without the flag the manifest's VLEN 64 fails the expectation of 256
        assertThat(status(Cli.run("run", m.toString(), "--json"))).isEqualTo("check_failed");
    }
}
