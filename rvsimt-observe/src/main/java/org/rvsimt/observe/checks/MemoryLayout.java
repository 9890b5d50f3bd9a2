package org.rvsimt.observe.checks;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The regions of a launch's global memory, sorted by address, and how memcheck describes an access
 * that leaves them ("4 bytes at 12 bytes past the end of 'out' (4000 bytes)").
 */
public final class MemoryLayout {
    private final Region[] regions;
    private final long[] starts;

    public MemoryLayout(List<Region> regions) {
        List<Region> sorted = new ArrayList<>(regions);
        sorted.removeIf(r -> r.size() == 0);
        sorted.sort(Comparator.comparingLong(Region::start));
        this.regions = sorted.toArray(Region[]::new);
        this.starts = new long[this.regions.length];
        for (int i = 0; i < this.regions.length; i++) {
            starts[i] = this.regions[i].start();
        }
    }

    public List<Region> regions() {
        return List.of(regions);
    }

    /** The index of the region holding {@code address}, or -1. */
    public int find(long address) {
        int i = floor(address);
        return i >= 0 && regions[i].contains(address) ? i : -1;
    }

    public Region region(int index) {
        return regions[index];
    }

    /** The last region starting at or before {@code address}, or -1. */
    private int floor(long address) {
        int lo = 0;
        int hi = starts.length - 1;
        int best = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (starts[mid] <= address) {
                best = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return best;
    }

    /**
     * Null when the {@code size} bytes at {@code address} lie inside one region; otherwise what is
     * wrong, relative to the nearest region, and that region's name (for the finding's region).
     */
    public Problem check(long address, int size) {
        int i = find(address);
        if (i >= 0) {
            Region r = regions[i];
            if (r.freed()) {
                return new Problem(FindingKind.USE_AFTER_FREE, String.format(
                        "%d bytes at offset %d of '%s' (%d bytes), which the host freed before the launch", size,
                        address - r.start(), r.name(), r.size()), r.name());
            }
            if (address + size <= r.end()) {
                return null;
            }
            return new Problem(String.format("%d bytes at offset %d of '%s' (%d bytes) run %d bytes past its end", size,
                    address - r.start(), r.name(), r.size(), address + size - r.end()), r.name());
        }
        int below = floor(address);
        int above = below + 1 < regions.length ? below + 1 : -1;
        long pastBelow = below >= 0 ? address - regions[below].end() : Long.MAX_VALUE;
        long beforeAbove = above >= 0 ? regions[above].start() - address : Long.MAX_VALUE;
        if (below < 0 && above < 0) {
            return new Problem(String.format("%d bytes at 0x%08x: the launch has no allocations", size, address), null);
        }
        if (pastBelow <= beforeAbove) {
            Region r = regions[below];
            return new Problem(String.format("%d bytes at %d bytes past the end of '%s' (%d bytes)", size, pastBelow,
                    r.name(), r.size()), r.name());
        }
        Region r = regions[above];
        return new Problem(String.format("%d bytes at %d bytes before the start of '%s' (%d bytes)", size, beforeAbove,
                r.name(), r.size()), r.name());
    }

    /** A memcheck finding's kind and message, and the name of the region it refers to (null when there is none). */
    public record Problem(FindingKind kind, String message, String region) {
        Problem(String message, String region) {
            this(FindingKind.OUT_OF_BOUNDS, message, region);
        }
    }
}
