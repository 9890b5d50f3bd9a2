package org.rvsimt.timing.timeline;

import org.rvsimt.timing.model.StallReason;

/**
 * What the cycle model did, cycle by cycle, for a view that draws it (the Perfetto export). The
 * model calls it only when one is attached ({@code CycleModel.timeline}); without one the model
 * does no timeline work. Calls come from the model's one thread.
 */
public interface TimelineListener {
    /**
     * A warp was in {@code state} from cycle {@code from} (inclusive) to {@code to} (exclusive) with
     * the instruction at {@code pc} next ({@link StallReason#SELECTED}: it issued that instruction).
     * Each warp's intervals come in time order and touch end to end; different warps' intervals
     * interleave in no particular order (a long wait is reported when it ends).
     *
     * @param unit      the compute unit
     * @param scheduler the warp's scheduler in the unit
     * @param block     the linear block index
     * @param warp      the warp within its block
     */
    void warpState(int unit, int scheduler, long block, int warp, StallReason state, int pc, long from, long to);

    /**
     * The memory counters so far, summed over compute units, at the start of cycle {@code cycle}
     * (called with increasing cycles, not every cycle: only where the model stops).
     *
     * @param l1Sectors L1 sector lookups of loads
     * @param l1Hits    of them hits
     * @param l2Sectors L2 sector accesses
     * @param l2Hits    of them hits
     * @param dramBytes bytes read from and written to DRAM (without the final write-back)
     */
    void memory(long cycle, long l1Sectors, long l1Hits, long l2Sectors, long l2Hits, long dramBytes);
}
