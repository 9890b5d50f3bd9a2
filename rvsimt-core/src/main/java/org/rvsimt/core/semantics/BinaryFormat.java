package org.rvsimt.core.semantics;

/**
 * The IEEE 754 binary formats the f registers hold (binary32 for F, binary16 for Zfh) and the one
 * rounding step both share: an exact value, given as a double next to it plus the sign of the
 * difference (see {@link FloatOps} for why every operation can produce that pair), rounded to the
 * format in any RISC-V rounding mode with NX, UF (tininess after rounding, spec "Subnormal
 * Arithmetic") and OF. Both formats' rounding boundaries (values and midpoints, subnormal ones
 * included) are doubles, so the pair decides every rounding exactly.
 */
enum BinaryFormat {
    BINARY16(11, -14, 15),
    BINARY32(24, -126, 127);

    private static final long FRACTION = 0x000F_FFFF_FFFF_FFFFL;
    private static final long IMPLICIT = 0x0010_0000_0000_0000L;

    /** Significand bits, the implicit one included. */
    private final int precision;
    private final int emin;
    private final int emax;
    /** Bits of a double's 53-bit significand below this format's lsb, for a normal result. */
    private final int shift;
    /** The bits of +infinity, and of the sign. */
    final int infinity;
    final int sign;

    BinaryFormat(int precision, int emin, int emax) {
        this.precision = precision;
        this.emin = emin;
        this.emax = emax;
        this.shift = 53 - precision;
        this.infinity = (2 * emax + 1) << (precision - 1);
        this.sign = Integer.highestOneBit(infinity) << 1;
    }

    /**
     * Rounds the exact value x to this format in mode rm (0..4) and ORs NX/UF/OF into fflags[lane].
     *
     * @param d   a double adjacent to x: x == d, or x lies strictly between d and a neighbouring
     *            double; d is finite and normal or zero, and zero only if x is that zero (the caller
     *            has chosen the zero's sign)
     * @param err signum(x - d)
     */
    int round(double d, int err, int rm, int[] fflags, int lane) {
        long bits = Double.doubleToRawLongBits(d);
        long mag = bits & 0x7FFF_FFFF_FFFF_FFFFL;
        boolean neg = bits < 0;
        if (mag == 0) {
            return neg ? sign : 0;
        }
        int sticky = 0;
        if (err != 0) {
            sticky = 1;
            if ((err < 0) != neg) {
                // |x| < |d|: move to the double below |d| in magnitude, so that |x| lies in
                // [|d'|, next(|d'|)) and the error is a plain sticky bit. Decrementing the raw
                // bits crosses binades correctly.
                mag--;
            }
        }
        int e = (int) (mag >>> 52) - 1023;
        if (e > emax) {
            return overflow(neg, rm, fflags, lane);
        }
        long m = (mag & FRACTION) | IMPLICIT;
        // Below emin the lsb stays at 2^(emin - precision + 1): more bits are dropped (capped: from
        // 54 on every bit is below half an lsb anyway).
        int sh = e >= emin ? shift : Math.min(shift + (emin - e), 60);
        long kept = m >>> sh;
        long rem = m & ((1L << sh) - 1);
        boolean inexact = (rem | sticky) != 0;
        // For normals, kept carries the implicit bit, which adds the 1 of the biased exponent; a
        // carry out of the significand on rounding increments the exponent.
        int fb = e >= emin ? ((e - emin) << (precision - 1)) + (int) kept : (int) kept;
        if (roundsUp(rm, neg, kept, rem, 1L << (sh - 1), sticky)) {
            fb++;
        }
        if (fb >= infinity) {
            return overflow(neg, rm, fflags, lane);
        }
        int flags = inexact ? FloatOps.NX : 0;
        if (inexact && e < emin && isTinyAfterRounding(e, m, sticky, rm, neg)) {
            flags |= FloatOps.UF;
        }
        if (flags != 0) {
            fflags[lane] |= flags;
        }
        return neg ? (fb | sign) : fb;
    }

    /**
     * Tininess after rounding: the value rounded to {@code precision} bits as if the exponent were
     * unbounded is below 2^emin. Called with e &lt; emin: only e == emin - 1 can round up to 2^emin.
     */
    private boolean isTinyAfterRounding(int e, long m, int sticky, int rm, boolean neg) {
        if (e < emin - 1) {
            return true;
        }
        long kept = m >>> shift;
        long rem = m & ((1L << shift) - 1);
        return !(kept == (1L << precision) - 1 && roundsUp(rm, neg, kept, rem, 1L << (shift - 1), sticky));
    }

    private static boolean roundsUp(int rm, boolean neg, long kept, long rem, long half, int sticky) {
        return switch (rm) {
            case FloatOps.RNE -> rem > half || (rem == half && (sticky != 0 || (kept & 1) != 0));
            case FloatOps.RTZ -> false;
            case FloatOps.RDN -> neg && (rem | sticky) != 0;
            case FloatOps.RUP -> !neg && (rem | sticky) != 0;
            case FloatOps.RMM -> rem >= half;
            default -> throw new IllegalArgumentException("rounding mode " + rm);
        };
    }

    /** IEEE 754-2008 7.4: the overflow result depends on the mode and the sign. */
    private int overflow(boolean neg, int rm, int[] fflags, int lane) {
        fflags[lane] |= FloatOps.OF | FloatOps.NX;
        boolean toInf = switch (rm) {
            case FloatOps.RTZ -> false;
            case FloatOps.RDN -> neg;
            case FloatOps.RUP -> !neg;
            default -> true;
        };
        int mag = toInf ? infinity : infinity - 1;
        return neg ? (mag | sign) : mag;
    }
}
