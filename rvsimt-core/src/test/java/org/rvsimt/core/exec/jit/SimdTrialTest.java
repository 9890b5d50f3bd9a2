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
    void aFasterSimdVariantIsTakenAfterTheTimedPlainBursts() {
        // SIMD 2 us per run, plain 100 us: the first SIMD burst after four timed plain bursts wins.
        TimedBlock b = new TimedBlock(2_000, 100_000);
        SimdTrial t = new SimdTrial(false);
        int runs = 0;
        while (!t.simd() && runs < 5000) {
            t.run(b, null, null, -1L);
            runs++;
        }
        assertThat(t.simd()).isTrue();
        // Plain until the first burst (at the 16th run), which is a plain one.
        assertThat(b.ran.subList(0, 15 + SimdTrial.BURST)).containsOnly(false);
        // Four plain bursts and the SIMD bursts between them come first.
        assertThat(b.ran.stream().filter(s -> s).count()).isGreaterThanOrEqualTo(4L * SimdTrial.BURST);
        t.run(b, null, null, -1L);
        assertThat(b.ran.getLast()).isTrue();
    }

    @Test
    void aSlowerSimdVariantStaysOffAndItsTrialsThinOut() {
        // SIMD 200 us per run, plain 2 us: SIMD never wins, and after the first SIMD burst measured
        // a 100x slowdown the bursts are 12800 runs apart, so SIMD runs stay one burst.
        TimedBlock b = new TimedBlock(200_000, 2_000);
        SimdTrial t = new SimdTrial(false);
        for (int k = 0; k < 3000; k++) {
            t.run(b, null, null, -1L);
        }
        assertThat(t.simd()).isFalse();
        assertThat(b.ran.stream().filter(s -> s).count()).isEqualTo((long) SimdTrial.BURST);
    }
}
