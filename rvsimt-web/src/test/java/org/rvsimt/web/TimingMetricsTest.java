package org.rvsimt.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.rvsimt.device.DeviceModel;
import org.rvsimt.timing.config.GpuConfig;
import org.rvsimt.timing.config.GpuConfigReader;
import org.rvsimt.timing.model.StallReason;
import org.rvsimt.timing.report.TimingReport;

/**
 * The performance model's metrics on /metrics after a timed launch, read with the independent
 * parser of the 0.0.4 text format. The expected values are worked out from the kernel and the
 * volta preset's numbers (its YAML), not taken from the model: see {@link #TIMED}.
 */
@Timeout(60)
class TimingMetricsTest {
    /**
     * One warp: each lane loads word `lane` of a buffer (32 consecutive words: 4 sectors, 128 bytes
     * read from DRAM), runs 8 dependent FMAs (32 x 8 x 2 = 512 FLOP), stores to shared word
     * 32 x lane (all 32 lanes in bank 0: 31 conflicts) and back to its global word (128 bytes the L2
     * writes back to DRAM at the end). 4 KiB of shared memory per block.
     */
    static final String TIMED = """
                csrr a0, vx_tid_x
                slli a0, a0, 2
                lui t0, 0x100
                add t0, t0, a0
                flw ft0, 0(t0)
                fmadd.s ft1, ft0, ft0, ft0
                fmadd.s ft1, ft1, ft0, ft0
                fmadd.s ft1, ft1, ft0, ft0
                fmadd.s ft1, ft1, ft0, ft0
                fmadd.s ft1, ft1, ft0, ft0
                fmadd.s ft1, ft1, ft0, ft0
                fmadd.s ft1, ft1, ft0, ft0
                fmadd.s ft1, ft1, ft0, ft0
                slli a1, a0, 5
                li a2, 0xC0000000
                add a2, a2, a1
                fsw ft1, 0(a2)
                fsw ft1, 0(t0)
                ret
            """;
    static final int SHARED = 4096;
    static final long FLOPS = 32 * 8 * 2;
    static final long DRAM_READ = 128;
    static final long DRAM_WRITE = 128;
    static final long BANK_CONFLICTS = 31;

    @RegisterExtension
    static final WebFixture f = WebFixture.perClass();

    @Test
    void aTimedLaunchsCyclesIpcStallsOccupancyCachesDramAndConflicts() throws Exception {
        PrometheusText before = scrape();
        assertThat(before.types).containsEntry("rvsimt_timing_stall_warp_cycles_total", "counter")
                .containsEntry("rvsimt_timing_last_launch_ipc", "gauge");
        assertThat(before.value("rvsimt_timing_stall_warp_cycles_total{reason=\"long_scoreboard\"}")).isZero();
        assertThat(before.help.get("rvsimt_timing_last_launch_ipc")).contains("sm__inst_executed.avg.per_cycle_active");

        DeviceModel.Outcome o = f.runTimed(TIMED, 1, 32, SHARED, "volta");
        assertThat(o.ok()).as(o.message()).isTrue();
        assertThat(f.run(MetricsTest.STRAIGHT, 1, 32).ok()).isTrue();    // not timed: changes none of them
        PrometheusText m = scrape();
        TimingReport r = o.diagnostics().timing().report();
        long warpInstructions = o.warpInstructions();     // the functional engine's count

        assertThat(m.value("rvsimt_timing_launches_total{gpu=\"volta\"}")).isEqualTo(1);
        double cycles = m.value("rvsimt_timing_last_launch_cycles");
        assertThat(cycles).isEqualTo(r.cycles()).isEqualTo(m.value("rvsimt_timing_cycles_total")).isPositive();
        GpuConfig volta = GpuConfigReader.preset("volta");
        assertThat(m.value("rvsimt_timing_last_launch_duration_seconds"))
                .isCloseTo(cycles / (volta.clockMhz() * 1e6), within(1e-15));
        assertThat(m.value("rvsimt_timing_warp_instructions_total")).isEqualTo(warpInstructions);
        // One compute unit busy for the whole launch: IPC = instructions / cycles.
        assertThat(m.value("rvsimt_timing_last_launch_ipc")).isCloseTo(warpInstructions / cycles, within(1e-12));
        // Issue slots: each instruction one, plus the 31 extra passes of the conflicting store.
        assertThat(m.value("rvsimt_timing_last_launch_issued_ipc"))
                .isCloseTo((warpInstructions + BANK_CONFLICTS) / cycles, within(1e-12));
        // One warp, resident from the first cycle to the last: its warp-cycles are the launch's
        // cycles, one of them "selected" per instruction.
        double states = 0;
        for (StallReason s : StallReason.values()) {
            double v = m.value("rvsimt_timing_stall_warp_cycles_total{reason=\"" + s.label() + "\"}");
            assertThat(m.value("rvsimt_timing_last_launch_stall_warp_cycles{reason=\"" + s.label() + "\"}")).isEqualTo(v);
            states += v;
        }
        assertThat(states).isEqualTo(cycles);
        assertThat(m.value("rvsimt_timing_stall_warp_cycles_total{reason=\"selected\"}")).isEqualTo(warpInstructions);
        // The FMAs wait for each other (fixed latency) and the first one for the load.
        assertThat(m.value("rvsimt_timing_stall_warp_cycles_total{reason=\"wait\"}")).isPositive();
        assertThat(m.value("rvsimt_timing_stall_warp_cycles_total{reason=\"long_scoreboard\"}")).isPositive();
        // Occupancy: 1 warp per block; shared memory allows 98304 / 4096 = 24 blocks (below the 32-block
        // and 64-warp limits): 24 of 64 warps theoretical; 1 of 64 achieved.
        int blocks = volta.shared().bytesPerCu() / SHARED;
        assertThat(blocks).isLessThan(volta.blocksPerCu());
        assertThat(m.value("rvsimt_timing_last_launch_occupancy{kind=\"theoretical\"}"))
                .isCloseTo((double) blocks / volta.warpsPerCu(), within(1e-12));
        assertThat(m.value("rvsimt_timing_last_launch_occupancy{kind=\"achieved\"}"))
                .isCloseTo(1.0 / volta.warpsPerCu(), within(1e-12));
        // The load's 4 sectors miss the cold L1; two global requests of 4 sectors each.
        assertThat(m.value("rvsimt_timing_last_launch_l1_hit_ratio")).isZero();
        assertThat(m.value("rvsimt_timing_last_launch_l2_hit_ratio")).isBetween(0.0, 1.0);
        assertThat(m.value("rvsimt_timing_last_launch_sectors_per_request")).isEqualTo(4.0);
        assertThat(m.value("rvsimt_timing_dram_bytes_total{direction=\"read\"}")).isEqualTo(DRAM_READ);
        assertThat(m.value("rvsimt_timing_dram_bytes_total{direction=\"write\"}")).isEqualTo(DRAM_WRITE);
        assertThat(m.value("rvsimt_timing_last_launch_dram_bytes")).isEqualTo(DRAM_READ + DRAM_WRITE);
        assertThat(m.value("rvsimt_timing_shared_bank_conflicts_total")).isEqualTo(BANK_CONFLICTS);
        assertThat(m.value("rvsimt_timing_last_launch_shared_bank_conflicts")).isEqualTo(BANK_CONFLICTS);
        assertThat(r.flops()).isEqualTo(FLOPS);

        // A second timed launch adds to the counters and replaces the gauges.
        assertThat(f.runTimed(TIMED, 2, 32, SHARED, "vortex").ok()).isTrue();
        PrometheusText two = scrape();
        assertThat(two.value("rvsimt_timing_launches_total{gpu=\"vortex\"}")).isEqualTo(1);
        assertThat(two.value("rvsimt_timing_shared_bank_conflicts_total")).isEqualTo(3 * BANK_CONFLICTS);
        assertThat(two.value("rvsimt_timing_last_launch_shared_bank_conflicts")).isEqualTo(2 * BANK_CONFLICTS);
        assertThat(two.value("rvsimt_timing_cycles_total"))
                .isEqualTo(cycles + two.value("rvsimt_timing_last_launch_cycles"));
    }

    private static PrometheusText scrape() throws Exception {
        return MetricsTest.scrape(f);
    }
}
