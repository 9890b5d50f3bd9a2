package org.rvsimt.observe.checks;

import java.util.BitSet;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.BiConsumer;

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
            if (r.state() == Region.State.UNINITIALIZED) {
                long[] bits = r.written() == null ? new long[0] : r.written().toLongArray();
                written[i] = new AtomicLongArray((r.size() + 63) / 64);
                for (int w = 0; w < Math.min(bits.length, written[i].length()); w++) {
                    written[i].set(w, bits[w]);
                }
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

    /**
     * Calls {@code sink} with each run of bytes (address, length) of the tracked regions that hold
     * data now: what the host had written and what the launch's threads wrote.
     */
    void forEachWritten(BiConsumer<Integer, Integer> sink) {
        for (int i = 0; i < written.length; i++) {
            if (written[i] == null) {
                continue;
            }
            long[] words = new long[written[i].length()];
            for (int w = 0; w < words.length; w++) {
                words[w] = written[i].get(w);
            }
            BitSet bits = BitSet.valueOf(words);
            Region r = layout.region(i);
            for (int from = bits.nextSetBit(0); from >= 0 && from < r.size(); from = bits.nextSetBit(from)) {
                int to = Math.min(bits.nextClearBit(from), r.size());
                sink.accept(r.base() + from, to - from);
                from = to;
            }
        }
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

    /**
     * Marks {@code size} bytes at {@code address} written and answers the region index of a byte
     * nobody had written before this call, or -1. The bits of one shadow word are set in one atomic
     * step, so of two concurrent callers on one unwritten aligned access exactly one sees it
     * unwritten (byte by byte, each could claim a different byte of it).
     */
    int firstWrite(long address, int size) {
        int first = -1;
        int b = 0;
        while (b < size) {
            int i = layout.find(address + b);
            if (i < 0 || written[i] == null) {
                b++;
                continue;
            }
            long offset = address + b - layout.region(i).start();
            int word = (int) (offset >>> 6);
            long mask = 0;
            // the run of this access's bytes that falls in the same region and shadow word
            while (b < size && layout.find(address + b) == i && (offset >>> 6) == word) {
                mask |= 1L << (offset & 63);
                b++;
                offset++;
            }
            long old = written[i].getAndAccumulate(word, mask, (x, y) -> x | y);
            if ((old & mask) != mask && first < 0) {
                first = i;
            }
        }
        return first;
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
