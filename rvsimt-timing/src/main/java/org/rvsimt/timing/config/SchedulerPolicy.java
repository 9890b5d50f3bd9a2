package org.rvsimt.timing.config;

/** How a warp scheduler picks among its ready warps each cycle. */
public enum SchedulerPolicy {
    /** Loose round-robin: the next ready warp after the one issued last. */
    LRR,
    /** Greedy-then-oldest: the warp issued last while it stays ready, else the oldest ready warp. */
    GTO
}
