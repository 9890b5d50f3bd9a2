package org.rvsimt.core.semantics;

import org.rvsimt.isa.Operation.SpecialFunction;

/**
 * Exact-mode semantics of the seed's SFU / transcendental instructions (OP-FP funct7 0110000, rs2
 * selects the function; see docs/seed.md, "Custom instructions"). Arguments and results are raw binary32
 * f-register images.
 *
 * <p>Each function is evaluated in binary64 with {@link StrictMath} (fdlibm: deterministic on every
 * platform, error below 1 binary64 ulp for exp/log/sin/cos, documented below 2.5 ulps for tanh) and
 * rounded to binary32 once. The binary64 error (a few binary64 ulps at most, also for the composed
 * sigmoid) is below 2^-26 of a binary32 ulp, so every result is within 0.5 binary32 ulp plus that
 * term of the true value, i.e. correctly rounded except for the rare argument whose true value
 * lies within ~2^-26 ulp of a rounding midpoint; the bound
 * stated (and asserted by the tests) is "within 1 ulp". {@link #frcpS} is a single binary32
 * division and is correctly rounded. {@link #frsqrtS} computes sqrt and the quotient in binary64;
 * the tests check it is correctly rounded for every binary32 in [1, 4), which by the exact scaling
 * rsqrt(4^k x) = 2^-k rsqrt(x) covers every positive input (results are never subnormal).
 *
 * <p>Special values follow IEEE 754 / C99 Annex F: exp(-inf) = +0, exp(+inf) = +inf; ln(+-0) =
 * -inf, ln(x < 0) = NaN, ln(+inf) = +inf; rcp(+-0) = +-inf, rcp(+-inf) = +-0; rsqrt(+-0) = +-inf
 * (IEEE 754-2019 rSqrt), rsqrt(x < 0) = NaN, rsqrt(+inf) = +0; tanh(+-inf) = +-1; sigmoid(+inf) =
 * 1, sigmoid(-inf) = +0; sin/cos(+-inf) = NaN; sin and tanh keep the sign of zero. Every NaN result
 * is the RISC-V canonical NaN 0x7FC00000. These operations set no fflags (as in the seed).
 *
 * <p>Pure static methods, no allocation.
 */
public final class Sfu {

    /** RISC-V canonical NaN (binary32). */
    public static final int CANONICAL_NAN = 0x7FC00000;

    private Sfu() {}

    /** The interpreter's dispatch: the exact functions, or with {@code fast} the fast approximations. */
    public static int apply(SpecialFunction op, int v, boolean fast) {
        return switch (op) {
            case FEXP -> fast ? SfuFast.fexpS(v) : fexpS(v);
            case FLN -> fast ? SfuFast.flnS(v) : flnS(v);
            case FRCP -> fast ? SfuFast.frcpS(v) : frcpS(v);
            case FRSQRT -> fast ? SfuFast.frsqrtS(v) : frsqrtS(v);
            case FTANH -> fast ? SfuFast.ftanhS(v) : ftanhS(v);
            case FSIGMOID -> fast ? SfuFast.fsigmoidS(v) : fsigmoidS(v);
            case FSIN -> fast ? SfuFast.fsinS(v) : fsinS(v);
            case FCOS -> fast ? SfuFast.fcosS(v) : fcosS(v);
        };
    }

    private static int result(double d) {
        float f = (float) d;
        return f != f ? CANONICAL_NAN : Float.floatToRawIntBits(f);
    }

    private static float arg(int a) {
        return Float.intBitsToFloat(a);
    }

    /** fexp.s: e^x. */
    public static int fexpS(int a) {
        return result(StrictMath.exp(arg(a)));
    }

    /** fln.s: natural logarithm. */
    public static int flnS(int a) {
        return result(StrictMath.log(arg(a)));
    }

    /** frcp.s: 1/x, correctly rounded. */
    public static int frcpS(int a) {
        float f = 1.0f / arg(a);
        return f != f ? CANONICAL_NAN : Float.floatToRawIntBits(f);
    }

    /** frsqrt.s: 1/sqrt(x), correctly rounded (see class comment). */
    public static int frsqrtS(int a) {
        float x = arg(a);
        if (x == 0.0f) {
            return (a & 0x80000000) | 0x7F800000; // +-0 -> +-inf
        }
        // x < 0 gives sqrt = NaN; +inf gives 1/inf = +0.
        return result(1.0 / StrictMath.sqrt(x));
    }

    /** ftanh.s: hyperbolic tangent. */
    public static int ftanhS(int a) {
        return result(StrictMath.tanh(arg(a)));
    }

    /** fsigmoid.s: 1 / (1 + e^-x). */
    public static int fsigmoidS(int a) {
        double x = arg(a);
        // For x >= 0, e^-x <= 1 and the sum is well conditioned. For x < 0 use e^x / (1 + e^x), which
        // stays accurate where e^-x would overflow (x < -709 in binary64) and relative accuracy is
        // needed (the result underflows gracefully to binary32 subnormals and zero).
        double r;
        if (x >= 0) {
            r = 1.0 / (1.0 + StrictMath.exp(-x));
        } else {
            double e = StrictMath.exp(x);
            r = e / (1.0 + e);
        }
        return result(r); // NaN falls through the else branch and stays NaN
    }

    /** fsin.s: sine (argument reduction exact for every binary32, via fdlibm). */
    public static int fsinS(int a) {
        return result(StrictMath.sin(arg(a)));
    }

    /** fcos.s: cosine. */
    public static int fcosS(int a) {
        return result(StrictMath.cos(arg(a)));
    }
}
