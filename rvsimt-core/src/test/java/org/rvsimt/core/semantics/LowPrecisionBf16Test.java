package org.rvsimt.core.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** bf16 conversions (bits [31:16]) against an exact BigDecimal nearest-even reference. */
class LowPrecisionBf16Test {

    private static int enc(int fs1, int old) {
        return LowPrecision.fcvtBf16S(fs1, old);
    }

    private static int encHi(float x) {
        return enc(Float.floatToRawIntBits(x), 0) >>> 16;
    }

    /**
     * Reference: candidates lo (the bf16 at or below |x| in magnitude) and hi (the next bf16 up, whose
     * value is 2^128 when lo is the largest finite bf16, as for IEEE overflow); nearest by exact
     * BigDecimal distance, ties to even bf16 code.
     */
    private static int refEncode(int bits) {
        float x = Float.intBitsToFloat(bits);
        int sign = (bits >>> 16) & 0x8000;
        if (Float.isNaN(x)) {
            return sign | 0x7FC0;
        }
        int abs = bits & 0x7FFFFFFF;
        if (abs == 0x7F800000) {
            return sign | 0x7F80;
        }
        int loCode = abs >>> 16;
        BigDecimal a = new BigDecimal(Math.abs((double) x));
        BigDecimal lo = new BigDecimal((double) Float.intBitsToFloat(loCode << 16));
        int hiCode = loCode + 1;
        BigDecimal hi =
                hiCode == 0x7F80
                        ? new BigDecimal(2).pow(128)
                        : new BigDecimal((double) Float.intBitsToFloat(hiCode << 16));
        int c = a.subtract(lo).compareTo(hi.subtract(a));
        int code = c < 0 ? loCode : c > 0 ? hiCode : ((loCode & 1) == 0 ? loCode : hiCode);
        return sign | code;
    }

    @Test
    void seededSampleMatchesBigDecimalReference() {
        SplittableRandom rnd = new SplittableRandom(0xBF16L);
        for (int i = 0; i < 300_000; i++) {
            int bits;
            switch (i % 4) {
                case 0 -> bits = rnd.nextInt();
                case 1 -> bits = rnd.nextInt() & 0x807FFFFF; // subnormals and zeros
                case 2 -> bits = (rnd.nextInt() & 0xFFFF0000) | 0x8000; // exact ties
                default -> bits = (rnd.nextInt() & 0xFFFF0000) | ((rnd.nextInt(3) - 1 + 0x8000) & 0xFFFF);
            }
            int old = rnd.nextInt();
            int r = enc(bits, old);
            assertEquals(old & 0xFFFF, r & 0xFFFF, "bits [15:0] must be kept");
            assertEquals(refEncode(bits), r >>> 16, "bf16 of 0x" + Integer.toHexString(bits));
        }
    }

    @Test
    void tiesInfNanSubnormalsOverflow() {
        assertEquals(0x3F80, encHi(1.0f));
        assertEquals(0x3F80, encHi(Float.intBitsToFloat(0x3F808000))); // tie, even stays
        assertEquals(0x3F82, encHi(Float.intBitsToFloat(0x3F818000))); // tie, odd rounds up
        assertEquals(0x3F81, encHi(Float.intBitsToFloat(0x3F808001)));
        assertEquals(0x7F80, encHi(Float.POSITIVE_INFINITY));
        assertEquals(0xFF80, encHi(Float.NEGATIVE_INFINITY));
        assertEquals(0x7F7F, encHi(Float.intBitsToFloat(0x7F7F7FFF)));
        assertEquals(0x7F80, encHi(Float.MAX_VALUE)); // 0x7F7FFFFF rounds up to infinity
        assertEquals(0x7F80, encHi(Float.intBitsToFloat(0x7F7F8000))); // tie at the top -> inf (even)
        assertEquals(0x7FC0, encHi(Float.NaN));
        assertEquals(0x7FC0, encHi(Float.intBitsToFloat(0x7F800001))); // sNaN -> quiet
        assertEquals(0x7FC0, encHi(Float.intBitsToFloat(0x7FFFFFFF)));
        assertEquals(0xFFC0, encHi(Float.intBitsToFloat(0xFFC12345))); // sign kept
        // binary32 subnormals: plain RNE on the same exponent range
        assertEquals(0x0000, encHi(Float.MIN_VALUE));
        assertEquals(0x0001, encHi(Float.intBitsToFloat(0x00010000)));
        assertEquals(0x0000, encHi(Float.intBitsToFloat(0x00008000))); // tie -> even 0
        assertEquals(0x0002, encHi(Float.intBitsToFloat(0x00018000))); // tie -> even 2
        assertEquals(0x0080, encHi(Float.intBitsToFloat(0x007FFFFF))); // rounds up to min normal
        assertEquals(0x8000, encHi(-Float.MIN_VALUE));
        assertEquals(0x8000, encHi(-0.0f));
    }

    @Test
    void decodeIsExactIgnoresLowBitsAndCanonicalisesNan() {
        SplittableRandom rnd = new SplittableRandom(3);
        for (int h = 0; h < 0x10000; h++) {
            int reg = (h << 16) | (rnd.nextInt() & 0xFFFF);
            int r = LowPrecision.fcvtSBf16(reg);
            float v = Float.intBitsToFloat(h << 16);
            if (Float.isNaN(v)) {
                assertEquals(0x7FC00000, r);
            } else {
                assertEquals(h << 16, r);
                // encode(decode(h)) == h for every non-NaN code
                assertEquals(h, enc(r, 0) >>> 16);
            }
        }
    }
}
