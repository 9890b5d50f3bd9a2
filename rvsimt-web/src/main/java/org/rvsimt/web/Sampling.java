package org.rvsimt.web;

/**
 * The live trace's sampling, set from the page's slider: record on average every Nth warp-instruction
 * of each host thread (1 = all), at random gaps ({@link SampleGaps}). Read by the engine threads on
 * every sample, so a plain volatile.
 */
final class Sampling {
    static final int MAX_EVERY = 1_000_000;

    private volatile int every;

    Sampling(int every) {
        set(every);
    }

    int every() {
        return every;
    }

    void set(int n) {
        if (n < 1 || n > MAX_EVERY) {
            throw new IllegalArgumentException("sampling period " + n + " is not 1.." + MAX_EVERY);
        }
        every = n;
    }
}
