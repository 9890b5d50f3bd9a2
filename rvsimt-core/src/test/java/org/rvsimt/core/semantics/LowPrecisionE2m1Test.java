package org.rvsimt.core.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** OCP MX FP4 (E2M1) conversions, bits [31:28] of the register. */
class LowPrecisionE2m1Test {

    /** Magnitudes of codes 0..7 from the MX definition: bias 1, subnormal 0.5 at exponent 0. */
    private static final float[] MAG = {0f, 0.5f, 1f, 1.5f, 2f, 3f, 4f, 6f};

    private static int enc(float x) {
        return LowPrecision.fcvtE2m1S(Float.floatToRawIntBits(x), 0) >>> 28;
    }

    private static float dec(int code) {
        return Float.intBitsToFloat(LowPrecision.fcvtSE2m1(code << 28));
    }

    private static double refValue(int code) {
        int e = (code >> 1) & 3;
        int m = code & 1;
        double v = e == 0 ? m * 0.5 : (1 + m / 2.0) * Math.pow(2, e - 1);
        return (code & 8) != 0 ? -v : v;
    }

    @Test
    void all16CodesBothWays() {
        for (int code = 0; code < 16; code++) {
            float v = dec(code);
            assertEquals(refValue(code), v, 0.0, "code " + code);
            assertEquals(MAG[code & 7], Math.abs(v), 0.0);
            assertEquals(Float.floatToRawIntBits((float) refValue(code)), Float.floatToRawIntBits(v));
            assertEquals(code, enc(v), "round trip " + code);
        }
        assertEquals(0x80000000, LowPrecision.fcvtSE2m1(0x80000000)); // -0
        assertEquals(-1.5f, dec(0xB)); // seed returned +1.5 (sign bit mismatch)
        assertEquals(0.5f, dec(0x1)); // seed had no 0.5
    }

    @Test
    void midpointsTiesToEvenMantissa() {
        for (int s = 0; s <= 8; s += 8) {
            for (int c = 0; c < 7; c++) {
                float mid = (MAG[c] + MAG[c + 1]) / 2;
                int even = (c & 1) == 0 ? c : c + 1;
                float sm = s != 0 ? -mid : mid;
                assertEquals(s | even, enc(sm), "mid " + sm);
                assertEquals(s | c, enc(s != 0 ? -Math.nextDown(mid) : Math.nextDown(mid)));
                assertEquals(s | (c + 1), enc(s != 0 ? -Math.nextUp(mid) : Math.nextUp(mid)));
            }
        }
        assertEquals(0x6, enc(5.0f)); // 5 -> 4 (even mantissa)
        assertEquals(0x7, enc(Math.nextUp(5.0f)));
        assertEquals(0x2, enc(0.75f)); // 0.75 -> 1.0
        assertEquals(0x0, enc(0.25f)); // 0.25 -> 0
        assertEquals(0x1, enc(Math.nextUp(0.25f)));
        assertEquals(0x4, enc(2.5f));
        assertEquals(0x6, enc(3.5f));
        assertEquals(0x8, enc(-0.1f)); // -0
        assertEquals(0x8, enc(-0.0f));
    }

    @Test
    void saturationInfinityAndNan() {
        assertEquals(0x7, enc(6.0f));
        assertEquals(0x7, enc(7.0f));
        assertEquals(0x7, enc(100.0f));
        assertEquals(0x7, enc(Float.MAX_VALUE));
        assertEquals(0x7, enc(Float.POSITIVE_INFINITY));
        assertEquals(0xF, enc(Float.NEGATIVE_INFINITY));
        assertEquals(0xF, enc(-1e30f));
        // documented choice: NaN -> max magnitude with the NaN's sign bit
        assertEquals(0x7, enc(Float.NaN));
        assertEquals(0xF, enc(Float.intBitsToFloat(0xFFC00000)));
        assertEquals(0x7, enc(Float.intBitsToFloat(0x7F800001)));
    }

    @Test
    void seededSampleAgainstNearestSearchAndKeepsLowBits() {
        SplittableRandom rnd = new SplittableRandom(0xE2A1L);
        for (int i = 0; i < 300_000; i++) {
            float x =
                    (i & 1) == 0
                            ? Float.intBitsToFloat(rnd.nextInt())
                            : (float) ((rnd.nextDouble() * 2 - 1) * 8);
            int old = rnd.nextInt();
            int r = LowPrecision.fcvtE2m1S(Float.floatToRawIntBits(x), old);
            assertEquals(old & 0x0FFFFFFF, r & 0x0FFFFFFF);
            assertEquals(refEncode(x), r >>> 28, "x=" + x);
            assertEquals(
                    LowPrecision.fcvtSE2m1(r & 0xF0000000), LowPrecision.fcvtSE2m1(r | 0x0FFFFFFF));
        }
    }

    private static int refEncode(float x) {
        int sign = Float.floatToRawIntBits(x) < 0 ? 8 : 0;
        if (Float.isNaN(x)) {
            return sign | 7;
        }
        double a = Math.abs((double) x);
        if (a >= 6) {
            return sign | 7;
        }
        int lo = 0;
        while (MAG[lo + 1] <= a) {
            lo++;
        }
        if (MAG[lo] == a) {
            return sign | lo;
        }
        double mid = (MAG[lo] + (double) MAG[lo + 1]) / 2;
        int code = a < mid ? lo : a > mid ? lo + 1 : ((lo & 1) == 0 ? lo : lo + 1);
        return sign | code;
    }
}
