package org.rvsimt.core.semantics;

import java.math.BigInteger;

/**
 * A slow, independent reference for binary16 (IEEE 754 half precision) results and flags, written
 * from the standard rather than from {@link HalfOps}: operands decoded into exact integers times a
 * power of two, results exact rationals in {@link BigInteger}, rounded by integer division, the
 * special cases (NaN, infinity, signed zero) spelled out from IEEE 754-2008 and the RISC-V F chapter.
 * Halves are plain 16-bit values here (NaN-boxing is tested separately).
 */
final class HalfOracle {
    static final int NV = 16;
    static final int DZ = 8;
    static final int OF = 4;
    static final int UF = 2;
    static final int NX = 1;
    static final int QNAN = 0x7E00;
    static final int PINF = 0x7C00;

    /** A half result with its flags. */
    record Result(int bits, int flags) {
        @Override
        public String toString() {
            return String.format("0x%04X %s", bits, FpOracle.flagNames(flags));
        }
    }

    private HalfOracle() { }

    // ---- decoding ----

    static boolean isNaN(int h) {
        return (h & 0x7C00) == 0x7C00 && (h & 0x3FF) != 0;
    }

    static boolean isSNaN(int h) {
        return isNaN(h) && (h & 0x200) == 0;
    }

    static boolean isInf(int h) {
        return (h & 0x7FFF) == 0x7C00;
    }

    static boolean isZero(int h) {
        return (h & 0x7FFF) == 0;
    }

    static boolean neg(int h) {
        return (h & 0x8000) != 0;
    }

    /** The signed integer significand: value == sig * 2^-24 * 2^(max(biased exp, 1) - 1). */
    static BigInteger sig(int h) {
        int e = (h >>> 10) & 0x1F;
        int m = h & 0x3FF;
        long v = e == 0 ? m : (m | 0x400);
        return BigInteger.valueOf(neg(h) ? -v : v);
    }

    static int exp(int h) {
        int e = (h >>> 10) & 0x1F;
        return (e == 0 ? 1 : e) - 25;
    }

    private static Result invalid() {
        return new Result(QNAN, NV);
    }

    private static Result nan(int... operands) {
        int flags = 0;
        for (int h : operands) {
            if (isSNaN(h)) {
                flags = NV;
            }
        }
        return new Result(QNAN, flags);
    }

    private static boolean anyNaN(int... operands) {
        for (int h : operands) {
            if (isNaN(h)) {
                return true;
            }
        }
        return false;
    }

    // ---- operations ----

    static Result add(int a, int b, int rm) {
        if (anyNaN(a, b)) {
            return nan(a, b);
        }
        if (isInf(a) || isInf(b)) {
            if (isInf(a) && isInf(b) && neg(a) != neg(b)) {
                return invalid();
            }
            return new Result(isInf(a) ? a : b, 0);
        }
        int e = Math.min(exp(a), exp(b));
        BigInteger n = sig(a).shiftLeft(exp(a) - e).add(sig(b).shiftLeft(exp(b) - e));
        if (n.signum() == 0) {
            boolean sameSignZeros = isZero(a) && isZero(b) && neg(a) == neg(b);
            return new Result(sameSignZeros ? a & 0x8000 : (rm == FloatOps.RDN ? 0x8000 : 0), 0);
        }
        return round(n, BigInteger.ONE, e, rm);
    }

    static Result mul(int a, int b, int rm) {
        if (anyNaN(a, b)) {
            return nan(a, b);
        }
        int sign = (a ^ b) & 0x8000;
        if (isInf(a) || isInf(b)) {
            return isZero(a) || isZero(b) ? invalid() : new Result(sign | PINF, 0);
        }
        BigInteger n = sig(a).multiply(sig(b));
        return n.signum() == 0 ? new Result(sign, 0) : round(n, BigInteger.ONE, exp(a) + exp(b), rm);
    }

    static Result div(int a, int b, int rm) {
        if (anyNaN(a, b)) {
            return nan(a, b);
        }
        int sign = (a ^ b) & 0x8000;
        if (isInf(a)) {
            return isInf(b) ? invalid() : new Result(sign | PINF, 0);
        }
        if (isInf(b)) {
            return new Result(sign, 0);
        }
        if (isZero(b)) {
            return isZero(a) ? invalid() : new Result(sign | PINF, DZ);
        }
        if (isZero(a)) {
            return new Result(sign, 0);
        }
        BigInteger n = sig(a);
        BigInteger d = sig(b);
        if (d.signum() < 0) {
            n = n.negate();
            d = d.negate();
        }
        return round(n, d, exp(a) - exp(b), rm);
    }

    static Result sqrt(int a, int rm) {
        if (isNaN(a)) {
            return nan(a);
        }
        if (isZero(a)) {
            return new Result(a, 0);
        }
        if (neg(a)) {
            return invalid();
        }
        if (isInf(a)) {
            return new Result(PINF, 0);
        }
        // sqrt(m * 2^e) with e even: isqrt of m scaled by 4^k gives k + 11 bits and more
        BigInteger m = sig(a);
        int e = exp(a);
        if ((e & 1) != 0) {
            m = m.shiftLeft(1);
            e--;
        }
        int k = 24;
        BigInteger big = m.shiftLeft(2 * k);
        BigInteger t = big.sqrt();
        boolean exact = t.multiply(t).equals(big);
        // t <= sqrt(big) < t + 1: the value is (t + frac) * 2^(e/2 - k); t has >= 24 bits, so dropping
        // frac into a sticky bit (2t + 1 as the numerator over 2 when inexact) is exact for rounding
        BigInteger n = exact ? t : t.shiftLeft(1).add(BigInteger.ONE);
        return round(n, BigInteger.ONE, e / 2 - k - (exact ? 0 : 1), rm);
    }

    /** a*b + c with one rounding. */
    static Result fma(int a, int b, int c, int rm) {
        if (isInf(a) && isZero(b) || isZero(a) && isInf(b)) {
            return invalid(); // even when c is a quiet NaN (RISC-V F chapter)
        }
        if (anyNaN(a, b, c)) {
            return nan(a, b, c);
        }
        boolean pneg = neg(a) != neg(b);
        if (isInf(a) || isInf(b)) {
            if (isInf(c) && neg(c) != pneg) {
                return invalid();
            }
            return new Result((pneg ? 0x8000 : 0) | PINF, 0);
        }
        if (isInf(c)) {
            return new Result(c, 0);
        }
        BigInteger p = sig(a).multiply(sig(b));
        int ep = exp(a) + exp(b);
        int e = Math.min(ep, exp(c));
        BigInteger n = p.shiftLeft(ep - e).add(sig(c).shiftLeft(exp(c) - e));
        if (n.signum() == 0) {
            boolean sameSignZeros = p.signum() == 0 && isZero(c) && pneg == neg(c);
            return new Result(sameSignZeros ? (pneg ? 0x8000 : 0) : (rm == FloatOps.RDN ? 0x8000 : 0), 0);
        }
        return round(n, BigInteger.ONE, e, rm);
    }

    /** An integer (int32 or uint32 as a long) to half. */
    static Result fromInt(long v, int rm) {
        return v == 0 ? new Result(0, 0) : round(BigInteger.valueOf(v), BigInteger.ONE, 0, rm);
    }

    /** A binary32 to half. */
    static Result fromFloat(int f, int rm) {
        if ((f & 0x7FFFFFFF) > 0x7F800000) {
            return new Result(QNAN, (f & 0x00400000) == 0 ? NV : 0);
        }
        int sign = (f >>> 16) & 0x8000;
        if ((f & 0x7FFFFFFF) == 0x7F800000) {
            return new Result(sign | PINF, 0);
        }
        if ((f & 0x7FFFFFFF) == 0) {
            return new Result(sign, 0);
        }
        int e = (f >>> 23) & 0xFF;
        long m = e == 0 ? (f & 0x7FFFFF) : ((f & 0x7FFFFF) | 0x800000);
        return round(BigInteger.valueOf(f < 0 ? -m : m), BigInteger.ONE, (e == 0 ? 1 : e) - 150, rm);
    }

    /** A half's exact binary32, or the canonical binary32 NaN (NV for a signalling one). */
    static int[] toFloat(int h) {
        if (isNaN(h)) {
            return new int[] {0x7FC00000, isSNaN(h) ? NV : 0};
        }
        if (isInf(h)) {
            return new int[] {(h & 0x8000) << 16 | 0x7F800000, 0};
        }
        float v = (float) Math.scalb((double) sig(h).longValue(), exp(h));
        int bits = Float.floatToRawIntBits(v);
        return new int[] {isZero(h) && neg(h) ? 0x80000000 : bits, 0};
    }

    // ---- rounding ----

    /** Rounds n/d * 2^e2 (d &gt; 0, n != 0) to binary16. */
    static Result round(BigInteger n, BigInteger d, int e2, int rm) {
        boolean negative = n.signum() < 0;
        BigInteger an = n.abs();
        int l = an.bitLength() - d.bitLength(); // floor(log2(an/d)) is l or l - 1
        if (compare(an, d, l) < 0) {
            l--;
        }
        int top = l + e2;                        // floor(log2 |value|)
        int q = Math.max(top - 10, -24);         // the lsb's exponent, clamped at the subnormal one
        BigInteger[] tr = scaledDivide(an, d, e2 - q);
        BigInteger t = tr[0];
        BigInteger rem2 = tr[1];                 // 2 * remainder compared below with the divisor
        BigInteger den = tr[2];
        boolean inexact = rem2.signum() != 0;
        int half = rem2.compareTo(den);
        BigInteger r = up(t, inexact, half, rm, negative) ? t.add(BigInteger.ONE) : t;
        int flags = inexact ? NX : 0;
        int sign = negative ? 0x8000 : 0;
        // overflow: the result rounded with an unbounded exponent is 2^16 or more
        if (r.signum() != 0 && r.bitLength() - 1 + q >= 16) {
            boolean toInf = switch (rm) {
                case FloatOps.RTZ -> false;
                case FloatOps.RDN -> negative;
                case FloatOps.RUP -> !negative;
                default -> true;
            };
            return new Result(sign | (toInf ? PINF : 0x7BFF), OF | NX);
        }
        // underflow: inexact and tiny after rounding (rounded to 11 bits, unbounded exponent, below 2^-14)
        if (inexact) {
            int qu = top - 10;
            BigInteger[] tu = scaledDivide(an, d, e2 - qu);
            boolean inexactU = tu[1].signum() != 0;
            BigInteger ru = up(tu[0], inexactU, tu[1].compareTo(tu[2]), rm, negative) ? tu[0].add(BigInteger.ONE)
                    : tu[0];
            if (ru.bitLength() - 1 + qu < -14) {
                flags |= UF;
            }
        }
        return new Result(sign | encode(r.longValueExact(), q), flags);
    }

    /** The bits of r * 2^q, a half value (r may be 2^11 after rounding up). */
    private static int encode(long r, int q) {
        if (r == 0) {
            return 0;
        }
        while (r >= 2048) {
            r >>= 1;
            q++;
        }
        while (r < 1024 && q > -24) {
            r <<= 1;
            q--;
        }
        if (r < 1024) {
            return (int) r; // subnormal: q == -24
        }
        int biased = q + 25;
        return biased << 10 | (int) (r & 0x3FF);
    }

    /** {floor(an/d * 2^s), 2 * remainder, divisor}. */
    private static BigInteger[] scaledDivide(BigInteger an, BigInteger d, int s) {
        BigInteger num = s >= 0 ? an.shiftLeft(s) : an;
        BigInteger den = s >= 0 ? d : d.shiftLeft(-s);
        BigInteger[] qr = num.divideAndRemainder(den);
        return new BigInteger[] {qr[0], qr[1].shiftLeft(1), den};
    }

    private static int compare(BigInteger an, BigInteger d, int l) {
        return l >= 0 ? an.compareTo(d.shiftLeft(l)) : an.shiftLeft(-l).compareTo(d);
    }

    private static boolean up(BigInteger t, boolean inexact, int half, int rm, boolean negative) {
        if (!inexact) {
            return false;
        }
        return switch (rm) {
            case FloatOps.RNE -> half > 0 || (half == 0 && t.testBit(0));
            case FloatOps.RTZ -> false;
            case FloatOps.RDN -> negative;
            case FloatOps.RUP -> !negative;
            case FloatOps.RMM -> half >= 0;
            default -> throw new IllegalArgumentException("rm " + rm);
        };
    }
}
