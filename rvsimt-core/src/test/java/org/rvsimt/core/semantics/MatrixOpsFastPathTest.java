package org.rvsimt.core.semantics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The double-double fast path of {@link MatrixOps#dotAccumulate} returns exactly what the BigDecimal
 * sum rounded once returns (value bits and fflags), in every rounding mode, on millions of seeded
 * dot products built to be hard: wide random exponents, long cancellation chains, sums that land on
 * or next to a binary32 tie, subnormal and overflowing results, NaN/inf/signed-zero operands.
 * {@code -Drvsimt.matrix.cases} (default 2,000,000), {@code -Drvsimt.matrix.seed}.
 */
class MatrixOpsFastPathTest {
    private static final int MAX_K = 12;

    @Test
    void fastPathEqualsTheExactSum() {
        long seed = Long.getLong("rvsimt.matrix.seed", 0xD07_ACCL);
        int cases = Integer.getInteger("rvsimt.matrix.cases", 2_000_000);
        FpInputs in = new FpInputs(seed);
        SplittableRandom rnd = new SplittableRandom(seed ^ 0x5A5A);
        int[] a = new int[MAX_K];
        int[] b = new int[MAX_K];
        int[] fastFlags = new int[1];
        int[] exactFlags = new int[1];
        long undecided = 0;
        long[] perStrategy = new long[STRATEGIES];
        long t0 = System.nanoTime();
        for (int i = 0; i < cases; i++) {
            int n = rnd.nextInt(1, MAX_K + 1);
            int strategy = rnd.nextInt(STRATEGIES);
            perStrategy[strategy]++;
            int c = fill(strategy, in, rnd, a, b, n);
            int rm = rnd.nextInt(5);
            fastFlags[0] = 0;
            exactFlags[0] = 0;
            int fast = MatrixOps.dotAccumulate(c, a, b, n, rm, fastFlags, 0);
            int exact = MatrixOps.dotAccumulate(c, a, b, n, rm, exactFlags, 0, true);
            if (fast != exact || fastFlags[0] != exactFlags[0]) {
                throw new AssertionError(String.format("case %d (strategy %d, rm %d): c=0x%08x a=%s b=%s: fast 0x%08x"
                        + " flags %d, exact 0x%08x flags %d", i, strategy, rm, c, hex(a, n), hex(b, n), fast,
                        fastFlags[0], exact, exactFlags[0]));
            }
            int[] summedFlags = new int[1];
            long bounded = MatrixOps.roundedSumBounded(plainSum(c, a, b, n, false), plainSum(c, a, b, n, true), n, rm,
                    summedFlags, 0);
            int summed = bounded != MatrixOps.UNDECIDED ? (int) bounded
                    : MatrixOps.dotAccumulate(c, a, b, n, rm, summedFlags, 0);
            if (summed != exact || summedFlags[0] != exactFlags[0]) {
                throw new AssertionError(String.format("case %d (strategy %d, rm %d): c=0x%08x a=%s b=%s: summed 0x%08x"
                        + " flags %d, exact 0x%08x flags %d", i, strategy, rm, c, hex(a, n), hex(b, n), summed,
                        summedFlags[0], exact, exactFlags[0]));
            }
            if (allFinite(c, a, b, n)) {
                int[] scratch = new int[1];
                undecided += MatrixOps.roundedSumFast(c, a, b, n, rm, scratch, 0) == MatrixOps.UNDECIDED ? 1 : 0;
            }
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        System.out.printf("matrix dot fast path: %d cases (seed 0x%x) agree with BigDecimal; %.3f%% fell back;"
                + " %.1f s%n", cases, seed, 100.0 * undecided / cases, seconds);
        // the fast path must be the common case, or it is not a fast path
        assertThat(undecided).as("cases the fast path could not decide").isLessThan(cases / 20);
    }

    /** c + sum a[k]*b[k] (or of the magnitudes) in plain doubles, in index order, as the matrix unit adds them. */
    private static double plainSum(int c, int[] a, int[] b, int n, boolean magnitude) {
        double s = Float.intBitsToFloat(c);
        s = magnitude ? Math.abs(s) : s;
        for (int k = 0; k < n; k++) {
            double p = (double) Float.intBitsToFloat(a[k]) * Float.intBitsToFloat(b[k]);
            s += magnitude ? Math.abs(p) : p;
        }
        return s;
    }

    /** Plain, well-conditioned dot products (the matmul kernels' case) almost never fall back. */
    @Test
    void wellConditionedSumsAreDecidedFast() {
        SplittableRandom rnd = new SplittableRandom(17);
        int[] a = new int[16];
        int[] b = new int[16];
        int undecided = 0;
        for (int i = 0; i < 100_000; i++) {
            for (int k = 0; k < 16; k++) {
                a[k] = Float.floatToRawIntBits((float) rnd.nextDouble(-1, 1));
                b[k] = Float.floatToRawIntBits((float) rnd.nextDouble(-1, 1));
            }
            int c = Float.floatToRawIntBits((float) rnd.nextDouble(-4, 4));
            undecided += MatrixOps.roundedSumFast(c, a, b, 16, i % 5, new int[1], 0) == MatrixOps.UNDECIDED ? 1 : 0;
        }
        assertThat(undecided).isLessThan(100);
        System.out.printf("matrix dot, 16 terms: fast %.0f ns, BigDecimal %.0f ns per dot product%n",
                nanosPerDot(a, b, false), nanosPerDot(a, b, true));
    }

    /** A rough timing for the report (not asserted: the machine is shared). */
    private static double nanosPerDot(int[] a, int[] b, boolean exactOnly) {
        int[] flags = new int[1];
        int sink = 0;
        long best = Long.MAX_VALUE;
        for (int round = 0; round < 5; round++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < 20_000; i++) {
                sink += MatrixOps.dotAccumulate(i, a, b, 16, FloatOps.RNE, flags, 0, exactOnly);
            }
            best = Math.min(best, System.nanoTime() - t0);
        }
        return sink == 42 ? -1 : best / 20_000.0;
    }

    /** Hand-made cases whose answers are known from the definition, checked on both paths. */
    @Test
    void knownCases() {
        int one = 0x3F800000;
        int halfUlpOfOne = 0x33800000;            // 2^-24: 1 + 2^-24 is the tie between 1 and 1 + 2^-23
        int tiny = 0x0D800000;                    // 2^-100
        for (boolean exactOnly : new boolean[] {false, true}) {
            // an exact tie rounds to even (1.0), a hair above it rounds up
            assertThat(dot(one, new int[] {halfUlpOfOne}, new int[] {one}, FloatOps.RNE, exactOnly)).isEqualTo(one);
            assertThat(dot(one, new int[] {halfUlpOfOne, tiny}, new int[] {one, tiny}, FloatOps.RNE, exactOnly))
                    .isEqualTo(one + 1);
            // total cancellation: +0 in RNE, -0 in RDN
            assertThat(dot(one, new int[] {one}, new int[] {0xBF800000}, FloatOps.RNE, exactOnly)).isZero();
            assertThat(dot(one, new int[] {one}, new int[] {0xBF800000}, FloatOps.RDN, exactOnly))
                    .isEqualTo(0x80000000);
            // cancellation down to a subnormal result: 1 - 1 + 2^-71 * 2^-71
            assertThat(dot(one, new int[] {one, 0x1C000000}, new int[] {0xBF800000, 0x1C000000}, FloatOps.RNE,
                    exactOnly)).isEqualTo(Float.floatToRawIntBits(0x1p-142f));
            // overflow: max * 2 rounds to inf in RNE, to max in RTZ
            assertThat(dot(0, new int[] {0x7F7FFFFF}, new int[] {0x40000000}, FloatOps.RNE, exactOnly))
                    .isEqualTo(0x7F800000);
            assertThat(dot(0, new int[] {0x7F7FFFFF}, new int[] {0x40000000}, FloatOps.RTZ, exactOnly))
                    .isEqualTo(0x7F7FFFFF);
        }
    }

    private static int dot(int c, int[] a, int[] b, int rm, boolean exactOnly) {
        return MatrixOps.dotAccumulate(c, a, b, a.length, rm, new int[1], 0, exactOnly);
    }

    private static final int STRATEGIES = 6;

    /** Fills a[0..n), b[0..n) by strategy and returns c. */
    private static int fill(int strategy, FpInputs in, SplittableRandom rnd, int[] a, int[] b, int n) {
        switch (strategy) {
            case 0 -> {                 // anything finite, wide exponents (overflow, underflow)
                for (int k = 0; k < n; k++) {
                    a[k] = in.finite();
                    b[k] = in.finite();
                }
                return in.finite();
            }
            case 1 -> {                 // cancellation chains: each term nearly undoes the one before
                for (int k = 0; k < n; k++) {
                    if (k > 0 && rnd.nextInt(3) != 0) {
                        a[k] = FpInputs.fin((a[k - 1] ^ 0x80000000) + rnd.nextInt(-2, 3));
                        b[k] = rnd.nextBoolean() ? b[k - 1] : FpInputs.fin(b[k - 1] + rnd.nextInt(-2, 3));
                    } else {
                        a[k] = moderate(in, rnd);
                        b[k] = moderate(in, rnd);
                    }
                }
                return in.addendFor(a[0], b[0]);
            }
            case 2 -> {                 // ties: c plus half its ulp (times a power of two), plus exact pairs
                int c = moderate(in, rnd);
                int half = FpInputs.scale(c & 0xFF800000, -24 + rnd.nextInt(-1, 2)) & 0x7FFFFFFF;
                a[0] = half | (rnd.nextBoolean() ? 0x80000000 : 0);
                b[0] = 0x3F800000;
                for (int k = 1; k < n; k++) {
                    if ((k & 1) == 1 && k + 1 < n) {
                        a[k] = moderate(in, rnd);
                        b[k] = moderate(in, rnd);
                        a[k + 1] = a[k] ^ 0x80000000;
                        b[k + 1] = b[k];
                    } else if (k == n - 1 || (k & 1) == 1) {
                        // a nudge far below the tie, or none
                        a[k] = rnd.nextBoolean() ? FpInputs.scale(half, -rnd.nextInt(20, 60)) : 0;
                        b[k] = rnd.nextBoolean() ? 0x3F800000 : 0xBF800000;
                    }
                }
                return c;
            }
            case 3 -> {                 // results in and around the subnormal range
                for (int k = 0; k < n; k++) {
                    a[k] = FpInputs.scale(moderate(in, rnd), -rnd.nextInt(50, 80));
                    b[k] = FpInputs.scale(moderate(in, rnd), -rnd.nextInt(50, 80));
                }
                return rnd.nextBoolean() ? in.finite() & 0x807FFFFF : 0;
            }
            case 4 -> {                 // near the overflow threshold, with cancellation back into range
                for (int k = 0; k < n; k++) {
                    a[k] = FpInputs.scale(moderate(in, rnd), rnd.nextInt(55, 66));
                    b[k] = FpInputs.scale(moderate(in, rnd), rnd.nextInt(55, 66));
                }
                return rnd.nextBoolean() ? 0x7F7FFFFF ^ (rnd.nextBoolean() ? 0x80000000 : 0) : in.finite();
            }
            default -> {                // specials mixed in: NaN, inf, zeros of both signs
                for (int k = 0; k < n; k++) {
                    a[k] = rnd.nextInt(4) == 0 ? in.any() : in.finite();
                    b[k] = rnd.nextInt(4) == 0 ? (rnd.nextBoolean() ? 0 : 0x80000000) : in.any();
                }
                return in.any();
            }
        }
    }

    private static int moderate(FpInputs in, SplittableRandom rnd) {
        int sign = rnd.nextBoolean() ? 0x80000000 : 0;
        int man = rnd.nextBoolean() ? in.sparseMantissa() : rnd.nextInt() & 0x7FFFFF;
        return sign | (127 + rnd.nextInt(-12, 13)) << 23 | man;
    }

    private static boolean allFinite(int c, int[] a, int[] b, int n) {
        boolean ok = FpInputs.isFinite(c);
        for (int k = 0; k < n; k++) {
            ok &= FpInputs.isFinite(a[k]) && FpInputs.isFinite(b[k]);
        }
        return ok;
    }

    private static String hex(int[] v, int n) {
        StringBuilder s = new StringBuilder("[");
        for (int k = 0; k < n; k++) {
            s.append(k > 0 ? ", " : "").append(String.format("0x%08x", v[k]));
        }
        return s.append(']').toString();
    }
}
