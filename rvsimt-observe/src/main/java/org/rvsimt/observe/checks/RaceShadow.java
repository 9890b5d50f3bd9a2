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

    /** Per byte of a page: writer thread/pc/epoch, first and second reader thread/pc, reader epoch. */
    static final class Page {
        final int[] writer = new int[PAGE];
        final int[] writerPc = new int[PAGE];
        final int[] writerEpoch = new int[PAGE];
        final int[] reader1 = new int[PAGE];
        final int[] reader1Pc = new int[PAGE];
        final int[] reader2 = new int[PAGE];
        final int[] reader2Pc = new int[PAGE];
        final int[] readerEpoch = new int[PAGE];
    }

    private final Map<Integer, Page> pages = new HashMap<>();
    private final ArrayDeque<Page> free = new ArrayDeque<>();
    private int lastPageNumber = -1;
    private Page lastPage;

    /** Makes every page free again (their contents are of epochs that are over). */
    void recycle() {
        free.addAll(pages.values());
        pages.clear();
        lastPageNumber = -1;
        lastPage = null;
    }

    Page page(int address) {
        int number = address >>> PAGE_BITS;
        if (number == lastPageNumber && lastPage != null) {
            return lastPage;
        }
        Page p = pages.get(number);
        if (p == null) {
            p = free.isEmpty() ? new Page() : free.poll();
            pages.put(number, p);
        }
        lastPageNumber = number;
        lastPage = p;
        return p;
    }
}
