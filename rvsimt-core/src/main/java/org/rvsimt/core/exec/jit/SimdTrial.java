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
 * <p>So a block runs its plain loops, and every {@code interval} full-warp runs times a burst of
 * {@link #BURST} consecutive runs, alternately with and without SIMD. Once a few plain bursts are
 * timed (the first ones are still in the JVM's bytecode interpreter), the first SIMD burst no slower
 * than the plain burst before it switches the block to SIMD for good. Bursts, not single runs: a
 * block run takes a few hundred nanoseconds, and one SIMD run among plain ones pays its cold
 * branches and caches, so single-run trials kept a warm bench row on the plain loops (4x slower).
 * A slower SIMD burst spaces the next trials by the measured slowdown, so that slow SIMD runs cost
 * about a sixteenth of the block's time while they still drive SimdLanes towards C2. Both choices
 * compute the same registers, memory, flags and faults (the contract of SimdLanes), so the
 * timing-dependent choice changes only the speed.
 *
 * <p>Two shortcuts, because a trial can lose for reasons other than speed (HotSpot compiles the
 * block from a profile in which the SIMD branch was rare, and a trial then deoptimises it): once any
 * block of the process has switched, SimdLanes is compiled, and blocks compiled later start on SIMD;
 * and a block that has run {@link #PLAIN_LIMIT} full-warp runs switches anyway, which a first launch
 * of a 256^3 sgemm (131 K runs per block) does not reach but a long launch does.
 *
 * <p>Shared by the host threads and updated without synchronisation: a lost update only moves a
 * trial or the switch by a run.
 */
final class SimdTrial {
    /** Runs per timed burst. */
    static final int BURST = 16;
    /** Longest spacing of bursts, in full-warp runs of the block. */
    private static final int MAX_INTERVAL = 1 << 15;
    /** How much the spacing grows per unit of measured slowdown (SIMD time / plain time), in bursts. */
    private static final int SPACING_PER_SLOWDOWN = 8 * BURST;
    /**
     * Timed plain bursts before a SIMD burst may win: the first runs of the plain variant are still in
     * the JVM's bytecode interpreter, and beating those proves nothing about the SIMD variant.
     */
    private static final int PLAIN_BURSTS = 4;
    /** Full-warp runs after which a block takes its SIMD loops without a won trial. */
    private static final int PLAIN_LIMIT = 1 << 18;
    /** Some block of this process switched to SIMD after a won trial: SimdLanes runs compiled. */
    private static volatile boolean proven;

    /** Shortest spacing of bursts; -Drvsimt.jit.simdTrialInterval=1 makes every run part of one (tests). */
    private final int minInterval = Math.max(1, Integer.getInteger("rvsimt.jit.simdTrialInterval", 16));
    /**
     * Plain, not volatile: read on every full-warp run of the block; another host thread that sees the
     * switch a few runs late only runs the plain loops (same result) a little longer.
     */
    private boolean simd;
    private int interval = minInterval;
    private int countdown = minInterval;
    private int burstLeft;
    private long burstNanos;
    private boolean simdNext;
    private int plainRuns;
    private long lastPlainNanos = Long.MAX_VALUE;
    private int plainBursts;

    /** {@code decided}: run SIMD from the start (blocks compiled without tiering, or after {@link #proven()}). */
    SimdTrial(boolean decided) {
        simd = decided;
    }

    /** Whether some block of this process switched to SIMD after a won trial. */
    static boolean proven() {
        return proven;
    }

    /** True once the block runs its host-SIMD variant. */
    boolean simd() {
        return simd;
    }

    long run(CompiledBlock code, BlockContext c, Warp w, long mask) {
        if (simd) {
            return code.runFull(c, w, mask, true);
        }
        if (++plainRuns >= PLAIN_LIMIT) {
            simd = true;
        }
        if (burstLeft == 0) {
            if (--countdown > 0) {
                return code.runFull(c, w, mask, false);
            }
            burstLeft = BURST;
            burstNanos = 0;
        }
        boolean trial = simdNext;
        long t0 = System.nanoTime();
        long taken = code.runFull(c, w, mask, trial);
        burstNanos += System.nanoTime() - t0;
        if (--burstLeft == 0) {
            burstEnded(trial, burstNanos);
        }
        return taken;
    }

    private void burstEnded(boolean trial, long nanos) {
        simdNext = !trial;
        countdown = interval;
        if (!trial) {
            lastPlainNanos = nanos;
            plainBursts++;
        } else if (nanos <= lastPlainNanos && plainBursts >= PLAIN_BURSTS) {
            simd = true;
            proven = true;
        } else {
            long slowdown = nanos / Math.max(1, lastPlainNanos);
            interval = (int) Math.clamp(SPACING_PER_SLOWDOWN * slowdown, minInterval, MAX_INTERVAL);
            countdown = interval;
        }
    }
}
