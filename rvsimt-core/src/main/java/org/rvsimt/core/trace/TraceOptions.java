package org.rvsimt.core.trace;

/**
 * What a trace records. The filters combine (an instruction is recorded only if it passes all of
 * them); "every Nth" then counts the instructions that passed, per host thread.
 *
 * @param everyNth     record one warp-instruction in N (1 = all)
 * @param periodMillis time sampling, as the seed's slider: within every period of this many wall-clock
 *                     milliseconds only the first {@code windowMillis} record (0 = no time sampling)
 * @param windowMillis the recorded window of each period
 * @param pcLow        lowest pc recorded (inclusive)
 * @param pcHigh       highest pc recorded (exclusive, unsigned); {@code pcLow == 0 && pcHigh == 0} means all
 * @param block        only this linear block (-1 = all)
 * @param warp         only this warp within the block (-1 = all)
 * @param laneValues   instruction records carry each active lane's destination value
 * @param fastRingWords capacity of each host thread's instruction ring (power of two)
 * @param slowRingWords capacity of each host thread's event ring (power of two)
 */
public record TraceOptions(long everyNth, int periodMillis, int windowMillis, int pcLow, int pcHigh, long block,
                           int warp, boolean laneValues, int fastRingWords, int slowRingWords) {

    /** 4 MiB and 64 KiB per host thread, the seed's ring sizes. */
    public static final int DEFAULT_FAST_WORDS = 1 << 20;
    public static final int DEFAULT_SLOW_WORDS = 1 << 14;

    public TraceOptions {
        if (everyNth < 1) {
            throw new IllegalArgumentException("every-Nth sampling must be at least 1, got " + everyNth);
        }
        if (periodMillis < 0 || windowMillis < 0 || (periodMillis > 0 && (windowMillis < 1 || windowMillis > periodMillis))) {
            throw new IllegalArgumentException("time sampling: window " + windowMillis + " ms must be 1.." + periodMillis
                    + " ms (the period)");
        }
        if (Integer.compareUnsigned(pcLow, pcHigh) > 0) {
            throw new IllegalArgumentException(String.format("pc range 0x%x..0x%x is empty", pcLow, pcHigh));
        }
        if (block < -1 || warp < -1) {
            throw new IllegalArgumentException("block and warp filters are -1 (all) or an index");
        }
        checkRing(fastRingWords, "fast");
        checkRing(slowRingWords, "slow");
    }

    private static void checkRing(int words, String which) {
        if (words < 128 || Integer.bitCount(words) != 1) {
            throw new IllegalArgumentException(which + " ring size must be a power of two >= 128 words, got " + words);
        }
    }

    /** Every instruction, no lane values, default rings. */
    public static TraceOptions defaults() {
        return new TraceOptions(1, 0, 0, 0, 0, -1, -1, false, DEFAULT_FAST_WORDS, DEFAULT_SLOW_WORDS);
    }

    public TraceOptions withEveryNth(long n) {
        return new TraceOptions(n, periodMillis, windowMillis, pcLow, pcHigh, block, warp, laneValues, fastRingWords,
                slowRingWords);
    }

    public TraceOptions withTimeWindow(int period, int window) {
        return new TraceOptions(everyNth, period, window, pcLow, pcHigh, block, warp, laneValues, fastRingWords,
                slowRingWords);
    }

    /** Only pcs in {@code [low, high)}. */
    public TraceOptions withPcRange(int low, int high) {
        return new TraceOptions(everyNth, periodMillis, windowMillis, low, high, block, warp, laneValues, fastRingWords,
                slowRingWords);
    }

    /** Only one warp ({@code warp} = -1: every warp of the block; {@code block} = -1: that warp of every block). */
    public TraceOptions withWarp(long block, int warp) {
        return new TraceOptions(everyNth, periodMillis, windowMillis, pcLow, pcHigh, block, warp, laneValues,
                fastRingWords, slowRingWords);
    }

    public TraceOptions withLaneValues(boolean on) {
        return new TraceOptions(everyNth, periodMillis, windowMillis, pcLow, pcHigh, block, warp, on, fastRingWords,
                slowRingWords);
    }

    public TraceOptions withRings(int fastWords, int slowWords) {
        return new TraceOptions(everyNth, periodMillis, windowMillis, pcLow, pcHigh, block, warp, laneValues, fastWords,
                slowWords);
    }

    boolean allPcs() {
        return pcLow == 0 && pcHigh == 0;
    }

    /** Whether {@code pc}, {@code block} and {@code warp} pass the filters (sampling aside). */
    public boolean selects(int pc, long b, int w) {
        return (allPcs() || (Integer.compareUnsigned(pc, pcLow) >= 0 && Integer.compareUnsigned(pc, pcHigh) < 0))
                && (block < 0 || block == b) && (warp < 0 || warp == w);
    }
}
