package org.rvsimt.core.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * OCP OFP8 E4M3 / E5M2 conversions against a reference built independently from the format
 * definition (value table + exact nearest/tie search), not from the implementation's bit tricks.
 */
class LowPrecisionFp8Test {

    // ---- reference model ------------------------------------------------------------------------

    /** Reference value of an 8-bit code with the given exponent/mantissa widths (NaN = NaN). */
    private static double refDecode(int code, boolean e4m3) {
        int mBits = e4m3 ? 3 : 2;
        int eBits = e4m3 ? 4 : 5;
        int bias = e4m3 ? 7 : 15;
        boolean neg = (code & 0x80) != 0;
        int e = (code >> mBits) & ((1 << eBits) - 1);
        int m = code & ((1 << mBits) - 1);
        double v;
        int eMaxField = (1 << eBits) - 1;
        if (e4m3) {
            if (e == eMaxField && m == 7) {
                return Double.NaN; // S.1111.111 only
            }
        } else if (e == eMaxField) {
            if (m != 0) {
                return Double.NaN;
            }
            return neg ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        if (e == 0) {
            v = m / (double) (1 << mBits) * Math.pow(2, 1 - bias);
        } else {
            v = (1 + m / (double) (1 << mBits)) * Math.pow(2, e - bias);
        }
        return neg ? -v : v;
    }

    private static final double[] V4 = new double[256];
    private static final double[] V5 = new double[256];

    static {
        for (int c = 0; c < 256; c++) {
            V4[c] = refDecode(c, true);
            V5[c] = refDecode(c, false);
        }
    }

    private static double val(int code, boolean e4m3) {
        return e4m3 ? V4[code] : V5[code];
    }

    /** Largest finite magnitude codes. */
    private static final int E4M3_MAX = 0x7E;

    private static final int E5M2_MAX = 0x7B;

    /**
     * Reference encoder: nearest finite magnitude by exact comparison with the midpoint of the two
     * neighbouring representable values; ties to the code with an even mantissa (= even code, since
     * the code is exponent:mantissa). Out of range: E4M3 saturates to 448; E5M2 behaves as IEEE with
     * an unbounded exponent (the value 2^16 stands for "infinity", code 0x7C, which is even).
     */
    private static int refEncode(float x, boolean e4m3) {
        if (Float.isNaN(x)) {
            int sign = Float.floatToRawIntBits(x) < 0 ? 0x80 : 0;
            return sign | (e4m3 ? 0x7F : 0x7E);
        }
        int sign = (Float.floatToRawIntBits(x) < 0) ? 0x80 : 0;
        double a = Math.abs((double) x);
        int maxCode = e4m3 ? E4M3_MAX : E5M2_MAX;
        if (a > val(maxCode, e4m3)) {
            if (e4m3) {
                return sign | E4M3_MAX;
            }
            double next = 65536.0; // 2^16: the next binade start = the infinity code
            double mid = (val(maxCode, false) + next) / 2;
            return sign | (a < mid ? maxCode : 0x7C);
        }
        // find lo <= a <= hi among codes 0..maxCode (magnitudes increase with the code)
        int lo = 0;
        while (lo < maxCode && val(lo + 1, e4m3) <= a) {
            lo++;
        }
        double vlo = val(lo, e4m3);
        if (vlo == a) {
            return sign | lo;
        }
        int hi = lo + 1;
        double vhi = val(hi, e4m3);
        double mid = (vlo + vhi) / 2; // exact in binary64
        int code;
        if (a < mid) {
            code = lo;
        } else if (a > mid) {
            code = hi;
        } else {
            code = (lo & 1) == 0 ? lo : hi;
        }
        return sign | code;
    }

    private static int enc(float x, boolean e4m3) {
        int bits = Float.floatToRawIntBits(x);
        int r = e4m3 ? LowPrecision.fcvtE4m3S(bits, 0) : LowPrecision.fcvtE5m2S(bits, 0);
        return r >>> 24;
    }

    private static float dec(int code, boolean e4m3) {
        int r = e4m3 ? LowPrecision.fcvtSE4m3(code << 24) : LowPrecision.fcvtSE5m2(code << 24);
        return Float.intBitsToFloat(r);
    }

    // ---- tests ----------------------------------------------------------------------------------

    @Test
    void allE4m3CodesDecodeAndRoundTrip() {
        allCodes(true);
    }

    @Test
    void allE5m2CodesDecodeAndRoundTrip() {
        allCodes(false);
    }

    private void allCodes(boolean e4m3) {
        int nanCount = 0;
        for (int code = 0; code < 256; code++) {
            double ref = refDecode(code, e4m3);
            int bits = Float.floatToRawIntBits(dec(code, e4m3));
            if (Double.isNaN(ref)) {
                nanCount++;
                assertEquals(0x7FC00000, bits, "code " + code + " must decode to the canonical NaN");
                // encoding the (canonical, positive) NaN gives the positive quiet NaN code
                assertEquals(e4m3 ? 0x7F : 0x7E, enc(Float.intBitsToFloat(bits), e4m3));
                continue;
            }
            assertEquals(Float.floatToRawIntBits((float) ref), bits, "decode of code 0x" + hex(code));
            assertEquals(code, enc(Float.intBitsToFloat(bits), e4m3), "round trip of 0x" + hex(code));
        }
        assertEquals(e4m3 ? 2 : 6, nanCount);
    }

    @Test
    void e4m3KeyValues() {
        assertEquals(448.0f, dec(0x7E, true));
        assertEquals(-448.0f, dec(0xFE, true));
        assertEquals(0x1p-6f, dec(0x08, true)); // min normal
        assertEquals(0x1p-9f, dec(0x01, true)); // min subnormal
        assertEquals(0.875f * 0x1p-6f, dec(0x07, true)); // max subnormal
        assertEquals(256.0f, dec(0x78, true)); // exponent 15 is a normal binade in OCP E4M3
        assertEquals(288.0f, dec(0x79, true)); // seed decoded this (300 -> 0x79) as NaN
        assertEquals(0x79, enc(300.0f, true));
        assertEquals(0x80000000, LowPrecision.fcvtSE4m3(0x80000000)); // -0
        assertEquals(0x80, enc(-0.0f, true));
        assertEquals(0x00, enc(0.0f, true));
    }

    @Test
    void e4m3SaturationEdge() {
        // 448 < x < 464 rounds to 448; 464 is the tie between 448 (mantissa 110) and the non-existent
        // 480 (111, the NaN code): ties to even -> 448; above, saturation gives 448 too.
        assertEquals(0x7E, enc(448.0f, true));
        assertEquals(0x7E, enc(Math.nextUp(448.0f), true));
        assertEquals(0x7E, enc(460.0f, true));
        assertEquals(0x7E, enc(Math.nextDown(464.0f), true));
        assertEquals(0x7E, enc(464.0f, true));
        assertEquals(0x7E, enc(Math.nextUp(464.0f), true));
        assertEquals(0x7E, enc(480.0f, true));
        assertEquals(0x7E, enc(1.0e6f, true));
        assertEquals(0x7E, enc(Float.MAX_VALUE, true));
        assertEquals(0x7E, enc(Float.POSITIVE_INFINITY, true));
        assertEquals(0xFE, enc(Float.NEGATIVE_INFINITY, true));
        assertEquals(0xFE, enc(-500.0f, true));
        assertEquals(0x7F, enc(Float.NaN, true));
        assertEquals(0xFF, enc(Float.intBitsToFloat(0xFFC00001), true)); // sign of NaN kept
        assertEquals(0x7F, enc(Float.intBitsToFloat(0x7F800001), true)); // signalling -> quiet code
    }

    @Test
    void e5m2OverflowAndSpecials() {
        assertEquals(57344.0f, dec(0x7B, false));
        assertEquals(Float.POSITIVE_INFINITY, dec(0x7C, false));
        assertEquals(Float.NEGATIVE_INFINITY, dec(0xFC, false));
        assertEquals(0x1p-14f, dec(0x04, false));
        assertEquals(0x1p-16f, dec(0x01, false));
        assertEquals(0x7B, enc(57344.0f, false));
        assertEquals(0x7B, enc(Math.nextDown(61440.0f), false));
        assertEquals(0x7C, enc(61440.0f, false)); // tie with "2^16": even code 0x7C = inf
        assertEquals(0x7C, enc(1.0e9f, false));
        assertEquals(0x7C, enc(Float.POSITIVE_INFINITY, false));
        assertEquals(0xFC, enc(Float.NEGATIVE_INFINITY, false));
        assertEquals(0x7E, enc(Float.NaN, false));
        assertEquals(0xFE, enc(Float.intBitsToFloat(0xFFC00000), false));
        // subnormals exist (the seed never produced them)
        assertEquals(0x01, enc(0x1p-16f, false));
        assertEquals(0x00, enc(0x1p-17f, false)); // tie between 0 and 2^-16 -> even (0)
        assertEquals(0x01, enc(Math.nextUp(0x1p-17f), false));
        assertEquals(0x02, enc(1.5f * 0x1p-16f, false)); // tie between m=1 and m=2 -> even (2)
        assertEquals(0x02, enc(2.5f * 0x1p-16f, false)); // tie between m=2 and m=3 -> even (2)
        assertEquals(0x04, enc(3.5f * 0x1p-16f, false)); // tie between max subnormal and 2^-14 -> 0x04
        assertEquals(0x80, enc(-0x1p-18f, false)); // tiny negative -> -0
        assertEquals(0x80000000, LowPrecision.fcvtSE5m2(0x80000000));
    }

    @Test
    void midpointsRoundToEvenAndNeighboursToNearest() {
        for (boolean e4m3 : new boolean[] {true, false}) {
            int maxCode = e4m3 ? E4M3_MAX : E5M2_MAX;
            for (int s = 0; s <= 0x80; s += 0x80) {
                for (int c = 0; c < maxCode; c++) {
                    double lo = refDecode(c, e4m3);
                    double hi = refDecode(c + 1, e4m3);
                    float mid = (float) ((lo + hi) / 2); // exact: the midpoint has one more bit
                    assertEquals((lo + hi) / 2, mid, 0.0);
                    float smid = s != 0 ? -mid : mid;
                    int even = (c & 1) == 0 ? c : c + 1;
                    assertEquals(s | even, enc(smid, e4m3), (e4m3 ? "e4m3" : "e5m2") + " mid " + smid);
                    float below = s != 0 ? -Math.nextDown(mid) : Math.nextDown(mid);
                    float above = s != 0 ? -Math.nextUp(mid) : Math.nextUp(mid);
                    assertEquals(s | c, enc(below, e4m3), "below mid " + smid);
                    assertEquals(s | (c + 1), enc(above, e4m3), "above mid " + smid);
                }
            }
        }
    }

    @Test
    void seededSampleMatchesReferenceAndKeepsOtherBits() {
        SplittableRandom rnd = new SplittableRandom(0x5EEDF8L);
        for (int i = 0; i < 400_000; i++) {
            float x;
            switch (i % 4) {
                case 0 -> x = Float.intBitsToFloat(rnd.nextInt()); // whole binary32 range
                case 1 -> x = (float) ((rnd.nextDouble() * 2 - 1) * 600); // around the E4M3 range
                case 2 -> x = (float) ((rnd.nextDouble() * 2 - 1) * 70000); // around the E5M2 range
                default -> x = (float) ((rnd.nextDouble() * 2 - 1) * Math.pow(2, -rnd.nextInt(20)));
            }
            int old = rnd.nextInt();
            int bits = Float.floatToRawIntBits(x);
            int r4 = LowPrecision.fcvtE4m3S(bits, old);
            int r5 = LowPrecision.fcvtE5m2S(bits, old);
            assertEquals(old & 0x00FFFFFF, r4 & 0x00FFFFFF, "e4m3 must keep bits [23:0]");
            assertEquals(old & 0x00FFFFFF, r5 & 0x00FFFFFF, "e5m2 must keep bits [23:0]");
            assertEquals(refEncode(x, true), r4 >>> 24, "e4m3 of " + x);
            assertEquals(refEncode(x, false), r5 >>> 24, "e5m2 of " + x);
            // decoding ignores the low bits
            assertEquals(LowPrecision.fcvtSE4m3(r4 & 0xFF000000), LowPrecision.fcvtSE4m3(r4));
            assertEquals(LowPrecision.fcvtSE5m2(r5 & 0xFF000000), LowPrecision.fcvtSE5m2(r5));
        }
    }

    @Test
    void decodeThenEncodeIsIdentityOnCodesWithGarbageLowBits() {
        SplittableRandom rnd = new SplittableRandom(7);
        for (int code = 0; code < 256; code++) {
            int reg = (code << 24) | (rnd.nextInt() & 0x00FFFFFF);
            float v4 = Float.intBitsToFloat(LowPrecision.fcvtSE4m3(reg));
            float v5 = Float.intBitsToFloat(LowPrecision.fcvtSE5m2(reg));
            if (!Float.isNaN(v4)) {
                assertEquals(code, enc(v4, true));
            }
            if (!Float.isNaN(v5)) {
                assertEquals(code, enc(v5, false));
            }
        }
        assertTrue(Float.isNaN(dec(0xFF, true)));
    }

    private static String hex(int c) {
        return Integer.toHexString(c);
    }
}
