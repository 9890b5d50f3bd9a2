package org.rvsimt.observe.checks;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Initcheck's record of which bytes of the regions the host did not initialize a thread has
 * written (one bit per byte), shared by all host threads: a block may read what an earlier block
 * wrote. Initialized regions need no bits.
 */
final class InitShadow {
    private final MemoryLayout layout;
    private final AtomicLongArray[] written;

    InitShadow(MemoryLayout layout) {
        this.layout = layout;
        written = new AtomicLongArray[layout.regions().size()];
        for (int i = 0; i < written.length; i++) {
            Region r = layout.region(i);
            if (!r.initialized()) {
                written[i] = new AtomicLongArray((r.size() + 63) / 64);
            }
        }
    }

    /** Whether any region needs tracking at all. */
    boolean tracks() {
        for (AtomicLongArray a : written) {
            if (a != null) {
                return true;
            }
        }
        return false;
    }

    void wrote(long address, int size) {
        for (int b = 0; b < size; b++) {
            int i = layout.find(address + b);
            if (i >= 0 && written[i] != null) {
                long offset = address + b - layout.region(i).start();
                int word = (int) (offset >>> 6);
                long bit = 1L << (offset & 63);
                AtomicLongArray a = written[i];
                long old = a.get(word);
                while ((old & bit) == 0 && !a.compareAndSet(word, old, old | bit)) {
                    old = a.get(word);
                }
            }
        }
    }

    /** The region index of the first byte of {@code size} at {@code address} nobody wrote, or -1. */
    int unwritten(long address, int size) {
        for (int b = 0; b < size; b++) {
            int i = layout.find(address + b);
            if (i >= 0 && written[i] != null) {
                long offset = address + b - layout.region(i).start();
                if ((written[i].get((int) (offset >>> 6)) & 1L << (offset & 63)) == 0) {
                    return i;
                }
            }
        }
        return -1;
    }
}
