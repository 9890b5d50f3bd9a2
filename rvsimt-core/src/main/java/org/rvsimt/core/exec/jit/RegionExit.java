package org.rvsimt.core.exec.jit;

import org.rvsimt.core.exec.BlockContext;
import org.rvsimt.core.exec.observe.InstructionRuns;
import org.rvsimt.core.exec.simt.Warp;

/**
 * Where a compiled loop region stopped, written by its generated code for the engine (one per engine
 * instance, so per host thread): the iteration limit going in, and coming out the iterations that
 * ran whole before the current one and the part of the current one that ran last. The iteration
 * count is kept current while the region runs, so that a fault inside it counts what ran.
 */
public final class RegionExit {
    /** The program's instruction runs, for the execution event of each part the region runs. */
    InstructionRuns runs;
    /** Iterations the region may start in this run (the quantum's and the watchdog's room). */
    int limit;
    /** Whole iterations that ran before the current one. */
    int iterations;
    /** Whether a full-warp run takes the region's host-SIMD lane loops (once SimdLanes is warm: {@link SimdLanesLoader}). */
    boolean simd;
    /** Index of the part of the current iteration that ran last (its end is for the engine to take). */
    int part;

    /** What the engine does before a compiled block, for a part of a region: its issue event. */
    public static void issue(BlockContext c, Warp w, RegionExit exit, int index, int length, long mask) {
        c.events.issue(c.blockLinear, w.id, exit.runs.block(index, length), mask);
    }
}
