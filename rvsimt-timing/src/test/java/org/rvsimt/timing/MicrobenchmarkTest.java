package org.rvsimt.timing;

import org.junit.jupiter.api.Test;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.timing.config.GpuConfig;
import org.rvsimt.timing.config.OpClass;
import org.rvsimt.timing.model.StallReason;
import org.rvsimt.timing.report.PcCounters;
import org.rvsimt.timing.report.TimingReport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.rvsimt.timing.TimingHarness.config;
import static org.rvsimt.timing.TimingHarness.kernel;
import static org.rvsimt.timing.TimingHarness.run;

/**
 * Microbenchmarks whose answers follow from the configuration alone (docs/timing.md, "Validation").
 * Where fixed costs (argument loads, instruction-cache misses, the pipeline's fill) would blur a
 * rate, two runs that differ only in the repeated part are subtracted.
 */
class MicrobenchmarkTest {
    /** One compute unit, a 4 KiB L1 and a 64 KiB L2, so footprints pass each capacity quickly. */
    private static final GpuConfig SMALL = config("""
            compute_units: 1
            l1: {bytes: 4096, ways: 4}
            l2: {bytes: 65536, ways: 8, slices: 4}
            """);

    @Test
    void pointerChaseStepsFromL1ToL2ToDramLatency() {
        Kernel k = kernel("chase.S", null);
        int l1 = SMALL.l1().latency();
        int l2 = SMALL.l2().latency();
        int dram = SMALL.dram().latency();
        // Footprints (128-byte elements): half the L1, half the L2, four times the L2.
        assertThat(cyclesPerStep(k, 2048 / 128)).isCloseTo(l1, within(0.01));
        assertThat(cyclesPerStep(k, 32768 / 128)).isCloseTo(l1 + l2, within(0.01));
        // A DRAM step may round up by one cycle (the bandwidth model is fractional).
        assertThat(cyclesPerStep(k, 262144 / 128)).isCloseTo(l1 + l2 + dram, within(1.0));
    }

    private static double cyclesPerStep(Kernel k, int elements) {
        int buf = elements * 32;
        long a = run(SMALL, k, 1, 1, 0, elements, 2 * elements, new int[buf]).report().cycles();
        long b = run(SMALL, k, 1, 1, 0, elements, 4 * elements, new int[buf]).report().cycles();
        return (double) (b - a) / (2 * elements);
    }

    @Test
    void dependentFmaChainsReachMinOfOneOverIntervalAndWarpsOverLatency() {
        GpuConfig c = config("""
                compute_units: 1
                schedulers_per_cu: 1
                """);
        Kernel k = kernel("fma.S", null);
        int latency = c.latencyOf(OpClass.FMA);
        int interval = c.initiationOf(OpClass.FMA);
        for (int warps : new int[] {1, 2, 4, 8}) {
            long a = run(c, k, 1, 32 * warps, 0, 4).report().cycles();
            long b = run(c, k, 1, 32 * warps, 0, 8).report().cycles();
            double ipc = 4.0 * 64 * warps / (b - a);
            double expected = Math.min(1.0 / interval, (double) warps / latency);
            assertThat(ipc).as("FMA IPC with %d warps", warps).isCloseTo(expected, within(0.03 * expected + 0.005));
        }
    }

    @Test
    void streamingBandwidthFollowsLittlesLawUpToTheDramPlateau() {
        GpuConfig c = config("""
                compute_units: 1
                dram: {bytes_per_cycle: 16}
                """);
        Kernel k = kernel("stream.S", null);
        // One load in flight per warp; an iteration is the load's latency plus the add that uses it,
        // then the loop branch: l1 + l2 + dram + alu + 1 + branch (see stream.S).
        double iteration = c.l1().latency() + c.l2().latency() + c.dram().latency() + 1 + c.latencyOf(OpClass.BRANCH);
        for (int warps : new int[] {2, 8, 16, 32, 64}) {
            double bw = bandwidth(c, k, warps);
            double expected = Math.min(c.dram().bytesPerCycle(), warps * 128 / iteration);
            assertThat(bw).as("bytes/cycle with %d warps", warps).isCloseTo(expected, within(0.06 * expected));
        }
    }

    private static double bandwidth(GpuConfig c, Kernel k, int warps) {
        int m1 = 16;
        int m2 = 32;
        int[] buf = new int[warps * 32 * m2];
        int blocks = Math.max(1, warps / 32);
        TimingReport a = run(c, k, blocks, 32 * warps / blocks, 0, m1, buf).report();
        TimingReport b = run(c, k, blocks, 32 * warps / blocks, 0, m2, buf).report();
        return (double) (b.dramReadBytes() - a.dramReadBytes()) / (b.cycles() - a.cycles());
    }

    @Test
    void sectorsPerRequestGrowWithStrideUntilEveryLaneHasItsOwnSector() {
        Kernel k = kernel("stride.S", null);
        for (int stride : new int[] {0, 1, 2, 4, 8, 16, 32}) {
            PcCounters p = run(SMALL, k, 1, 32, 0, stride, new int[32 * 32 + 1]).at("probe");
            // 32 lanes x 4 bytes x stride over 32-byte sectors, at least one, at most one per lane.
            long expected = Math.max(1, Math.min(32, 4L * stride));
            assertThat(p.sectors()).as("sectors at stride %d", stride).isEqualTo(expected);
            assertThat(p.excessSectors()).isEqualTo(Math.max(0, expected - 4));
        }
    }

    @Test
    void bankConflictDegreeIsGcdOfStrideAnd32() {
        Kernel k = kernel("banks.S", null);
        for (int stride : new int[] {0, 1, 2, 3, 4, 8, 16, 17, 32}) {
            PcCounters p = run(SMALL, k, 1, 32, 32 * 32 * 4, stride).at("probe");
            int degree = stride == 0 ? 1 : gcd(stride, 32); // stride 0: one word, broadcast
            assertThat(p.bankConflicts()).as("conflicts at stride %d", stride).isEqualTo(degree - 1);
        }
    }

    private static int gcd(int a, int b) {
        return b == 0 ? a : gcd(b, a % b);
    }

    @Test
    void occupancyStepsDownWithSharedMemoryPerBlock() {
        Kernel k = kernel("empty.S", null);
        GpuConfig c = config("compute_units: 2\n");
        int perCu = c.shared().bytesPerCu();
        int warpsPerBlock = 8;
        for (int shared : new int[] {0, 8192, 16384, 24576, 49152, 98304}) {
            TimingReport r = run(c, k, 64, 32 * warpsPerBlock, shared).report();
            int byShared = shared == 0 ? Integer.MAX_VALUE : perCu / shared;
            int byWarps = c.warpsPerCu() / warpsPerBlock;
            int blocks = Math.min(byShared, Math.min(byWarps, c.blocksPerCu()));
            assertThat(r.blocksPerCu()).as("blocks with %d shared bytes", shared).isEqualTo(blocks);
            assertThat(r.theoreticalOccupancy()).isEqualTo((double) blocks * warpsPerBlock / c.warpsPerCu());
            assertThat(r.limiter()).isEqualTo(byShared < byWarps ? "shared" : "warps");
            assertThat(r.achievedOccupancy()).isLessThanOrEqualTo(r.theoreticalOccupancy());
        }
    }

    @Test
    void warpsWaitAtABarrierForTheSlowestWarp() {
        Kernel k = kernel("barrier.S", null);
        GpuConfig c = config("compute_units: 1\n");
        // Warp 0's loop: addi, then addi once the ALU pipe takes it again, bnez after that one's
        // latency, then the branch latency.
        int iteration = c.initiationOf(OpClass.ALU) + c.latencyOf(OpClass.ALU) + c.latencyOf(OpClass.BRANCH);
        double a = run(c, k, 1, 64, 0, 100).stall(StallReason.BARRIER);
        double b = run(c, k, 1, 64, 0, 300).stall(StallReason.BARRIER);
        assertThat((b - a) / 200).isCloseTo(iteration, within(0.05));
    }

    @Test
    void atomicsToOneAddressSerialiseAndDistinctOnesDoNot() {
        Kernel k = kernel("atomic.S", null);
        GpuConfig c = config("""
                compute_units: 1
                initiation: {atomic: 4}
                """);
        TimingHarness.Run same = run(c, k, 1, 32, 0, 0, new int[32]);
        TimingHarness.Run distinct = run(c, k, 1, 32, 0, 1, new int[32]);
        assertThat(same.report().atomicSerialized()).isEqualTo(31);
        assertThat(distinct.report().atomicSerialized()).isEqualTo(0);
        int ii = c.initiationOf(OpClass.ATOMIC);
        // Same address: 31 operations wait ii each. Distinct: 32 words in 4 sectors, each sector one
        // slice cycle (ii) after the previous.
        long difference = same.report().cycles() - distinct.report().cycles();
        assertThat(difference).isBetween(31L * ii - 3 * ii - 2, 31L * ii - 3 * ii + 2);
    }

    @Test
    void theCycleCountDoesNotDependOnHostThreads() {
        Kernel k = kernel("stream.S", null);
        GpuConfig c = config("compute_units: 2\n");
        int[] buf = new int[8 * 32 * 16 * 8];
        TimingReport one = TimingHarness.run(c, k, org.rvsimt.core.api.Dim3.of(8), org.rvsimt.core.api.Dim3.of(256), 0,
                1, 16, buf).report();
        TimingReport two = TimingHarness.run(c, k, org.rvsimt.core.api.Dim3.of(8), org.rvsimt.core.api.Dim3.of(256), 0,
                2, 16, buf).report();
        assertThat(two.cycles()).isEqualTo(one.cycles());
        assertThat(two.stalls()).isEqualTo(one.stalls());
        assertThat(two.dramBytes()).isEqualTo(one.dramBytes());
    }
}
