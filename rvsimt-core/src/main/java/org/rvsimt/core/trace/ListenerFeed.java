package org.rvsimt.core.trace;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Delivers to one listener on its own thread through a bounded queue, so a slow listener costs the
 * drainer (and so the engine) nothing: what does not fit is dropped and counted.
 */
final class ListenerFeed implements AutoCloseable {
    private record Delivery(int source, TraceRecord record) { }

    private record Programmed(TraceProgram program) { }

    private record Dropped(DropReport report) { }

    private record Schema(TraceSchema schema) { }

    private final TraceListener listener;
    private final BlockingQueue<Object> queue;
    private final AtomicLong dropped = new AtomicLong();
    private final Thread thread;
    private volatile boolean closing;
    private volatile long[] endTotals;

    ListenerFeed(TraceListener listener, int capacity) {
        this.listener = listener;
        this.queue = new ArrayBlockingQueue<>(capacity);
        this.thread = Thread.ofPlatform().daemon().name("rvsimt-trace-listener").unstarted(this::deliver);
    }

    void start() {
        thread.start();
    }

    /** Schema and program are rare and needed to read everything after them: they wait for room. */
    void schema(TraceSchema s) {
        put(new Schema(s));
    }

    void program(TraceProgram p) {
        put(new Programmed(p));
    }

    void drops(DropReport d) {
        offer(new Dropped(d));
    }

    void record(int source, TraceRecord r) {
        offer(new Delivery(source, r));
    }

    long dropped() {
        return dropped.get();
    }

    private void offer(Object item) {
        if (!queue.offer(item)) {
            dropped.incrementAndGet();
        }
    }

    private void put(Object item) {
        try {
            if (!queue.offer(item, 100, TimeUnit.MILLISECONDS)) {
                dropped.incrementAndGet();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void deliver() {
        try {
            while (true) {
                Object item = queue.poll(20, TimeUnit.MILLISECONDS);
                if (item == null) {
                    if (closing) {
                        break;
                    }
                    continue;
                }
                try {
                    switch (item) {
                        case Delivery d -> listener.record(d.source(), d.record());
                        case Programmed p -> listener.program(p.program());
                        case Dropped d -> listener.drops(d.report());
                        case Schema s -> listener.schema(s.schema());
                        default -> { }
                    }
                } catch (RuntimeException e) {
                    // A failing listener loses its records, never the trace or the engine.
                    dropped.incrementAndGet();
                }
            }
            long[] t = endTotals;
            listener.end(t[0], t[1], dropped.get());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            // as above
        }
    }

    /** Ends the feed after what is queued; waits at most one second for a slow listener. */
    void finish(long fastDropped, long slowDropped) {
        endTotals = new long[] {fastDropped, slowDropped};
        closing = true;
        try {
            thread.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        finish(0, 0);
    }
}
