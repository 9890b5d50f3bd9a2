package org.rvsimt.core.trace;

/**
 * The sampling settings every channel of a tracer reads on its hot path: the options (replaceable
 * while a kernel runs, e.g. by the web UI's slider) and whether the time window is open. The drainer
 * thread moves the window, so producers read one volatile flag instead of the clock.
 */
final class Sampling {
    volatile TraceOptions options;
    volatile boolean windowOpen = true;
    private final long startNanos = System.nanoTime();

    Sampling(TraceOptions options) {
        this.options = options;
    }

    /** Called by the drainer: opens the window for the first {@code window} ms of every period. */
    void tick(long nowNanos) {
        TraceOptions o = options;
        if (o.periodMillis() == 0) {
            windowOpen = true;
            return;
        }
        long ms = (nowNanos - startNanos) / 1_000_000;
        windowOpen = ms % o.periodMillis() < o.windowMillis();
    }
}
