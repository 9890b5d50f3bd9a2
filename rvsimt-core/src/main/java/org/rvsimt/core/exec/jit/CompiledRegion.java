package org.rvsimt.core.exec.jit;

import org.rvsimt.core.exec.BlockContext;
import org.rvsimt.core.exec.simt.Warp;

/**
 * A loop region compiled to JVM bytecode ({@link LoopRegion}): whole iterations of the loop's blocks
 * in one method, up to {@link RegionExit#limit} iterations; it returns at the first block end that
 * does not continue along the loop, with that block's taken-lane mask, and says in the
 * {@link RegionExit} where it stopped. {@code runFull} is for a warp whose lanes are all active.
 */
public interface CompiledRegion {
    long runFull(BlockContext c, Warp w, long mask, RegionExit exit);

    long runMasked(BlockContext c, Warp w, long mask, RegionExit exit);
}
