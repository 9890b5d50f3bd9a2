package org.rvsimt.core.semantics;

import java.math.BigDecimal;

/**
 * Matrix multiply-accumulate semantics of the XuanTie matrix extension (spec/matmul.adoc,
 * spec/matmul_zmabt.adoc): {@code C[i][j] += sum_k A[i][k] * B[j][k]}, B held transposed.
 *
 * <p>Rounding, as this implementation defines the spec's "rounding after accumulation": every
 * output element is {@code round(C[i][j] + sum_k A[i][k]*B[j][k])} with the sum computed exactly
 * (BigDecimal) and rounded once to binary32 in the rounding mode xmfrm; so the order of the
 * "unordered" sum cannot matter. Inputs of bf16/fp8 are widened to binary32 exactly first.
 * Special values: any NaN input, inf*0, or +inf + -inf gives the canonical NaN (NV if invalid
 * or any input is a signaling NaN); otherwise an infinite term gives that infinity; an exact zero
 * sum is -0 only when every term is -0 (or in RDN when the terms cancel), as IEEE 754 addition.
 * Integer forms wrap modulo 2^32, as RVV's integer multiply-add does.
 *
 * <p>Speed without giving up exactness: the product of two binary32 values is exact in a double, so
 * the sum is accumulated as an unevaluated double-double with error-free TwoSum steps, plus a bound
 * on the only error left (the rounding of the low word's additions). Rounding to binary32 depends
 * only on which interval between consecutive "decision points" (binary32 values, midpoints and the
 * tininess/overflow thresholds, all multiples of a quarter binary32 ulp) the exact sum lies in; when
 * the double-double and its error bound fit in one such interval the result follows from a double of
 * that interval. Only when the bound straddles a decision point (a near-tie, heavy cancellation to
 * almost zero) is the sum recomputed with BigDecimal. {@code MatrixOpsFastPathTest} checks the two
 * paths agree on millions of seeded cases.
 */
public final class MatrixOps {
    private MatrixOps() { }

    /**
     * {@code c + sum_k a[k] * b[k]} for k &lt; n, rounded once; a, b, c are binary32 bit patterns.
     */
    public static int dotAccumulate(int c, int[] a, int[] b, int n, int rm, int[] fflags, int lane) {
        return dotAccumulate(c, a, b, n, rm, fflags, lane, false);
    }

    /** As {@link #dotAccumulate(int, int[], int[], int, int, int[], int)}; {@code exactOnly} skips the fast path. */
    static int dotAccumulate(int c, int[] a, int[] b, int n, int rm, int[] fflags, int lane, boolean exactOnly) {
        if (!exactOnly && allFinite(c, a, b, n)) {
            // No NaN or infinity: the special-value scan below would find nothing, so go straight to
            // the sum (the sign rule of an exact zero is only needed when the sum is one)
            long fast = roundedSumFast(c, a, b, n, rm, fflags, lane);
            if (fast == EXACT_ZERO) {
                return signedZero(allNegativeZero(c, a, b, n), rm);
            }
            return fast != UNDECIDED ? (int) fast
                    : roundedSumExact(c, a, b, n, rm, allNegativeZero(c, a, b, n), fflags, lane);
        }
        boolean invalid = FloatOps.isSNaN(c);
        boolean nan = FloatOps.isNaN(c);
        int inf = isInf(c) ? (c < 0 ? -1 : 1) : 0;
        boolean conflict = false;
        for (int k = 0; k < n; k++) {
            invalid |= FloatOps.isSNaN(a[k]) || FloatOps.isSNaN(b[k]);
            nan |= FloatOps.isNaN(a[k]) || FloatOps.isNaN(b[k]);
            boolean zeroA = (a[k] & 0x7FFF_FFFF) == 0;
            boolean zeroB = (b[k] & 0x7FFF_FFFF) == 0;
            if (isInf(a[k]) && zeroB || isInf(b[k]) && zeroA) {
                invalid = true;
                nan = true;
            } else if (isInf(a[k]) || isInf(b[k])) {
                int s = (a[k] ^ b[k]) < 0 ? -1 : 1;
                conflict |= inf != 0 && inf != s;
                inf = s;
            }
        }
        if (conflict) {
            invalid = true;
            nan = true;
        }
        if (invalid) {
            fflags[lane] |= FloatOps.NV;
        }
        if (nan) {
            return LowPrecision.CANONICAL_NAN;
        }
        if (inf != 0) {
            return inf < 0 ? 0xFF80_0000 : 0x7F80_0000;
        }
        boolean allNegativeZero = allNegativeZero(c, a, b, n);
        long fast = exactOnly ? UNDECIDED : roundedSumFast(c, a, b, n, rm, fflags, lane);
        if (fast != UNDECIDED) {
            return fast == EXACT_ZERO ? signedZero(allNegativeZero, rm) : (int) fast;
        }
        return roundedSumExact(c, a, b, n, rm, allNegativeZero, fflags, lane);
    }

    /** The error bound's factor per term: 2^-53 with margin for the rounding of the magnitude and of w itself. */
    private static final double TERM_BOUND = 0x1.00001p-53;

    /**
     * The factor that bounds the error of a plain double sum of c and n exact products (one rounding per
     * addition, any order): the sum is within {@code sumErrorBound(n) * magnitude} of the exact one, with
     * {@code magnitude} the sum of the terms' absolute values added the same way.
     */
    public static double sumErrorBound(int n) {
        return n * TERM_BOUND;
    }

    /**
     * The quick decision for a caller that has already summed in plain doubles: {@code sum} is
     * {@code c + sum_k a[k]*b[k]} added up in any order with one double rounding per addition (each
     * product is exact in a double), {@code magnitude} is {@code |c| + sum_k |a[k]*b[k]|} added the same
     * way. The sum is then within {@code sumErrorBound(n) * magnitude} of the exact one (recursive
     * summation of n + 1 terms, Higham, "Accuracy and Stability of Numerical Algorithms", 2nd ed., section 4.2),
     * which decides the rounding in almost every plain case without TwoSum.
     * The rounded sum when {@code sum}, within {@code n * 2^-53 * magnitude} of the exact sum, lies in a
     * normal binary32 binade strictly between two neighbouring binary32 values or midpoints with the
     * whole error interval on the same side (then the exact sum rounds as {@code sum} does, inexactly);
     * else {@link #UNDECIDED} without touching fflags (then {@link #dotAccumulate} gives the answer). NaN,
     * infinite, zero and out-of-range sums fail the exponent test.
     */
    public static long roundedSumBounded(double sum, double magnitude, int n, int rm, int[] fflags, int lane) {
        long bits = Double.doubleToRawLongBits(sum);
        int exponent = (int) (bits >>> 52 & 0x7FF) - 1023;
        if (exponent < -126 || exponent > 126) {
            return UNDECIDED;
        }
        long offGrid = bits & 0xFFF_FFFFL;
        double w = magnitude * sumErrorBound(n);
        double ulp = Double.longBitsToDouble((long) (exponent - 52 + 1023) << 52);
        if (offGrid == 0 || !(w < Math.min(offGrid, 0x1000_0000L - offGrid) * ulp)) {
            return UNDECIDED;
        }
        return Integer.toUnsignedLong(roundOffGrid(bits, exponent, rm, fflags, lane));
    }

    private static boolean allFinite(int c, int[] a, int[] b, int n) {
        // an all-ones exponent field plus one exponent step sets the sign bit; any other leaves it clear
        int special = (c & 0x7F80_0000) + 0x0080_0000;
        for (int k = 0; k < n; k++) {
            special |= (a[k] & 0x7F80_0000) + 0x0080_0000 | (b[k] & 0x7F80_0000) + 0x0080_0000;
        }
        return special >= 0;
    }

    /** Whether c and every product are -0 (the sign of an exact zero sum, IEEE 754 6.3). */
    private static boolean allNegativeZero(int c, int[] a, int[] b, int n) {
        boolean all = c == 0x8000_0000;
        for (int k = 0; k < n; k++) {
            all &= ((a[k] & 0x7FFF_FFFF) == 0 || (b[k] & 0x7FFF_FFFF) == 0) && (a[k] ^ b[k]) < 0;
        }
        return all;
    }

    /** {@link #roundedSumFast} could not decide the rounding; the caller must use the exact sum. */
    public static final long UNDECIDED = -1L;
    /** {@link #roundedSumFast} found the sum to be exactly zero; its sign is the caller's rule. */
    static final long EXACT_ZERO = -2L;

    /** Bound on the relative rounding error of summing the error bound itself (n far below 2^20 terms). */
    private static final double BOUND_MARGIN = 1 + 0x1p-30;

    /**
     * The rounded finite sum {@code c + sum a[k]*b[k]} (as an unsigned int in a long, raising flags),
     * {@link #EXACT_ZERO}, or {@link #UNDECIDED} without touching fflags. Inputs must be finite.
     */
    static long roundedSumFast(int c, int[] a, int[] b, int n, int rm, int[] fflags, int lane) {
        double hi = Float.intBitsToFloat(c);
        double lo = 0;
        double bound = 0;            // >= |sum of the rounding errors of lo's additions|
        for (int k = 0; k < n; k++) {
            double p = (double) Float.intBitsToFloat(a[k]) * Float.intBitsToFloat(b[k]);   // exact: 24+24 bits
            // TwoSum (Knuth): s + e == hi + p exactly, in round-to-nearest without overflow
            double s = hi + p;
            double bv = s - hi;
            double e = (hi - (s - bv)) + (p - bv);
            hi = s;
            double t = lo + e;
            double bv2 = t - lo;
            bound += Math.abs((lo - (t - bv2)) + (e - bv2));
            lo = t;
        }
        double h = hi + lo;
        double bh = h - hi;
        double r = (hi - (h - bh)) + (lo - bh);      // h + r == hi + lo exactly
        if (h == 0) {
            return bound == 0 ? EXACT_ZERO : UNDECIDED;
        }
        double slack = bound * BOUND_MARGIN;
        double w = (Math.abs(r) + slack) * BOUND_MARGIN;   // exact sum within h +- w
        long bits = Double.doubleToRawLongBits(h);
        int exponent = (int) (bits >>> 52 & 0x7FF) - 1023;
        if (exponent >= -126 && exponent <= 126) {
            // The common case, decided with integer operations: h's binade holds only normal binary32
            // values that cannot overflow, and its binary32 values and midpoints are the multiples of
            // 2^28 double ulps of h. If the exact sum and h lie strictly between the same two of them,
            // the sum rounds as h does, inexactly, with no other flag.
            long offGrid = bits & 0xFFF_FFFFL;
            double ulp = Double.longBitsToDouble((long) (exponent - 52 + 1023) << 52);
            if (offGrid != 0 && w < Math.min(offGrid, 0x1000_0000L - offGrid) * ulp) {
                return Integer.toUnsignedLong(roundOffGrid(bits, exponent, rm, fflags, lane));
            }
        }
        // Decision points are multiples of q: a quarter binary32 ulp of h's binade, 2^-151 below the
        // normal range (half the subnormal spacing, so the tininess threshold 2^-126 - 2^-151 is one).
        double q = Math.scalb(1.0, Math.max(Math.getExponent(h), -126) - 25);
        double ah = Math.abs(h);
        double rem = ah - Math.floor(ah / q) * q;    // exact: q is a power of two
        double representative;
        if (rem != 0) {
            if (w >= rem || w >= q - rem) {
                return UNDECIDED;
            }
            representative = h;                      // h and the exact sum share an open interval
        } else if (w == 0) {
            representative = h;                      // exact
        } else {
            // h is a decision point: the side of the exact sum must be certain, and it must stay
            // inside the neighbouring interval (half as wide below a power of two)
            if (Math.abs(r) <= slack || w >= q / 2) {
                return UNDECIDED;
            }
            representative = r > 0 ? Math.nextUp(h) : Math.nextDown(h);
        }
        return Integer.toUnsignedLong(FloatOps.round(representative, 0, rm, fflags, lane));
    }

    /**
     * Rounds double {@code bits} (binade {@code exponent}, normal for binary32 and below 2^127, neither
     * a binary32 value nor a midpoint) to binary32 in mode rm: truncate, then step away from zero
     * when the mode says so; the result is inexact (NX).
     */
    private static int roundOffGrid(long bits, int exponent, int rm, int[] fflags, int lane) {
        boolean negative = bits < 0;
        int truncated = (exponent + 127) << 23 | (int) (bits >>> 29 & 0x7F_FFFF);
        boolean upperHalf = (bits >>> 28 & 1) != 0;          // above the midpoint
        boolean away = switch (rm) {
            case FloatOps.RTZ -> false;
            case FloatOps.RDN -> negative;
            case FloatOps.RUP -> !negative;
            default -> upperHalf;                           // RNE and RMM: no tie here
        };
        fflags[lane] |= FloatOps.NX;
        return (negative ? 0x8000_0000 : 0) | truncated + (away ? 1 : 0);
    }

    /** The reference: the sum computed exactly with BigDecimal, rounded once. */
    static int roundedSumExact(int c, int[] a, int[] b, int n, int rm, boolean allNegativeZero, int[] fflags,
                               int lane) {
        BigDecimal sum = exact(c);
        for (int k = 0; k < n; k++) {
            sum = sum.add(exact(a[k]).multiply(exact(b[k])));
        }
        if (sum.signum() == 0) {
            return signedZero(allNegativeZero, rm);
        }
        double d = sum.doubleValue();
        int err = sum.compareTo(new BigDecimal(d));
        return FloatOps.round(d, err, rm, fflags, lane);
    }

    /** IEEE 754 6.3: an exact zero sum is +0 except in RDN, or when every addend is -0. */
    private static int signedZero(boolean allNegativeZero, int rm) {
        return allNegativeZero || rm == FloatOps.RDN ? 0x8000_0000 : 0;
    }

    /** {@code c + sum_k a[k] * b[k]} modulo 2^32 (a, b already extended to int with the right signedness). */
    public static int dotAccumulateInt(int c, int[] a, int[] b, int n) {
        int s = c;
        for (int k = 0; k < n; k++) {
            s += a[k] * b[k];
        }
        return s;
    }

    private static boolean isInf(int v) {
        return (v & 0x7FFF_FFFF) == 0x7F80_0000;
    }

    private static BigDecimal exact(int bits) {
        return new BigDecimal(Float.intBitsToFloat(bits));
    }
}
