package org.rvsimt.timing.timeline;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Sums of several series over equal intervals of cycles, for counter tracks: the intervals start
 * one cycle wide and double (neighbours merged) whenever a value lands beyond {@link #MAX} of them,
 * so a launch of any length gets between {@code MAX / 2} and {@code MAX} points per series (or one
 * per cycle when it is shorter) without knowing its length in advance.
 */
final class CounterBins {
    static final int MAX = 512;

    private final List<double[]> series = new ArrayList<>();
    private long width = 1;
    /** One past the last interval any series touched. */
    private int used;

    /** A new series, zero everywhere; returns its number. */
    int add() {
        series.add(new double[MAX]);
        return series.size() - 1;
    }

    long width() {
        return width;
    }

    int intervals() {
        return used;
    }

    /** The sum of series {@code s} over interval {@code i} (cycles {@code i * width()} up to the next). */
    double sum(int s, int i) {
        return series.get(s)[i];
    }

    /** Adds {@code perCycle} for every cycle of [from, to) to series {@code s}. */
    void span(int s, long from, long to, double perCycle) {
        if (to <= from) {
            return;
        }
        reach(to - 1);
        double[] v = series.get(s);
        for (long i = from / width; i <= (to - 1) / width; i++) {
            long lo = Math.max(from, i * width);
            long hi = Math.min(to, (i + 1) * width);
            v[(int) i] += (hi - lo) * perCycle;
        }
    }

    /** Adds {@code amount} to series {@code s} in the interval holding {@code cycle}. */
    void at(int s, long cycle, double amount) {
        reach(cycle);
        series.get(s)[(int) (cycle / width)] += amount;
    }

    private void reach(long cycle) {
        while (cycle / width >= MAX) {
            for (double[] v : series) {
                for (int i = 0; i < MAX / 2; i++) {
                    v[i] = v[2 * i] + v[2 * i + 1];
                }
                Arrays.fill(v, MAX / 2, MAX, 0);
            }
            used = (used + 1) / 2;
            width *= 2;
        }
        used = Math.max(used, (int) (cycle / width) + 1);
    }
}
