package org.rvsimt.core.exec.jit;

import org.rvsimt.core.exec.BlockContext;
import org.rvsimt.core.exec.simt.Warp;

/**
 * A basic block compiled to JVM bytecode. Both methods execute every instruction of the block for
 * the active lanes, instruction by instruction (lockstep, like the interpreter), and return the
 * taken-lane mask when the block ends in a branch. {@code runFull} is the variant for a warp whose
 * lanes are all active: its lane loops have no mask tests, and where the block has host-SIMD lane
 * loops ({@link SimdLanes}) it holds either those or the plain ones ({@link FullWarpLoops}), never
 * both; {@code simd} is not read by generated blocks (stand-ins in tests record it).
 */
public interface CompiledBlock {
    long runFull(BlockContext c, Warp w, long mask, boolean simd);

    long runMasked(BlockContext c, Warp w, long mask);
}
