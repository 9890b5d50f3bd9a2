package org.rvsimt.observe.checks;

/**
 * What the checks need to know of a launch's geometry: block dimensions (to name threads as
 * threadIdx), the warp size (thread = warp x warp size + lane) and the shared memory of each block.
 */
public record LaunchShape(int blockX, int blockY, int blockZ, int warpSize, int sharedBytes) {
    /** threadIdx (x, y, z) of the thread {@code linear} of a block (x varies fastest). */
    public int[] threadIdx(int linear) {
        return new int[] {linear % blockX, linear / blockX % blockY, linear / (blockX * blockY)};
    }

    public int linearThread(int warp, int lane) {
        return warp * warpSize + lane;
    }
}
