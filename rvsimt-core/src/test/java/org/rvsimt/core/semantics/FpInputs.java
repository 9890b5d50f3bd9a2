package org.rvsimt.core.semantics;

import java.util.SplittableRandom;

/**
 * Seeded generator of binary32 operands that hit the hard cases: subnormals, huge and tiny
 * exponents, sparse significands (exact ties in products and sums), cancellation, operands a
 * rounding boundary apart.
 */
final class FpInputs {
    static final int POS_ZERO = 0x00000000;
    static final int NEG_ZERO = 0x80000000;
    static final int POS_INF = 0x7F800000;
    static final int NEG_INF = 0xFF800000;
    static final int QNAN = 0x7FC00000;
    static final int SNAN = 0x7F800001;

    /** Finite values worth hitting on purpose. */
    static final int[] SPECIAL_FINITE = {
        0x00000000, 0x80000000,             // +-0
        0x00000001, 0x80000001,             // +-min subnormal
        0x00000002, 0x00000003, 0x003FFFFF, 0x00400000, 0x00400001,
        0x007FFFFF, 0x807FFFFF,             // +-max subnormal
        0x00800000, 0x80800000,             // +-min normal
        0x00800001, 0x00FFFFFF, 0x01000000,
        0x7F7FFFFF, 0xFF7FFFFF,             // +-max finite
        0x7F7FFFFE, 0x7F000000, 0x7EFFFFFF,
        0x3F800000, 0xBF800000,             // +-1
        0x3F800001, 0x3F7FFFFF, 0xBF800001,
        0x3F000000, 0xBF000000, 0x3FC00000, 0xBFC00000, 0x40200000, 0xC0200000, // .5 1.5 2.5
        0x40000000, 0x40400000, 0x40A00000, 0x3EAAAAAB,
        0x4B000000, 0x4B000001, 0x4B7FFFFF, 0x4B800000, // 2^23 .. 2^24
        0x4EFFFFFF, 0x4F000000, 0xCF000000, 0xCF000001, 0x4F7FFFFF, 0x4F800000, // 2^31, 2^32
        0xBF8CCCCD, 0xBF19999A, 0xCF32D05E, 0x4F32D05E,  // -1.1, -0.6, -3e9, 3e9
        0x34000000, 0x33800000, 0x33000000, // 2^-23, 2^-24, 2^-25
        0x1F800000, 0x5F800000, 0x20000000, 0x5F000000, 0x0C000000, 0x72000000,
    };

    static final int[] SPECIAL_NONFINITE = {
        POS_INF, NEG_INF, QNAN, 0xFFC00000, 0x7FC00001, 0x7FFFFFFF,
        SNAN, 0xFF800001, 0x7FA00000, 0x7FBFFFFF,
    };

    private final SplittableRandom rnd;

    FpInputs(long seed) {
        this.rnd = new SplittableRandom(seed);
    }

    SplittableRandom random() {
        return rnd;
    }

    int nextInt(int bound) {
        return rnd.nextInt(bound);
    }

    /** A finite operand from a mix of distributions. */
    int finite() {
        int sign = rnd.nextBoolean() ? 0x80000000 : 0;
        int k = rnd.nextInt(100);
        int exp;
        int man;
        if (k < 20) {
            exp = rnd.nextInt(255);
            man = rnd.nextInt() & 0x7FFFFF;
        } else if (k < 40) {
            exp = 127 + rnd.nextInt(-20, 21);
            man = sparseMantissa();
        } else if (k < 55) {
            exp = rnd.nextInt(4); // subnormal or just above
            man = rnd.nextBoolean() ? sparseMantissa() : rnd.nextInt() & 0x7FFFFF;
        } else if (k < 65) {
            exp = 250 + rnd.nextInt(5);
            man = rnd.nextBoolean() ? sparseMantissa() : rnd.nextInt() & 0x7FFFFF;
        } else if (k < 75) {
            return SPECIAL_FINITE[rnd.nextInt(SPECIAL_FINITE.length)];
        } else {
            exp = 127 + rnd.nextInt(-30, 31);
            man = rnd.nextInt() & 0x7FFFFF;
        }
        return sign | (exp << 23) | man;
    }

    /** Any operand, now and then infinite or NaN. */
    int any() {
        if (rnd.nextInt(10) == 0) {
            return SPECIAL_NONFINITE[rnd.nextInt(SPECIAL_NONFINITE.length)];
        }
        return finite();
    }

    /** A mantissa with a few set bits: products and sums of these often land on exact ties. */
    int sparseMantissa() {
        int m = 0;
        int n = rnd.nextInt(1, 4);
        for (int i = 0; i < n; i++) {
            m |= 1 << rnd.nextInt(23);
        }
        if (rnd.nextBoolean()) {
            m |= 1; // an odd last bit makes ties to even visible
        }
        return m & 0x7FFFFF;
    }

    /** A finite operand related to x: close to -x, a rounding boundary away, or scaled down. */
    int related(int x) {
        int k = rnd.nextInt(6);
        return fin(switch (k) {
            case 0 -> (x ^ 0x80000000) + rnd.nextInt(-3, 4);      // near cancellation
            case 1 -> x + rnd.nextInt(-2, 3);                       // near equal
            case 2 -> scale(x, -rnd.nextInt(22, 27)) | (rnd.nextBoolean() ? 0x80000000 : 0); // around half an ulp
            case 3 -> scale(x, -rnd.nextInt(1, 60));
            case 4 -> (x & 0xFF800000) ^ (rnd.nextBoolean() ? 0x80000000 : 0) | sparseMantissa();
            default -> finite();
        });
    }

    /** An addend for a*b that makes the fused sum cancel or land near a boundary. */
    int addendFor(int a, int b) {
        float p = Float.intBitsToFloat(a) * Float.intBitsToFloat(b);
        int pb = Float.floatToRawIntBits(p);
        if ((pb & 0x7F800000) == 0x7F800000 || rnd.nextInt(4) == 0) {
            return finite();
        }
        return related(pb);
    }

    /** x * 2^k on the bit level, clamped into the finite range. */
    static int scale(int x, int k) {
        int sign = x & 0x80000000;
        int exp = (x >>> 23) & 0xFF;
        int man = x & 0x7FFFFF;
        if (exp == 0) {
            return x; // leave subnormals alone
        }
        int ne = exp + k;
        if (ne >= 255) {
            ne = 254;
        }
        if (ne <= 0) {
            // make it a subnormal of about the right size
            int shift = 1 - ne;
            long full = (man | 0x800000L) >>> Math.min(shift, 31);
            return sign | (int) full;
        }
        return sign | (ne << 23) | man;
    }

    static boolean isFinite(int x) {
        return (x & 0x7F800000) != 0x7F800000;
    }

    static int fin(int x) {
        return isFinite(x) ? x : (x & 0x807FFFFF) | 0x3F000000;
    }
}
