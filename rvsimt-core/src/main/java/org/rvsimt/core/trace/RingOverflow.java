package org.rvsimt.core.trace;

/** What a host thread does when its trace ring is full. */
public enum RingOverflow {
    /**
     * Wait until the drainer made room: the trace is complete and the run slows to the writer's
     * pace. The default of traces written to a file or stream.
     */
    WAIT,
    /**
     * Drop the record and count it (the counts are in the trace and in the tracer's {@code dropped()}):
     * the run never waits for a slow consumer. The policy of live-only traces (the web UI).
     */
    DROP
}
