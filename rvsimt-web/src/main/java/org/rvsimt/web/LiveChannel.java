package org.rvsimt.web;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.rvsimt.core.trace.TraceChannel;

/**
 * One host thread's producer for the live view. It turns engine calls into compact rows, batches
 * them and hands each batch to the {@link EventHub}, which never waits. Because a browser cannot
 * show more than a few thousand rows a second anyway, a channel passes at most
 * {@link #ROWS_PER_SECOND} instruction rows and {@link #EVENTS_PER_SECOND} warp events a second;
 * the rest are dropped and counted, so even an unsampled long kernel costs the engine little.
 */
final class LiveChannel implements TraceChannel {
    static final int ROWS_PER_SECOND = 2_000;
    static final int EVENTS_PER_SECOND = 5_000;
    private static final int BATCH = 200;
    private static final long FLUSH_NANOS = 100_000_000L;

    private final int device;
    private final long launch;
    private final int worker;
    private final EventHub hub;
    private final Sampling sampling;
    private final Disassembly disassembly;
    private final DropCounts drops;
    private final RateBudget budget;

    // Written by the one engine thread of this channel; flush() may also run at launch end.
    private long clock;
    private final SampleGaps gaps;
    private int untilSample;
    private List<Object[]> rows = new ArrayList<>();
    private List<Object[]> events = new ArrayList<>();
    private long lastFlush = System.nanoTime();
    private volatile long droppedRows;       // volatile: read by /metrics; written only when dropping
    private volatile long droppedEvents;

    /** Instruction text by word and pc; shared by the channels of a launch. */
    @FunctionalInterface
    interface Disassembly {
        String text(int word, int pc);
    }

    LiveChannel(int device, long launch, int worker, EventHub hub, Sampling sampling, Disassembly disassembly,
                DropCounts drops, RateBudget budget) {
        this.drops = drops;
        this.budget = budget;
        this.device = device;
        this.launch = launch;
        this.worker = worker;
        this.hub = hub;
        this.sampling = sampling;
        this.disassembly = disassembly;
        // Seeded by device, launch and thread, not the clock: which instructions are sampled never depends on timing.
        this.gaps = new SampleGaps(((long) device << 48) ^ (launch << 16) ^ worker);
        this.untilSample = gaps.first(sampling.every());
    }

    // ------------------------------------------------------------------ fast channel

    @Override
    public boolean wantsInstruction(int pc, long block, int warp) {
        if (--untilSample > 0) {
            return false;
        }
        untilSample = gaps.next(sampling.every());
        if (!hub.watched()) {
            return false;       // the last browser left during the launch: nothing to produce, nothing dropped
        }
        if (!budget.take(true)) {
            droppedRows++;
            drops.rows.increment();
            return false;
        }
        return true;
    }

    @Override
    public boolean wantsLaneValues() {
        return false;
    }

    @Override
    public void instruction(int pc, int word, long block, int warp, long mask, int[] laneValues, int valueCount) {
        rows.add(new Object[] {clock, block, warp, pc, Long.toHexString(mask), text(word, pc)});
        maybeFlush(rows.size());
    }

    private String text(int word, int pc) {
        return disassembly.text(word, pc);
    }

    @Override
    public void advance(int warpInstructions) {
        clock += warpInstructions;
    }

    // ------------------------------------------------------------------ slow channel

    @Override
    public void blockBegin(long block, int bx, int by, int bz, int warps) {
        for (int w = 0; w < warps; w++) {
            event(block, w, "active", -1);
        }
    }

    @Override
    public void blockEnd(long block, long warpInstructions, long laneInstructions) {
        flush();
    }

    @Override
    public void divergence(long block, int warp, int pc, long taken, long notTaken) {
        event(block, warp, "diverge", pc);
    }

    @Override
    public void reconvergence(long block, int warp, int pc, long mask) {
        event(block, warp, "reconverge", pc);
    }

    @Override
    public void barrierWait(long block, int warp, int pc, int id) {
        event(block, warp, "barrier", pc);
    }

    @Override
    public void barrierRelease(long block, int id) {
        event(block, -1, "release", -1);     // every warp of the block waiting at the barrier runs again
    }

    @Override
    public void warpDone(long block, int warp, int pc) {
        event(block, warp, "done", pc);
    }

    @Override
    public void fault(long block, int warp, int pc, String kind, long lanes, long address) {
        // Always kept: a fault is the one event a user must never miss.
        events.add(new Object[] {clock, block, warp, "fault", pc});
        flush();
    }

    private void event(long block, int warp, String state, int pc) {
        if (!hub.watched()) {
            return;
        }
        if (!budget.take(false)) {
            droppedEvents++;
            drops.events.increment();
            return;
        }
        events.add(new Object[] {clock, block, warp, state, pc});
        maybeFlush(events.size());
    }

    // ------------------------------------------------------------------ batching

    private void maybeFlush(int pending) {
        if (pending >= BATCH || System.nanoTime() - lastFlush >= FLUSH_NANOS) {
            flush();
        }
    }

    /** Publishes what is batched; the launch's end calls it too, after the engine threads are done. */
    synchronized void flush() {
        lastFlush = System.nanoTime();
        if (!rows.isEmpty()) {
            hub.publish("rows", Map.of("device", device, "launch", launch, "worker", worker, "rows", rows));
            rows = new ArrayList<>();
        }
        if (!events.isEmpty()) {
            hub.publish("warps", Map.of("device", device, "launch", launch, "worker", worker, "events", events));
            events = new ArrayList<>();
        }
    }

    long droppedRows() {
        return droppedRows;
    }

    long droppedEvents() {
        return droppedEvents;
    }
}
