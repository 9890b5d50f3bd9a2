package org.rvsimt.core.exec.observe;

import org.rvsimt.core.exec.BlockContext;
import org.rvsimt.core.exec.interp.LaneOps;
import org.rvsimt.core.exec.program.Program;

/**
 * What one host thread's blocks executed, per instruction: the counts behind a launch's statistics
 * (instruction mix, hottest pcs, divergence per branch, memory traffic). Kept always, because it
 * costs two array increments per compiled block (the JIT counts whole blocks by their first
 * instruction and the counts are spread over the block's instructions when the launch ends).
 */
public final class Profile {
    public final long[] warpAt;          // warp-instructions issued at each instruction index (interpreted)
    public final long[] laneAt;          // lane-instructions at each index (interpreted)
    final long[] blockRuns;       // compiled-block runs, by the block's first index
    final long[] blockLanes;      // active lanes summed over those runs
    final int[] blockLength;      // instructions in the compiled block starting at an index
    public final long[] divergedAt;      // divergent branches or jumps at each index
    /**
     * The memory space each load/store addressed the first time it ran (by its first active lane).
     * Counting the space of every access cost a fifth of a tiled sgemm's time; a pc that addresses
     * one space throughout, as GPU code does, gets exact byte counts this way.
     */
    public final byte[] spaceAt;
    /** JIT: the compiled block starting here has had its first run, which the interpreter does to see spaces. */
    public final boolean[] seen;
    static final byte UNSEEN = 0;
    public static final byte GLOBAL = 1;
    public static final byte SHARED = 2;
    public static final byte OTHER = 3;
    public long barrierWait;             // warp-instruction issue slots of its block a warp spent waiting at barriers

    public Profile(int length) {
        warpAt = new long[length];
        laneAt = new long[length];
        blockRuns = new long[length];
        blockLanes = new long[length];
        blockLength = new int[length];
        divergedAt = new long[length];
        spaceAt = new byte[length];
        seen = new boolean[length];
    }

    /** Notes the space of the load/store at {@code index} on its first run. */
    public void firstSpace(BlockContext c, int index, int addr) {
        if (spaceAt[index] == UNSEEN) {
            spaceAt[index] = LaneOps.space(c, addr);
        }
    }

    /** A compiled block's run; its length was noted by {@link #firstRun}. */
    public void compiledBlock(int index, long mask) {
        blockRuns[index]++;
        blockLanes[index] += Long.bitCount(mask);
    }

    /** The compiled block at {@code index} runs for the first time on this host thread (interpreted). */
    public void firstRun(int index, int length) {
        seen[index] = true;
        blockLength[index] = length;
    }

    /** Lane-instructions and warp-instructions per index with compiled blocks spread over their instructions. */
    public long[][] perInstruction(Program p) {
        int n = warpAt.length;
        long[] warp = warpAt.clone();
        long[] lane = laneAt.clone();
        for (int i = 0; i < n; i++) {
            if (blockRuns[i] != 0) {
                int k = i;
                for (int c = 0; c < blockLength[i] && k < n; c++, k += p.size[k] / 2) {
                    warp[k] += blockRuns[i];
                    lane[k] += blockLanes[i];
                }
            }
        }
        return new long[][] {warp, lane};
    }
}
