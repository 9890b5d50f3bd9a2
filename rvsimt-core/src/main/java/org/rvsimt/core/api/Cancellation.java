package org.rvsimt.core.api;

/**
 * Lets another thread stop a running launch: after {@link #cancel}, the kernel stops at its warps'
 * next scheduling point (at most a few thousand instructions per warp) with the fault
 * {@code cancelled}. One cancellation belongs to one launch; the first reason given wins.
 */
public final class Cancellation {
    private volatile String reason;

    public Cancellation() { }

    public void cancel(String why) {
        if (reason == null) {
            reason = why;
        }
    }

    public boolean isCancelled() {
        return reason != null;
    }

    /** Why the launch was cancelled, or null. */
    public String reason() {
        return reason;
    }
}
