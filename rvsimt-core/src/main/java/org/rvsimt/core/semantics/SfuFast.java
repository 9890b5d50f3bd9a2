package org.rvsimt.core.semantics;


/**
 * Fast-mode semantics of the SFU instructions: same names and special values as {@link Sfu}, but
 * evaluated like a GPU special-function unit, with range reduction and short polynomials in
 * binary32 arithmetic (no library calls, no binary64 transcendental, no allocation).
 *
 * <ul>
 *   <li>exp: n = round(x log2 e), r = x - n ln2 with a two-constant Cody-Waite split of ln 2 (ln2_hi
 *       has 15 significant bits so n ln2_hi is exact for |n| <= 256), e^r by its degree-6 Taylor
 *       polynomial on |r| <= ln2/2, scaled by 2^n built from exponent bits (two factors, so results
 *       down in the subnormal range are rounded once and correctly placed).
 *   <li>ln: x = 2^e m with m in [sqrt(1/2), sqrt 2), s = (m-1)/(m+1), ln m = 2 atanh s by its odd
 *       series to s^9 (|s| <= 0.1716), plus e ln2 (split hi/lo).
 *   <li>rcp / rsqrt: integer "magic constant" initial guess (0x7EF311C2 - bits, 0x5F375A86 -
 *       bits/2; both constants minimise the error after one Newton step, found by search, the
 *       rsqrt one coinciding with C. Lomont's published optimum) and two Newton-Raphson steps;
 *       inputs whose guess would leave the normal range are pre-scaled by 2^+-24.
 *   <li>tanh: 1 - 2/(e^{2|x|}+1) written as u/(u+2) with u = expm1(2|x|) from the same reduction,
 *       which keeps relative accuracy near 0; |x| is clamped to 9.1, where the quotient is 1.
 *   <li>sigmoid: e = e^-|x|, then 1/(1+e) for x >= 0 and e/(1+e) for x < 0 (relative accuracy for
 *       large negative x), selected without a branch.
 *   <li>sin / cos: quadrant reduction modulo pi/2. For |x| < 2^16, k = round(x 2/pi) and r = (x - k
 *       P1) - k P2 in binary32 (two-constant Cody-Waite: P1 = 1.5703125 has 8 significant bits so
 *       k P1 is exact for k < 2^16, P2 = pi/2 - P1 rounded to binary32). For larger |x| an integer
 *       Payne-Hanek reduction with a 320-bit table of 2/pi (only a few integer multiplies). Then
 *       Taylor polynomials of degree 9 (sin) and 8 (cos) on |r| <= ~pi/4.
 * </ul>
 *
 * <p>Accuracy (measured by {@code SfuFastTest}, see docs/numerics-lowp-sfu.md): relative error
 * below 1e-5 for exp, ln, rcp, rsqrt, tanh and sigmoid wherever the result is a normal binary32;
 * absolute error below 2e-6 for sin and cos over the whole binary32 range. Special values and NaN
 * canonicalisation are as in {@link Sfu}; no fflags.
 */
public final class SfuFast {

    /** RISC-V canonical NaN (binary32). */
    public static final int CANONICAL_NAN = 0x7FC00000;

    private SfuFast() {}

    // --- constants (values derived from the mathematical constants; see the docs) ---------------

    /** 1.5 * 2^23: adding and subtracting it rounds a binary32 with |t| < 2^22 to an integer (RNE). */
    private static final float SHIFTER = 12582912.0f;

    private static final float LOG2E = Float.intBitsToFloat(0x3FB8AA3B); // log2(e)
    private static final float LN2_HI = Float.intBitsToFloat(0x3F317200); // 0.693145751953125
    private static final float LN2_LO = Float.intBitsToFloat(0x35BFBE8E); // ln2 - LN2_HI

    private static final float TWO_OVER_PI = Float.intBitsToFloat(0x3F22F983); // 0.63661975
    private static final float PIO2_1 = Float.intBitsToFloat(0x3FC90000); // 1.5703125 (8 bits)
    private static final float PIO2_2 = Float.intBitsToFloat(0x39FDAA22); // pi/2 - PIO2_1
    private static final double PIO2_D = 1.5707963267948966; // pi/2 in binary64

    /** sqrt(2) as binary32 bits: split point of the ln mantissa range. */
    private static final int SQRT2_BITS = 0x3FB504F3;

    private static final int RCP_MAGIC = 0x7EF311C2;
    private static final int RSQRT_MAGIC = 0x5F375A86;

    /**
     * The binary expansion of 2/pi, 64 bits per word: word j holds the fraction bits 64j+1 .. 64j+64
     * (most significant first). 2/pi = 0.A2F9836E4E441529FC2757D1F534DDC0... (hex). Computed from pi
     * with exact integer arithmetic (Machin's formula); only words 0..3 are reached by binary32.
     */
    private static final long[] TWO_OVER_PI_BITS = {
        0xA2F9836E4E441529L,
        0xFC2757D1F534DDC0L,
        0xDB6295993C439041L,
        0xFE5163ABDEBBC561L,
        0xB7246E3A424DD2E0L,
    };

    // --- public per-lane entry points ------------------------------------------------------------

    /** fexp.s, fast. */
    public static int fexpS(int a) {
        return result(expf(Float.intBitsToFloat(a)));
    }

    /** fln.s, fast. */
    public static int flnS(int a) {
        return result(lnf(a));
    }

    /** frcp.s, fast. */
    public static int frcpS(int a) {
        return result(rcpf(a));
    }

    /** frsqrt.s, fast. */
    public static int frsqrtS(int a) {
        return result(rsqrtf(a));
    }

    /** ftanh.s, fast. */
    public static int ftanhS(int a) {
        // |x| clamped to 9.1 (branch-free): for |x| >= 9.1, u + 2 rounds to u and the quotient is
        // exactly 1, the correctly rounded tanh there (1 - tanh(9.1) < 2^-25). NaN stays NaN.
        float ax = Math.min(Math.abs(Float.intBitsToFloat(a)), 9.1f);
        float u = expm1Small(ax + ax);
        float t = u / (u + 2.0f);
        return result(Float.intBitsToFloat(Float.floatToRawIntBits(t) ^ (a & 0x80000000)));
    }

    /** fsigmoid.s, fast. */
    public static int fsigmoidS(int a) {
        // e = e^-|x| <= 1; sigmoid(|x|) = 1/(1+e), sigmoid(-|x|) = e/(1+e): both without
        // cancellation, selected by the sign bit without a branch. NaN propagates through expf.
        float e = expf(-Math.abs(Float.intBitsToFloat(a)));
        float d = 1.0f / (1.0f + e);
        float n = e * d;
        int neg = a >> 31; // all ones for negative x (including -0: e = 1, both give 0.5)
        return result(
                Float.intBitsToFloat(
                        (Float.floatToRawIntBits(d) & ~neg) | (Float.floatToRawIntBits(n) & neg)));
    }

    /** fsin.s, fast. */
    public static int fsinS(int a) {
        float s = sinCos(a, 0);
        return result(Float.intBitsToFloat(Float.floatToRawIntBits(s) ^ (a & 0x80000000)));
    }

    /** fcos.s, fast. */
    public static int fcosS(int a) {
        return result(sinCos(a, 1));
    }

    // --- kernels ---------------------------------------------------------------------------------

    private static int result(float f) {
        return f != f ? CANONICAL_NAN : Float.floatToRawIntBits(f);
    }

    /** 2^n for -126 <= n <= 127 from exponent bits. */
    private static float pow2(int n) {
        return Float.intBitsToFloat((n + 127) << 23);
    }

    /** e^x. */
    static float expf(float x) {
        if (x > 89.0f) {
            return Float.POSITIVE_INFINITY; // e^89 > FLT_MAX; (88.72, 89] overflows in the scaling below
        }
        if (x < -104.0f) {
            return 0.0f; // e^-104 < 2^-150 (half the smallest subnormal); also -inf
        }
        if (x != x) {
            return x;
        }
        float kf = (x * LOG2E + SHIFTER) - SHIFTER; // n = round(x log2 e), |n| <= 150
        int n = (int) kf;
        float r = (x - kf * LN2_HI) - kf * LN2_LO; // |r| <= ~0.347
        // e^r, degree-6 Taylor polynomial (Horner)
        float p = 1.0f / 120 + r * (1.0f / 720);
        p = 1.0f / 24 + r * p;
        p = 1.0f / 6 + r * p;
        p = 0.5f + r * p;
        p = 1.0f + r * p;
        p = 1.0f + r * p;
        int n1 = n >> 1;
        return p * pow2(n1) * pow2(n - n1); // two exact-range factors; one rounding at the end
    }

    /** e^x - 1 for 0 <= x <= 18.2 (used by tanh); relative accuracy kept near 0. */
    private static float expm1Small(float x) {
        float kf = (x * LOG2E + SHIFTER) - SHIFTER;
        int n = (int) kf;
        float r = (x - kf * LN2_HI) - kf * LN2_LO;
        // e^r - 1 = r + r^2 (1/2 + r/6 + ... + r^5/5040), degree-7 Taylor polynomial
        float t = 1.0f / 720 + r * (1.0f / 5040);
        t = 1.0f / 120 + r * t;
        t = 1.0f / 24 + r * t;
        t = 1.0f / 6 + r * t;
        t = 0.5f + r * t;
        float q = r + (r * r) * t;
        if (n == 0) {
            return q;
        }
        float s = pow2(n);
        return s * q + (s - 1.0f);
    }

    /** ln x from the bit pattern. */
    private static float lnf(int b) {
        if (b <= 0) {
            // +0 (b == 0) and -0 give -inf; every other negative (and negative NaN) gives NaN
            return (b & 0x7FFFFFFF) == 0 ? Float.NEGATIVE_INFINITY : Float.NaN;
        }
        if (b >= 0x7F800000) {
            return b == 0x7F800000 ? Float.POSITIVE_INFINITY : Float.NaN;
        }
        int e = 0;
        if (b < 0x00800000) { // subnormal: scale into the normal range
            b = Float.floatToRawIntBits(Float.intBitsToFloat(b) * 0x1p25f);
            e = -25;
        }
        e += (b >>> 23) - 127;
        int mb = (b & 0x007FFFFF) | 0x3F800000; // m in [1, 2)
        int big = (SQRT2_BITS - mb) >> 31; // all ones if m > sqrt 2 (branch-free: unpredictable)
        mb -= big & 0x00800000; // then m/2 in [sqrt(1/2), 1)
        e -= big; // and e + 1
        float f = Float.intBitsToFloat(mb) - 1.0f; // exact (Sterbenz)
        float s = f / (2.0f + f);
        float z = s * s;
        float lnm =
                s * (2.0f + z * (2.0f / 3 + z * (2.0f / 5 + z * (2.0f / 7 + z * (2.0f / 9)))));
        float ef = e;
        return ef * LN2_HI + (lnm + ef * LN2_LO); // ef * LN2_HI exact (|e| <= 152)
    }

    /** 1/x from the bit pattern. */
    private static float rcpf(int b) {
        int abs = b & 0x7FFFFFFF;
        float x = Float.intBitsToFloat(b);
        if (abs >= 0x00800000 && abs < 0x7E000000) { // 2^-126 <= |x| < 2^125: guess stays normal
            return rcpCore(b, x);
        }
        if (abs >= 0x7F800000) {
            return abs == 0x7F800000 ? (b < 0 ? -0.0f : 0.0f) : Float.NaN;
        }
        if (abs == 0) {
            return b < 0 ? Float.NEGATIVE_INFINITY : Float.POSITIVE_INFINITY;
        }
        if (abs < 0x00800000) { // subnormal: 1/x is huge, overflows to inf below |x| ~ 2^-128
            float xs = x * 0x1p24f;
            return rcpCore(Float.floatToRawIntBits(xs), xs) * 0x1p24f;
        }
        float xs = x * 0x1p-24f; // |x| >= 2^125: result near or in the subnormal range
        return rcpCore(Float.floatToRawIntBits(xs), xs) * 0x1p-24f;
    }

    private static float rcpCore(int b, float x) {
        float y = Float.intBitsToFloat(RCP_MAGIC - b); // sign carried by the subtraction
        y = y * (2.0f - x * y);
        y = y * (2.0f - x * y);
        return y;
    }

    /** 1/sqrt(x) from the bit pattern. */
    private static float rsqrtf(int b) {
        if (b >= 0x00800000 && b < 0x7F800000) { // positive normal (signed compare)
            return rsqrtCore(b, Float.intBitsToFloat(b));
        }
        if (b == 0) {
            return Float.POSITIVE_INFINITY;
        }
        if (b == 0x80000000) {
            return Float.NEGATIVE_INFINITY; // IEEE 754-2019 rSqrt(-0) = -inf
        }
        if (b < 0 || b > 0x7F800000) {
            return Float.NaN; // negative (including -inf, -NaN) or NaN
        }
        if (b == 0x7F800000) {
            return 0.0f;
        }
        float xs = Float.intBitsToFloat(b) * 0x1p24f; // positive subnormal
        return rsqrtCore(Float.floatToRawIntBits(xs), xs) * 0x1p12f;
    }

    private static float rsqrtCore(int b, float x) {
        float y = Float.intBitsToFloat(RSQRT_MAGIC - (b >> 1));
        float hx = 0.5f * x;
        y = y * (1.5f - hx * y * y);
        y = y * (1.5f - hx * y * y);
        return y;
    }

    /**
     * sin(|x|) (quadrantOffset 0) or cos(x) (quadrantOffset 1). The caller applies the sign of x for
     * sin.
     */
    private static float sinCos(int bits, int quadrantOffset) {
        int abs = bits & 0x7FFFFFFF;
        if (abs >= 0x7F800000) {
            return Float.NaN; // inf or NaN
        }
        float a = Float.intBitsToFloat(abs);
        int q;
        float r;
        if (abs < 0x47800000) { // |x| < 2^16: binary32 Cody-Waite
            float kf = (a * TWO_OVER_PI + SHIFTER) - SHIFTER; // k < 2^16, so k * PIO2_1 is exact
            r = (a - kf * PIO2_1) - kf * PIO2_2;
            q = (int) kf;
        } else {
            long packed = reduceLarge(abs);
            q = (int) (packed >>> 32);
            r = Float.intBitsToFloat((int) packed);
        }
        int quadrant = (q + quadrantOffset) & 3;
        // Both polynomials, then a branch-free select and sign flip: the quadrant of random arguments
        // is unpredictable, and a mispredicted branch costs more than the second polynomial.
        float z = r * r;
        float sinr =
                r + r * z * (-1.0f / 6 + z * (1.0f / 120 + z * (-1.0f / 5040 + z * (1.0f / 362880))));
        float cosr = 1.0f + z * (-0.5f + z * (1.0f / 24 + z * (-1.0f / 720 + z * (1.0f / 40320))));
        int odd = -(quadrant & 1); // all ones for quadrants 1 and 3
        int v = (Float.floatToRawIntBits(sinr) & ~odd) | (Float.floatToRawIntBits(cosr) & odd);
        return Float.intBitsToFloat(v ^ ((quadrant & 2) << 30));
    }

    /** 64 bits of 2/pi starting at fraction bit {@code pos} (bit 1 = 2^-1); pos >= -62. */
    private static long twoOverPiBits(int pos) {
        if (pos < 1) {
            return TWO_OVER_PI_BITS[0] >>> (1 - pos); // bits at positions <= 0 are zero
        }
        int idx = (pos - 1) >>> 6;
        int sh = (pos - 1) & 63;
        long w = TWO_OVER_PI_BITS[idx];
        return sh == 0 ? w : (w << sh) | (TWO_OVER_PI_BITS[idx + 1] >>> (64 - sh));
    }

    /**
     * Payne-Hanek reduction of a finite |x| >= 2^16 given by its bits: returns (quadrant << 32) |
     * bits(r) with |x| = (4j + quadrant) pi/2 + r, |r| <= pi/4.
     *
     * <p>With |x| = M 2^E (M the 24-bit significand), |x| 2/pi mod 4 only depends on the bits of 2/pi
     * from position E-1 on (earlier bits contribute multiples of 4). A 128-bit window W of those bits
     * gives |x| 2/pi = M W 2^-126 (mod 4), up to a relative 2^-100: bits 126..127 of the product are
     * the quadrant and the 64 bits below them the fraction.
     */
    private static long reduceLarge(int abs) {
        int e = (abs >>> 23) - 150;
        long m = (abs & 0x007FFFFF) | 0x00800000L;
        int pos = e - 1; // >= -8 because |x| >= 2^16
        long whi = twoOverPiBits(pos);
        long wlo = twoOverPiBits(pos + 64);
        // Y = M*whi*2^64 + M*wlo; only bits 62..127 of Y are needed (higher bits are multiples of 4).
        long mid = m * whi + Math.unsignedMultiplyHigh(m, wlo); // Y bits 64..127 (carry out dropped)
        long low = m * wlo; // Y bits 0..63
        int q = (int) (mid >>> 62);
        long frac = (mid << 2) | (low >>> 62); // fraction of a quadrant, 64 bits
        if (frac < 0) {
            q++; // fraction >= 1/2: next quadrant, fraction - 1 is frac read as signed
        }
        float r = (float) ((double) frac * 0x1p-64 * PIO2_D);
        return ((long) (q & 3) << 32) | (Float.floatToRawIntBits(r) & 0xFFFFFFFFL);
    }
}
