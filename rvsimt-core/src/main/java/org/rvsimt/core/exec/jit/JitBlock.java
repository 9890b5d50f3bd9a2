package org.rvsimt.core.exec.jit;

/**
 * A compiled block and how it ends.
 *
 * @param start   pc of the first instruction
 * @param length  instructions in the block, terminator included
 * @param lastPc  pc of the last instruction
 * @param nextPc  pc right after it (instructions are 2 or 4 bytes long)
 * @param end     {@link #FALL}, {@link #BRANCH} or {@link #JAL}
 * @param target  branch or jump target
 * @param link    the final jal writes a link register (a call)
 * @param stores  the block ends with a store (which may have hit the barrier register)
 * @param code    the generated code (null for a part of a loop region, whose code is the region's)
 * @param simd    for a block compiled with its plain loops while SimdLanes was not warm, what swaps in its
 *                SIMD loops; null for the others
 * @param region  the loop this block heads, compiled as one region; null when it heads none
 */
record JitBlock(int start, int length, int lastPc, int nextPc, int end, int target, boolean link, boolean stores,
                CompiledBlock code, SimdPending simd, LoopRegion region) {
    static final int FALL = 0;
    static final int BRANCH = 1;
    static final int JAL = 2;
}
