package org.rvsimt.web;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.rvsimt.core.trace.TraceChannel;
import org.rvsimt.core.trace.Tracer;
import org.rvsimt.isa.disasm.Disassembler;

/**
 * The live view's {@link Tracer} for one device: its channels publish instruction rows and warp
 * state changes to the browsers. One per device because a tracer follows one launch at a time and
 * the devices of {@code rvsimt serve} run launches concurrently.
 */
public final class LiveTracer implements Tracer {
    private final int device;
    private final EventHub hub;
    private final Sampling sampling;
    private final DropCounts drops;
    private final Disassembler disassembler = Disassembler.listing();
    private volatile LiveChannel[] channels = new LiveChannel[0];
    private RateBudget[] budgets = new RateBudget[0];
    private long droppedRowsBefore;
    private long droppedEventsBefore;

    LiveTracer(int device, EventHub hub, Sampling sampling, DropCounts drops) {
        this.device = device;
        this.drops = drops;
        this.hub = hub;
        this.sampling = sampling;
    }

    public int device() {
        return device;
    }

    @Override
    public synchronized void launchBegin(long launchId, String kernel, int base, int[] code, int entry, int[] grid,
                                         int[] block, int warpSize, int workers) {
        retire();
        // Disassembly is cached per pc: kernels are small and loops re-issue the same pcs.
        Map<Integer, String> texts = new ConcurrentHashMap<>();
        LiveChannel.Disassembly d = (word, pc) -> texts.computeIfAbsent(pc, p -> disassembler.format(word, p));
        LiveChannel[] cs = new LiveChannel[Math.max(1, workers)];
        if (budgets.length < cs.length) {
            RateBudget[] more = java.util.Arrays.copyOf(budgets, cs.length);
            for (int w = budgets.length; w < more.length; w++) {
                more[w] = new RateBudget(LiveChannel.ROWS_PER_SECOND, LiveChannel.EVENTS_PER_SECOND);
            }
            budgets = more;
        }
        for (int w = 0; w < cs.length; w++) {
            cs[w] = new LiveChannel(device, launchId, w, hub, sampling, d, drops, budgets[w]);
        }
        channels = cs;
    }

    @Override
    public TraceChannel channel(int worker) {
        LiveChannel[] cs = channels;
        if (worker < 0 || worker >= cs.length) {
            throw new IllegalArgumentException("worker " + worker + " of a launch with " + cs.length + " workers");
        }
        return cs[worker];
    }

    @Override
    public synchronized void launchEnd(long launchId, String status, long warpInstructions, long laneInstructions,
                                       long wallNanos) {
        for (LiveChannel c : channels) {
            c.flush();
        }
    }

    @Override
    public void deviceRegister(boolean write, int offset, int value) {
        // The live view shows the engine's work; register traffic belongs to the binary trace.
    }

    @Override
    public void dma(long source, long destination, long bytes) {
        // As for registers: the binary trace records DMA, the page does not.
    }

    /** Instruction rows and warp events dropped because they came faster than a page can show. */
    @Override
    public synchronized long[] dropped() {
        long rows = droppedRowsBefore;
        long events = droppedEventsBefore;
        for (LiveChannel c : channels) {
            rows += c.droppedRows();
            events += c.droppedEvents();
        }
        return new long[] {rows, events};
    }

    /** Keeps the drop counts of the previous launch's channels before they are replaced. */
    private void retire() {
        for (LiveChannel c : channels) {
            c.flush();
            droppedRowsBefore += c.droppedRows();
            droppedEventsBefore += c.droppedEvents();
        }
    }

    @Override
    public synchronized void close() {
        retire();
        channels = new LiveChannel[0];
    }
}
