package org.rvsimt.core.exec;

import org.rvsimt.core.exec.simt.Warp;

/** Runs one warp until it blocks, ends, faults or has executed {@code quantum} instructions. */
public interface WarpEngine {
    void run(BlockContext context, Warp warp, int quantum);
}
