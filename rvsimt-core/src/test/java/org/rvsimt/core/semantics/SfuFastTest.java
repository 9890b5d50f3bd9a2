package org.rvsimt.core.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.function.DoubleUnaryOperator;
import java.util.function.IntUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Fast-mode SFU: maximum error over dense seeded samples against a binary64 StrictMath reference
 * (its own error, ~1e-16, is negligible at the 1e-5 level measured here), plus the special values.
 *
 * <p>Relative error is measured wherever the reference result is a normal binary32 (neither
 * overflow nor underflow). sin/cos use absolute error over the whole binary32 range, and relative
 * error only on |x| <= 1 where the result has no zeros except at x = 0 (sin) or none (cos).
 *
 * <p>The asserted bounds are the documented ones (docs/numerics-lowp-sfu.md), a little above the
 * measured maxima printed to the test output.
 */
class SfuFastTest {

    /** Samples per function: half random bit patterns (every binade), half uniform in a range. */
    private static final int N = 2_000_000;

    private static float f(int bits) {
        return Float.intBitsToFloat(bits);
    }

    private static int b(float x) {
        return Float.floatToRawIntBits(x);
    }

    record Stats(String name, long n, double max, float worstX) {}

    private static Stats relative(
            String name, IntUnaryOperator op, DoubleUnaryOperator ref, double lo, double hi, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double max = 0;
        float worst = Float.NaN;
        long n = 0;
        for (int i = 0; i < N; i++) {
            float x = (i & 1) == 0 ? f(rnd.nextInt()) : (float) (lo + (hi - lo) * rnd.nextDouble());
            if (!(x >= lo && x <= hi) || Float.isInfinite(x)) {
                continue;
            }
            double r = ref.applyAsDouble(x);
            double ra = Math.abs(r);
            if (!(ra >= Float.MIN_NORMAL && ra <= Float.MAX_VALUE)) {
                continue; // overflow / underflow region
            }
            float y = f(op.applyAsInt(b(x)));
            double e = Math.abs(y - r) / ra;
            n++;
            if (!(e <= max)) {
                max = e;
                worst = x;
            }
        }
        Stats s = new Stats(name, n, max, worst);
        System.out.println("SFU fast relative " + s);
        return s;
    }

    private static Stats absolute(
            String name, IntUnaryOperator op, DoubleUnaryOperator ref, double lim, boolean anyBits,
            long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double max = 0;
        float worst = Float.NaN;
        long n = 0;
        for (int i = 0; i < N; i++) {
            float x =
                    anyBits && (i & 1) == 0 ? f(rnd.nextInt()) : (float) ((rnd.nextDouble() * 2 - 1) * lim);
            if (!Float.isFinite(x)) {
                continue;
            }
            double r = ref.applyAsDouble(x);
            float y = f(op.applyAsInt(b(x)));
            double e = Math.abs(y - r);
            n++;
            if (!(e <= max)) {
                max = e;
                worst = x;
            }
        }
        Stats s = new Stats(name, n, max, worst);
        System.out.println("SFU fast absolute " + s);
        return s;
    }

    private static final double INF = Double.POSITIVE_INFINITY;

    @Test
    void exp() {
        assertTrue(relative("exp", SfuFast::fexpS, StrictMath::exp, -INF, INF, 11).max() < 5e-7);
        assertTrue(relative("exp[-10,10]", SfuFast::fexpS, StrictMath::exp, -10, 10, 12).max() < 5e-7);
        assertTrue(relative("exp[80,89]", SfuFast::fexpS, StrictMath::exp, 80, 89, 13).max() < 5e-7);
        assertTrue(relative("exp[-88,-80]", SfuFast::fexpS, StrictMath::exp, -88, -80, 14).max() < 5e-7);
    }

    @Test
    void ln() {
        assertTrue(relative("ln", SfuFast::flnS, StrictMath::log, 0, INF, 21).max() < 5e-7);
        assertTrue(relative("ln[0.5,2]", SfuFast::flnS, StrictMath::log, 0.5, 2, 22).max() < 5e-7);
        assertTrue(relative("ln[1-1e-3,1+1e-3]", SfuFast::flnS, StrictMath::log, 0.999, 1.001, 23).max()
                < 5e-7);
        assertTrue(relative("ln[0,1e-37]", SfuFast::flnS, StrictMath::log, 0, 1e-37, 24).max() < 5e-7);
    }

    @Test
    void rcp() {
        assertTrue(relative("rcp", SfuFast::frcpS, x -> 1 / x, -INF, INF, 31).max() < 1e-5);
        assertTrue(relative("rcp[-4,4]", SfuFast::frcpS, x -> 1 / x, -4, 4, 32).max() < 1e-5);
    }

    @Test
    void rsqrt() {
        assertTrue(
                relative("rsqrt", SfuFast::frsqrtS, x -> 1 / Math.sqrt(x), 0, INF, 41).max() < 1e-5);
        assertTrue(
                relative("rsqrt[0,16]", SfuFast::frsqrtS, x -> 1 / Math.sqrt(x), 0, 16, 42).max() < 1e-5);
    }

    @Test
    void tanh() {
        assertTrue(relative("tanh", SfuFast::ftanhS, StrictMath::tanh, -INF, INF, 51).max() < 5e-7);
        assertTrue(relative("tanh[-10,10]", SfuFast::ftanhS, StrictMath::tanh, -10, 10, 52).max() < 5e-7);
        assertTrue(relative("tanh[-0.5,0.5]", SfuFast::ftanhS, StrictMath::tanh, -.5, .5, 53).max() < 5e-7);
        assertTrue(relative("tanh[8,10]", SfuFast::ftanhS, StrictMath::tanh, 8, 10, 54).max() < 5e-7);
    }

    private static double sigmoidRef(double x) {
        return x >= 0 ? 1 / (1 + StrictMath.exp(-x)) : StrictMath.exp(x) / (1 + StrictMath.exp(x));
    }

    @Test
    void sigmoid() {
        assertTrue(
                relative("sigmoid", SfuFast::fsigmoidS, SfuFastTest::sigmoidRef, -INF, INF, 61).max()
                        < 5e-7);
        assertTrue(
                relative("sigmoid[-20,20]", SfuFast::fsigmoidS, SfuFastTest::sigmoidRef, -20, 20, 62).max()
                        < 5e-7);
    }

    @Test
    void sinCos() {
        // whole binary32 range (Payne-Hanek above 2^16), dense near the reduction limits
        assertTrue(absolute("sin", SfuFast::fsinS, StrictMath::sin, 65536, true, 71).max() < 2e-6);
        assertTrue(absolute("cos", SfuFast::fcosS, StrictMath::cos, 65536, true, 72).max() < 2e-6);
        assertTrue(absolute("sin|x|<=1e4", SfuFast::fsinS, StrictMath::sin, 1e4, false, 73).max() < 5e-7);
        assertTrue(absolute("cos|x|<=1e4", SfuFast::fcosS, StrictMath::cos, 1e4, false, 74).max() < 5e-7);
        assertTrue(absolute("sin|x|<=1e30", SfuFast::fsinS, StrictMath::sin, 1e30, false, 75).max() < 5e-7);
        assertTrue(absolute("cos|x|<=1e30", SfuFast::fcosS, StrictMath::cos, 1e30, false, 76).max() < 5e-7);
        assertTrue(relative("sin[-1,1]", SfuFast::fsinS, StrictMath::sin, -1, 1, 77).max() < 5e-7);
        assertTrue(relative("cos[-1,1]", SfuFast::fcosS, StrictMath::cos, -1, 1, 78).max() < 5e-7);
    }

    @Test
    void sinCosAtMultiplesOfHalfPi() {
        // the float nearest to k*pi/2: results must follow the exact reduction (absolute error)
        for (int k = -200_000; k <= 200_000; k += 7) {
            float x = (float) (k * (Math.PI / 2));
            assertEquals(StrictMath.sin(x), f(SfuFast.fsinS(b(x))), 2e-6, "sin " + x);
            assertEquals(StrictMath.cos(x), f(SfuFast.fcosS(b(x))), 2e-6, "cos " + x);
        }
    }

    @Test
    void specialValues() {
        SfuExactTest.checkSpecials(
                SfuFast::fexpS,
                SfuFast::flnS,
                SfuFast::frcpS,
                SfuFast::frsqrtS,
                SfuFast::ftanhS,
                SfuFast::fsigmoidS,
                SfuFast::fsinS,
                SfuFast::fcosS);
    }

    @Test
    void subnormalInputsAndResults() {
        // rcp of subnormals that do not overflow, rsqrt of subnormals, ln of subnormals
        float x = 0x1.8p-127f;
        assertEquals(1 / (double) x, f(SfuFast.frcpS(b(x))), 1e-5 / x);
        assertEquals(1 / Math.sqrt(Float.MIN_VALUE), f(SfuFast.frsqrtS(b(Float.MIN_VALUE))), 1e-5 * 3e22);
        assertEquals(StrictMath.log(Float.MIN_VALUE), f(SfuFast.flnS(b(Float.MIN_VALUE))), 1e-4);
        // results in the subnormal range: the relative bound plus a couple of subnormal ulps
        float big = 0x1.8p126f;
        double r = 1 / (double) big;
        assertEquals(r, f(SfuFast.frcpS(b(big))), 1e-5 * r + 2 * Float.MIN_VALUE);
        double e = StrictMath.exp(-100);
        assertEquals(e, f(SfuFast.fexpS(b(-100f))), 5e-7 * e + 2 * Float.MIN_VALUE);
        assertEquals(e, f(SfuFast.fsigmoidS(b(-100f))), 5e-7 * e + 2 * Float.MIN_VALUE);
        assertEquals(0x1p-149, f(SfuFast.fexpS(b(-103.2789f))), 0.0);
    }
}
