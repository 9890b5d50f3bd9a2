package org.rvsimt.web;

import java.util.SplittableRandom;

/**
 * The distances between sampled warp-instructions of one host thread: uniform in [1, 2N-1], so on
 * average every Nth. A fixed gap of N aliases with loops whose length divides it: every sample of a
 * two-instruction loop at N = 10 lands on the same instruction, and the heat view shows the other
 * as never run. Random gaps spread the samples over a loop's instructions in proportion to how
 * often they run. The first gap is uniform in [1, N] (a random phase).
 */
final class SampleGaps {
    private final SplittableRandom random;

    SampleGaps(long seed) {
        this.random = new SplittableRandom(seed);
    }

    /** Instructions until the first sample: 1 is the very first instruction. */
    int first(int every) {
        return every == 1 ? 1 : 1 + random.nextInt(every);
    }

    /** Instructions from one sample to the next. */
    int next(int every) {
        return every == 1 ? 1 : 1 + random.nextInt(2 * every - 1);
    }
}
