package org.rvsimt.core.semantics;

import org.rvsimt.isa.Operation.FpArith;
import org.rvsimt.isa.Operation.FpCompare;
import org.rvsimt.isa.Operation.FpFused;
import org.rvsimt.isa.Operation.FpMinMax;
import org.rvsimt.isa.Operation.FpToInt;
import org.rvsimt.isa.Operation.IntToFp;
import org.rvsimt.isa.Operation.SignInject;

/**
 * RV32F semantics (and the dispatch of the Zfh operations to {@link HalfOps}), exact to the bit: every result and every exception flag agrees with the
 * RISC-V unprivileged spec, chapter "F" Extension (version 2.2), in all five rounding modes.
 *
 * <p>Floats travel as raw binary32 bits in an {@code int}. {@code rm} is an already resolved
 * rounding mode 0..4 (RNE, RTZ, RDN, RUP, RMM); the engine resolves DYN and rejects 5/6.
 * Flags are OR-ed into {@code fflags[lane]}, never cleared here.
 *
 * <p>How directed rounding works without a software float library: every operation first
 * produces a double {@code d} that is one of the two doubles bracketing the exact result
 * {@code x}, together with {@code signum(x - d)}. A product of two floats is exact in double;
 * a sum (also the sum in fma, since {@code a*b} is exact) gets its exact error from TwoSum;
 * a correctly rounded double quotient or square root is never on a binary32 rounding
 * boundary unless it is exact, so its error sign is not needed. Because every binary32
 * rounding boundary (float values and midpoints between them, subnormal ones included) is
 * itself a double, no boundary lies strictly between {@code d} and {@code x}; the double's
 * low bits plus that sign are a guard/round/sticky triple from which {@link #round} derives
 * the result and NX/UF/OF in any mode. Double never overflows or underflows for these
 * operations (|results| stay within 2^-300 .. 2^280), so the bracketing always holds. No
 * BigDecimal fallback is needed anywhere. See docs/floating-point.md.
 *
 * <p>All methods are static, allocation-free and branch-light so that the interpreter and
 * the JIT (which emits {@code invokestatic}) share them and HotSpot inlines them.
 */
public final class FloatOps {
    public static final int NX = 1;
    public static final int UF = 2;
    public static final int OF = 4;
    public static final int DZ = 8;
    public static final int NV = 16;
    /**
     * Fast path of the round-to-nearest operations once the lane's inexact flag is already set
     * (flags are sticky, and most kernels raise NX early and never clear it): the host's float
     * operation is then the correctly rounded result, and when that result is a normal number at
     * least 2^-125 in magnitude no other flag can have been raised (not OF: it is finite; not UF:
     * it is not tiny; not NV or DZ: those give NaN or infinity). Anything else takes the exact path.
     */
    private static boolean plainNormal(int r) {
        int e = (r >>> 23) & 0xFF;
        return e > 1 && e < 255;
    }

    /** Spec 11.3 "NaN Generation and Propagation": every NaN result is this pattern. */
    public static final int CANONICAL_NAN = 0x7FC00000;

    public static final int RNE = 0;
    public static final int RTZ = 1;
    public static final int RDN = 2;
    public static final int RUP = 3;
    public static final int RMM = 4;

    private static final int SIGN = 0x80000000;
    private static final int EXP_MASK = 0x7F800000;
    private static final int QUIET = 0x00400000;
    private static final int INF = 0x7F800000;

    private FloatOps() { }

    // The interpreter's dispatch, one exhaustive switch per family: a new operation is named here by the compiler.

    public static int arith(FpArith op, int a, int b, int rm, int[] flags, int lane) {
        return switch (op) {
            case FADD -> faddS(a, b, rm, flags, lane);
            case FSUB -> fsubS(a, b, rm, flags, lane);
            case FMUL -> fmulS(a, b, rm, flags, lane);
            case FDIV -> fdivS(a, b, rm, flags, lane);
            case FADD_H -> HalfOps.faddH(a, b, rm, flags, lane);
            case FSUB_H -> HalfOps.fsubH(a, b, rm, flags, lane);
            case FMUL_H -> HalfOps.fmulH(a, b, rm, flags, lane);
            case FDIV_H -> HalfOps.fdivH(a, b, rm, flags, lane);
        };
    }

    public static int fused(FpFused op, int a, int b, int c, int rm, int[] flags, int lane) {
        return switch (op) {
            case FMADD -> fmaddS(a, b, c, rm, flags, lane);
            case FMSUB -> fmsubS(a, b, c, rm, flags, lane);
            case FNMSUB -> fnmsubS(a, b, c, rm, flags, lane);
            case FNMADD -> fnmaddS(a, b, c, rm, flags, lane);
            case FMADD_H -> HalfOps.fmaddH(a, b, c, rm, flags, lane);
            case FMSUB_H -> HalfOps.fmsubH(a, b, c, rm, flags, lane);
            case FNMSUB_H -> HalfOps.fnmsubH(a, b, c, rm, flags, lane);
            case FNMADD_H -> HalfOps.fnmaddH(a, b, c, rm, flags, lane);
        };
    }

    public static int signInject(SignInject op, int a, int b) {
        return switch (op) {
            case FSGNJ -> fsgnjS(a, b);
            case FSGNJN -> fsgnjnS(a, b);
            case FSGNJX -> fsgnjxS(a, b);
            case FSGNJ_H -> HalfOps.fsgnjH(a, b);
            case FSGNJN_H -> HalfOps.fsgnjnH(a, b);
            case FSGNJX_H -> HalfOps.fsgnjxH(a, b);
        };
    }

    public static int minMax(FpMinMax op, int a, int b, int[] flags, int lane) {
        return switch (op) {
            case FMIN -> fminS(a, b, flags, lane);
            case FMAX -> fmaxS(a, b, flags, lane);
            case FMIN_H -> HalfOps.fminH(a, b, flags, lane);
            case FMAX_H -> HalfOps.fmaxH(a, b, flags, lane);
        };
    }

    public static int compare(FpCompare op, int a, int b, int[] flags, int lane) {
        return switch (op) {
            case FEQ -> feqS(a, b, flags, lane);
            case FLT -> fltS(a, b, flags, lane);
            case FLE -> fleS(a, b, flags, lane);
            case FEQ_H -> HalfOps.feqH(a, b, flags, lane);
            case FLT_H -> HalfOps.fltH(a, b, flags, lane);
            case FLE_H -> HalfOps.fleH(a, b, flags, lane);
        };
    }

    public static int toInt(FpToInt op, int a, int rm, int[] flags, int lane) {
        return switch (op) {
            case FCVT_W_S -> fcvtWS(a, rm, flags, lane);
            case FCVT_WU_S -> fcvtWuS(a, rm, flags, lane);
            case FCVT_W_H -> HalfOps.fcvtWH(a, rm, flags, lane);
            case FCVT_WU_H -> HalfOps.fcvtWuH(a, rm, flags, lane);
        };
    }

    public static int fromInt(IntToFp op, int a, int rm, int[] flags, int lane) {
        return switch (op) {
            case FCVT_S_W -> fcvtSW(a, rm, flags, lane);
            case FCVT_S_WU -> fcvtSWu(a, rm, flags, lane);
            case FCVT_H_W -> HalfOps.fcvtHW(a, rm, flags, lane);
            case FCVT_H_WU -> HalfOps.fcvtHWu(a, rm, flags, lane);
        };
    }

    // ---------------------------------------------------------------------------------------
    // Arithmetic
    // ---------------------------------------------------------------------------------------

    public static int faddS(int a, int b, int rm, int[] fflags, int lane) {
        if (rm == RNE && (fflags[lane] & NX) != 0) {
            int r = Float.floatToRawIntBits(Float.intBitsToFloat(a) + Float.intBitsToFloat(b));
            if (plainNormal(r)) {
                return r;
            }
        }
        if ((a & EXP_MASK) == EXP_MASK || (b & EXP_MASK) == EXP_MASK) {
            return addSpecial(a, b, fflags, lane);
        }
        double x = Float.intBitsToFloat(a);
        double y = Float.intBitsToFloat(b);
        double s = x + y;
        if (s == 0.0) {
            // An exact zero sum is +0 in every mode except RDN, where it is -0; the sum of two
            // zeros of the same sign keeps that sign (IEEE 754-2008 6.3).
            return (rm == RDN && (a | b) != 0) ? SIGN : Float.floatToRawIntBits((float) s);
        }
        // TwoSum (Knuth): s + err == x + y exactly.
        double bv = s - x;
        double err = (x - (s - bv)) + (y - bv);
        return round(s, signum(err), rm, fflags, lane);
    }

    public static int fsubS(int a, int b, int rm, int[] fflags, int lane) {
        return faddS(a, b ^ SIGN, rm, fflags, lane);
    }

    public static int fmulS(int a, int b, int rm, int[] fflags, int lane) {
        if (rm == RNE && (fflags[lane] & NX) != 0) {
            int r = Float.floatToRawIntBits(Float.intBitsToFloat(a) * Float.intBitsToFloat(b));
            if (plainNormal(r)) {
                return r;
            }
        }
        if ((a & EXP_MASK) == EXP_MASK || (b & EXP_MASK) == EXP_MASK) {
            if (isNaN(a) || isNaN(b)) {
                return nanResult(a, b, fflags, lane);
            }
            if (isZero(a) || isZero(b)) {
                fflags[lane] |= NV;
                return CANONICAL_NAN;
            }
            return ((a ^ b) & SIGN) | INF;
        }
        // 24 x 24 significand bits fit in 53 and the exponent range fits: exact.
        double p = (double) Float.intBitsToFloat(a) * (double) Float.intBitsToFloat(b);
        return round(p, 0, rm, fflags, lane);
    }

    public static int fdivS(int a, int b, int rm, int[] fflags, int lane) {
        if (rm == RNE && (fflags[lane] & NX) != 0) {
            int r = Float.floatToRawIntBits(Float.intBitsToFloat(a) / Float.intBitsToFloat(b));
            if (plainNormal(r)) {
                return r;
            }
        }
        int sign = (a ^ b) & SIGN;
        if ((a & EXP_MASK) == EXP_MASK || (b & EXP_MASK) == EXP_MASK) {
            if (isNaN(a) || isNaN(b)) {
                return nanResult(a, b, fflags, lane);
            }
            if (isInf(a)) {
                if (isInf(b)) {
                    fflags[lane] |= NV;
                    return CANONICAL_NAN;
                }
                return sign | INF;
            }
            return sign; // finite / inf
        }
        if (isZero(b)) {
            if (isZero(a)) {
                fflags[lane] |= NV;
                return CANONICAL_NAN;
            }
            fflags[lane] |= DZ;
            return sign | INF;
        }
        if (isZero(a)) {
            return sign;
        }
        double x = Float.intBitsToFloat(a);
        double y = Float.intBitsToFloat(b);
        // No residual needed (docs/floating-point.md): a quotient of two floats that is not
        // itself a float value or midpoint is at a relative distance of at least ~2^-49 from
        // every such boundary, so the correctly rounded double quotient lands on a boundary
        // only when it is exact. (The error sign would be signum(fma(-q, y, x) * y).)
        return round(x / y, 0, rm, fflags, lane);
    }

    public static int fsqrtS(int a, int rm, int[] fflags, int lane) {
        if (isNaN(a)) {
            return nanResult(a, a, fflags, lane);
        }
        if (isZero(a)) {
            return a; // sqrt(-0) = -0
        }
        if (a < 0) {
            fflags[lane] |= NV;
            return CANONICAL_NAN;
        }
        if (a == INF) {
            return INF;
        }
        double x = Float.intBitsToFloat(a);
        // As for division, the correctly rounded double root is on a binary32 boundary only
        // when it is exact (|x - m^2| >= 2^-51 m^2 relative for any 25-bit m), so its error
        // sign (signum(Math.fma(-q, q, x))) never changes the rounding.
        return round(Math.sqrt(x), 0, rm, fflags, lane);
    }

    /** a*b + c with one rounding. */
    public static int fmaddS(int a, int b, int c, int rm, int[] fflags, int lane) {
        return fma(a, b, c, rm, fflags, lane);
    }

    /** a*b - c with one rounding. */
    public static int fmsubS(int a, int b, int c, int rm, int[] fflags, int lane) {
        return fma(a, b, c ^ SIGN, rm, fflags, lane);
    }

    /** -(a*b) + c with one rounding (the product is negated, not the sum). */
    public static int fnmsubS(int a, int b, int c, int rm, int[] fflags, int lane) {
        return fma(a ^ SIGN, b, c, rm, fflags, lane);
    }

    /** -(a*b) - c with one rounding. */
    public static int fnmaddS(int a, int b, int c, int rm, int[] fflags, int lane) {
        return fma(a ^ SIGN, b, c ^ SIGN, rm, fflags, lane);
    }

    private static int fma(int a, int b, int c, int rm, int[] fflags, int lane) {
        if (rm == RNE && (fflags[lane] & NX) != 0) {
            int r = Float.floatToRawIntBits(Math.fma(Float.intBitsToFloat(a), Float.intBitsToFloat(b),
                    Float.intBitsToFloat(c)));
            if (plainNormal(r)) {
                return r;
            }
        }
        if ((a & EXP_MASK) == EXP_MASK || (b & EXP_MASK) == EXP_MASK || (c & EXP_MASK) == EXP_MASK) {
            return fmaSpecial(a, b, c, fflags, lane);
        }
        // The product is exact in double, so s + err == a*b + c exactly by TwoSum.
        double p = (double) Float.intBitsToFloat(a) * (double) Float.intBitsToFloat(b);
        double z = Float.intBitsToFloat(c);
        double s = p + z;
        if (s == 0.0) {
            boolean bothPositiveZero = Double.doubleToRawLongBits(p) == 0L && c == 0;
            return (rm == RDN && !bothPositiveZero) ? SIGN : Float.floatToRawIntBits((float) s);
        }
        double bv = s - p;
        double err = (p - (s - bv)) + (z - bv);
        return round(s, signum(err), rm, fflags, lane);
    }

    private static int fmaSpecial(int a, int b, int c, int[] fflags, int lane) {
        int flags = (isSNaN(a) || isSNaN(b) || isSNaN(c)) ? NV : 0;
        // Spec: "must set the invalid operation exception flag when the multiplicands are
        // infinity and zero, even when the addend is a quiet NaN."
        if ((isInf(a) && isZero(b)) || (isZero(a) && isInf(b))) {
            fflags[lane] |= NV;
            return CANONICAL_NAN;
        }
        if (isNaN(a) || isNaN(b) || isNaN(c)) {
            fflags[lane] |= flags;
            return CANONICAL_NAN;
        }
        boolean productInf = isInf(a) || isInf(b);
        int productSign = (a ^ b) & SIGN;
        if (productInf) {
            if (isInf(c) && (c & SIGN) != productSign) {
                fflags[lane] |= NV;
                return CANONICAL_NAN;
            }
            return productSign | INF;
        }
        return c; // finite product + infinite addend
    }

    // ---------------------------------------------------------------------------------------
    // Sign injection, min/max, compare, classify, moves
    // ---------------------------------------------------------------------------------------

    public static int fsgnjS(int a, int b) {
        return (a & ~SIGN) | (b & SIGN);
    }

    public static int fsgnjnS(int a, int b) {
        return (a & ~SIGN) | (~b & SIGN);
    }

    public static int fsgnjxS(int a, int b) {
        return a ^ (b & SIGN);
    }

    /** minimumNumber: -0 &lt; +0, a single NaN yields the other operand, NV on any sNaN. */
    public static int fminS(int a, int b, int[] fflags, int lane) {
        boolean na = isNaN(a);
        boolean nb = isNaN(b);
        if (na || nb) {
            if (isSNaN(a) || isSNaN(b)) {
                fflags[lane] |= NV;
            }
            return na ? (nb ? CANONICAL_NAN : b) : a;
        }
        float x = Float.intBitsToFloat(a);
        float y = Float.intBitsToFloat(b);
        if (x < y) {
            return a;
        }
        if (y < x) {
            return b;
        }
        return a | b; // equal: identical bits, or +0/-0 where min is -0
    }

    /** maximumNumber: -0 &lt; +0, a single NaN yields the other operand, NV on any sNaN. */
    public static int fmaxS(int a, int b, int[] fflags, int lane) {
        boolean na = isNaN(a);
        boolean nb = isNaN(b);
        if (na || nb) {
            if (isSNaN(a) || isSNaN(b)) {
                fflags[lane] |= NV;
            }
            return na ? (nb ? CANONICAL_NAN : b) : a;
        }
        float x = Float.intBitsToFloat(a);
        float y = Float.intBitsToFloat(b);
        if (x > y) {
            return a;
        }
        if (y > x) {
            return b;
        }
        return a & b; // equal: identical bits, or +0/-0 where max is +0
    }

    /** Quiet equality: NV only on a signalling NaN. */
    public static int feqS(int a, int b, int[] fflags, int lane) {
        if (isNaN(a) || isNaN(b)) {
            if (isSNaN(a) || isSNaN(b)) {
                fflags[lane] |= NV;
            }
            return 0;
        }
        return Float.intBitsToFloat(a) == Float.intBitsToFloat(b) ? 1 : 0;
    }

    /** Signalling less-than: NV on any NaN. */
    public static int fltS(int a, int b, int[] fflags, int lane) {
        if (isNaN(a) || isNaN(b)) {
            fflags[lane] |= NV;
            return 0;
        }
        return Float.intBitsToFloat(a) < Float.intBitsToFloat(b) ? 1 : 0;
    }

    /** Signalling less-or-equal: NV on any NaN. */
    public static int fleS(int a, int b, int[] fflags, int lane) {
        if (isNaN(a) || isNaN(b)) {
            fflags[lane] |= NV;
            return 0;
        }
        return Float.intBitsToFloat(a) <= Float.intBitsToFloat(b) ? 1 : 0;
    }

    /** The 10-bit class mask of table "Format of result of FCLASS instruction". */
    public static int fclassS(int a) {
        int exp = (a >>> 23) & 0xFF;
        int man = a & 0x7FFFFF;
        return classMask(a < 0, exp == 0xFF, exp == 0, man == 0, (man & QUIET) != 0);
    }

    /** The FCLASS mask of a value of any format, from its sign, exponent field and fraction. */
    static int classMask(boolean neg, boolean expAllOnes, boolean expZero, boolean fractionZero, boolean quietBit) {
        if (expAllOnes) {
            if (fractionZero) {
                return neg ? 1 : 1 << 7;
            }
            return quietBit ? 1 << 9 : 1 << 8;
        }
        if (expZero) {
            if (fractionZero) {
                return neg ? 1 << 3 : 1 << 4;
            }
            return neg ? 1 << 2 : 1 << 5;
        }
        return neg ? 1 << 1 : 1 << 6;
    }

    public static int fmvXW(int a) {
        return a;
    }

    public static int fmvWX(int a) {
        return a;
    }

    // ---------------------------------------------------------------------------------------
    // Conversions
    // ---------------------------------------------------------------------------------------

    /** float to int32: saturating; NV (and no NX) when out of range or NaN; NaN gives INT_MAX. */
    public static int fcvtWS(int a, int rm, int[] fflags, int lane) {
        if (isNaN(a)) {
            fflags[lane] |= NV;
            return Integer.MAX_VALUE;
        }
        double x = Float.intBitsToFloat(a);
        double r = roundToIntegral(x, rm);
        if (r >= -2147483648.0 && r <= 2147483647.0) {
            if (r != x) {
                fflags[lane] |= NX;
            }
            return (int) r;
        }
        fflags[lane] |= NV;
        return x < 0 ? Integer.MIN_VALUE : Integer.MAX_VALUE;
    }

    /**
     * float to uint32: saturating; NaN gives 0xFFFFFFFF. Validity is judged after rounding, so
     * -0.5 in RTZ is 0 with NX, while -1.0 is 0 with NV.
     */
    public static int fcvtWuS(int a, int rm, int[] fflags, int lane) {
        if (isNaN(a)) {
            fflags[lane] |= NV;
            return -1;
        }
        double x = Float.intBitsToFloat(a);
        double r = roundToIntegral(x, rm);
        if (r >= 0.0 && r <= 4294967295.0) { // -0.0 >= 0.0 holds: a rounded -0 is valid
            if (r != x) {
                fflags[lane] |= NX;
            }
            return (int) (long) r;
        }
        fflags[lane] |= NV;
        return x < 0 ? 0 : -1;
    }

    public static int fcvtSW(int x, int rm, int[] fflags, int lane) {
        return round(x, 0, rm, fflags, lane); // int32 is exact in double
    }

    public static int fcvtSWu(int x, int rm, int[] fflags, int lane) {
        return round(x & 0xFFFFFFFFL, 0, rm, fflags, lane);
    }

    /** Rounds a double holding a float value to an integral double in mode rm. */
    private static double roundToIntegral(double x, int rm) {
        if (Math.abs(x) >= 8388608.0) {
            return x; // 2^23 and above every float is an integer
        }
        return switch (rm) {
            case RTZ -> x < 0 ? Math.ceil(x) : Math.floor(x);
            case RDN -> Math.floor(x);
            case RUP -> Math.ceil(x);
            // |x| + 0.5 is exact for |x| >= 0.5 below 2^23; below 0.5 it stays below 1.
            case RMM -> Math.copySign(Math.floor(Math.abs(x) + 0.5), x);
            default -> Math.rint(x);
        };
    }

    // ---------------------------------------------------------------------------------------
    // The rounding core
    // ---------------------------------------------------------------------------------------

    /**
     * Rounds the exact value x to binary32 in mode rm and raises NX/UF/OF.
     *
     * @param d   a double adjacent to x: x == d, or x lies strictly between d and a
     *            neighbouring double; d is finite, normal or zero, and zero only if x is zero
     *            (the caller then has already chosen the zero's sign)
     * @param err signum(x - d)
     */
    static int round(double d, int err, int rm, int[] fflags, int lane) {
        long bits = Double.doubleToRawLongBits(d);
        long mag = bits & 0x7FFF_FFFF_FFFF_FFFFL;
        // Fast path for |d| in [2^-125, 2^128), where x can be neither tiny nor subnormal: an
        // exact result, or RNE unless d is a binary32 midpoint (Java's double-to-float cast
        // is RNE of d, which differs from RNE of x only when d is a tie and x is not d).
        if (Long.compareUnsigned(mag - 0x3820_0000_0000_0000L, 0x0FD0_0000_0000_0000L) < 0) {
            int low = (int) bits & 0x1FFF_FFFF;
            if ((low | err) == 0) {
                return Float.floatToRawIntBits((float) d);
            }
            if (rm == RNE && (low != 0x1000_0000 || err == 0)) {
                int fb = Float.floatToRawIntBits((float) d);
                fflags[lane] |= (fb & 0x7FFF_FFFF) == INF ? OF | NX : NX;
                return fb;
            }
        }
        return roundSlow(d, err, rm, fflags, lane);
    }

    private static int roundSlow(double d, int err, int rm, int[] fflags, int lane) {
        if (err == 0) {
            float f = (float) d;
            if ((double) f == d) {
                return Float.floatToRawIntBits(f); // exactly representable (zeros included)
            }
        }
        return BinaryFormat.BINARY32.round(d, err, rm, fflags, lane);
    }

    // ---------------------------------------------------------------------------------------
    // Classification helpers
    // ---------------------------------------------------------------------------------------

    public static boolean isNaN(int a) {
        return (a & 0x7FFFFFFF) > INF;
    }

    /** A signalling NaN has the quiet bit (the significand's MSB) clear. */
    public static boolean isSNaN(int a) {
        return (a & 0x7FFFFFFF) > INF && (a & QUIET) == 0;
    }

    private static boolean isInf(int a) {
        return (a & 0x7FFFFFFF) == INF;
    }

    private static boolean isZero(int a) {
        return (a & 0x7FFFFFFF) == 0;
    }

    private static int signum(double v) {
        return v > 0 ? 1 : (v < 0 ? -1 : 0);
    }

    private static int nanResult(int a, int b, int[] fflags, int lane) {
        if (isSNaN(a) || isSNaN(b)) {
            fflags[lane] |= NV;
        }
        return CANONICAL_NAN;
    }

    private static int addSpecial(int a, int b, int[] fflags, int lane) {
        if (isNaN(a) || isNaN(b)) {
            return nanResult(a, b, fflags, lane);
        }
        if (isInf(a) && isInf(b) && a != b) {
            fflags[lane] |= NV; // inf - inf
            return CANONICAL_NAN;
        }
        return isInf(a) ? a : b;
    }
}
