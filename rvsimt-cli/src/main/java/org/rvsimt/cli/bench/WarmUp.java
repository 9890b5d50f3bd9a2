package org.rvsimt.cli.bench;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.function.LongSupplier;

/**
 * A row's untimed warm-up: runs until one finished with HotSpot compiling for at most
 * {@link #SETTLED_SHARE} of its wall time, or the budget is spent.
 *
 * <p>Why not one warm-up run: the JIT engine compiles a kernel's blocks on a background thread,
 * first with plain lane loops and again with host-SIMD ones once the Vector API runs as C2 code,
 * and HotSpot then compiles each of those classes; on a 2-core machine its C2 thread works through
 * a queue of them (each block method compiled on-stack at several of its lane loops) for seconds
 * after the swap. With one warm-up run the timed runs often fell inside that queue: the same build
 * gave sgemm_tiled 1.41 G or 2.40 G lane-instr/s and sgemm_reg 0.59-1.01 G or 2.1 G from one bench
 * run to the next, the slow rows' timed runs 2-3x their settled time. A warm row times the settled
 * code, so the warm-up goes on while HotSpot is still compiling.
 */
final class WarmUp {
    /** A run counts as settled when HotSpot's compilers spent at most this share of its wall time. */
    static final double SETTLED_SHARE = 0.05;
    /** Warm-up runs stop after this much wall time even if HotSpot is still compiling. */
    static final long BUDGET_NANOS = 10_000_000_000L;
    static final int MAX_RUNS = 30;

    /** HotSpot's accumulated compile time in ms, or null when this JVM does not report it. */
    private final LongSupplier compileMillis;
    private final LongSupplier nanoTime;

    WarmUp() {
        this(hotSpotCompileMillis(), System::nanoTime);
    }

    WarmUp(LongSupplier compileMillis, LongSupplier nanoTime) {
        this.compileMillis = compileMillis;
        this.nanoTime = nanoTime;
    }

    private static LongSupplier hotSpotCompileMillis() {
        CompilationMXBean compiler = ManagementFactory.getCompilationMXBean();
        return compiler != null && compiler.isCompilationTimeMonitoringSupported()
                ? compiler::getTotalCompilationTime : null;
    }

    /** Runs {@code run} untimed, once or until HotSpot has settled (see the class); returns how many runs it took. */
    int run(Runnable run) {
        long start = nanoTime.getAsLong();
        for (int runs = 1; ; runs++) {
            long compiledBefore = compileMillis == null ? 0 : compileMillis.getAsLong();
            long t0 = nanoTime.getAsLong();
            run.run();
            long t1 = nanoTime.getAsLong();
            if (compileMillis == null || runs >= MAX_RUNS || t1 - start >= BUDGET_NANOS
                    || (compileMillis.getAsLong() - compiledBefore) * 1_000_000.0 <= SETTLED_SHARE * (t1 - t0)) {
                return runs;
            }
        }
    }
}
