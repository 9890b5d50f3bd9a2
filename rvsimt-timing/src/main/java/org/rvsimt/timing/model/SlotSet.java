package org.rvsimt.timing.model;

import java.util.Arrays;

/** A set of a scheduler's warp slot indices, as bits, so the scheduler visits only its members, in index order. */
final class SlotSet {
    private long[] words = new long[1];

    void add(int i) {
        int w = i >>> 6;
        if (w >= words.length) {
            words = Arrays.copyOf(words, Math.max(w + 1, words.length * 2));
        }
        words[w] |= 1L << i;
    }

    void remove(int i) {
        int w = i >>> 6;
        if (w < words.length) {
            words[w] &= ~(1L << i);
        }
    }

    void clear() {
        Arrays.fill(words, 0);
    }

    /** The smallest member at or above {@code from}, or -1. */
    int next(int from) {
        int w = from >>> 6;
        if (w >= words.length) {
            return -1;
        }
        long bits = words[w] & -1L << from;
        while (true) {
            if (bits != 0) {
                return (w << 6) + Long.numberOfTrailingZeros(bits);
            }
            if (++w == words.length) {
                return -1;
            }
            bits = words[w];
        }
    }
}
