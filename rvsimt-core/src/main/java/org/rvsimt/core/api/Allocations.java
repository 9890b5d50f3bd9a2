package org.rvsimt.core.api;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the sanitizer checks need to know about a device's host allocations: which are live, which
 * were freed (so an access to one is a use after free, not just an access outside every buffer), and
 * which of their bytes hold data (written by the host, or by a kernel). The allocator itself knows
 * only sizes; this record is kept beside it.
 */
final class Allocations {
    /** Freed allocations remembered; older ones are forgotten (an access there is then merely out of bounds). */
    static final int FREED_KEPT = 64;

    private static final class Entry {
        final int address;
        final int size;
        final BitSet initialized;

        Entry(int address, int size) {
            this.address = address;
            this.size = size;
            this.initialized = new BitSet(size);
        }

        long start() {
            return Integer.toUnsignedLong(address);
        }

        boolean overlaps(long from, long to) {
            return from < start() + size && to > start();
        }
    }

    private final TreeMap<Long, Entry> live = new TreeMap<>();
    private final ArrayDeque<Entry> freed = new ArrayDeque<>();

    synchronized void allocated(int address, int size) {
        Entry e = new Entry(address, size);
        live.put(e.start(), e);
        // The range is reused: an access there belongs to the new allocation now.
        freed.removeIf(f -> f.overlaps(e.start(), e.start() + Math.max(size, 1)));
    }

    synchronized void freed(int address) {
        Entry e = live.remove(Integer.toUnsignedLong(address));
        if (e != null) {
            freed.addFirst(e);
            if (freed.size() > FREED_KEPT) {
                freed.removeLast();
            }
        }
    }

    /** Marks {@code length} bytes at {@code address} as holding data, in whichever allocations they fall. */
    synchronized void initialized(int address, int length) {
        long from = Integer.toUnsignedLong(address);
        long to = from + length;
        Map.Entry<Long, Entry> first = live.floorEntry(from);
        Iterator<Entry> it = live.tailMap(first != null ? first.getKey() : from, true).values().iterator();
        while (it.hasNext()) {
            Entry e = it.next();
            if (e.start() >= to) {
                break;
            }
            if (e.overlaps(from, to)) {
                e.initialized.set((int) (Math.max(from, e.start()) - e.start()),
                        (int) (Math.min(to, e.start() + e.size) - e.start()));
            }
        }
    }

    /** Every live allocation marked as holding data: a launch nobody watched may have written any of them. */
    synchronized void allInitialized() {
        for (Entry e : live.values()) {
            e.initialized.set(0, e.size);
        }
    }

    synchronized List<Device.Allocation> snapshot() {
        List<Device.Allocation> out = new ArrayList<>();
        for (Entry e : live.values()) {
            out.add(new Device.Allocation(e.address, e.size, false, (BitSet) e.initialized.clone()));
        }
        for (Entry e : freed) {
            out.add(new Device.Allocation(e.address, e.size, true, new BitSet()));
        }
        return out;
    }
}
