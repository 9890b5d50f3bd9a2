package org.rvsimt.core.semantics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Every Zfh operation of {@link HalfOps} against the independent exact reference {@link HalfOracle}
 * (and, for the conversions to integers, {@link FpOracle}): results and flags in all five rounding
 * modes, on special operands, exhaustively where the domain is one half (sqrt, fcvt.s.h, fcvt.w.h,
 * fclass.h) and on seeded random operands weighted toward cancellation, ties, overflow and the
 * subnormal range elsewhere. Operands are NaN-boxed; results must be NaN-boxed.
 */
class HalfOpsOracleTest {
    private static final int RANDOM = 4000;
    private static final int[] SPECIAL = {
        0x0000, 0x8000, 0x7C00, 0xFC00, 0x7E00, 0xFE01, 0x7C01, 0xFD00, 0x0001, 0x8001, 0x03FF, 0x0400, 0x8400,
        0x7BFF, 0xFBFF, 0x3C00, 0xBC00, 0x3C01, 0x3BFF, 0x1400, 0x4200, 0x7800, 0xF800, 0x3E00, 0xC100, 0x0200,
        0x5BFF, 0x2400,
    };

    private final SplittableRandom rnd = new SplittableRandom(0x2F16_0001L);
    private final List<String> problems = new ArrayList<>();
    private final int[] flags = new int[1];

    private int any() {
        return switch (rnd.nextInt(6)) {
            case 0 -> SPECIAL[rnd.nextInt(SPECIAL.length)];
            case 1 -> rnd.nextInt(0x10000);
            case 2 -> (rnd.nextInt(2) << 15) | rnd.nextInt(0x800);                // subnormal or smallest normals
            case 3 -> (rnd.nextInt(2) << 15) | (0x7000 + rnd.nextInt(0xC00));     // near the top
            default -> (rnd.nextInt(2) << 15) | ((10 + rnd.nextInt(11)) << 10) | rnd.nextInt(0x400);
        };
    }

    /** An operand close to a (for cancellation and exact ties): a with a few low bits changed. */
    private int near(int a) {
        return rnd.nextInt(3) == 0 ? any() : (a ^ (rnd.nextInt(2) << 15)) + rnd.nextInt(-3, 4) & 0xFFFF;
    }

    private static int box(int h) {
        return 0xFFFF0000 | h;
    }

    private void check(String what, int gotBoxed, HalfOracle.Result want) {
        boolean boxed = (gotBoxed >>> 16) == 0xFFFF;
        if (!boxed || (gotBoxed & 0xFFFF) != want.bits() || flags[0] != want.flags()) {
            if (problems.size() < 30) {
                problems.add(String.format("%s: HalfOps 0x%08X %s, reference %s", what, gotBoxed,
                        FpOracle.flagNames(flags[0]), want));
            }
        }
    }

    private interface Binary {
        int apply(int a, int b, int rm, int[] f, int lane);
    }

    private interface Reference2 {
        HalfOracle.Result apply(int a, int b, int rm);
    }

    private void binary(String name, Binary op, Reference2 ref) {
        for (int rm = 0; rm < 5; rm++) {
            for (int a : SPECIAL) {
                for (int b : SPECIAL) {
                    flags[0] = 0;
                    check(String.format("%s 0x%04X 0x%04X rm %d", name, a, b, rm), op.apply(box(a), box(b), rm, flags, 0),
                            ref.apply(a, b, rm));
                }
            }
            for (int i = 0; i < RANDOM; i++) {
                int a = any();
                int b = near(a);
                flags[0] = 0;
                check(String.format("%s 0x%04X 0x%04X rm %d", name, a, b, rm), op.apply(box(a), box(b), rm, flags, 0),
                        ref.apply(a, b, rm));
            }
        }
    }

    @Test
    void arithmeticAgreesWithTheExactReference() {
        binary("fadd.h", HalfOps::faddH, HalfOracle::add);
        binary("fsub.h", HalfOps::fsubH, (a, b, rm) -> HalfOracle.add(a, b ^ 0x8000, rm));
        binary("fmul.h", HalfOps::fmulH, HalfOracle::mul);
        binary("fdiv.h", HalfOps::fdivH, HalfOracle::div);
        assertThat(problems).isEmpty();
    }

    @Test
    void fusedMultiplyAddsAgreeWithTheExactReference() {
        int[][] signs = {{0, 0}, {0, 0x8000}, {0x8000, 0}, {0x8000, 0x8000}}; // fmadd, fmsub, fnmsub, fnmadd
        String[] names = {"fmadd.h", "fmsub.h", "fnmsub.h", "fnmadd.h"};
        for (int v = 0; v < 4; v++) {
            for (int rm = 0; rm < 5; rm++) {
                for (int i = 0; i < RANDOM + SPECIAL.length * SPECIAL.length; i++) {
                    int a;
                    int b;
                    int c;
                    if (i < SPECIAL.length * SPECIAL.length) {
                        a = SPECIAL[i % SPECIAL.length];
                        b = SPECIAL[i / SPECIAL.length];
                        c = SPECIAL[rnd.nextInt(SPECIAL.length)];
                    } else {
                        a = any();
                        b = any();
                        // an addend near -(a*b) often, so that the sum cancels and the error term matters
                        double p = HalfOps.widen(a) == 0 ? 0 : Float.intBitsToFloat(HalfOps.widen(a))
                                * (double) Float.intBitsToFloat(HalfOps.widen(b));
                        c = rnd.nextInt(2) == 0 ? any() : near(HalfOps.unbox(HalfOps.fcvtHS(
                                Float.floatToRawIntBits((float) -p), rnd.nextInt(5), new int[1], 0)));
                    }
                    flags[0] = 0;
                    int got = switch (v) {
                        case 0 -> HalfOps.fmaddH(box(a), box(b), box(c), rm, flags, 0);
                        case 1 -> HalfOps.fmsubH(box(a), box(b), box(c), rm, flags, 0);
                        case 2 -> HalfOps.fnmsubH(box(a), box(b), box(c), rm, flags, 0);
                        default -> HalfOps.fnmaddH(box(a), box(b), box(c), rm, flags, 0);
                    };
                    check(String.format("%s 0x%04X 0x%04X 0x%04X rm %d", names[v], a, b, c, rm), got,
                            HalfOracle.fma(a ^ signs[v][0], b, c ^ signs[v][1], rm));
                }
            }
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void squareRootOfEveryHalfInEveryMode() {
        for (int rm = 0; rm < 5; rm++) {
            for (int h = 0; h < 0x10000; h++) {
                flags[0] = 0;
                check(String.format("fsqrt.h 0x%04X rm %d", h, rm), HalfOps.fsqrtH(box(h), rm, flags, 0),
                        HalfOracle.sqrt(h, rm));
            }
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void conversionsBetweenHalfAndSingleAndInteger() {
        for (int h = 0; h < 0x10000; h++) {
            flags[0] = 0;
            int got = HalfOps.fcvtSH(box(h), 0, flags, 0);
            int[] want = HalfOracle.toFloat(h);
            if (got != want[0] || flags[0] != want[1]) {
                problems.add(String.format("fcvt.s.h 0x%04X: 0x%08X %d, reference 0x%08X %d", h, got, flags[0],
                        want[0], want[1]));
            }
            for (int rm = 0; rm < 5; rm++) {
                for (int unsigned = 0; unsigned < 2; unsigned++) {
                    flags[0] = 0;
                    int w = unsigned == 0 ? HalfOps.fcvtWH(box(h), rm, flags, 0) : HalfOps.fcvtWuH(box(h), rm, flags, 0);
                    FpOracle.Result r = unsigned == 0
                            ? FpOracle.cvtToInt(want[0], rm, Integer.MIN_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE)
                            : FpOracle.cvtToInt(want[0], rm, 0, 0xFFFFFFFFL, 0xFFFFFFFFL);
                    if (w != r.bits() || flags[0] != r.flags()) {
                        problems.add(String.format("fcvt.w%s.h 0x%04X rm %d: 0x%08X %d, reference %s",
                                unsigned == 0 ? "" : "u", h, rm, w, flags[0], r));
                    }
                }
            }
        }
        for (int rm = 0; rm < 5; rm++) {
            for (int i = 0; i < 20 * RANDOM; i++) {
                int f = switch (rnd.nextInt(4)) {
                    case 0 -> rnd.nextInt();
                    // binary32 values in and around the binary16 range, many with ties at the half's lsb
                    case 1 -> (rnd.nextInt(2) << 31) | ((95 + rnd.nextInt(50)) << 23) | (rnd.nextInt(0x800) << 12)
                            | (rnd.nextInt(2) == 0 ? 0 : rnd.nextInt(0x1000));
                    case 2 -> (rnd.nextInt(2) << 31) | ((95 + rnd.nextInt(50)) << 23) | rnd.nextInt(0x800000);
                    default -> Float.floatToRawIntBits((float) (rnd.nextInt(-70000, 70000) / (1 << rnd.nextInt(30))));
                };
                flags[0] = 0;
                check(String.format("fcvt.h.s 0x%08X rm %d", f, rm), HalfOps.fcvtHS(f, rm, flags, 0),
                        HalfOracle.fromFloat(f, rm));
                int x = rnd.nextInt() >> rnd.nextInt(32);
                flags[0] = 0;
                check(String.format("fcvt.h.w %d rm %d", x, rm), HalfOps.fcvtHW(x, rm, flags, 0),
                        HalfOracle.fromInt(x, rm));
                flags[0] = 0;
                check(String.format("fcvt.h.wu %d rm %d", x, rm), HalfOps.fcvtHWu(x, rm, flags, 0),
                        HalfOracle.fromInt(x & 0xFFFFFFFFL, rm));
            }
        }
        assertThat(problems).isEmpty();
    }

    /** min/max (IEEE 754-2019 minimumNumber/maximumNumber), compares, sign injection and classify. */
    @Test
    void comparisonsSignInjectionAndClassAgreeWithTheDefinitions() {
        for (int i = 0; i < 40 * RANDOM; i++) {
            int a = i < SPECIAL.length * SPECIAL.length ? SPECIAL[i % SPECIAL.length] : any();
            int b = i < SPECIAL.length * SPECIAL.length ? SPECIAL[i / SPECIAL.length] : near(a);
            float x = Float.intBitsToFloat(HalfOracle.toFloat(a)[0]);
            float y = Float.intBitsToFloat(HalfOracle.toFloat(b)[0]);
            boolean nan = HalfOracle.isNaN(a) || HalfOracle.isNaN(b);
            boolean snan = HalfOracle.isSNaN(a) || HalfOracle.isSNaN(b);
            flags[0] = 0;
            expect("feq.h", a, b, HalfOps.feqH(box(a), box(b), flags, 0), !nan && x == y ? 1 : 0, snan ? 16 : 0);
            flags[0] = 0;
            expect("flt.h", a, b, HalfOps.fltH(box(a), box(b), flags, 0), !nan && x < y ? 1 : 0, nan ? 16 : 0);
            flags[0] = 0;
            expect("fle.h", a, b, HalfOps.fleH(box(a), box(b), flags, 0), !nan && x <= y ? 1 : 0, nan ? 16 : 0);
            // -0 is below +0; one NaN gives the other operand, two give the canonical NaN
            int min;
            int max;
            if (HalfOracle.isNaN(a) && HalfOracle.isNaN(b)) {
                min = max = HalfOracle.QNAN;
            } else if (HalfOracle.isNaN(a) || HalfOracle.isNaN(b)) {
                min = max = HalfOracle.isNaN(a) ? b : a;
            } else if (x == y) {
                min = HalfOracle.neg(a) ? a : b;
                max = HalfOracle.neg(a) ? b : a;
            } else {
                min = x < y ? a : b;
                max = x < y ? b : a;
            }
            flags[0] = 0;
            expect("fmin.h", a, b, HalfOps.fminH(box(a), box(b), flags, 0), box(min), snan ? 16 : 0);
            flags[0] = 0;
            expect("fmax.h", a, b, HalfOps.fmaxH(box(a), box(b), flags, 0), box(max), snan ? 16 : 0);
            flags[0] = 0;
            expect("fsgnj.h", a, b, HalfOps.fsgnjH(box(a), box(b)), box(a & 0x7FFF | b & 0x8000), 0);
            expect("fsgnjn.h", a, b, HalfOps.fsgnjnH(box(a), box(b)), box(a & 0x7FFF | ~b & 0x8000), 0);
            expect("fsgnjx.h", a, b, HalfOps.fsgnjxH(box(a), box(b)), box(a ^ b & 0x8000), 0);
        }
        for (int h = 0; h < 0x10000; h++) {
            int bit;
            if (HalfOracle.isNaN(h)) {
                bit = HalfOracle.isSNaN(h) ? 8 : 9;
            } else if (HalfOracle.isInf(h)) {
                bit = HalfOracle.neg(h) ? 0 : 7;
            } else if (HalfOracle.isZero(h)) {
                bit = HalfOracle.neg(h) ? 3 : 4;
            } else if ((h & 0x7C00) == 0) {
                bit = HalfOracle.neg(h) ? 2 : 5;
            } else {
                bit = HalfOracle.neg(h) ? 1 : 6;
            }
            flags[0] = 0;
            expect("fclass.h", h, 0, HalfOps.fclassH(box(h)), 1 << bit, 0);
        }
        assertThat(problems).isEmpty();
    }

    private void expect(String name, int a, int b, int got, int want, int wantFlags) {
        if ((got != want || flags[0] != wantFlags) && problems.size() < 30) {
            problems.add(String.format("%s 0x%04X 0x%04X: 0x%08X %s, expected 0x%08X %s", name, a, b, got,
                    FpOracle.flagNames(flags[0]), want, FpOracle.flagNames(wantFlags)));
        }
    }

    /** Spec, "NaN Boxing of Narrower Values": an operand whose upper 16 bits are not all ones is the canonical NaN. */
    @Test
    void operandsThatAreNotNaNBoxedAreTheCanonicalNaN() {
        int[] unboxed = {0x00003C00, 0x7FFF3C00, 0x3F800000, 0xFFFE3C00};
        for (int u : unboxed) {
            flags[0] = 0;
            assertThat(HalfOps.faddH(u, box(0x3C00), 0, flags, 0)).isEqualTo(box(0x7E00));
            assertThat(HalfOps.fmaddH(box(0x7C00), box(0), u, 0, flags, 0)).isEqualTo(box(0x7E00));
            assertThat(flags[0]).as("inf * 0 + qNaN is invalid").isEqualTo(16);
            flags[0] = 0;
            assertThat(HalfOps.fsgnjnH(u, box(0x0000))).isEqualTo(box(0xFE00));
            assertThat(HalfOps.fsgnjH(box(0x3C00), u)).as("the sign of the canonical NaN is +").isEqualTo(box(0x3C00));
            assertThat(HalfOps.fclassH(u)).isEqualTo(1 << 9);
            assertThat(HalfOps.fcvtSH(u, 0, flags, 0)).isEqualTo(0x7FC00000);
            assertThat(HalfOps.fminH(u, box(0xBC00), flags, 0)).isEqualTo(box(0xBC00));
            assertThat(HalfOps.feqH(u, u, flags, 0)).isZero();
            assertThat(HalfOps.fcvtWH(u, 0, flags, 0)).isEqualTo(Integer.MAX_VALUE);
            assertThat(flags[0]).as("a quiet NaN raises nothing except in the conversion to integer").isEqualTo(16);
            // the moves keep every bit: fmv.x.h sign-extends bit 15 of whatever is there
            assertThat(HalfOps.fmvXH(u)).isEqualTo((int) (short) u);
        }
        assertThat(HalfOps.fmvHX(0x12348001)).isEqualTo(0xFFFF8001);
        assertThat(HalfOps.fcvtHS(0x3F800000, 0, flags, 0)).isEqualTo(0xFFFF3C00);
    }
}
