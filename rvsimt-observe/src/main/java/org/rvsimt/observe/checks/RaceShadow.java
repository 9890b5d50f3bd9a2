package org.rvsimt.observe.checks;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;

/**
 * Racecheck's shadow memory on one host thread: for every byte a block touched, the last writer and
 * up to two distinct readers since the last barrier, tagged with the epoch they happened in. An
 * epoch is one stretch between barriers of one block; every block start and every barrier release
 * begins a new one, so entries of earlier epochs are simply stale and nothing is ever cleared.
 * Pages are recycled at block start (races between blocks are not checked: blocks are unordered).
 */
final class RaceShadow {
    static final int PAGE_BITS = 12;
    static final int PAGE = 1 << PAGE_BITS;

    /** Fields of a byte's record, at {@code i * FIELDS + field} in {@link Page#state}. */
    static final int WRITER = 0;
    static final int WRITER_PC = 1;
    static final int WRITER_EPOCH = 2;
    static final int READER1 = 3;
    static final int READER1_PC = 4;
    static final int READER2 = 5;
    static final int READER2_PC = 6;
    static final int READER_EPOCH = 7;
    static final int FIELDS = 8;

    /**
     * Per byte of a page: writer thread/pc/epoch, first and second reader thread/pc, reader epoch,
     * side by side (one byte's record is one 32-byte run, so an access touches one or two cache
     * lines, not eight arrays).
     */
    static final class Page {
        final int[] state = new int[PAGE * FIELDS];
    }

    private static final int SHARED_FIRST_PAGE = 0xC000_0000 >>> PAGE_BITS;

    private final Map<Integer, Page> pages = new HashMap<>();
    private final ArrayDeque<Page> free = new ArrayDeque<>();
    /**
     * The block's shared memory, page by page, without the map: kernels interleave shared and global
     * accesses, and a one-entry cache before the map would miss at every switch.
     */
    private final Page[] shared;
    /** A direct-mapped cache of the map (kernels alternate between buffers: A, B, C of a sgemm). */
    private final int[] cachedNumber = new int[64];
    private final Page[] cachedPage = new Page[64];

    RaceShadow(int sharedBytes) {
        shared = new Page[(sharedBytes + PAGE - 1) >>> PAGE_BITS];
        java.util.Arrays.fill(cachedNumber, -1);
    }

    /** Makes every page free again (their contents are of epochs that are over). */
    void recycle() {
        free.addAll(pages.values());
        pages.clear();
        java.util.Arrays.fill(cachedNumber, -1);
        java.util.Arrays.fill(cachedPage, null);
    }

    Page page(int address) {
        int number = address >>> PAGE_BITS;
        int s = number - SHARED_FIRST_PAGE;
        if (s >= 0 && s < shared.length) {
            Page p = shared[s];
            if (p == null) {
                p = new Page();
                shared[s] = p;
            }
            return p;
        }
        int slot = number & (cachedNumber.length - 1);
        if (cachedNumber[slot] == number) {
            return cachedPage[slot];
        }
        Page p = pages.get(number);
        if (p == null) {
            p = free.isEmpty() ? new Page() : free.poll();
            pages.put(number, p);
        }
        cachedNumber[slot] = number;
        cachedPage[slot] = p;
        return p;
    }
}
