package org.rvsimt.core.trace;

/** Records dropped in one launch because a ring was full, per host thread (the DROPS chunk). */
public record DropReport(long launchId, long[] fast, long[] slow) {
    public DropReport {
        if (fast.length != slow.length) {
            throw new IllegalArgumentException("one fast and one slow count per host thread");
        }
        fast = fast.clone();
        slow = slow.clone();
    }

    @Override
    public long[] fast() {
        return fast.clone();
    }

    @Override
    public long[] slow() {
        return slow.clone();
    }

    public long totalFast() {
        return java.util.Arrays.stream(fast).sum();
    }

    public long totalSlow() {
        return java.util.Arrays.stream(slow).sum();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DropReport d && d.launchId == launchId && java.util.Arrays.equals(d.fast, fast)
                && java.util.Arrays.equals(d.slow, slow);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(launchId);
    }
}
