package org.rvsimt.timing.model;

import org.rvsimt.timing.record.BlockTrace;

/** A resident block: its warps and barrier state. */
final class BlockSlot {
    BlockTrace trace;
    WarpSlot[] warps;
    /** Warps started and not exited. */
    int live;
    /** Warps not finished (started or waiting to be spawned are both counted at dispatch). */
    int unfinished;
    int arrived;
}
