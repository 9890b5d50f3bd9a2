package org.rvsimt.core.api;

import java.util.Map;
import java.util.TreeMap;

/**
 * First-fit VRAM allocator over a sorted free list with coalescing on free. Allocations are
 * aligned (default 256 bytes, like cudaMalloc); freeing an address that is not the start of a live
 * allocation, or freeing twice, is an error.
 */
final class Allocator {
    private final TreeMap<Long, Long> free = new TreeMap<>();   // start -> size
    private final TreeMap<Long, Long> used = new TreeMap<>();   // start -> size
    private final long limit;

    Allocator(long start, long limit) {
        this.limit = limit;
        if (limit > start) {
            free.put(start, limit - start);
        }
    }

    long allocate(long size, long alignment) {
        if (size <= 0) {
            throw new DeviceException("allocation size must be positive, got " + size);
        }
        if (alignment <= 0 || Long.bitCount(alignment) != 1) {
            throw new DeviceException("alignment must be a power of two, got " + alignment);
        }
        for (Map.Entry<Long, Long> e : free.entrySet()) {
            long start = e.getKey();
            long end = start + e.getValue();
            long aligned = (start + alignment - 1) & -alignment;
            if (aligned + size <= end) {
                take(start, end, aligned, size);
                return aligned;
            }
        }
        throw new DeviceException(String.format("out of device memory: no free block of %d bytes (VRAM %d MiB, %d bytes in use)",
                size, limit >> 20, used.values().stream().mapToLong(Long::longValue).sum()));
    }

    /** Claims a fixed range (a kernel image or a buffer placed with {@code at:}). */
    void reserve(long start, long size) {
        Map.Entry<Long, Long> e = free.floorEntry(start);
        if (e == null || e.getKey() + e.getValue() < start + size) {
            throw new DeviceException(String.format("range [0x%x, 0x%x) is not free", start, start + size));
        }
        take(e.getKey(), e.getKey() + e.getValue(), start, size);
    }

    private void take(long blockStart, long blockEnd, long start, long size) {
        free.remove(blockStart);
        if (start > blockStart) {
            free.put(blockStart, start - blockStart);
        }
        if (start + size < blockEnd) {
            free.put(start + size, blockEnd - start - size);
        }
        used.put(start, size);
    }

    void release(long start) {
        Long size = used.remove(start);
        if (size == null) {
            Map.Entry<Long, Long> e = used.floorEntry(start);
            if (e != null && start < e.getKey() + e.getValue()) {
                throw new DeviceException(String.format("free(0x%x): address is inside the allocation at 0x%x, not its start",
                        start, e.getKey()));
            }
            throw new DeviceException(String.format("free(0x%x): no live allocation there (double free?)", start));
        }
        long s = start;
        long n = size;
        Map.Entry<Long, Long> before = free.floorEntry(s);
        if (before != null && before.getKey() + before.getValue() == s) {
            free.remove(before.getKey());
            s = before.getKey();
            n += before.getValue();
        }
        Long after = free.get(start + size);
        if (after != null) {
            free.remove(start + size);
            n += after;
        }
        free.put(s, n);
    }

    boolean isLive(long start) {
        return used.containsKey(start);
    }

    long liveBytes() {
        return used.values().stream().mapToLong(Long::longValue).sum();
    }

    int freeBlocks() {
        return free.size();
    }
}
