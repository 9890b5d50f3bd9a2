package org.rvsimt.timing.model;

/**
 * A sectored set-associative cache with LRU replacement: a tag per line, a valid and a dirty bit per
 * sector. It holds only tags; the data stay in the functional model.
 */
final class SectorCache {
    static final int HIT = 0;
    /** The line is present but not this sector. */
    static final int SECTOR_MISS = 1;
    static final int MISS = 2;

    private final int sets;
    /** sets - 1 when sets is a power of two (the usual case: a mask instead of a division), else -1. */
    private final int setMask;
    private final int ways;
    private final long[] tags;
    private final int[] valid;
    private final int[] dirty;
    private final long[] stamps;
    private long clock;
    /** Dirty sectors the last {@link #access} evicted. */
    int evictedDirty;

    SectorCache(int sets, int ways) {
        this.sets = Math.max(1, sets);
        this.ways = ways;
        this.setMask = Integer.bitCount(this.sets) == 1 ? this.sets - 1 : -1;
        tags = new long[this.sets * ways];
        java.util.Arrays.fill(tags, -1);
        valid = new int[tags.length];
        dirty = new int[tags.length];
        stamps = new long[tags.length];
    }

    /**
     * Looks up sector {@code sector} of line {@code line}; on a miss allocates it when {@code
     * allocate} (evicting the least recently used line of the set); {@code write} marks it dirty.
     */
    int access(long line, int sector, boolean allocate, boolean write) {
        evictedDirty = 0;
        int base = (setMask >= 0 ? (int) line & setMask : (int) Long.remainderUnsigned(line, sets)) * ways;
        int bit = 1 << sector;
        for (int w = base; w < base + ways; w++) {
            if (tags[w] == line) {
                stamps[w] = ++clock;
                int result = (valid[w] & bit) != 0 ? HIT : SECTOR_MISS;
                if (result == HIT || allocate || write) {
                    valid[w] |= bit;
                    if (write) {
                        dirty[w] |= bit;
                    }
                }
                return result;
            }
        }
        if (!allocate) {
            return MISS;
        }
        int victim = base;
        for (int w = base; w < base + ways; w++) {
            if (tags[w] == -1) {
                victim = w;
                break;
            }
            if (stamps[w] < stamps[victim]) {
                victim = w;
            }
        }
        evictedDirty = Integer.bitCount(dirty[victim]);
        tags[victim] = line;
        valid[victim] = bit;
        dirty[victim] = write ? bit : 0;
        stamps[victim] = ++clock;
        return MISS;
    }

    /** Dirty sectors still held (written back when the kernel ends). */
    long dirtySectors() {
        long n = 0;
        for (int d : dirty) {
            n += Integer.bitCount(d);
        }
        return n;
    }
}
