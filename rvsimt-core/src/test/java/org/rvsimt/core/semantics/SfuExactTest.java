package org.rvsimt.core.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.SplittableRandom;
import java.util.function.DoubleUnaryOperator;
import java.util.function.Function;
import java.util.function.IntUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Exact-mode SFU: error measured in binary32 ulps against an independent high-precision
 * (BigDecimal, 50+ significant digits) reference, special values, and an exhaustive correct-rounding
 * check of rsqrt.
 */
class SfuExactTest {

    static final int NAN = 0x7FC00000;

    // =============================================================================================
    // High-precision reference (independent of StrictMath).

    static final class Ref {
        static final MathContext MC = new MathContext(60, RoundingMode.HALF_EVEN);
        static final MathContext MC_WIDE = new MathContext(200, RoundingMode.HALF_EVEN);
        static final BigDecimal TWO = BigDecimal.valueOf(2);
        static final BigDecimal PI = computePi();
        static final BigDecimal TWO_PI = PI.multiply(TWO);
        static final BigDecimal LN2 =
                atanhSeries(BigDecimal.ONE.divide(BigDecimal.valueOf(3), MC)).multiply(TWO, MC);

        /** pi by Machin's formula to ~190 digits: pi = 16 atan(1/5) - 4 atan(1/239). */
        private static BigDecimal computePi() {
            BigDecimal a = atanInv(5).multiply(BigDecimal.valueOf(16));
            return a.subtract(atanInv(239).multiply(BigDecimal.valueOf(4)), MC_WIDE);
        }

        private static BigDecimal atanInv(int n) {
            BigDecimal x = BigDecimal.ONE.divide(BigDecimal.valueOf(n), MC_WIDE);
            BigDecimal x2 = x.multiply(x, MC_WIDE);
            BigDecimal term = x;
            BigDecimal sum = BigDecimal.ZERO;
            BigDecimal eps = BigDecimal.ONE.movePointLeft(198);
            for (int k = 1; term.abs().compareTo(eps) > 0; k += 2) {
                BigDecimal t = term.divide(BigDecimal.valueOf(k), MC_WIDE);
                sum = ((k / 2) % 2 == 0) ? sum.add(t, MC_WIDE) : sum.subtract(t, MC_WIDE);
                term = term.multiply(x2, MC_WIDE);
            }
            return sum;
        }

        /** atanh(s) = s + s^3/3 + s^5/5 + ... for |s| <= 1/3. */
        private static BigDecimal atanhSeries(BigDecimal s) {
            BigDecimal s2 = s.multiply(s, MC);
            BigDecimal term = s;
            BigDecimal sum = BigDecimal.ZERO;
            BigDecimal eps = BigDecimal.ONE.movePointLeft(75);
            for (int k = 1; term.abs().compareTo(eps) > 0 || k == 1; k += 2) {
                sum = sum.add(term.divide(BigDecimal.valueOf(k), MC), MC);
                term = term.multiply(s2, MC);
                if (term.signum() == 0) {
                    break;
                }
            }
            return sum;
        }

        static BigDecimal exp(BigDecimal x) {
            if (x.signum() == 0) {
                return BigDecimal.ONE;
            }
            // scale down by 2^k so the Taylor series converges fast, then square k times
            int k = 0;
            BigDecimal y = x;
            BigDecimal lim = new BigDecimal("0.001");
            while (y.abs().compareTo(lim) > 0) {
                y = y.divide(TWO, MC);
                k++;
            }
            BigDecimal sum = BigDecimal.ONE;
            BigDecimal term = BigDecimal.ONE;
            BigDecimal eps = BigDecimal.ONE.movePointLeft(70);
            for (int n = 1; term.abs().compareTo(eps) > 0; n++) {
                term = term.multiply(y, MC).divide(BigDecimal.valueOf(n), MC);
                sum = sum.add(term, MC);
            }
            for (int i = 0; i < k; i++) {
                sum = sum.multiply(sum, MC);
            }
            return sum;
        }

        static BigDecimal ln(double x) {
            // x = m 2^e with m in [1, 2): ln x = e ln2 + 2 atanh((m-1)/(m+1))
            int e = Math.getExponent(x); // x comes from a binary32, so it is a normal binary64
            BigDecimal m;
            if (e < 0) {
                m = new BigDecimal(x).multiply(new BigDecimal(2).pow(-e));
            } else {
                m = new BigDecimal(x).divide(new BigDecimal(2).pow(e));
            }
            BigDecimal s = m.subtract(BigDecimal.ONE).divide(m.add(BigDecimal.ONE), MC);
            return LN2.multiply(BigDecimal.valueOf(e), MC).add(atanhSeries(s).multiply(TWO, MC), MC);
        }

        /** x reduced into [-pi, pi], to absolute accuracy ~1e-110 even for |x| ~ 3.4e38. */
        private static BigDecimal reduce(double x) {
            BigDecimal bx = new BigDecimal(x);
            BigDecimal k = bx.divide(TWO_PI, MC_WIDE).setScale(0, RoundingMode.HALF_EVEN);
            return bx.subtract(k.multiply(TWO_PI, MC_WIDE), MC_WIDE).round(MC_WIDE);
        }

        static BigDecimal sin(double x) {
            return sinTaylor(reduce(x));
        }

        static BigDecimal cos(double x) {
            return cosTaylor(reduce(x));
        }

        private static BigDecimal sinTaylor(BigDecimal r) {
            BigDecimal r2 = r.multiply(r, MC);
            BigDecimal term = r;
            BigDecimal sum = r;
            BigDecimal eps = r.abs().multiply(BigDecimal.ONE.movePointLeft(70));
            for (int n = 1; term.abs().compareTo(eps) > 0; n++) {
                term = term.multiply(r2, MC).divide(BigDecimal.valueOf((2L * n) * (2L * n + 1)), MC).negate();
                sum = sum.add(term, MC);
            }
            return sum;
        }

        private static BigDecimal cosTaylor(BigDecimal r) {
            BigDecimal r2 = r.multiply(r, MC);
            BigDecimal term = BigDecimal.ONE;
            BigDecimal sum = BigDecimal.ONE;
            BigDecimal eps = BigDecimal.ONE.movePointLeft(70);
            for (int n = 1; term.abs().compareTo(eps) > 0; n++) {
                term = term.multiply(r2, MC).divide(BigDecimal.valueOf((2L * n - 1) * (2L * n)), MC).negate();
                sum = sum.add(term, MC);
            }
            return sum;
        }

        static BigDecimal tanh(double x) {
            BigDecimal bx = new BigDecimal(x);
            if (Math.abs(x) < 1e-12) {
                // x - x^3/3 + 2x^5/15: the next term is below 1e-60 relative
                BigDecimal x2 = bx.multiply(bx, MC);
                return bx.subtract(bx.multiply(x2, MC).divide(BigDecimal.valueOf(3), MC), MC);
            }
            if (Math.abs(x) > 60) {
                return BigDecimal.valueOf(x > 0 ? 1 : -1);
            }
            BigDecimal t = exp(bx.multiply(TWO));
            return t.subtract(BigDecimal.ONE).divide(t.add(BigDecimal.ONE), MC);
        }

        static BigDecimal sigmoid(double x) {
            BigDecimal e = exp(new BigDecimal(-x));
            return BigDecimal.ONE.divide(BigDecimal.ONE.add(e), MC);
        }

        static BigDecimal rsqrt(double x) {
            return BigDecimal.ONE.divide(new BigDecimal(x).sqrt(MC), MC);
        }

        static BigDecimal rcp(double x) {
            return BigDecimal.ONE.divide(new BigDecimal(x), MC);
        }

        /** The binary32 ulp of the binade holding |r| (the smaller one at a power of two). */
        static double ulpOf(BigDecimal r) {
            double d = r.abs().doubleValue();
            float f = (float) d;
            if (f > d || Float.isInfinite(f)) {
                f = Math.nextDown(f);
            }
            return Math.ulp(f);
        }

        /** |y - r| in binary32 ulps of r. */
        static double ulpError(float y, BigDecimal r) {
            return new BigDecimal(y).subtract(r).abs().doubleValue() / ulpOf(r);
        }

        static boolean correctlyRounded(float y, BigDecimal r) {
            BigDecimal d = new BigDecimal(y).subtract(r).abs();
            float up = Math.nextUp(y);
            float dn = Math.nextDown(y);
            boolean upOk = Float.isInfinite(up) || d.compareTo(new BigDecimal(up).subtract(r).abs()) <= 0;
            boolean dnOk = Float.isInfinite(dn) || d.compareTo(new BigDecimal(dn).subtract(r).abs()) <= 0;
            return upOk && dnOk;
        }
    }

    // =============================================================================================

    /** Result of an error measurement. */
    record Stats(String name, int n, double maxUlp, float worstX, int notCorrectlyRounded) {}

    private static float f(int bits) {
        return Float.intBitsToFloat(bits);
    }

    private static int b(float x) {
        return Float.floatToRawIntBits(x);
    }

    static Stats measure(
            String name,
            IntUnaryOperator op,
            Function<Double, BigDecimal> ref,
            DoubleUnaryOperator gen,
            int count,
            long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double max = 0;
        float worst = 0;
        int n = 0;
        int notCr = 0;
        double maxFloat = Float.MAX_VALUE;
        double minFloat = Float.MIN_VALUE;
        while (n < count) {
            float x = (float) gen.applyAsDouble(rnd.nextDouble());
            if ((n & 3) == 0) {
                x = f(rnd.nextInt()); // random bit pattern: covers every binade
            }
            if (!Float.isFinite(x)) {
                continue;
            }
            BigDecimal r;
            try {
                r = ref.apply((double) x);
            } catch (ArithmeticException e) {
                continue; // outside the function's domain (handled in the special-value tests)
            }
            if (r == null) {
                continue;
            }
            double ra = r.abs().doubleValue();
            if (ra > maxFloat || (ra < minFloat / 2 && ra != 0)) {
                continue; // overflow / flush region: checked separately
            }
            float y = f(op.applyAsInt(b(x)));
            double e = r.signum() == 0 ? (y == 0 ? 0 : Double.POSITIVE_INFINITY) : Ref.ulpError(y, r);
            if (!(e <= max)) {
                max = e;
                worst = x;
            }
            if (r.signum() != 0 && !Ref.correctlyRounded(y, r)) {
                notCr++;
            }
            n++;
        }
        Stats s = new Stats(name, n, max, worst, notCr);
        System.out.println("SFU exact " + s);
        return s;
    }

    private static final int N = 8_000;

    @Test
    void expWithinOneUlp() {
        Stats s =
                measure(
                        "exp",
                        Sfu::fexpS,
                        x -> x > 89 || x < -104 ? null : Ref.exp(new BigDecimal(x)),
                        u -> -104 + 193 * u,
                        N,
                        1);
        assertTrue(s.maxUlp() <= 0.5 + 1e-6, s.toString());
    }

    @Test
    void lnWithinOneUlp() {
        Stats s =
                measure(
                        "ln",
                        Sfu::flnS,
                        x -> x <= 0 ? null : Ref.ln(x),
                        u -> u < 0.5 ? 0.5 + u : 1e-30 + u * 1e4,
                        N,
                        2);
        assertTrue(s.maxUlp() <= 0.5 + 1e-6, s.toString());
    }

    @Test
    void rcpCorrectlyRounded() {
        Stats s = measure("rcp", Sfu::frcpS, x -> x == 0 ? null : Ref.rcp(x), u -> (u - 0.5) * 10, N, 3);
        assertTrue(s.maxUlp() <= 0.5, s.toString());
        assertEquals(0, s.notCorrectlyRounded());
    }

    @Test
    void rsqrtSampleCorrectlyRounded() {
        Stats s =
                measure("rsqrt", Sfu::frsqrtS, x -> x <= 0 ? null : Ref.rsqrt(x), u -> u * 100, N, 4);
        assertTrue(s.maxUlp() <= 0.5, s.toString());
        assertEquals(0, s.notCorrectlyRounded());
    }

    @Test
    void tanhWithinOneUlp() {
        Stats s = measure("tanh", Sfu::ftanhS, Ref::tanh, u -> (u - 0.5) * 24, N, 5);
        assertTrue(s.maxUlp() <= 0.5 + 1e-6, s.toString());
    }

    @Test
    void sigmoidWithinOneUlp() {
        Stats s = measure("sigmoid", Sfu::fsigmoidS, x -> Math.abs(x) > 200 ? null : Ref.sigmoid(x),
                u -> (u - 0.5) * 220, N, 6);
        assertTrue(s.maxUlp() <= 0.5 + 1e-6, s.toString());
    }

    @Test
    void sinWithinOneUlp() {
        Stats s = measure("sin", Sfu::fsinS, Ref::sin, u -> (u - 0.5) * 2e4, N, 7);
        assertTrue(s.maxUlp() <= 0.5 + 1e-6, s.toString());
    }

    @Test
    void cosWithinOneUlp() {
        Stats s = measure("cos", Sfu::fcosS, Ref::cos, u -> (u - 0.5) * 2e4, N, 8);
        assertTrue(s.maxUlp() <= 0.5 + 1e-6, s.toString());
    }

    /**
     * Exhaustive: every binary32 x in [1, 4) (2^24 values), rsqrt correctly rounded, checked with
     * exact integer arithmetic. rsqrt(4^k x) = 2^-k rsqrt(x) and the implementation scales exactly,
     * so this covers every positive finite input.
     */
    @Test
    void rsqrtExhaustiveOneToFourCorrectlyRounded() {
        int bad = 0;
        for (int bits = 0x3F800000; bits < 0x40800000; bits++) {
            float x = f(bits);
            float y = f(Sfu.frsqrtS(bits));
            // x = X * 2^-23 (integer X < 2^25), y in (0.5, 1]; midpoints with next/prev are multiples
            // of 2^-26 (integers after scaling by 2^26).
            long xi = (long) (x * 0x1p23f);
            long yi = (long) (y * 0x1p26f);
            long upMid = yi + (long) (Math.ulp(y) * 0x1p26f) / 2;
            long dnMid = yi - (long) (Math.ulp(Math.nextDown(y)) * 0x1p26f) / 2;
            // correctly rounded iff dnMid^2 * x < 1 < upMid^2 * x, i.e. Mid^2 * X vs 2^(52+23) = 2^75
            if (!(cmp128(dnMid * dnMid, xi) < 0 && cmp128(upMid * upMid, xi) > 0)) {
                bad++;
            }
        }
        System.out.println("SFU exact rsqrt exhaustive [1,4): not correctly rounded = " + bad);
        assertEquals(0, bad);
    }

    /** Sign of (a * b - 2^75) for non-negative a < 2^56, b < 2^26. */
    private static int cmp128(long a, long b) {
        long hi = Math.multiplyHigh(a, b);
        long lo = a * b;
        long targetHi = 1L << 11; // 2^75 = 2^11 * 2^64
        if (hi != targetHi) {
            return Long.compare(hi, targetHi);
        }
        return lo == 0 ? 0 : 1;
    }

    // =============================================================================================
    // Special values (shared with the fast-mode test).

    static void checkSpecials(
            IntUnaryOperator exp,
            IntUnaryOperator ln,
            IntUnaryOperator rcp,
            IntUnaryOperator rsqrt,
            IntUnaryOperator tanh,
            IntUnaryOperator sigmoid,
            IntUnaryOperator sin,
            IntUnaryOperator cos) {
        int pinf = 0x7F800000;
        int ninf = 0xFF800000;
        int pz = 0;
        int nz = 0x80000000;
        int[] nans = {0x7FC00000, 0x7F800001, 0xFFC00000, 0xFFFFFFFF, 0x7FA12345};
        IntUnaryOperator[] all = {exp, ln, rcp, rsqrt, tanh, sigmoid, sin, cos};
        for (IntUnaryOperator op : all) {
            for (int n : nans) {
                assertEquals(NAN, op.applyAsInt(n), "NaN in -> canonical NaN");
            }
        }
        assertEquals(pz, exp.applyAsInt(ninf));
        assertEquals(pinf, exp.applyAsInt(pinf));
        assertEquals(b(1.0f), exp.applyAsInt(pz));
        assertEquals(b(1.0f), exp.applyAsInt(nz));
        assertEquals(pinf, exp.applyAsInt(b(89.0f)));
        assertEquals(pinf, exp.applyAsInt(b(Float.MAX_VALUE)));
        assertEquals(pz, exp.applyAsInt(b(-104.5f)));
        assertEquals(pz, exp.applyAsInt(b(-Float.MAX_VALUE)));

        assertEquals(ninf, ln.applyAsInt(pz));
        assertEquals(ninf, ln.applyAsInt(nz));
        assertEquals(NAN, ln.applyAsInt(b(-1.0f)));
        assertEquals(NAN, ln.applyAsInt(b(-Float.MIN_VALUE)));
        assertEquals(NAN, ln.applyAsInt(ninf));
        assertEquals(pinf, ln.applyAsInt(pinf));
        assertEquals(pz, ln.applyAsInt(b(1.0f)));

        assertEquals(pinf, rcp.applyAsInt(pz));
        assertEquals(ninf, rcp.applyAsInt(nz));
        assertEquals(pz, rcp.applyAsInt(pinf));
        assertEquals(nz, rcp.applyAsInt(ninf));
        assertEquals(pinf, rcp.applyAsInt(b(Float.MIN_VALUE))); // 2^149 overflows

        assertEquals(pinf, rsqrt.applyAsInt(pz));
        assertEquals(ninf, rsqrt.applyAsInt(nz));
        assertEquals(pz, rsqrt.applyAsInt(pinf));
        assertEquals(NAN, rsqrt.applyAsInt(b(-1.0f)));
        assertEquals(NAN, rsqrt.applyAsInt(b(-Float.MIN_VALUE)));
        assertEquals(NAN, rsqrt.applyAsInt(ninf));

        assertEquals(b(1.0f), tanh.applyAsInt(pinf));
        assertEquals(b(-1.0f), tanh.applyAsInt(ninf));
        assertEquals(pz, tanh.applyAsInt(pz));
        assertEquals(nz, tanh.applyAsInt(nz));
        assertEquals(b(1.0f), tanh.applyAsInt(b(50.0f)));

        assertEquals(b(1.0f), sigmoid.applyAsInt(pinf));
        assertEquals(pz, sigmoid.applyAsInt(ninf));
        assertEquals(b(0.5f), sigmoid.applyAsInt(pz));
        assertEquals(b(0.5f), sigmoid.applyAsInt(nz));
        assertEquals(b(1.0f), sigmoid.applyAsInt(b(200.0f)));
        assertEquals(pz, sigmoid.applyAsInt(b(-200.0f)));

        assertEquals(NAN, sin.applyAsInt(pinf));
        assertEquals(NAN, sin.applyAsInt(ninf));
        assertEquals(NAN, cos.applyAsInt(pinf));
        assertEquals(NAN, cos.applyAsInt(ninf));
        assertEquals(pz, sin.applyAsInt(pz));
        assertEquals(nz, sin.applyAsInt(nz));
        assertEquals(b(1.0f), cos.applyAsInt(pz));
        assertEquals(b(1.0f), cos.applyAsInt(nz));
        assertEquals(b(Float.MIN_VALUE), sin.applyAsInt(b(Float.MIN_VALUE)));
    }

    @Test
    void specialValues() {
        checkSpecials(
                Sfu::fexpS,
                Sfu::flnS,
                Sfu::frcpS,
                Sfu::frsqrtS,
                Sfu::ftanhS,
                Sfu::fsigmoidS,
                Sfu::fsinS,
                Sfu::fcosS);
        // exact mode only: exact results and correct rounding at the extremes
        assertEquals(b(0.5f), Sfu.frcpS(b(2.0f)));
        assertEquals(b(-0.25f), Sfu.frcpS(b(-4.0f)));
        assertEquals(b(0.5f), Sfu.frsqrtS(b(4.0f)));
        assertEquals(b(1.0f), Sfu.frsqrtS(b(1.0f)));
        assertEquals(b(1.0f), Sfu.fexpS(b(Float.MIN_VALUE)));
        assertEquals(0x00000001, Sfu.fexpS(b(-103.2789f))); // ~2^-149
    }
}
