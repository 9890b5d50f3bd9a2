package org.rvsimt.core.semantics;

import org.rvsimt.isa.Operation.Standalone;

/**
 * Zfh semantics (RISC-V unprivileged spec, "Zfh" and "Zfhmin" Extensions for Half-Precision
 * Floating-Point, version 1.0), exact to the bit in all five rounding modes, with the F chapter's
 * flags and NaN rules.
 *
 * <p>Arguments and results are 32-bit f-register images. A half lives NaN-boxed in them: the upper
 * 16 bits all ones. Every operation but the moves, loads and stores reads an operand that is not
 * NaN-boxed as the canonical half NaN 0x7E00 (spec, "NaN Boxing of Narrower Values"), and every
 * half result is written NaN-boxed.
 *
 * <p>How the results are exact: every finite half is a double, a sum or product of two halves is
 * exact in double (at most 40 and 22 significant bits), a fused multiply-add's sum gets its exact
 * error from TwoSum as in {@link FloatOps}, and a correctly rounded double quotient or square root
 * of halves is never on a binary16 rounding boundary unless it is exact (a quotient or root of
 * 11-bit numbers that is not itself a 12-bit number lies at a relative distance of at least about
 * 2^-24 from every 12-bit number, far more than a double's rounding error of 2^-53). The double and
 * the error's sign then go through the same rounding step as binary32 ({@link BinaryFormat}).
 * Operations whose result is a NaN, an infinity, a zero or one of the operands (invalid operands,
 * division by zero, min/max, compares, conversions to integers) widen the halves to binary32 (exact,
 * NaNs keeping their quiet bit) and use {@link FloatOps}: the F rules are the Zfh rules.
 */
public final class HalfOps {
    /** The canonical half NaN (spec: "the canonical NaN ... 0x7e00"). */
    public static final int CANONICAL_NAN = 0x7E00;
    /** The upper half of a NaN-boxed half. */
    public static final int BOX = 0xFFFF0000;

    private static final int SIGN = 0x8000;
    private static final int EXP = 0x7C00;
    private static final int QUIET = 0x0200;
    private static final BinaryFormat H = BinaryFormat.BINARY16;

    private HalfOps() { }

    // ---------------------------------------------------------------------------------------
    // NaN boxing and widening
    // ---------------------------------------------------------------------------------------

    /** The half an f register holds: its low 16 bits when NaN-boxed, otherwise the canonical NaN. */
    public static int unbox(int r) {
        return (r >>> 16) == 0xFFFF ? r & 0xFFFF : CANONICAL_NAN;
    }

    public static int box(int h) {
        return BOX | h;
    }

    /** The binary32 with the half's value; a NaN keeps its sign, quiet bit and payload. */
    static int widen(int h) {
        int sign = (h & SIGN) << 16;
        int exp = (h >>> 10) & 0x1F;
        int man = h & 0x3FF;
        if (exp == 0x1F) {
            return sign | 0x7F800000 | man << 13;
        }
        if (exp == 0) {
            return sign | Float.floatToRawIntBits(man * 0x1p-24f); // subnormal (or zero): exact in float
        }
        return sign | (exp + 112) << 23 | man << 13;
    }

    /** A binary32 that is a half value, NaN or infinity, as a half (a NaN becomes the canonical one). */
    private static int narrowExact(int f, int[] fflags, int lane) {
        if (FloatOps.isNaN(f)) {
            return CANONICAL_NAN;
        }
        if ((f & 0x7FFFFFFF) == 0x7F800000) {
            return (f >>> 16 & SIGN) | EXP;
        }
        return H.round(Float.intBitsToFloat(f), 0, FloatOps.RNE, fflags, lane); // exact: raises nothing
    }

    private static double value(int h) {
        return Float.intBitsToFloat(widen(h));
    }

    /** Infinity or NaN. */
    private static boolean special(int h) {
        return (h & EXP) == EXP;
    }

    private static boolean isZero(int h) {
        return (h & 0x7FFF) == 0;
    }

    public static boolean isSNaN(int h) {
        return (h & 0x7FFF) > EXP && (h & QUIET) == 0;
    }

    private static int signOf(double d) {
        return Double.doubleToRawLongBits(d) < 0 ? SIGN : 0;
    }

    // ---------------------------------------------------------------------------------------
    // Arithmetic
    // ---------------------------------------------------------------------------------------

    public static int faddH(int a, int b, int rm, int[] fflags, int lane) {
        int x = unbox(a);
        int y = unbox(b);
        if (special(x) || special(y)) {
            return box(narrowExact(FloatOps.faddS(widen(x), widen(y), rm, fflags, lane), fflags, lane));
        }
        double s = value(x) + value(y); // exact
        if (s == 0.0) {
            // +0 in every mode but RDN, where it is -0; two zeros of one sign keep it (IEEE 754-2008 6.3)
            return box(rm == FloatOps.RDN && (x | y) != 0 ? SIGN : signOf(s));
        }
        return box(H.round(s, 0, rm, fflags, lane));
    }

    public static int fsubH(int a, int b, int rm, int[] fflags, int lane) {
        return faddH(a, negate(b), rm, fflags, lane);
    }

    public static int fmulH(int a, int b, int rm, int[] fflags, int lane) {
        int x = unbox(a);
        int y = unbox(b);
        if (special(x) || special(y)) {
            return box(narrowExact(FloatOps.fmulS(widen(x), widen(y), rm, fflags, lane), fflags, lane));
        }
        return box(H.round(value(x) * value(y), 0, rm, fflags, lane)); // exact product, zeros signed
    }

    public static int fdivH(int a, int b, int rm, int[] fflags, int lane) {
        int x = unbox(a);
        int y = unbox(b);
        if (special(x) || special(y) || isZero(x) || isZero(y)) {
            // NaN, infinity or zero results (and DZ, NV) as binary32 has them
            return box(narrowExact(FloatOps.fdivS(widen(x), widen(y), rm, fflags, lane), fflags, lane));
        }
        return box(H.round(value(x) / value(y), 0, rm, fflags, lane));
    }

    public static int fsqrtH(int a, int rm, int[] fflags, int lane) {
        int x = unbox(a);
        if (special(x) || isZero(x) || (x & SIGN) != 0) {
            return box(narrowExact(FloatOps.fsqrtS(widen(x), rm, fflags, lane), fflags, lane));
        }
        return box(H.round(Math.sqrt(value(x)), 0, rm, fflags, lane));
    }

    /** a*b + c with one rounding. */
    public static int fmaddH(int a, int b, int c, int rm, int[] fflags, int lane) {
        return fma(a, b, c, rm, fflags, lane);
    }

    /** a*b - c with one rounding. */
    public static int fmsubH(int a, int b, int c, int rm, int[] fflags, int lane) {
        return fma(a, b, negate(c), rm, fflags, lane);
    }

    /** -(a*b) + c with one rounding. */
    public static int fnmsubH(int a, int b, int c, int rm, int[] fflags, int lane) {
        return fma(negate(a), b, c, rm, fflags, lane);
    }

    /** -(a*b) - c with one rounding. */
    public static int fnmaddH(int a, int b, int c, int rm, int[] fflags, int lane) {
        return fma(negate(a), b, negate(c), rm, fflags, lane);
    }

    /** Flips a boxed half's sign; an operand that is not boxed stays not boxed (so still the canonical NaN). */
    private static int negate(int r) {
        return r ^ SIGN;
    }

    private static int fma(int a, int b, int c, int rm, int[] fflags, int lane) {
        int x = unbox(a);
        int y = unbox(b);
        int z = unbox(c);
        if (special(x) || special(y) || special(z)) {
            return box(narrowExact(FloatOps.fmaddS(widen(x), widen(y), widen(z), rm, fflags, lane), fflags, lane));
        }
        double p = value(x) * value(y); // exact
        double w = value(z);
        double s = p + w;
        if (s == 0.0) {
            boolean bothPositiveZero = Double.doubleToRawLongBits(p) == 0L && z == 0;
            return box(rm == FloatOps.RDN && !bothPositiveZero ? SIGN : signOf(s));
        }
        double bv = s - p;
        double err = (p - (s - bv)) + (w - bv); // TwoSum (Knuth): s + err == p + w exactly
        return box(H.round(s, err > 0 ? 1 : (err < 0 ? -1 : 0), rm, fflags, lane));
    }

    // ---------------------------------------------------------------------------------------
    // Sign injection, min/max, compare, classify, moves
    // ---------------------------------------------------------------------------------------

    public static int fsgnjH(int a, int b) {
        return box((unbox(a) & ~SIGN) | (unbox(b) & SIGN));
    }

    public static int fsgnjnH(int a, int b) {
        return box((unbox(a) & ~SIGN) | (~unbox(b) & SIGN));
    }

    public static int fsgnjxH(int a, int b) {
        return box(unbox(a) ^ (unbox(b) & SIGN));
    }

    public static int fminH(int a, int b, int[] fflags, int lane) {
        return box(narrowExact(FloatOps.fminS(widen(unbox(a)), widen(unbox(b)), fflags, lane), fflags, lane));
    }

    public static int fmaxH(int a, int b, int[] fflags, int lane) {
        return box(narrowExact(FloatOps.fmaxS(widen(unbox(a)), widen(unbox(b)), fflags, lane), fflags, lane));
    }

    public static int feqH(int a, int b, int[] fflags, int lane) {
        return FloatOps.feqS(widen(unbox(a)), widen(unbox(b)), fflags, lane);
    }

    public static int fltH(int a, int b, int[] fflags, int lane) {
        return FloatOps.fltS(widen(unbox(a)), widen(unbox(b)), fflags, lane);
    }

    public static int fleH(int a, int b, int[] fflags, int lane) {
        return FloatOps.fleS(widen(unbox(a)), widen(unbox(b)), fflags, lane);
    }

    /** The 10-bit class mask of FCLASS (bit 0 -inf ... bit 9 quiet NaN). */
    public static int fclassH(int a) {
        int h = unbox(a);
        int exp = h & EXP;
        int man = h & 0x3FF;
        return FloatOps.classMask((h & SIGN) != 0, exp == EXP, exp == 0, man == 0, (man & QUIET) != 0);
    }

    /** rd = the low 16 bits, sign-extended; not unboxed (a move keeps every bit). */
    public static int fmvXH(int a) {
        return (short) a;
    }

    public static int fmvHX(int a) {
        return box(a & 0xFFFF);
    }

    // ---------------------------------------------------------------------------------------
    // Conversions
    // ---------------------------------------------------------------------------------------

    /** binary16 to binary32: exact; a NaN becomes the canonical binary32 NaN, NV for a signalling one. */
    public static int fcvtSH(int a, int rm, int[] fflags, int lane) {
        int h = unbox(a);
        if ((h & 0x7FFF) > EXP) {
            if (isSNaN(h)) {
                fflags[lane] |= FloatOps.NV;
            }
            return FloatOps.CANONICAL_NAN;
        }
        return widen(h);
    }

    /** binary32 (the whole register) to binary16, rounded in mode rm. */
    public static int fcvtHS(int a, int rm, int[] fflags, int lane) {
        if ((a & 0x7F800000) == 0x7F800000) {
            if (FloatOps.isSNaN(a)) {
                fflags[lane] |= FloatOps.NV;
            }
            return box(FloatOps.isNaN(a) ? CANONICAL_NAN : (a >>> 16 & SIGN) | EXP);
        }
        return box(H.round(Float.intBitsToFloat(a), 0, rm, fflags, lane));
    }

    /** To int32, saturating; every half is a binary32, so the F conversion decides result and flags. */
    public static int fcvtWH(int a, int rm, int[] fflags, int lane) {
        return FloatOps.fcvtWS(widen(unbox(a)), rm, fflags, lane);
    }

    public static int fcvtWuH(int a, int rm, int[] fflags, int lane) {
        return FloatOps.fcvtWuS(widen(unbox(a)), rm, fflags, lane);
    }

    public static int fcvtHW(int x, int rm, int[] fflags, int lane) {
        return box(H.round(x, 0, rm, fflags, lane)); // int32 is exact in double
    }

    public static int fcvtHWu(int x, int rm, int[] fflags, int lane) {
        return box(H.round(x & 0xFFFFFFFFL, 0, rm, fflags, lane));
    }

    /** The interpreter's dispatch of the unary rounded half operations (form FP_SQRT). */
    public static int rounded(Standalone op, int a, int rm, int[] fflags, int lane) {
        return switch (op) {
            case FSQRT_H -> fsqrtH(a, rm, fflags, lane);
            case FCVT_S_H -> fcvtSH(a, rm, fflags, lane);
            case FCVT_H_S -> fcvtHS(a, rm, fflags, lane);
            default -> throw new IllegalArgumentException("not a unary rounded half operation: " + op);
        };
    }
}
