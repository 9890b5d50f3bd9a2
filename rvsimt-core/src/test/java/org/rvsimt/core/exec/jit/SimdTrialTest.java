package org.rvsimt.core.exec.jit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rvsimt.core.exec.BlockContext;
import org.rvsimt.core.exec.simt.Warp;

/**
 * The choice between a block's plain and host-SIMD lane loops, against blocks of known speed: a
 * stand-in block busy-waits a fixed time per run, longer for one variant, so which variant is
 * faster is known independently of the JVM's compilers.
 */
class SimdTrialTest {

    /** A block that spins {@code simdNanos} or {@code plainNanos} per run and records which variant ran. */
    private static final class TimedBlock implements CompiledBlock {
        final List<Boolean> ran = new ArrayList<>();
        private final long simdNanos;
        private final long plainNanos;

        TimedBlock(long simdNanos, long plainNanos) {
            this.simdNanos = simdNanos;
            this.plainNanos = plainNanos;
        }

        @Override
        public long runFull(BlockContext c, Warp w, long mask, boolean simd) {
            ran.add(simd);
            long until = System.nanoTime() + (simd ? simdNanos : plainNanos);
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
            return mask;
        }

        @Override
        public long runMasked(BlockContext c, Warp w, long mask) {
            throw new AssertionError("a full-warp choice never runs the masked variant");
        }
    }

    @Test
    void eagerBlocksRunSimdFromTheFirstRun() {
        TimedBlock b = new TimedBlock(0, 0);
        SimdTrial t = new SimdTrial(true);
        for (int k = 0; k < 5; k++) {
            assertThat(t.run(b, null, null, 7L)).isEqualTo(7L);
        }
        assertThat(b.ran).containsOnly(true);
    }

    @Test
    void aFasterSimdVariantIsTakenAfterTheTimedPlainRuns() {
        // SIMD 2 us per run, plain 200 us: the first SIMD trial after eight timed plain runs wins.
        TimedBlock b = new TimedBlock(2_000, 200_000);
        SimdTrial t = new SimdTrial(false);
        int runs = 0;
        while (!t.simd() && runs < 16 * 40) {
            t.run(b, null, null, -1L);
            runs++;
        }
        assertThat(t.simd()).isTrue();
        // Trials every 16 runs, alternating plain (runs 16, 48, ...) and SIMD (32, 64, ...): the 8th
        // timed plain run is run 240, so run 256 is the first SIMD trial that may win (a later one if
        // the machine preempted this thread during it).
        assertThat(runs).isGreaterThanOrEqualTo(256);
        assertThat(runs % 32).isZero();
        assertThat(b.ran.subList(0, 15)).containsOnly(false);
        t.run(b, null, null, -1L);
        assertThat(b.ran.getLast()).isTrue();
    }

    @Test
    void aSlowerSimdVariantStaysOffAndItsTrialsThinOut() {
        // SIMD 1 ms per run, plain 10 us: SIMD never wins, and after the first SIMD trial (run 32)
        // measured a 100x slowdown the trials are 800 runs apart, so SIMD runs stay a small share.
        TimedBlock b = new TimedBlock(1_000_000, 10_000);
        SimdTrial t = new SimdTrial(false);
        for (int k = 0; k < 1200; k++) {
            t.run(b, null, null, -1L);
        }
        assertThat(t.simd()).isFalse();
        long simdRuns = b.ran.stream().filter(s -> s).count();
        assertThat(simdRuns).isBetween(1L, 2L);
    }
}
