package org.rvsimt.core.exec.jit;

/**
 * Which lane loops a compiled block's or region's full-warp method ({@code runFull}) holds, where it
 * has instructions with host-SIMD lane loops ({@link SimdLanes}).
 */
enum FullWarpLoops {
    /** Only the plain lane loops: the block has none with host SIMD, or SimdLanes is not warm yet ({@link SimdPending}). */
    PLAIN,
    /** Only the host-SIMD lane loops, with their per-lane fallbacks. */
    SIMD,
    /**
     * Both, chosen when the method runs: a loop region's parts, by {@link RegionExit#simd} (a region's
     * one method is compiled once; a second version would cost its HotSpot warm-up again).
     */
    RUN_TIME_CHOICE
}
