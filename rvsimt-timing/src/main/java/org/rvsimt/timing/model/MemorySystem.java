package org.rvsimt.timing.model;

import org.rvsimt.timing.config.CacheConfig;
import org.rvsimt.timing.config.GpuConfig;
import org.rvsimt.timing.config.OpClass;

/**
 * The memory hierarchy below the compute units' L1s: L2 slices and DRAM, shared by all compute
 * units. Requests are timed when they are issued (the model computes completion times instead of
 * moving packets); contention is modelled by each slice taking one sector per cycle and DRAM taking
 * {@code bytes_per_cycle}. Compute units call it in a fixed order, so the result is deterministic.
 */
final class MemorySystem {
    private final GpuConfig config;
    private final SectorCache[] slices;
    private final long[] sliceFree;
    /** log2(slices) when the slice count is a power of two, else -1. */
    private final int sliceShift;
    private final int l2LineShift;
    private final int l2SectorShift;
    private final int l2SectorsPerLine;
    private final int l1SectorShift;
    private final double dramCyclesPerSector;
    private double dramFree;

    long l2Accesses;
    long l2Hits;
    long dramReadBytes;
    long dramWriteBytes;

    MemorySystem(GpuConfig config) {
        this.config = config;
        CacheConfig l2 = config.l2();
        int n = l2.slices();
        slices = new SectorCache[n];
        for (int i = 0; i < n; i++) {
            slices[i] = new SectorCache(l2.sets() / n, l2.ways());
        }
        sliceFree = new long[n];
        sliceShift = Integer.bitCount(n) == 1 ? Integer.numberOfTrailingZeros(n) : -1;
        l2LineShift = Integer.numberOfTrailingZeros(l2.line());
        l2SectorShift = Integer.numberOfTrailingZeros(l2.sector());
        l2SectorsPerLine = l2.line() / l2.sector();
        l1SectorShift = Integer.numberOfTrailingZeros(config.l1().sector());
        dramCyclesPerSector = l2.sector() / config.dram().bytesPerCycle();
    }

    /** The byte address of L1 sector id {@code sector} (private-memory ids live above 2^31 sectors). */
    private long address(int sector) {
        return Integer.toUnsignedLong(sector) << l1SectorShift;
    }

    /**
     * An L1 miss for {@code sector} reaching the L2 at {@code arrive}: when its data are back.
     * {@code kind}: 0 read, 1 write, 2 atomic with {@code serial} operations on one address.
     */
    long request(int sector, long arrive, int kind, int serial) {
        long a = address(sector);
        long line = a >>> l2LineShift;
        // Addresses are below 2^37, so line is non-negative; slices are usually a power of two.
        int s = sliceShift >= 0 ? (int) line & (slices.length - 1) : (int) (line % slices.length);
        long start = Math.max(arrive, sliceFree[s]);
        int occupancy = kind == 2 ? serial * config.initiationOf(OpClass.ATOMIC) : 1;
        sliceFree[s] = start + occupancy;
        SectorCache c = slices[s];
        int sub = (int) (a >>> l2SectorShift) & (l2SectorsPerLine - 1);
        // Lines are spread over slices by line index; within a slice the set index uses the rest.
        int result = c.access(sliceShift >= 0 ? line >>> sliceShift : line / slices.length, sub, true, kind != 0);
        l2Accesses++;
        if (c.evictedDirty > 0) {
            long bytes = (long) c.evictedDirty << l2SectorShift;
            dramWriteBytes += bytes;
            dramFree = Math.max(dramFree, start) + c.evictedDirty * dramCyclesPerSector;
        }
        long done;
        if (result == SectorCache.HIT || kind == 1) {
            // A write allocates in the L2 without reading DRAM (whole-sector writes).
            if (result == SectorCache.HIT) {
                l2Hits++;
            }
            done = start + config.l2().latency();
        } else {
            double dstart = Math.max(start + config.l2().latency(), dramFree);
            dramFree = dstart + dramCyclesPerSector;
            dramReadBytes += 1L << l2SectorShift;
            done = (long) Math.ceil(dstart) + config.dram().latency();
        }
        if (kind == 2) {
            done += config.latencyOf(OpClass.ATOMIC) + (long) (serial - 1) * config.initiationOf(OpClass.ATOMIC);
        }
        return done;
    }

    /** Dirty L2 sectors written back when the kernel ends. */
    long flushBytes() {
        long n = 0;
        for (SectorCache c : slices) {
            n += c.dirtySectors();
        }
        return n << l2SectorShift;
    }
}
