package org.rvsimt.timing.record;

import java.util.List;

/**
 * The recorded blocks of a launch as the cycle model takes them: one at a time in index order,
 * either from a finished recording or while the launch still runs ({@link BlockFeed}).
 */
public interface BlockSource {
    /** The next block in index order without taking it (waiting for the recorder if needed), or null when none is left. */
    BlockTrace peek();

    /** Takes the block {@link #peek} returned. */
    void take();

    /**
     * The registers the launch's code uses ({@link BlockTrace#registersUsed} bits) and its warps per
     * block, as the model assumes them from the first dispatch on (occupancy depends on them).
     */
    long registersUsed();

    int warpsPerBlock();

    /** The pc of each pc id; covers every id of the blocks peeked so far. */
    int[] pcs();

    /** A finished recording: the registers and warps are those of all its blocks. */
    static BlockSource of(List<BlockTrace> blocks, int[] pcs) {
        long used = 0;
        int warps = 1;
        for (BlockTrace b : blocks) {
            used |= b.registersUsed;
            warps = Math.max(warps, b.warps());
        }
        long registers = used;
        int maxWarps = warps;
        return new BlockSource() {
            private int next;

            @Override
            public BlockTrace peek() {
                return next < blocks.size() ? blocks.get(next) : null;
            }

            @Override
            public void take() {
                next++;
            }

            @Override
            public long registersUsed() {
                return registers;
            }

            @Override
            public int warpsPerBlock() {
                return maxWarps;
            }

            @Override
            public int[] pcs() {
                return pcs;
            }
        };
    }
}
