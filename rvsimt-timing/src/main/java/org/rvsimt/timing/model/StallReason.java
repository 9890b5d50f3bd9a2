package org.rvsimt.timing.model;

import java.util.Locale;

/**
 * What a resident warp did in a cycle, named as Nsight Compute's warp state statistics
 * (smsp__pcsamp_warps_issue_stalled_*): exactly one per warp per cycle.
 */
public enum StallReason {
    /** The warp issued. */
    SELECTED,
    /** The warp could issue, but its scheduler issued another warp. */
    NOT_SELECTED,
    /** Waiting for a register that a global or local memory access writes. */
    LONG_SCOREBOARD,
    /** Waiting for a register that shared memory or the SFU writes. */
    SHORT_SCOREBOARD,
    /** Waiting for a register that a fixed-latency pipe writes. */
    WAIT,
    /** Waiting at a block barrier (or for its release). */
    BARRIER,
    /** The pipe the instruction needs is still busy (initiation interval). */
    MATH_PIPE_THROTTLE,
    /** The load/store unit or the L1's miss registers are busy with global or local memory. */
    LG_THROTTLE,
    /** The shared-memory (MIO) pipe is busy: bank conflicts, SFU. */
    MIO_THROTTLE,
    /** The next instruction is not fetched yet (an instruction-cache miss). */
    NO_INSTRUCTION,
    /** Waiting for a branch target. */
    BRANCH_RESOLVING,
    /** The warp exited and waits for its stores to complete. */
    DRAIN;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
