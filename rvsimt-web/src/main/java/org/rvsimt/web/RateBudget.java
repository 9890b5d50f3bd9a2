package org.rvsimt.web;

/**
 * How many instruction rows and warp events one host thread may still send this second. Kept by
 * the tracer across launches, so a loop of many short launches cannot flood the page either.
 * Used by one thread at a time (a host thread of the running launch).
 */
final class RateBudget {
    private final int rowsPerSecond;
    private final int eventsPerSecond;
    private long windowStart = System.nanoTime();
    private int rows;
    private int events;

    RateBudget(int rowsPerSecond, int eventsPerSecond) {
        this.rowsPerSecond = rowsPerSecond;
        this.eventsPerSecond = eventsPerSecond;
    }

    /** Takes one row (or event) from the budget; false when this second's budget is spent. */
    boolean take(boolean row) {
        long now = System.nanoTime();
        if (now - windowStart >= 1_000_000_000L) {
            windowStart = now;
            rows = 0;
            events = 0;
        }
        if (row) {
            return rows < rowsPerSecond && ++rows > 0;
        }
        return events < eventsPerSecond && ++events > 0;
    }
}
