package org.rvsimt.core.semantics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * FloatOps against the BigInteger oracle ({@link FpOracle}) on seeded random finite operands
 * in all five rounding modes, and against Java's own (round-to-nearest, correctly rounded)
 * float arithmetic on many more operands.
 */
class FloatOpsOracleTest {
    private static final int CASES = 6000;
    private static final String[] RM = {"rne", "rtz", "rdn", "rup", "rmm"};

    private interface Op2 {
        int apply(int a, int b, int rm, int[] f, int lane);
    }

    private interface Ref2 {
        FpOracle.Result apply(int a, int b, int rm);
    }

    private final List<String> failures = new ArrayList<>();

    private void check(String what, int rm, FpOracle.Result expected, int bits, int flags, int... in) {
        FpOracle.Result got = new FpOracle.Result(bits, flags);
        if (!got.equals(expected) && failures.size() < 20) {
            StringBuilder sb = new StringBuilder(what).append('.').append(RM[rm]);
            for (int x : in) {
                sb.append(String.format(" 0x%08X", x));
            }
            failures.add(sb + " -> got " + got + ", expected " + expected);
        }
    }

    private void binary(String name, long seed, Op2 op, Ref2 ref, java.util.function.IntBinaryOperator pick) {
        FpInputs in = new FpInputs(seed);
        int[] f = new int[2];
        for (int i = 0; i < CASES; i++) {
            int a = in.finite();
            int b = pick.applyAsInt(a, in.nextInt(2) == 0 ? in.related(a) : in.finite());
            for (int rm = 0; rm < 5; rm++) {
                f[1] = 0;
                int r = op.apply(a, b, rm, f, 1);
                check(name, rm, ref.apply(a, b, rm), r, f[1], a, b);
            }
        }
        assertThat(failures).as(name).isEmpty();
    }

    @Test
    void add() {
        binary("fadd", 11, FloatOps::faddS, FpOracle::add, (a, b) -> b);
    }

    @Test
    void sub() {
        binary("fsub", 12, FloatOps::fsubS, FpOracle::sub, (a, b) -> b);
    }

    @Test
    void mul() {
        binary("fmul", 13, FloatOps::fmulS, FpOracle::mul, (a, b) -> b);
    }

    @Test
    void mulIntoSubnormalAndOverflow() {
        // Pick exponents so that products straddle the subnormal and overflow thresholds.
        FpInputs in = new FpInputs(14);
        int[] f = new int[1];
        for (int i = 0; i < CASES; i++) {
            int a = in.finite();
            int ea = (a >>> 23) & 0xFF;
            if (ea == 0) {
                continue;
            }
            int target = in.nextInt(2) == 0 ? in.random().nextInt(-30, 3) : in.random().nextInt(250, 258);
            int eb = target - ea + 127;
            if (eb < 1 || eb > 254) {
                continue;
            }
            int b = (in.nextInt(2) << 31) | (eb << 23)
                    | (in.nextInt(2) == 0 ? in.sparseMantissa() : in.random().nextInt() & 0x7FFFFF);
            for (int rm = 0; rm < 5; rm++) {
                f[0] = 0;
                int r = FloatOps.fmulS(a, b, rm, f, 0);
                check("fmul", rm, FpOracle.mul(a, b, rm), r, f[0], a, b);
            }
        }
        assertThat(failures).isEmpty();
    }

    @Test
    void div() {
        binary("fdiv", 15, FloatOps::fdivS, FpOracle::div, (a, b) -> (b & 0x7FFFFFFF) == 0 ? 0x3F800000 : b);
    }

    @Test
    void sqrt() {
        FpInputs in = new FpInputs(16);
        int[] f = new int[1];
        for (int i = 0; i < CASES; i++) {
            int a = in.finite() & 0x7FFFFFFF;
            if (a == 0) {
                continue;
            }
            for (int rm = 0; rm < 5; rm++) {
                f[0] = 0;
                int r = FloatOps.fsqrtS(a, rm, f, 0);
                check("fsqrt", rm, FpOracle.sqrt(a, rm), r, f[0], a);
            }
        }
        assertThat(failures).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3})
    void fusedMultiplyAdd(int variant) {
        FpInputs in = new FpInputs(17 + variant);
        int[] f = new int[1];
        String[] names = {"fmadd", "fmsub", "fnmsub", "fnmadd"};
        for (int i = 0; i < CASES; i++) {
            int a = in.finite();
            int b = in.nextInt(3) == 0 ? in.related(a) : in.finite();
            int c = in.addendFor(a, b);
            // the oracle computes a*b + c; express the variant in those terms
            int oa = (variant >= 2) ? a ^ 0x80000000 : a;
            int oc = (variant == 1 || variant == 3) ? c ^ 0x80000000 : c;
            for (int rm = 0; rm < 5; rm++) {
                f[0] = 0;
                int r = switch (variant) {
                    case 0 -> FloatOps.fmaddS(a, b, c, rm, f, 0);
                    case 1 -> FloatOps.fmsubS(a, b, c, rm, f, 0);
                    case 2 -> FloatOps.fnmsubS(a, b, c, rm, f, 0);
                    default -> FloatOps.fnmaddS(a, b, c, rm, f, 0);
                };
                check(names[variant], rm, FpOracle.fma(oa, b, oc, rm), r, f[0], a, b, c);
            }
        }
        assertThat(failures).isEmpty();
    }

    @Test
    void intToFloat() {
        FpInputs in = new FpInputs(21);
        int[] f = new int[1];
        for (int i = 0; i < CASES; i++) {
            int x = switch (in.nextInt(4)) {
                case 0 -> in.random().nextInt();
                case 1 -> in.random().nextInt() >> in.nextInt(32);
                case 2 -> (1 << in.nextInt(32)) + in.random().nextInt(-3, 4);
                default -> in.random().nextInt() & (0xFFFFFFFF << in.nextInt(32)) | (in.nextInt(2) << in.nextInt(32));
            };
            for (int rm = 0; rm < 5; rm++) {
                f[0] = 0;
                int r = FloatOps.fcvtSW(x, rm, f, 0);
                check("fcvt.s.w", rm, FpOracle.cvtSW(x, rm), r, f[0], x);
                f[0] = 0;
                r = FloatOps.fcvtSWu(x, rm, f, 0);
                check("fcvt.s.wu", rm, FpOracle.cvtSW(x & 0xFFFFFFFFL, rm), r, f[0], x);
            }
        }
        assertThat(failures).isEmpty();
    }

    @Test
    void floatToInt() {
        FpInputs in = new FpInputs(22);
        int[] f = new int[1];
        for (int i = 0; i < CASES; i++) {
            int a = switch (in.nextInt(4)) {
                case 0 -> in.any();
                // |x| in [2^-2, 2^33): the interesting range, with halves and quarters
                case 1 -> (in.nextInt(2) << 31) | ((125 + in.nextInt(35)) << 23) | in.sparseMantissa();
                case 2 -> (in.nextInt(2) << 31) | ((125 + in.nextInt(35)) << 23) | (in.random().nextInt() & 0x7FFFFF);
                default -> Float.floatToRawIntBits(in.random().nextInt(-8, 9) * 0.25f);
            };
            for (int rm = 0; rm < 5; rm++) {
                f[0] = 0;
                int r = FloatOps.fcvtWS(a, rm, f, 0);
                check("fcvt.w.s", rm, FpOracle.cvtToInt(a, rm, Integer.MIN_VALUE, Integer.MAX_VALUE,
                        Integer.MAX_VALUE), r, f[0], a);
                f[0] = 0;
                r = FloatOps.fcvtWuS(a, rm, f, 0);
                check("fcvt.wu.s", rm, FpOracle.cvtToInt(a, rm, 0, 0xFFFFFFFFL, 0xFFFFFFFFL), r, f[0], a);
            }
        }
        assertThat(failures).isEmpty();
    }

    /**
     * FloatOps rounds double quotients and roots without their error sign, relying on: a
     * correctly rounded double x/y or sqrt(x) lies on a binary32 rounding boundary (a float
     * value or a midpoint, at the precision of its binade or of the subnormal range) only if
     * it is exact. Check that claim directly with the fma residual.
     */
    @Test
    void quotientsAndRootsOnABoundaryAreExact() {
        FpInputs in = new FpInputs(24);
        long onBoundary = 0;
        for (int i = 0; i < 300_000; i++) {
            int a = in.finite();
            int b = in.nextInt(2) == 0 ? in.related(a) : in.finite();
            double x = Float.intBitsToFloat(a);
            double y = Float.intBitsToFloat(b);
            if (y != 0 && x != 0) {
                double q = x / y;
                boolean exact = Math.fma(-q, y, x) == 0;
                if (isBoundary(q)) {
                    onBoundary++;
                    assertThat(exact).as("x/y on a boundary but inexact: 0x%08X / 0x%08X", a, b).isTrue();
                }
            }
            if (x > 0) {
                double r = Math.sqrt(x);
                boolean exact = Math.fma(-r, r, x) == 0;
                if (isBoundary(r)) {
                    onBoundary++;
                    assertThat(exact).as("sqrt on a boundary but inexact: 0x%08X", a).isTrue();
                }
            }
        }
        assertThat(onBoundary).as("the generator reaches boundaries").isGreaterThan(1000);
    }

    /** True if |d| (a normal double) is a binary32 value or midpoint at its binade's precision. */
    private static boolean isBoundary(double d) {
        long bits = Double.doubleToRawLongBits(d) & Long.MAX_VALUE;
        int e = (int) (bits >>> 52) - 1023;
        long m = (bits & 0xFFFFFFFFFFFFFL) | (1L << 52);
        int sh = e >= -126 ? 29 : 29 + (-126 - e);
        if (sh > 53) {
            return false; // below a quarter of the smallest subnormal: only 0 is a boundary
        }
        long low = m & ((1L << (sh - 1)) - 1); // bits below the midpoint bit
        return low == 0;
    }

    /** Java's float +, *, /, sqrt and Math.fma are correctly rounded to nearest-even. */
    @Test
    void roundToNearestAgreesWithJava() {
        FpInputs in = new FpInputs(23);
        int[] f = new int[1];
        for (int i = 0; i < 200_000; i++) {
            int a = in.any();
            int b = in.nextInt(2) == 0 ? in.related(FpInputs.fin(a)) : in.any();
            int c = in.nextInt(2) == 0 ? in.addendFor(FpInputs.fin(a), b) : in.any();
            float x = Float.intBitsToFloat(a);
            float y = Float.intBitsToFloat(b);
            float z = Float.intBitsToFloat(c);
            expectJava("fadd", x + y, FloatOps.faddS(a, b, 0, f, 0), a, b);
            expectJava("fsub", x - y, FloatOps.fsubS(a, b, 0, f, 0), a, b);
            expectJava("fmul", x * y, FloatOps.fmulS(a, b, 0, f, 0), a, b);
            expectJava("fdiv", x / y, FloatOps.fdivS(a, b, 0, f, 0), a, b);
            expectJava("fsqrt", (float) Math.sqrt(x), FloatOps.fsqrtS(a, 0, f, 0), a);
            expectJava("fmadd", Math.fma(x, y, z), FloatOps.fmaddS(a, b, c, 0, f, 0), a, b, c);
            expectJava("fnmadd", Math.fma(-x, y, -z), FloatOps.fnmaddS(a, b, c, 0, f, 0), a, b, c);
        }
        assertThat(failures).isEmpty();
    }

    private void expectJava(String what, float expected, int got, int... in) {
        int e = Float.isNaN(expected) ? FloatOps.CANONICAL_NAN : Float.floatToRawIntBits(expected);
        if (e != got && failures.size() < 20) {
            StringBuilder sb = new StringBuilder(what);
            for (int x : in) {
                sb.append(String.format(" 0x%08X", x));
            }
            failures.add(sb + String.format(" -> got 0x%08X, Java 0x%08X", got, e));
        }
    }
}
