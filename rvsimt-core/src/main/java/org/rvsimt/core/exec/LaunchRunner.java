package org.rvsimt.core.exec;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.Supplier;
import org.rvsimt.core.api.LaunchStatistics;
import org.rvsimt.core.events.ExecutionConsumer;
import org.rvsimt.core.events.ExecutionListeners;
import org.rvsimt.core.exec.observe.Profile;
import org.rvsimt.core.exec.observe.ProfileSummary;
import org.rvsimt.core.exec.program.Program;
import org.rvsimt.core.exec.simt.Warp;
import org.rvsimt.core.fault.KernelFault;
import org.rvsimt.core.memory.Vram;
import org.rvsimt.core.trace.TraceChannel;
import org.rvsimt.core.trace.TraceEventWriter;
import org.rvsimt.core.trace.Tracer;

/**
 * Runs every block of a launch on a pool of host threads. Blocks are independent, so threads take
 * the next block index from a shared counter; the warps of a block stay on one thread. Console
 * output, the exit code and a fault are reported in block order, so a race-free kernel's result
 * does not depend on the thread count.
 */
public final class LaunchRunner {

    /**
     * Totals of a launch.
     *
     * @param exitCode first non-zero exit code in block order, else 0
     * @param fault    the fault that stopped the launch; else, when a thread exited with a non-zero
     *                 code, the {@code exit_code} fault of the first such block; else null
     * @param statistics the launch statistics, or null when the launch was run without them
     */
    public record Outcome(long warpInstructions, long laneInstructions, List<String> console, int exitCode,
                          KernelFault fault, long blocksRun, LaunchStatistics statistics) {
        /** Whether the launch ended in a fault, an exit code counting as one. */
        public boolean faulted() {
            return fault != null;
        }
    }

    private LaunchRunner() { }

    /**
     * Runs the blocks {@code [firstBlock, endBlock)} of the launch (by linear index) and no others (a part
     * of a launch split across machines: each block sees the launch's whole grid, so it computes what it
     * would in a run of every block), traced by {@code tracer} and watched by {@code consumer} when they
     * are not null, with its {@link LaunchStatistics} when {@code statistics} is set (else the outcome's
     * are null).
     *
     * <p>Everything that watches a launch is a listener of its execution events, one per host thread,
     * combined in this order: the flight recorder (always: fault reports show its tail), the statistics'
     * {@link Profile}, the trace writer and the consumer.
     */
    public static Outcome run(LaunchSpec spec, Vram vram, Supplier<WarpEngine> engines, int threads, Tracer tracer,
                              long launchId, String kernel, ExecutionConsumer consumer, boolean statistics,
                              long firstBlock, long endBlock) {
        long blocks = endBlock;
        AtomicLong next = new AtomicLong(firstBlock);
        AtomicLong faultBlock = new AtomicLong(Long.MAX_VALUE);
        int n = (int) Math.max(1, Math.min(threads, blocks - firstBlock));
        AtomicLongArray inProgress = new AtomicLongArray(n);
        List<Worker> workers = new ArrayList<>();
        for (int t = 0; t < n; t++) {
            workers.add(new Worker(spec, vram, engines.get(), next, faultBlock, blocks, inProgress, t));
        }
        long t0 = System.nanoTime();
        if (tracer != null) {
            Program p = spec.program();
            tracer.launchBegin(launchId, kernel, p.base, p.image(), spec.entry(), spec.grid(), spec.block(),
                    spec.warpSize(), n);
        }
        for (int t = 0; t < n; t++) {
            // A tracer may record launches and device events only (no channel): then no trace writer.
            TraceChannel channel = tracer != null ? tracer.channel(t) : null;
            Worker w = workers.get(t);
            BlockContext c = w.runner.context();
            w.profile = statistics ? new Profile(c) : null;
            c.listen(ExecutionListeners.both(c.flight, ExecutionListeners.both(w.profile, ExecutionListeners.both(
                    channel != null ? new TraceEventWriter(channel) : null,
                    consumer != null ? consumer.listener(t, n) : null))));
        }
        Outcome o = runWorkers(spec, workers, statistics);
        if (consumer != null) {
            consumer.launchEnd(o.faulted());
        }
        if (tracer != null) {
            tracer.launchEnd(launchId, o.faulted() ? "fault" : "ok", o.warpInstructions(),
                    o.laneInstructions(), System.nanoTime() - t0);
        }
        return o;
    }

    private static Outcome runWorkers(LaunchSpec spec, List<Worker> workers, boolean statistics) {
        int n = workers.size();
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
        for (Worker w : workers) {
            wi += w.settledWarpInstructions;
            li += w.settledLaneInstructions;
            run += w.settledBlocks;
            for (long[] c : w.unsettled) {
                if (c[0] <= faultAt) {
                    wi += c[1];
                    li += c[2];
                    run++;
                }
            }
        }
        outcomes.sort(Comparator.comparingLong(BlockRunner.BlockOutcome::block));
        List<String> console = new ArrayList<>();
        int exitCode = 0;
        KernelFault exit = null;
        for (BlockRunner.BlockOutcome o : outcomes) {
            if (o.block() > faultAt) {
                break;     // blocks after a fault ran only on some thread counts: leave them out
            }
            console.addAll(o.console());
            if (o.exit() != null && exit == null) {
                exitCode = o.exitCode();
                exit = o.exit();
            }
        }
        List<Profile> profiles = new ArrayList<>();
        for (Worker w : workers) {
            profiles.add(w.profile);
        }
        return new Outcome(wi, li, console, exitCode, fault != null ? fault : exit, run,
                statistics ? ProfileSummary.of(spec.program(), profiles) : null);
    }

    private static final class Worker implements Runnable {
        final BlockRunner runner;
        /** The statistics' listener on this worker's host thread, or null when the launch has none. */
        Profile profile;
        final AtomicLong next;
        final AtomicLong stopAfter;
        final long blocks;
        final AtomicLongArray inProgress;   // per worker: the block it runs, or a lower bound while claiming
        final int index;
        /** Blocks with console output or an exit code, for block-order reporting. */
        final List<BlockRunner.BlockOutcome> outcomes = new ArrayList<>();
        /**
         * Counts are kept per block ({block, warp, lane}) only while a lower-numbered block may still
         * fault; blocks below every worker's current block are settled into plain sums, so a grid of
         * billions of blocks needs no memory per block.
         */
        final ArrayDeque<long[]> unsettled = new ArrayDeque<>();
        long settledWarpInstructions;
        long settledLaneInstructions;
        long settledBlocks;
        KernelFault fault;
        long faultBlock = Long.MAX_VALUE;
        RuntimeException error;
        OutOfMemoryError outOfMemory;

        Worker(LaunchSpec spec, Vram vram, WarpEngine engine, AtomicLong next, AtomicLong stopAfter, long blocks,
               AtomicLongArray inProgress, int index) {
            this.inProgress = inProgress;
            this.index = index;
            this.runner = new BlockRunner(spec, vram, engine);
            this.next = next;
            this.stopAfter = stopAfter;
            this.blocks = blocks;
        }

        @Override
        public void run() {
            try {
                while (true) {
                    inProgress.set(index, next.get());   // published before the claim: never above it
                    long b = next.getAndIncrement();
                    inProgress.set(index, b);
                    if (b >= blocks || b > stopAfter.get()) {
                        inProgress.set(index, Long.MAX_VALUE);
                        break;
                    }
                    try {
                        record(runner.run(b));
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
            } catch (Error e) {
                // Any other error (a class that fails to link, a stack overflow) fails the launch: left
                // to the thread's default handler it printed a trace and the launch "ran" no blocks.
                error = new IllegalStateException(e.toString(), e);
                stopAfter.set(-1);
            }
        }

        private void record(BlockRunner.BlockOutcome o) {
            if (!o.console().isEmpty() || o.exit() != null) {
                outcomes.add(o);
            }
            unsettled.add(new long[] {o.block(), o.warpInstructions(), o.laneInstructions()});
            long low = Long.MAX_VALUE;
            for (int k = 0; k < inProgress.length(); k++) {
                low = Math.min(low, inProgress.get(k));
            }
            // A block below every block still running can no longer be after the launch's fault.
            while (!unsettled.isEmpty() && unsettled.peekFirst()[0] < low) {
                long[] c = unsettled.pollFirst();
                settledWarpInstructions += c[1];
                settledLaneInstructions += c[2];
                settledBlocks++;
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
            runner.context().console.flush();
            unsettled.add(new long[] {runner.context().blockLinear, wi, li});
            outcomes.add(new BlockRunner.BlockOutcome(runner.context().blockLinear, 0, 0,
                    new ArrayList<>(runner.context().console.lines()), 0, null));
        }
    }
}
