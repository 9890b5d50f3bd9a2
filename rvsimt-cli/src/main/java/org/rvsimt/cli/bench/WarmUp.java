package org.rvsimt.cli.bench;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.function.LongSupplier;

/**
 * A row's untimed warm-up: runs until one finished with HotSpot compiling for at most
 * {@link #SETTLED_SHARE} of its wall time, or the CPU budget is spent.
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
    /**
     * Warm-up runs stop after the process used this much CPU time even if HotSpot is still
     * compiling. CPU, not wall time: on a loaded machine (load 8 on 2 cores) the process got a
     * quarter of a core, and 10 s of wall time ended the warm-up before C2 had compiled the blocks
     * (first rows at 0.12-0.15 G lane-instr/s against 1.3-2 G for the next row of the same process).
     */
    static final long BUDGET_NANOS = 10_000_000_000L;
    /** And after this much wall time whatever the CPU time (a machine so loaded the row would never end). */
    static final long WALL_CAP_NANOS = 60_000_000_000L;
    static final int MAX_RUNS = 30;

    /** HotSpot's accumulated compile time in ms, or null when this JVM does not report it. */
    private final LongSupplier compileMillis;
    private final LongSupplier nanoTime;
    /** The process's CPU time in ns (all threads, HotSpot's compilers included). */
    private final LongSupplier cpuNanos;

    WarmUp() {
        this(hotSpotCompileMillis(), System::nanoTime, processCpuNanos());
    }

    WarmUp(LongSupplier compileMillis, LongSupplier nanoTime, LongSupplier cpuNanos) {
        this.compileMillis = compileMillis;
        this.nanoTime = nanoTime;
        this.cpuNanos = cpuNanos;
    }

    /** The process CPU time where the JVM reports it (HotSpot does), else the wall clock. */
    private static LongSupplier processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                && os.getProcessCpuTime() >= 0) {
            return os::getProcessCpuTime;
        }
        return System::nanoTime;
    }

    private static LongSupplier hotSpotCompileMillis() {
        CompilationMXBean compiler = ManagementFactory.getCompilationMXBean();
        return compiler != null && compiler.isCompilationTimeMonitoringSupported()
                ? compiler::getTotalCompilationTime : null;
    }

    /** Runs {@code run} untimed, once or until HotSpot has settled (see the class); returns how many runs it took. */
    int run(Runnable run) {
        long start = nanoTime.getAsLong();
        long cpuStart = cpuNanos.getAsLong();
        for (int runs = 1; ; runs++) {
            long compiledBefore = compileMillis == null ? 0 : compileMillis.getAsLong();
            long t0 = nanoTime.getAsLong();
            run.run();
            long t1 = nanoTime.getAsLong();
            if (compileMillis == null || runs >= MAX_RUNS || cpuNanos.getAsLong() - cpuStart >= BUDGET_NANOS
                    || t1 - start >= WALL_CAP_NANOS
                    || (compileMillis.getAsLong() - compiledBefore) * 1_000_000.0 <= SETTLED_SHARE * (t1 - t0)) {
                return runs;
            }
        }
    }
}
