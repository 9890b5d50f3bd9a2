package org.rvsimt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A device's ISA from the manifest's {@code device.isa}, {@code run --isa} and {@code serve --isa}: an
 * instruction of an extension the device lacks faults as illegal; a bad ISA string is one line naming
 * the field or flag, with exit code 2.
 */
class IsaCliTest {
    @TempDir
    Path dir;

    /** out[0] = clz(0x00f00000) = 8 (Zbb). */
    private static final String KERNEL = """
                .text
                .globl main
            main:
                lw a1, 0(a0)
                li t0, 0x00f00000
                clz t1, t0
                sw t1, 0(a1)
                ret
            """;

    private Path manifest(String device) {
        Cli.write(dir, "clz.S", KERNEL);
        return Cli.write(dir, "launch.yaml", "kernel: clz.S\ngrid: [1]\nblock: [1]\n" + device
                + "args:\n  - {name: out, buffer: u32, zeros: 1}\n"
                + "expect:\n  - {arg: out, values: [8]}\n");
    }

    @Test
    void theDeviceRunsOnlyItsExtensions() {
        Cli.Result all = Cli.run("run", manifest("").toString(), "--json");
        all.noTrace();
        assertThat(all.json().path("status").asText()).isEqualTo("ok");
        Cli.Result zbb = Cli.run("run", manifest("device: {isa: rv32imaf_zbb}\n").toString(), "--json");
        assertThat(zbb.json().path("status").asText()).isEqualTo("ok");
        Cli.Result without = Cli.run("run", manifest("device: {isa: rv32imaf_zba}\n").toString(), "--json");
        assertThat(without.json().toString()).contains("illegal_instruction").contains("zbb");
        // the flag overrides the manifest
        Cli.Result flag = Cli.run("run", manifest("device: {isa: rv32imaf_zbb}\n").toString(), "--json",
                "--isa", "rv32imaf");
        assertThat(flag.json().toString()).contains("illegal_instruction");
    }

    @Test
    void badIsaStringsNameTheFieldOrFlag() {
        Path m = manifest("device: {isa: rv32imafd}\n");
        Cli.run("run", m.toString()).badInput("launch.yaml: device.isa", "'d'");
        Cli.run("run", manifest("device: {isa: 32}\n").toString()).badInput("launch.yaml: device.isa");
        Cli.run("run", manifest("").toString(), "--isa", "rv64gc").badInput("--isa", "rv32");
        Cli.run("serve", "--socket", dir.resolve("s.sock").toString(), "--http", "off", "--isa", "rv32imaf_zbx")
                .badInput("--isa", "'zbx'");
    }
}
