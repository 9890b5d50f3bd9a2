package org.rvsimt.core.api;

import java.util.SplittableRandom;

/**
 * The reproducible random inputs of a launch manifest ({@code random: {count, seed, min, max}}):
 * element i is the i-th draw of {@code SplittableRandom(seed)}. Reference implementations use the
 * same class, so a manifest and its reference agree on the inputs without storing them.
 */
public final class RandomFill {
    private RandomFill() { }

    /** Floats uniform in [min, max): {@code (float) (min + (max - min) * nextDouble())}. */
    public static float[] floats(int count, long seed, double min, double max) {
        SplittableRandom r = new SplittableRandom(seed);
        float[] out = new float[count];
        for (int i = 0; i < count; i++) {
            out[i] = (float) (min + (max - min) * r.nextDouble());
        }
        return out;
    }

    /** Integers uniform in [min, max] (both inclusive): {@code nextLong(min, max + 1)}. */
    public static int[] ints(int count, long seed, long min, long max) {
        SplittableRandom r = new SplittableRandom(seed);
        int[] out = new int[count];
        for (int i = 0; i < count; i++) {
            out[i] = (int) r.nextLong(min, max + 1);
        }
        return out;
    }
}
