package org.rvsimt.core.exec.jit;

import org.rvsimt.core.exec.BlockContext;
import org.rvsimt.core.exec.simt.Warp;

/**
 * Whether one compiled block's full-warp runs take its host-SIMD lane loops ({@link SimdLanes}) or
 * its plain lane loops: both are in the block's {@code runFull}, chosen by an argument.
 *
 * <p>Why a block does not start on SIMD: the Vector API is fast only once HotSpot's C2 has compiled
 * SimdLanes' methods with its intrinsics; until then every vector operation runs as plain Java that
 * allocates. In a fresh process that took most of a first launch (sgemm_naive 256^3, one host
 * thread: 198 of 278 JFR execution samples inside SimdLanes, the launch 2-3x the interpreter's),
 * while the plain lane loops are fast as soon as C1 has compiled the block.
 *
 * <p>So a block runs its plain loops, and every {@code interval} full-warp runs times one run,
 * alternately with and without SIMD. Once a few plain runs are timed (the first ones are still in
 * the JVM's bytecode interpreter), the first SIMD run no slower than the fastest plain run switches
 * the block to SIMD for good. A slower SIMD run spaces the next trials by eight times the measured
 * slowdown (at most {@link #MAX_INTERVAL} runs), so that slow SIMD runs cost about a sixteenth of
 * the block's time while they still drive SimdLanes towards C2. Both choices compute the same
 * registers, memory, flags and faults (the contract of SimdLanes), so the timing-dependent choice
 * changes only the speed.
 *
 * <p>Shared by the host threads and updated without synchronisation: a lost update only moves a
 * trial or the switch by a run.
 */
final class SimdTrial {
    /** Longest spacing of trials, in full-warp runs of the block. */
    private static final int MAX_INTERVAL = 1024;
    /** How much the spacing grows per unit of measured slowdown (SIMD time / best scalar time). */
    private static final int SPACING_PER_SLOWDOWN = 8;
    /**
     * Timed scalar runs before a SIMD run may win: the first runs of the scalar variant are still in
     * the JVM's bytecode interpreter, and beating those proves nothing about the SIMD variant.
     */
    private static final int SCALAR_SAMPLES = 8;

    /** Shortest spacing of trials; -Drvsimt.jit.simdTrialInterval=1 makes every run a trial (tests). */
    private final int minInterval = Math.max(1, Integer.getInteger("rvsimt.jit.simdTrialInterval", 16));
    private volatile boolean simd;
    private int interval = minInterval;
    private int countdown = minInterval;
    private boolean simdNext;
    private long bestScalarNanos = Long.MAX_VALUE;
    private int scalarSamples;

    /** {@code decided}: run SIMD from the start (blocks compiled without tiering). */
    SimdTrial(boolean decided) {
        simd = decided;
    }

    /** True once the block runs its host-SIMD variant. */
    boolean simd() {
        return simd;
    }

    long run(CompiledBlock code, BlockContext c, Warp w, long mask) {
        if (simd) {
            return code.runFull(c, w, mask, true);
        }
        if (--countdown > 0) {
            return code.runFull(c, w, mask, false);
        }
        countdown = interval;
        boolean trial = simdNext;
        simdNext = !trial;
        long t0 = System.nanoTime();
        long taken = code.runFull(c, w, mask, trial);
        long nanos = System.nanoTime() - t0;
        if (!trial) {
            bestScalarNanos = Math.min(bestScalarNanos, nanos);
            scalarSamples++;
        } else if (nanos <= bestScalarNanos && scalarSamples >= SCALAR_SAMPLES) {
            simd = true;
        } else {
            long slowdown = nanos / Math.max(1, bestScalarNanos);
            interval = (int) Math.clamp(SPACING_PER_SLOWDOWN * slowdown, minInterval, MAX_INTERVAL);
            countdown = interval;
        }
        return taken;
    }
}
