package org.rvsimt.timing;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rvsimt.timing.config.GpuConfig;
import org.rvsimt.timing.config.GpuConfigException;
import org.rvsimt.timing.config.GpuConfigReader;
import org.rvsimt.timing.config.OpClass;
import org.rvsimt.timing.config.SchedulerPolicy;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class GpuConfigReaderTest {
    @Test
    void voltaPresetHasAccelSimsV100Numbers() {
        GpuConfig c = GpuConfigReader.preset("volta");
        // accel-sim SM7_QV100/gpgpusim.config
        assertThat(c.computeUnits()).isEqualTo(80);
        assertThat(c.warpsPerCu()).isEqualTo(64);
        assertThat(c.schedulersPerCu()).isEqualTo(4);
        assertThat(c.scheduler()).isEqualTo(SchedulerPolicy.LRR);
        assertThat(c.latencyOf(OpClass.FMA)).isEqualTo(5);
        assertThat(c.initiationOf(OpClass.FMA)).isEqualTo(2);
        assertThat(c.l1().latency()).isEqualTo(20);
        assertThat(c.l2().latency()).isEqualTo(160);
        assertThat(c.l2().bytes()).isEqualTo(6 << 20);
        assertThat(c.shared().banks()).isEqualTo(32);
    }

    @Test
    void vortexPresetHasVortexLatencies() {
        GpuConfig c = GpuConfigReader.preset("vortex");
        // vortexgpgpu/vortex hw/rtl/VX_config.vh
        assertThat(c.latencyOf(OpClass.IMUL)).isEqualTo(3);
        assertThat(c.latencyOf(OpClass.FMA)).isEqualTo(4);
        assertThat(c.latencyOf(OpClass.FDIV)).isEqualTo(15);
        assertThat(c.l1().bytes()).isEqualTo(16384);
        assertThat(c.l1().mshr()).isEqualTo(16);
    }

    @Test
    void aFileBasedOnAPresetOverridesOnlyItsKeys(@TempDir Path tmp) throws Exception {
        Path f = tmp.resolve("small.yaml");
        Files.writeString(f, "base: volta\ncompute_units: 2\nscheduler: gto\nl1: {bytes: 16384}\n");
        GpuConfig c = GpuConfigReader.load(f.toString());
        assertThat(c.computeUnits()).isEqualTo(2);
        assertThat(c.scheduler()).isEqualTo(SchedulerPolicy.GTO);
        assertThat(c.l1().bytes()).isEqualTo(16384);
        assertThat(c.l1().ways()).isEqualTo(4);
        assertThat(c.name()).isEqualTo(f.toString());
    }

    @Test
    void badFilesNameTheField(@TempDir Path tmp) throws Exception {
        assertError(tmp, "base: volta\nl1: {wayz: 4}\n", "l1.wayz: unknown key");
        assertError(tmp, "base: volta\nfrobs: 1\n", "frobs: unknown key");
        assertError(tmp, "base: volta\nscheduler: fifo\n", "scheduler: must be lrr or gto, got 'fifo'");
        assertError(tmp, "base: volta\nl1: {line: 100}\n", "l1.line: must be a power of two, got 100");
        assertError(tmp, "base: volta\nlatency: {fma: -1}\n", "latency.fma: must be an integer 1..100000, got -1");
        assertError(tmp, "compute_units: 4\n", "scheduler: missing");
        assertError(tmp, "base: volta\nl1: {bytes: 1000}\n", "l1.bytes: 1000 is not a multiple of line x ways (512)");
        assertError(tmp, "base: volta\ndram: [1, 2]\n", "dram: must be a mapping");
        assertError(tmp, "base: nvidia\n", "base: must be a preset (vortex, volta)");
        assertError(tmp, "base: volta\n  x: : 1\n", "malformed YAML");
    }

    @Test
    void aMissingFileOrPresetIsOneLine() {
        assertThatThrownBy(() -> GpuConfigReader.load("h100")).isInstanceOf(GpuConfigException.class)
                .hasMessage("--gpu: 'h100' is neither a preset (vortex, volta) nor a file");
        assertThatThrownBy(() -> GpuConfigReader.load("/nonexistent/g.yaml")).hasMessage("/nonexistent/g.yaml: no such file");
    }

    private static void assertError(Path tmp, String yaml, String expected) throws Exception {
        Path f = tmp.resolve("g.yaml");
        Files.writeString(f, yaml);
        assertThatThrownBy(() -> GpuConfigReader.load(f.toString())).isInstanceOf(GpuConfigException.class)
                .satisfies(e -> {
                    assertThat(e.getMessage()).startsWith(f + ":").contains(expected);
                    assertThat(e.getMessage()).doesNotContain("\n");
                });
    }
}
