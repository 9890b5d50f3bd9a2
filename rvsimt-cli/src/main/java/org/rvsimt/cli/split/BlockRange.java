package org.rvsimt.cli.split;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * The blocks {@code [first, end)} of a launch, by linear block index (x fastest): the part of a split launch
 * one task runs.
 */
public record BlockRange(long first, long end) implements Serializable {

    public BlockRange {
        if (first < 0 || end <= first) {
            throw new IllegalArgumentException("block range [" + first + ", " + end + ") is empty or negative");
        }
    }

    /**
     * {@code blocks} blocks in {@code parts} contiguous ranges of sizes that differ by at most one, in block
     * order (fewer ranges when there are fewer blocks). Contiguous ranges keep each range's console output,
     * and the merged launch's, in block order.
     */
    public static List<BlockRange> split(long blocks, int parts) {
        int n = (int) Math.max(1, Math.min(parts, blocks));
        List<BlockRange> ranges = new ArrayList<>(n);
        long first = 0;
        for (int i = 0; i < n; i++) {
            long size = blocks / n + (i < blocks % n ? 1 : 0);
            ranges.add(new BlockRange(first, first + size));
            first += size;
        }
        return ranges;
    }

    @Override
    public String toString() {
        return "blocks [" + first + ", " + end + ")";
    }
}
