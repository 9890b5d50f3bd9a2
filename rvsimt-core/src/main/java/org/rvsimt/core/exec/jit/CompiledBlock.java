package org.rvsimt.core.exec.jit;

import org.rvsimt.core.exec.BlockContext;
import org.rvsimt.core.exec.simt.Warp;

/**
 * A basic block compiled to JVM bytecode. Both methods execute every instruction of the block for
 * the active lanes, instruction by instruction (lockstep, like the interpreter), and return the
 * taken-lane mask when the block ends in a branch. {@code runFull} is the variant for a warp whose
 * lanes are all active: its lane loops have no mask tests, and with {@code simd} it takes the
 * host-SIMD lane loops ({@link SimdLanes}) where the block has them; both choices compute the same
 * result ({@link SimdTrial} says which one runs). One method with both loops, not two methods: a
 * separate SIMD method ran cold (HotSpot's interpreter) in every timed trial, so the trials kept a
 * warm sgemm_tiled on the plain loops (4x slower).
 */
public interface CompiledBlock {
    long runFull(BlockContext c, Warp w, long mask, boolean simd);

    long runMasked(BlockContext c, Warp w, long mask);
}
