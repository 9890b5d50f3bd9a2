package org.rvsimt.core.exec;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.rvsimt.core.memory.Vram;

/**
 * Runs every block of a launch on a pool of host threads. Blocks are independent, so threads take
 * the next block index from a shared counter; the warps of a block stay on one thread. Console
 * output, the exit code and a fault are reported in block order, so a race-free kernel's result
 * does not depend on the thread count.
 */
public final class LaunchRunner {

    /** Totals of a launch; {@code fault} is null when it completed. */
    public record Outcome(long warpInstructions, long laneInstructions, List<String> console, int exitCode,
                          long exitBlock, int exitThread, int exitPc, KernelFault fault, long blocksRun) { }

    private LaunchRunner() { }

    public static Outcome run(LaunchSpec spec, Vram vram, Supplier<WarpEngine> engines, int threads) {
        long blocks = spec.blockCount();
        AtomicLong next = new AtomicLong();
        AtomicLong faultBlock = new AtomicLong(Long.MAX_VALUE);
        int n = (int) Math.max(1, Math.min(threads, blocks));
        List<Worker> workers = new ArrayList<>();
        for (int t = 0; t < n; t++) {
            workers.add(new Worker(spec, vram, engines.get(), next, faultBlock, blocks));
        }
        if (n == 1) {
            workers.get(0).run();
        } else {
            List<Thread> pool = new ArrayList<>();
            for (int t = 0; t < n; t++) {
                Thread th = Thread.ofPlatform().name("rvsimt-block-" + t).start(workers.get(t));
                pool.add(th);
            }
            for (Thread th : pool) {
                try {
                    th.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while waiting for blocks", e);
                }
            }
        }
        long wi = 0;
        long li = 0;
        long run = 0;
        List<BlockRunner.BlockOutcome> outcomes = new ArrayList<>();
        KernelFault fault = null;
        long faultAt = Long.MAX_VALUE;
        for (Worker w : workers) {
            if (w.outOfMemory != null) {
                throw w.outOfMemory;
            }
            if (w.error != null) {
                throw w.error;
            }
            outcomes.addAll(w.outcomes);
            if (w.fault != null && w.faultBlock < faultAt) {
                fault = w.fault;
                faultAt = w.faultBlock;
            }
        }
        outcomes.sort(Comparator.comparingLong(BlockRunner.BlockOutcome::block));
        List<String> console = new ArrayList<>();
        int exitCode = 0;
        long exitBlock = -1;
        int exitThread = -1;
        int exitPc = 0;
        for (BlockRunner.BlockOutcome o : outcomes) {
            if (o.block() > faultAt) {
                break;     // blocks after a fault ran only on some thread counts: leave them out
            }
            wi += o.warpInstructions();
            li += o.laneInstructions();
            run++;
            console.addAll(o.console());
            if (o.exitThread() >= 0 && exitBlock < 0) {
                exitCode = o.exitCode();
                exitBlock = o.block();
                exitThread = o.exitThread();
                exitPc = o.exitPc();
            }
        }
        return new Outcome(wi, li, console, exitCode, exitBlock, exitThread, exitPc, fault, run);
    }

    private static final class Worker implements Runnable {
        final BlockRunner runner;
        final AtomicLong next;
        final AtomicLong stopAfter;
        final long blocks;
        final List<BlockRunner.BlockOutcome> outcomes = new ArrayList<>();
        KernelFault fault;
        long faultBlock = Long.MAX_VALUE;
        RuntimeException error;
        OutOfMemoryError outOfMemory;

        Worker(LaunchSpec spec, Vram vram, WarpEngine engine, AtomicLong next, AtomicLong stopAfter, long blocks) {
            this.runner = new BlockRunner(spec, vram, engine);
            this.next = next;
            this.stopAfter = stopAfter;
            this.blocks = blocks;
        }

        @Override
        public void run() {
            try {
                while (true) {
                    long b = next.getAndIncrement();
                    if (b >= blocks || b > stopAfter.get()) {
                        break;
                    }
                    try {
                        outcomes.add(runner.run(b));
                    } catch (KernelFault.Signal s) {
                        collectPartialCounts();
                        if (fault == null || b < faultBlock) {
                            fault = s.fault();
                            faultBlock = b;
                        }
                        stopAfter.accumulateAndGet(b, Math::min);
                        break;
                    }
                }
            } catch (RuntimeException e) {
                error = e;
                stopAfter.set(-1);
            } catch (OutOfMemoryError e) {
                // Reported by the launching thread, not by the default handler's stack trace.
                outOfMemory = e;
                stopAfter.set(-1);
            }
        }

        /** The faulting block's counts and console up to the fault. */
        private void collectPartialCounts() {
            long wi = 0;
            long li = 0;
            for (Warp w : runner.context().warps) {
                wi += w.warpInstructions;
                li += w.laneInstructions;
            }
            runner.context().flushConsole();
            outcomes.add(new BlockRunner.BlockOutcome(runner.context().blockLinear, wi, li,
                    new ArrayList<>(runner.context().console), 0, -1, 0));
        }
    }
}
