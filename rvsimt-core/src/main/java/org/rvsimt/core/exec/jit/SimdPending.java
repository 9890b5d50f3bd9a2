package org.rvsimt.core.exec.jit;

import java.util.concurrent.atomic.AtomicBoolean;
import org.rvsimt.core.exec.BlockContext;
import org.rvsimt.core.exec.simt.Warp;

/**
 * A block with instructions that have host-SIMD lane loops ({@link SimdLanes}), compiled with only
 * its plain loops because SimdLanes did not yet run as C2 code ({@link SimdLanesLoader}): it runs
 * those, and at its first full-warp run after SimdLanes is warm asks, once, for the block compiled
 * with only its SIMD loops ({@link FullWarpLoops#SIMD}), which the tier-up compiler swaps in at a
 * block boundary. Both compute the same registers, memory, flags and faults (the contract of
 * SimdLanes), so when the swap happens changes only the speed.
 *
 * <p>Never both kinds of loops in one method: C2 compiles and schedules the dead ones too (a warm
 * sgemm_naive ran about 12% slower with both), and every version of a block class costs a HotSpot
 * warm-up, so a block has at most two: plain, then SIMD.
 */
final class SimdPending {
    /** Compiles the block again with its SIMD loops and swaps it in; null: nothing to swap (tests). */
    private Runnable recompile;
    private final AtomicBoolean recompiling = new AtomicBoolean();

    /** Set before the block is published: what runs, once, when SimdLanes is warm. */
    void recompileWith(Runnable r) {
        recompile = r;
    }

    long run(CompiledBlock code, BlockContext c, Warp w, long mask) {
        // A volatile read per run, only until the recompiled block replaces this one.
        if (SimdLanesLoader.warm() && recompile != null && !recompiling.get() && recompiling.compareAndSet(false, true)) {
            recompile.run();
        }
        return code.runFull(c, w, mask, false);
    }
}
