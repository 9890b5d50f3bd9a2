package org.rvsimt.core.semantics;

import org.rvsimt.isa.Operation.FromLowPrecision;
import org.rvsimt.isa.Operation.ToLowPrecision;

/**
 * Semantics of the seed's low-precision conversion instructions (OP-FP funct7 0100010, 0100100,
 * 0100110), done to the published formats instead of the seed's faulty ones (seed defect 15).
 *
 * <p>All values are raw 32-bit f-register images. Placement (docs/numerics-lowp-sfu.md): bf16 in bits
 * [31:16], E4M3/E5M2 in bits [31:24], E2M1 in bits [31:28]. A conversion <em>to</em> a narrow format
 * writes only those bits and keeps the remaining bits of the old destination value {@code fdOld}; a
 * conversion <em>from</em> a narrow format reads only those bits of {@code fs1} and ignores the rest.
 *
 * <p>Formats:
 *
 * <ul>
 *   <li>bf16: the upper half of IEEE binary32 (1/8/7, bias 127), with infinities, NaNs and
 *       subnormals.
 *   <li>E4M3 and E5M2: OCP 8-bit Floating Point Specification (OFP8), revision 1.0 (June 2023),
 *       format definition table. E4M3: bias 7, no infinities, NaN only at S.1111.111, max normal
 *       S.1111.110 = 448, min normal 2^-6, subnormals m*2^-9. E5M2: bias 15, IEEE-754-like,
 *       infinities S.11111.00, NaNs S.11111.{01,10,11}, max normal 57344, min normal 2^-14,
 *       subnormals m*2^-16.
 *   <li>E2M1: OCP Microscaling Formats (MX) Specification v1.0 (September 2023), FP4 element
 *       type: bias 1, no infinities and no NaN, values {0, 0.5, 1, 1.5, 2, 3, 4, 6} with the sign in bit 3 of
 *       the nibble.
 * </ul>
 *
 * <p>Rounding: every narrowing conversion rounds to nearest, ties to even (IEEE 754
 * roundTiesToEven; the OFP8 and MX specifications both prescribe it for conversions), including in
 * the subnormal range of the target. Overflow: E4M3 uses the OFP8 "saturating" conversion mode
 * (values above 448 and +-infinity give +-448); E5M2 uses the OFP8 non-saturating mode, i.e. IEEE
 * overflow to +-infinity; E2M1 saturates to +-6 (FP4 has no infinity; the MX conversion rules clamp
 * out-of-range values to the largest normal magnitude).
 *
 * <p>NaN: narrowing conversions keep the sign of a NaN input and produce the target's quiet NaN
 * (bf16 0x7FC0, E4M3 0x7F, E5M2 0x7E, each ORed with the sign). E2M1 has no NaN encoding and the MX
 * specification leaves the conversion of NaN implementation-defined: <b>rvsimt maps NaN to the
 * largest magnitude with the NaN's sign bit (+NaN to +6 = 0x7, -NaN to -6 = 0xF)</b>, the same
 * saturation rule that is applied to infinities. Widening conversions are exact; for a NaN code they
 * return the RISC-V canonical NaN 0x7FC00000 (RISC-V F: a NaN result is the canonical NaN unless
 * stated otherwise), so the sign and payload of the narrow NaN are not kept.
 *
 * <p>No floating-point flags are raised (the seed's custom instructions never set fflags). All
 * methods are pure, branch-light integer code and allocate nothing.
 */
public final class LowPrecision {

    /** RISC-V canonical NaN (binary32). */
    public static final int CANONICAL_NAN = 0x7FC00000;

    private LowPrecision() {}

    /** fd = f32 from the low-precision value in fs1 (the interpreter's dispatch). */
    public static int widen(FromLowPrecision op, int v) {
        return switch (op) {
            case FCVT_S_BF16 -> fcvtSBf16(v);
            case FCVT_S_E4M3 -> fcvtSE4m3(v);
            case FCVT_S_E5M2 -> fcvtSE5m2(v);
            case FCVT_S_E2M1 -> fcvtSE2m1(v);
        };
    }

    /** fd = fs1 narrowed into part of {@code old} (the interpreter's dispatch). */
    public static int narrow(ToLowPrecision op, int v, int old) {
        return switch (op) {
            case FCVT_BF16_S -> fcvtBf16S(v, old);
            case FCVT_E4M3_S -> fcvtE4m3S(v, old);
            case FCVT_E5M2_S -> fcvtE5m2S(v, old);
            case FCVT_E2M1_S -> fcvtE2m1S(v, old);
        };
    }

    // ---------------------------------------------------------------------------------------------
    // bf16

    /** f32 from the bf16 held in bits [31:16] of {@code fs1}; exact, NaN gives the canonical NaN. */
    public static int fcvtSBf16(int fs1) {
        int v = fs1 & 0xFFFF0000;
        if ((v & 0x7FFFFFFF) > 0x7F800000) {
            return CANONICAL_NAN;
        }
        return v;
    }

    /**
     * bf16({@code fs1}) into bits [31:16], bits [15:0] from {@code fdOld}. Round to nearest even;
     * infinities kept; overflow rounds to infinity (IEEE); subnormals rounded like any other value
     * (bf16 has the binary32 exponent range, so binary32 subnormals map to bf16 subnormals or to
     * zero); NaN gives 0x7FC0 with the input's sign.
     */
    public static int fcvtBf16S(int fs1, int fdOld) {
        int hi;
        if ((fs1 & 0x7FFFFFFF) > 0x7F800000) {
            hi = (fs1 & 0x80000000) | 0x7FC00000;
        } else {
            // Adding 0x7FFF plus the lsb of the kept half rounds to nearest even on the bit pattern; a
            // carry out of the mantissa increments the exponent, which is exactly right (including the
            // step from the largest finite value to infinity). Unsigned arithmetic: no overflow issue
            // because the maximum finite magnitude 0x7F7FFFFF + 0x8000 stays below 0x80000000.
            int lsb = (fs1 >>> 16) & 1;
            hi = (fs1 + 0x7FFF + lsb) & 0xFFFF0000;
        }
        return hi | (fdOld & 0x0000FFFF);
    }

    // ---------------------------------------------------------------------------------------------
    // Generic narrowing: magnitude of a binary32 to a small binary format, RNE, unbounded exponent.

    /**
     * Rounds the non-negative finite binary32 magnitude {@code abs} (sign bit clear) to a format with
     * {@code mBits} stored mantissa bits and minimum normal exponent {@code emin}, to nearest even,
     * with gradual underflow. Returns the magnitude code {@code (biasedExp << mBits) | mantissa} where
     * code 0..2^mBits-1 are the subnormals; the caller checks the upper bound. {@code abs} must be
     * below 2^(emax+2) of the target (callers pre-screen huge values) so the code fits in an int.
     */
    private static int roundMagnitude(int abs, int mBits, int emin) {
        int e = abs >>> 23;
        if (e == 0) {
            // zero or binary32 subnormal (< 2^-126): far below half the smallest subnormal of every
            // target here (E2M1 2^-1, E4M3 2^-9, E5M2 2^-16), so it rounds to zero.
            return 0;
        }
        int ex = e - 127; // unbiased exponent of abs
        int te = ex < emin ? emin : ex; // exponent of the target quantum
        long sig = (abs & 0x007FFFFF) | 0x00800000; // value = sig * 2^(ex-23)
        // quantum of the result is 2^(te - mBits); q = sig * 2^(ex-23) / 2^(te-mBits) = sig >> s
        int s = 23 - mBits + (te - ex);
        if (s >= 40) {
            return 0; // sig < 2^24, half-quantum 2^(s-1) >= 2^39: rounds to zero
        }
        long q = sig >>> s;
        long rem = sig & ((1L << s) - 1);
        long half = 1L << (s - 1);
        if (rem > half || (rem == half && (q & 1) != 0)) {
            q++;
        }
        // For te == emin: code = q (q == 2^mBits is the smallest normal, which is correct).
        // For te > emin: q in [2^mBits, 2^(mBits+1)]; (te - emin) << mBits plus q gives
        // (biasedExp << mBits) + mantissa, a carry into the exponent being handled by the addition.
        return ((te - emin) << mBits) + (int) q;
    }

    // ---------------------------------------------------------------------------------------------
    // E4M3 (OFP8): bias 7, 3 mantissa bits, no infinity, NaN = S.1111.111, max 448

    private static final int E4M3_MAX_CODE = 0x7E; // 448

    /** f32 from the OCP E4M3 value in bits [31:24] of {@code fs1}. */
    public static int fcvtSE4m3(int fs1) {
        int b = fs1 >>> 24;
        int sign = (b & 0x80) << 24;
        int e = (b >>> 3) & 0xF;
        int m = b & 0x7;
        if (e == 0xF && m == 0x7) {
            return CANONICAL_NAN;
        }
        if (e == 0) {
            // subnormal m * 2^-9 (exact in binary32)
            return sign | Float.floatToRawIntBits(m * 0x1p-9f);
        }
        return sign | ((e - 7 + 127) << 23) | (m << 20);
    }

    /**
     * OCP E4M3 of {@code fs1} into bits [31:24], bits [23:0] from {@code fdOld}. Round to nearest
     * even; saturating mode: |x| > 448 (after rounding, so 448 < |x| <= 464 rounds to 448 and larger
     * values saturate to 448 as well) and +-infinity give +-448 (0x7E/0xFE); NaN gives 0x7F with the
     * sign of the input.
     */
    public static int fcvtE4m3S(int fs1, int fdOld) {
        int sign = (fs1 >>> 24) & 0x80;
        int abs = fs1 & 0x7FFFFFFF;
        int code;
        if (abs > 0x7F800000) {
            code = 0x7F; // NaN
        } else if (abs >= 0x44000000) { // >= 512 (and infinity): far above 448, saturate
            code = E4M3_MAX_CODE;
        } else {
            code = roundMagnitude(abs, 3, -6);
            if (code > E4M3_MAX_CODE) {
                code = E4M3_MAX_CODE; // rounded past 448 (into the NaN code or beyond): saturate
            }
        }
        return ((sign | code) << 24) | (fdOld & 0x00FFFFFF);
    }

    // ---------------------------------------------------------------------------------------------
    // E5M2 (OFP8): bias 15, 2 mantissa bits, IEEE-like

    private static final int E5M2_INF_CODE = 0x7C;

    /** f32 from the OCP E5M2 value in bits [31:24] of {@code fs1}. */
    public static int fcvtSE5m2(int fs1) {
        int b = fs1 >>> 24;
        int sign = (b & 0x80) << 24;
        int e = (b >>> 2) & 0x1F;
        int m = b & 0x3;
        if (e == 0x1F) {
            return m == 0 ? (sign | 0x7F800000) : CANONICAL_NAN;
        }
        if (e == 0) {
            return sign | Float.floatToRawIntBits(m * 0x1p-16f);
        }
        return sign | ((e - 15 + 127) << 23) | (m << 21);
    }

    /**
     * OCP E5M2 of {@code fs1} into bits [31:24], bits [23:0] from {@code fdOld}. Round to nearest
     * even with subnormals; overflow (|x| >= 61440, the midpoint above 57344, which ties to the even
     * "next" code) and +-infinity give +-infinity (OFP8 non-saturating mode, as IEEE); NaN gives 0x7E
     * with the sign of the input.
     */
    public static int fcvtE5m2S(int fs1, int fdOld) {
        int sign = (fs1 >>> 24) & 0x80;
        int abs = fs1 & 0x7FFFFFFF;
        int code;
        if (abs > 0x7F800000) {
            code = 0x7E; // quiet NaN
        } else if (abs >= 0x48000000) { // >= 2^17 (and infinity): overflow
            code = E5M2_INF_CODE;
        } else {
            code = roundMagnitude(abs, 2, -14);
            if (code > E5M2_INF_CODE) {
                code = E5M2_INF_CODE;
            }
        }
        return ((sign | code) << 24) | (fdOld & 0x00FFFFFF);
    }

    // ---------------------------------------------------------------------------------------------
    // E2M1 (MX FP4): bias 1, 1 mantissa bit, no infinity, no NaN, max 6

    private static final int E2M1_MAX_CODE = 0x7;

    /** f32 from the OCP MX E2M1 value in bits [31:28] of {@code fs1}. */
    public static int fcvtSE2m1(int fs1) {
        int n = fs1 >>> 28;
        int sign = (n & 0x8) << 28;
        int e = (n >>> 1) & 0x3;
        int m = n & 0x1;
        if (e == 0) {
            return m == 0 ? sign : (sign | 0x3F000000); // +-0 or +-0.5
        }
        return sign | ((e - 1 + 127) << 23) | (m << 22);
    }

    /**
     * OCP MX E2M1 of {@code fs1} into bits [31:28], bits [27:0] from {@code fdOld}. Round to nearest
     * even (ties go to the code with an even mantissa bit, e.g. 5 -> 4, 2.5 -> 2, 0.75 -> 1, 0.25 ->
     * 0); |x| > 6 and +-infinity saturate to +-6; NaN gives +-6 with the sign bit of the NaN
     * (implementation-defined in the MX specification; documented choice of rvsimt).
     */
    public static int fcvtE2m1S(int fs1, int fdOld) {
        int sign = (fs1 >>> 28) & 0x8;
        int abs = fs1 & 0x7FFFFFFF;
        int code;
        if (abs >= 0x41000000) { // >= 8, infinity, NaN: saturate
            code = E2M1_MAX_CODE;
        } else {
            code = roundMagnitude(abs, 1, 0);
            if (code > E2M1_MAX_CODE) {
                code = E2M1_MAX_CODE;
            }
        }
        return ((sign | code) << 28) | (fdOld & 0x0FFFFFFF);
    }
}
