package org.rvsimt.frontend.opencl;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.rvsimt.core.api.Buffer;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.DeviceConfig;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.core.api.Launch;
import org.rvsimt.core.api.LaunchResult;

/**
 * The device library's math built-ins against a Java reference: each function runs on the device
 * over a few thousand arguments (special values, ordinary ranges, and random bit patterns, which
 * include huge, tiny and subnormal values), and its error in ulp (of the correctly rounded
 * result) must stay within the OpenCL 1.2 full profile's bound (specification section 7.4, table
 * 7.1). The reference is {@link StrictMath} in double precision (errors below 2^-52), or an exact
 * identity; special values (NaN, infinities, zeros) must match exactly.
 */
class OpenClMathAccuracyTest {
    private static final int N = 2048;

    @FunctionalInterface
    interface Ref {
        double of(double x, double y, int n);
    }

    /** One function: its switch case in the kernel, its bound, reference and argument ranges. */
    record Case(String name, double ulps, Ref ref, Args args) { }

    enum Args { ANY, TRIG, EXP, LOG, UNIT, POS_POW, TWO_ANY, INT_N, HYPER, ERF, GAMMA }

    static final List<Case> CASES = List.of(
            new Case("sin", 4, (x, y, n) -> StrictMath.sin(x), Args.TRIG),
            new Case("cos", 4, (x, y, n) -> StrictMath.cos(x), Args.TRIG),
            new Case("tan", 5, (x, y, n) -> StrictMath.tan(x), Args.TRIG),
            new Case("sinpi", 4, (x, y, n) -> sinpi(x), Args.TRIG),
            new Case("cospi", 4, (x, y, n) -> cospi(x), Args.TRIG),
            new Case("asin", 4, (x, y, n) -> StrictMath.asin(x), Args.UNIT),
            new Case("acos", 4, (x, y, n) -> StrictMath.acos(x), Args.UNIT),
            new Case("atan", 5, (x, y, n) -> StrictMath.atan(x), Args.ANY),
            new Case("atan2", 6, (x, y, n) -> StrictMath.atan2(x, y), Args.TWO_ANY),
            new Case("asinpi", 5, (x, y, n) -> StrictMath.asin(x) / Math.PI, Args.UNIT),
            new Case("acospi", 5, (x, y, n) -> StrictMath.acos(x) / Math.PI, Args.UNIT),
            new Case("atanpi", 5, (x, y, n) -> StrictMath.atan(x) / Math.PI, Args.ANY),
            new Case("sinh", 4, (x, y, n) -> StrictMath.sinh(x), Args.HYPER),
            new Case("cosh", 4, (x, y, n) -> StrictMath.cosh(x), Args.HYPER),
            new Case("tanh", 5, (x, y, n) -> StrictMath.tanh(x), Args.HYPER),
            new Case("asinh", 4, (x, y, n) -> Double.isInfinite(x) ? x : Math.copySign(StrictMath.log1p(Math.abs(x) + x * x / (1 + StrictMath.sqrt(1 + x * x))), x), Args.ANY),
            new Case("acosh", 4, (x, y, n) -> x < 1 ? Double.NaN : StrictMath.log1p((x - 1) + StrictMath.sqrt((x - 1) * (x + 1))), Args.LOG),
            new Case("atanh", 5, (x, y, n) -> Math.abs(x) > 1 ? Double.NaN : 0.5 * StrictMath.log1p(2 * x / (1 - x)), Args.UNIT),
            new Case("exp", 3, (x, y, n) -> StrictMath.exp(x), Args.EXP),
            new Case("exp2", 3, (x, y, n) -> StrictMath.pow(2, x), Args.EXP),
            new Case("exp10", 3, (x, y, n) -> StrictMath.pow(10, x), Args.EXP),
            new Case("expm1", 3, (x, y, n) -> StrictMath.expm1(x), Args.EXP),
            new Case("log", 3, (x, y, n) -> StrictMath.log(x), Args.LOG),
            new Case("log2", 3, (x, y, n) -> StrictMath.log(x) / StrictMath.log(2), Args.LOG),
            new Case("log10", 3, (x, y, n) -> StrictMath.log10(x), Args.LOG),
            new Case("log1p", 2, (x, y, n) -> StrictMath.log1p(x), Args.LOG),
            new Case("cbrt", 2, (x, y, n) -> StrictMath.cbrt(x), Args.ANY),
            new Case("sqrt", 0.5, (x, y, n) -> StrictMath.sqrt(x), Args.LOG),
            new Case("rsqrt", 2, (x, y, n) -> 1 / StrictMath.sqrt(x), Args.LOG),
            new Case("pow", 16, (x, y, n) -> StrictMath.pow(x, y), Args.POS_POW),
            new Case("powr", 16, (x, y, n) -> powr(x, y), Args.POS_POW),
            new Case("pown", 16, (x, y, n) -> StrictMath.pow(x, n), Args.INT_N),
            new Case("rootn", 16, (x, y, n) -> rootn(x, n), Args.INT_N),
            new Case("hypot", 4, (x, y, n) -> StrictMath.hypot(x, y), Args.TWO_ANY),
            new Case("fmod", 0, (x, y, n) -> x % y, Args.TWO_ANY),
            new Case("remainder", 0, (x, y, n) -> StrictMath.IEEEremainder(x, y), Args.TWO_ANY),
            new Case("erf", 16, (x, y, n) -> SpecialFunctions.erf(x), Args.ERF),
            new Case("erfc", 16, (x, y, n) -> SpecialFunctions.erfc(x), Args.ERF),
            new Case("tgamma", 16, (x, y, n) -> SpecialFunctions.gamma(x), Args.GAMMA),
            // lgamma's error is not bounded by the specification ("undefined"); checked here to 16 ulp or
            // LGAMMA_ABS, which covers the reference's own error near the zeros at 1 and 2 and the
            // cancellation of the reflection formula near the zeros of lgamma for x < -2
            new Case("lgamma", 16, (x, y, n) -> SpecialFunctions.lgamma(x), Args.GAMMA));

    /** lgamma: the absolute error allowed besides 16 ulp: the reference's below 1 (x > 0), 2^-20 for x < 0 */
    static double lgammaAbs(double x) {
        return x > 0 ? 1e-13 : 0x1p-20;
    }

    /** OpenCL's powr: pow for x >= 0 only, with its own special cases (section 6.12.2.1). */
    static double powr(double x, double y) {
        if (Double.isNaN(x) || Double.isNaN(y) || x < 0) {
            return Double.NaN;
        }
        if (x == 0) {
            return y == 0 ? Double.NaN : y < 0 ? Double.POSITIVE_INFINITY : 0;
        }
        if (Double.isInfinite(x)) {
            return y == 0 ? Double.NaN : y < 0 ? 0 : Double.POSITIVE_INFINITY;
        }
        if (x == 1) {
            return Double.isInfinite(y) ? Double.NaN : 1;
        }
        return StrictMath.pow(x, y);
    }

    /** x^(1/n): NaN for x < 0 and even n; at zero, C99's pown rules (section 6.12.2.1). */
    static double rootn(double x, int n) {
        boolean odd = (n & 1) != 0;
        if (x == 0) {
            return n > 0 ? (odd ? x : 0.0) : (odd ? Math.copySign(Double.POSITIVE_INFINITY, x) : Double.POSITIVE_INFINITY);
        }
        if (x < 0 && !odd) {
            return Double.NaN;
        }
        return Math.copySign(StrictMath.pow(Math.abs(x), 1.0 / n), x);
    }

    /**
     * sin(pi x): x reduced modulo 2 exactly (into [-1, 1]), folded into [-1/2, 1/2] by
     * sin(pi (1 - a)) = sin(pi a), so multiples of 1/2 give exact zeros and ones.
     */
    static double sinpi(double x) {
        if (Double.isInfinite(x)) {
            return Double.NaN;
        }
        double r = x - 2 * Math.rint(x / 2);
        double a = Math.abs(r);
        if (a > 0.5) {
            a = 1 - a;
        }
        return Math.copySign(StrictMath.sin(Math.PI * a), r);
    }

    /** cos(pi x) = sin(pi (1/2 - r)) with r = |x| reduced modulo 2 exactly into [0, 1]. */
    static double cospi(double x) {
        if (Double.isInfinite(x)) {
            return Double.NaN;
        }
        double r = Math.abs(x - 2 * Math.rint(x / 2));
        return StrictMath.sin(Math.PI * (0.5 - r));
    }

    static String kernelSource() {
        StringBuilder s = new StringBuilder("""
                __kernel void math(__global const float *x, __global const float *y, __global const int *n,
                                   __global float *out, int fn) {
                    int i = get_global_id(0);
                    float a = x[i], b = y[i], r = 0.0f;
                    int k = n[i];
                    switch (fn) {
                """);
        for (int i = 0; i < CASES.size(); i++) {
            Case c = CASES.get(i);
            String call = switch (c.args()) {
                case TWO_ANY, POS_POW -> c.name() + "(a, b)";
                case INT_N -> c.name() + "(a, k)";
                default -> c.name() + "(a)";
            };
            s.append("    case ").append(i).append(": r = ").append(call).append("; break;\n");
        }
        return s.append("    }\n    out[i] = r;\n}\n").toString();
    }

    static float[][] arguments(Args kind, long seed) {
        Random rnd = new Random(seed);
        float[] x = new float[N];
        float[] y = new float[N];
        float[] special = {0f, -0f, 1f, -1f, 0.5f, -0.5f, 2f, Float.MIN_VALUE, -Float.MIN_VALUE, Float.MIN_NORMAL,
            Float.MAX_VALUE, -Float.MAX_VALUE, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NaN,
            (float) Math.PI, (float) (Math.PI / 2), (float) (Math.PI / 4), 1e-30f, 1e30f, 88.72f, -103.9f, 0.99999994f,
            1.0000001f, 3.0f, 100f, 0.1f};
        for (int i = 0; i < N; i++) {
            float a;
            float b;
            int part = i % 4;
            if (i < special.length * special.length && i % 3 == 0) {
                a = special[(i / 3) % special.length];
                b = special[(i / 3 / special.length) % special.length];
            } else if (part == 0) {
                a = randomBits(rnd);
                b = randomBits(rnd);
            } else {
                a = switch (kind) {
                    case TRIG -> (float) ((rnd.nextDouble() * 2 - 1) * (part == 1 ? 10 : part == 2 ? 1e4 : 1e6));
                    case EXP -> (float) (rnd.nextDouble() * 200 - 110);
                    case LOG -> part == 1 ? (float) (1 + (rnd.nextDouble() - 0.5) * 1e-3) : (float) Math.exp(rnd.nextDouble() * 160 - 80);
                    case UNIT -> (float) (rnd.nextDouble() * 2 - 1);
                    case POS_POW -> (float) (rnd.nextDouble() * (part == 1 ? 2 : 100));
                    case HYPER -> (float) (rnd.nextDouble() * 200 - 100);
                    case INT_N -> (float) ((rnd.nextDouble() * 2 - 1) * 50);
                    case ERF -> (float) ((rnd.nextDouble() * 2 - 1) * (part == 1 ? 1.5 : 11));
                    case GAMMA -> part == 1 ? (float) (1 + rnd.nextDouble() * 1.5 - 0.25 + (rnd.nextBoolean() ? 0 : 1e-4))
                            : (float) (rnd.nextDouble() * 82 - 46);
                    default -> (float) ((rnd.nextDouble() * 2 - 1) * Math.exp(rnd.nextDouble() * 40 - 20));
                };
                b = switch (kind) {
                    case POS_POW -> (float) ((rnd.nextDouble() * 2 - 1) * (part == 1 ? 60 : 15));
                    default -> (float) ((rnd.nextDouble() * 2 - 1) * Math.exp(rnd.nextDouble() * 40 - 20));
                };
            }
            x[i] = a;
            y[i] = b;
        }
        return new float[][] {x, y};
    }

    static float randomBits(Random rnd) {
        while (true) {
            float f = Float.intBitsToFloat(rnd.nextInt());
            if (!Float.isNaN(f) && !Float.isInfinite(f)) {
                return f;
            }
        }
    }

    @Test
    void everyFunctionIsWithinItsUlpBound() throws Exception {
        OpenClProgram p = OpenClCompiler.build(kernelSource(), "");
        OpenClKernel k = p.kernel("math").orElseThrow();
        List<String> failures = new ArrayList<>();
        StringBuilder worst = new StringBuilder();
        try (Device dev = Device.open(DeviceConfig.defaults())) {
            Kernel kernel = Kernel.fromElf(p.elf(), "math", dev.config().vramBytes());
            int entry = kernel.symbol(k.entrySymbol()).orElseThrow();
            Buffer bx = dev.alloc(4L * N);
            Buffer by = dev.alloc(4L * N);
            Buffer bn = dev.alloc(4L * N);
            Buffer out = dev.alloc(4L * N);
            for (int c = 0; c < CASES.size(); c++) {
                Case cs = CASES.get(c);
                float[][] xy = arguments(cs.args(), 1000 + c);
                int[] n = new int[N];
                for (int i = 0; i < N; i++) {
                    n[i] = (i % 7) - 3 + (i % 5 == 0 ? 0 : (i % 2 == 0 ? 1 : -1) * (1 + i % 9));
                    if (cs.name().equals("rootn") && n[i] == 0) {
                        n[i] = 3;
                    }
                }
                bx.write(xy[0]);
                by.write(xy[1]);
                bn.write(n);
                OpenClArgBlock args = new OpenClArgBlock(k).ndrange(1).buffer(0, bx.address()).buffer(1, by.address())
                        .buffer(2, bn.address()).buffer(3, out.address()).intValue(4, c);
                LaunchResult r = dev.launch(Launch.builder(kernel, Dim3.of(N / 128), Dim3.of(128)).entry(entry)
                        .args(args.words()).build());
                assertThat(r.ok()).as("%s: %s", cs.name(), r.fault()).isTrue();
                float[] got = out.readFloats();
                double max = 0;
                for (int i = 0; i < N; i++) {
                    double ref = cs.ref().of(xy[0][i], xy[1][i], n[i]);
                    String problem = check(got[i], ref, cs.ulps());
                    if (problem != null && cs.name().equals("lgamma") && Float.isFinite(got[i])
                            && Math.abs(got[i] - ref) <= lgammaAbs(xy[0][i])) {
                        problem = null;
                    }
                    if (problem != null) {
                        failures.add(cs.name() + "(" + xy[0][i] + (cs.args() == Args.TWO_ANY || cs.args() == Args.POS_POW
                                ? ", " + xy[1][i] : cs.args() == Args.INT_N ? ", " + n[i] : "") + ") = " + got[i]
                                + ", reference " + ref + ": " + problem);
                    } else if (!Double.isNaN(ref) && !Double.isInfinite(ref) && !Float.isInfinite((float) ref)) {
                        max = Math.max(max, Math.abs(got[i] - ref) / Math.ulp((float) ref));
                    }
                }
                worst.append(String.format("%s %.2f, ", cs.name(), max));
            }
        }
        assertThat(failures).as("worst error in ulp: %s", worst).isEmpty();
    }

    /** null when {@code got} is within {@code ulps} of the exact {@code ref}, else why not. */
    static String check(float got, double ref, double ulps) {
        if (Double.isNaN(ref)) {
            return Float.isNaN(got) ? null : "expected NaN";
        }
        float rounded = (float) ref;
        if (Float.isInfinite(rounded)) {
            // overflow: the correctly rounded result is infinite; FLT_MAX is 1 ulp away from it
            return Float.isInfinite(got) && Math.signum(got) == Math.signum(rounded)
                    || Math.abs(got) == Float.MAX_VALUE && ulps >= 1 ? null : "expected " + rounded;
        }
        if (Float.isNaN(got) || Float.isInfinite(got)) {
            return "not finite";
        }
        if (ref == 0 && got == 0) {
            return null;
        }
        double err = Math.abs(got - ref) / Math.ulp(rounded);
        if (ulps == 0) {
            return got == rounded ? null : "not exact";
        }
        return err <= ulps ? null : String.format("%.2f ulp", err);
    }

    /** lgamma_r: the same value as lgamma and the sign of Gamma(x) (OpenCL 1.2 section 6.12.2). */
    @Test
    void lgammaRGivesTheSignOfGamma() throws Exception {
        float[] xs = {0.5f, 1f, 2.5f, 40f, -0.5f, -1.5f, -2.5f, -3.25f, -10.75f, -0.001f, 1e-30f, -1e-30f};
        String src = """
                __kernel void k(__global const float *x, __global float *v, __global float *l, __global int *s) {
                    int i = get_global_id(0); int sg; v[i] = lgamma_r(x[i], &sg); s[i] = sg; l[i] = lgamma(x[i]);
                }
                """;
        OpenClProgram p = OpenClCompiler.build(src, "");
        OpenClKernel k = p.kernel("k").orElseThrow();
        try (Device dev = Device.open(DeviceConfig.defaults())) {
            Kernel kernel = Kernel.fromElf(p.elf(), "k", dev.config().vramBytes());
            Buffer bx = dev.alloc(4L * xs.length);
            Buffer bv = dev.alloc(4L * xs.length);
            Buffer bl = dev.alloc(4L * xs.length);
            Buffer bs = dev.alloc(4L * xs.length);
            bx.write(xs);
            OpenClArgBlock args = new OpenClArgBlock(k).ndrange(1).buffer(0, bx.address()).buffer(1, bv.address())
                    .buffer(2, bl.address()).buffer(3, bs.address());
            LaunchResult r = dev.launch(Launch.builder(kernel, Dim3.of(1), Dim3.of(xs.length))
                    .entry(kernel.symbol(k.entrySymbol()).orElseThrow()).args(args.words()).build());
            assertThat(r.ok()).as("%s", r.fault()).isTrue();
            float[] v = bv.readFloats();
            float[] l = bl.readFloats();
            int[] sign = bs.readInts();
            for (int i = 0; i < xs.length; i++) {
                assertThat(v[i]).as("lgamma_r(%s) is lgamma(%s)", xs[i], xs[i]).isEqualTo(l[i]);
                assertThat(sign[i]).as("sign of Gamma(%s)", xs[i]).isEqualTo((int) Math.signum(SpecialFunctions.gamma(xs[i])));
            }
        }
    }
}
