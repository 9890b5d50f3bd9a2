package org.rvsimt.core.exec.jit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.rvsimt.core.exec.BlockContext;
import org.rvsimt.core.exec.simt.Warp;
import org.rvsimt.core.exec.vector.HostSimd;

/**
 * A block compiled with its plain loops while SimdLanes is not warm: it runs them, and asks for its
 * SIMD recompile exactly once, after the warm-up has finished.
 */
class SimdPendingTest {

    /** Records which variant each full-warp run asked for. */
    private static final class RecordingBlock implements CompiledBlock {
        final List<Boolean> ran = new ArrayList<>();

        @Override
        public long runFull(BlockContext c, Warp w, long mask, boolean simd) {
            ran.add(simd);
            return mask;
        }

        @Override
        public long runMasked(BlockContext c, Warp w, long mask) {
            throw new AssertionError("a full-warp run never runs the masked variant");
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aPendingBlockRunsPlainAndAsksOnceForItsSimdLoopsWhenSimdLanesIsWarm() throws InterruptedException {
        RecordingBlock b = new RecordingBlock();
        SimdPending pending = new SimdPending();
        AtomicInteger recompiles = new AtomicInteger();
        pending.recompileWith(recompiles::incrementAndGet);
        boolean warmBefore = SimdLanesLoader.warm();
        SimdLanesLoader.warmInBackground();
        if (!warmBefore) {
            assertThat(pending.run(b, null, null, 7L)).isEqualTo(7L);
            assertThat(recompiles).hasValue(0);      // the warm-up has only just started
        }
        while (HostSimd.AVAILABLE && !SimdLanesLoader.warm()) {
            Thread.sleep(10);
        }
        for (int k = 0; k < 5; k++) {
            assertThat(pending.run(b, null, null, -1L)).isEqualTo(-1L);
        }
        // The old block keeps running its plain loops until the recompiled one replaces it.
        assertThat(b.ran).containsOnly(false);
        // Without the Vector API module there is no warm-up and no SIMD loops.
        assertThat(recompiles).hasValue(HostSimd.AVAILABLE ? 1 : 0);
    }
}
