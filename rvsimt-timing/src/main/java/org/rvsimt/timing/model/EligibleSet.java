package org.rvsimt.timing.model;

import java.util.Arrays;

/**
 * A scheduler's eligible warps (their own dependencies are met, only a pipe can hold them), as bit
 * sets of slot indices per pipe key. Whether a warp can issue depends only on its pipe, so the
 * scheduler asks each pipe present once per cycle instead of once per waiting warp: on an
 * LSU-bound kernel a dozen warps wait for the same load/store unit.
 */
final class EligibleSet {
    /** Per pipe key: the member slots waiting for it, 64 to a word. */
    private final long[][] bits;
    /** Per slot: the key it was added with. */
    private int[] keyOf = new int[64];
    private final int[] count;
    /** Bit k: some member waits for pipe key k. */
    private int present;

    EligibleSet(int keys) {
        if (keys > 31) {
            throw new IllegalArgumentException("at most 31 pipe keys");
        }
        bits = new long[keys][1];
        count = new int[keys];
    }

    void add(int slot, int key) {
        int w = slot >>> 6;
        if (w >= bits[key].length) {
            for (int k = 0; k < bits.length; k++) {
                bits[k] = Arrays.copyOf(bits[k], Math.max(w + 1, bits[k].length * 2));
            }
        }
        if (slot >= keyOf.length) {
            keyOf = Arrays.copyOf(keyOf, Math.max(slot + 1, keyOf.length * 2));
        }
        bits[key][w] |= 1L << slot;
        keyOf[slot] = key;
        count[key]++;
        present |= 1 << key;
    }

    /** Removes member {@code slot}. */
    void remove(int slot) {
        int key = keyOf[slot];
        bits[key][slot >>> 6] &= ~(1L << slot);
        if (--count[key] == 0) {
            present &= ~(1 << key);
        }
    }

    void clear() {
        for (int k = 0; k < bits.length; k++) {
            Arrays.fill(bits[k], 0);
        }
        Arrays.fill(count, 0);
        present = 0;
    }

    /** The pipe keys some member waits for, as bits. */
    int keys() {
        return present;
    }

    /** The smallest member at or above {@code from} whose key is one of {@code keyMask}'s bits, or -1. */
    int next(int from, int keyMask) {
        int m = keyMask & present;
        if (m == 0) {
            return -1;
        }
        int words = bits[0].length;
        for (int w = from >>> 6; w < words; w++) {
            long union = 0;
            for (int r = m; r != 0; r &= r - 1) {
                union |= bits[Integer.numberOfTrailingZeros(r)][w];
            }
            if (w == from >>> 6) {
                union &= -1L << from;
            }
            if (union != 0) {
                return (w << 6) + Long.numberOfTrailingZeros(union);
            }
        }
        return -1;
    }
}
