package org.rvsimt.core.semantics;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * A slow, obviously-correct reference for binary32 rounding, independent of {@link FloatOps}:
 * exact rationals in {@link BigInteger}, rounded by integer division. Finite operands only;
 * NaN and infinity rules are covered by hand-written tests and by the qemu comparison.
 */
final class FpOracle {
    /** A result with its flags, comparable as a value. */
    record Result(int bits, int flags) {
        @Override
        public String toString() {
            return String.format("0x%08X flags=%s", bits, flagNames(flags));
        }
    }

    private FpOracle() { }

    static String flagNames(int f) {
        StringBuilder sb = new StringBuilder();
        if ((f & FloatOps.NV) != 0) sb.append("NV ");
        if ((f & FloatOps.DZ) != 0) sb.append("DZ ");
        if ((f & FloatOps.OF) != 0) sb.append("OF ");
        if ((f & FloatOps.UF) != 0) sb.append("UF ");
        if ((f & FloatOps.NX) != 0) sb.append("NX ");
        return sb.isEmpty() ? "-" : sb.toString().trim();
    }

    /** The integer significand of a finite float: value == sig * 2^exp(bits). */
    static BigInteger sig(int bits) {
        int e = (bits >>> 23) & 0xFF;
        int m = bits & 0x7FFFFF;
        long v = e == 0 ? m : (m | 0x800000);
        return BigInteger.valueOf(bits < 0 ? -v : v);
    }

    static int exp(int bits) {
        int e = (bits >>> 23) & 0xFF;
        return (e == 0 ? 1 : e) - 150;
    }

    static boolean neg(int bits) {
        return bits < 0;
    }

    // ---- the operations (finite inputs) ----

    static Result add(int a, int b, int rm) {
        int emin = Math.min(exp(a), exp(b));
        BigInteger n = sig(a).shiftLeft(exp(a) - emin).add(sig(b).shiftLeft(exp(b) - emin));
        if (n.signum() == 0) {
            return new Result(sumZeroSign(a, b, rm), 0);
        }
        return roundRational(n, BigInteger.ONE, emin, rm);
    }

    static Result sub(int a, int b, int rm) {
        return add(a, b ^ 0x80000000, rm);
    }

    static Result mul(int a, int b, int rm) {
        BigInteger n = sig(a).multiply(sig(b));
        if (n.signum() == 0) {
            return new Result((a ^ b) & 0x80000000, 0);
        }
        return roundRational(n, BigInteger.ONE, exp(a) + exp(b), rm);
    }

    /** b must be nonzero. */
    static Result div(int a, int b, int rm) {
        BigInteger n = sig(a);
        BigInteger d = sig(b);
        if (n.signum() == 0) {
            return new Result((a ^ b) & 0x80000000, 0);
        }
        if (d.signum() < 0) {
            n = n.negate();
            d = d.negate();
        }
        return roundRational(n, d, exp(a) - exp(b), rm);
    }

    /** a must be positive (nonzero). */
    static Result sqrt(int a, int rm) {
        BigInteger m = sig(a);
        int e = exp(a);
        if ((e & 1) != 0) {
            m = m.shiftLeft(1);
            e -= 1;
        }
        // sqrt(a) = sqrt(m) * 2^(e/2); quantum 2^eq with 24 significant bits.
        int l = (m.bitLength() - 1) / 2 + e / 2; // floor(log2(sqrt(a)))
        int eq = l - 23;
        int s = e / 2 - eq; // >= 0
        BigInteger big = m.shiftLeft(2 * s);
        BigInteger t = big.sqrt();
        boolean inexact = !t.multiply(t).equals(big);
        // compare sqrt(big) with t + 1/2  <=>  4*big with (2t+1)^2 (never equal)
        BigInteger twoT1 = t.shiftLeft(1).add(BigInteger.ONE);
        int cmpHalf = inexact ? big.shiftLeft(2).compareTo(twoT1.multiply(twoT1)) : -2;
        return finish(false, t, eq, inexact, cmpHalf, rm);
    }

    /** (a*b) + c with one rounding; negate flags select the four fused variants. */
    static Result fma(int a, int b, int c, int rm) {
        BigInteger p = sig(a).multiply(sig(b));
        int ep = exp(a) + exp(b);
        int ec = exp(c);
        int emin = Math.min(ep, ec);
        BigInteger n = p.shiftLeft(ep - emin).add(sig(c).shiftLeft(ec - emin));
        if (n.signum() == 0) {
            boolean pNeg = (a ^ b) < 0;
            boolean pZero = p.signum() == 0;
            boolean cNeg = c < 0;
            boolean cZero = isZero(c);
            int bits;
            if (pZero && cZero && pNeg == cNeg) {
                bits = pNeg ? 0x80000000 : 0;
            } else {
                bits = rm == FloatOps.RDN ? 0x80000000 : 0;
            }
            return new Result(bits, 0);
        }
        return roundRational(n, BigInteger.ONE, emin, rm);
    }

    static Result cvtSW(long value, int rm) {
        if (value == 0) {
            return new Result(0, 0);
        }
        return roundRational(BigInteger.valueOf(value), BigInteger.ONE, 0, rm);
    }

    /** Float to integer in [lo, hi]; NaN and out of range saturate with NV. */
    static Result cvtToInt(int a, int rm, long lo, long hi, long nanValue) {
        if ((a & 0x7FFFFFFF) > 0x7F800000) {
            return new Result((int) nanValue, FloatOps.NV);
        }
        if ((a & 0x7FFFFFFF) == 0x7F800000) {
            return new Result((int) (a < 0 ? lo : hi), FloatOps.NV);
        }
        BigDecimal x = new BigDecimal(Float.intBitsToFloat(a));
        RoundingMode mode = switch (rm) {
            case FloatOps.RNE -> RoundingMode.HALF_EVEN;
            case FloatOps.RTZ -> RoundingMode.DOWN;
            case FloatOps.RDN -> RoundingMode.FLOOR;
            case FloatOps.RUP -> RoundingMode.CEILING;
            default -> RoundingMode.HALF_UP;
        };
        BigInteger r = x.setScale(0, mode).toBigIntegerExact();
        if (r.compareTo(BigInteger.valueOf(lo)) < 0) {
            return new Result((int) lo, FloatOps.NV);
        }
        if (r.compareTo(BigInteger.valueOf(hi)) > 0) {
            return new Result((int) hi, FloatOps.NV);
        }
        boolean exact = x.compareTo(new BigDecimal(r)) == 0;
        return new Result(r.intValue(), exact ? 0 : FloatOps.NX);
    }

    // ---- rounding ----

    private static boolean isZero(int bits) {
        return (bits & 0x7FFFFFFF) == 0;
    }

    private static int sumZeroSign(int a, int b, int rm) {
        if (isZero(a) && isZero(b) && (a < 0) == (b < 0)) {
            return a & 0x80000000;
        }
        return rm == FloatOps.RDN ? 0x80000000 : 0;
    }

    /** Rounds n/d * 2^exp2 (d &gt; 0, n != 0) to binary32. */
    static Result roundRational(BigInteger n, BigInteger d, int exp2, int rm) {
        boolean neg = n.signum() < 0;
        BigInteger an = n.abs();
        // l = floor(log2(an/d))
        int l = an.bitLength() - d.bitLength();
        if (cmpScaled(an, d, l) < 0) {
            l--;
        }
        int e = l + exp2; // floor(log2 |value|)
        int eq = Math.max(e - 23, -149);
        Quot q = divide(an, d, exp2 - eq);
        // tininess after rounding: round to 24 bits with unbounded exponent
        Quot q24 = divide(an, d, exp2 - (e - 23));
        BigInteger t24 = applyRounding(q24, rm, neg);
        boolean tiny = t24.signum() != 0 && t24.bitLength() - 1 + (e - 23) < -126;
        Result r = finish(neg, q.t, eq, q.inexact, q.cmpHalf, rm);
        if (tiny && q.inexact) {
            r = new Result(r.bits, r.flags | FloatOps.UF);
        }
        return r;
    }

    private record Quot(BigInteger t, boolean inexact, int cmpHalf) { }

    /** floor(an/d * 2^s), whether the remainder is nonzero, and the remainder vs one half. */
    private static Quot divide(BigInteger an, BigInteger d, int s) {
        BigInteger num = s >= 0 ? an.shiftLeft(s) : an;
        BigInteger den = s >= 0 ? d : d.shiftLeft(-s);
        BigInteger[] qr = num.divideAndRemainder(den);
        boolean inexact = qr[1].signum() != 0;
        int cmpHalf = qr[1].shiftLeft(1).compareTo(den);
        return new Quot(qr[0], inexact, cmpHalf);
    }

    private static int cmpScaled(BigInteger an, BigInteger d, int l) {
        return l >= 0 ? an.compareTo(d.shiftLeft(l)) : an.shiftLeft(-l).compareTo(d);
    }

    private static BigInteger applyRounding(Quot q, int rm, boolean neg) {
        return roundsUp(q.t, q.inexact, q.cmpHalf, rm, neg) ? q.t.add(BigInteger.ONE) : q.t;
    }

    private static boolean roundsUp(BigInteger t, boolean inexact, int cmpHalf, int rm, boolean neg) {
        if (!inexact) {
            return false;
        }
        return switch (rm) {
            case FloatOps.RNE -> cmpHalf > 0 || (cmpHalf == 0 && t.testBit(0));
            case FloatOps.RTZ -> false;
            case FloatOps.RDN -> neg;
            case FloatOps.RUP -> !neg;
            case FloatOps.RMM -> cmpHalf >= 0;
            default -> throw new IllegalArgumentException();
        };
    }

    private static Result finish(boolean neg, BigInteger t, int eq, boolean inexact, int cmpHalf,
                                 int rm) {
        BigInteger r = roundsUp(t, inexact, cmpHalf, rm, neg) ? t.add(BigInteger.ONE) : t;
        int flags = inexact ? FloatOps.NX : 0;
        int sign = neg ? 0x80000000 : 0;
        if (r.signum() != 0 && r.bitLength() - 1 + eq >= 128) {
            boolean toInf = switch (rm) {
                case FloatOps.RTZ -> false;
                case FloatOps.RDN -> neg;
                case FloatOps.RUP -> !neg;
                default -> true;
            };
            return new Result(sign | (toInf ? 0x7F800000 : 0x7F7FFFFF), FloatOps.OF | FloatOps.NX);
        }
        double v = Math.scalb((double) r.longValueExact(), eq); // exact: a float value
        int bits = Float.floatToRawIntBits((float) v);
        if ((double) Float.intBitsToFloat(bits) != v) {
            throw new AssertionError("oracle produced a non-float value");
        }
        return new Result(sign | bits, flags);
    }
}
