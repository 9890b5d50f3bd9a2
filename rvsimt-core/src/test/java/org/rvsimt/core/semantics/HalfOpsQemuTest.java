package org.rvsimt.core.semantics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.rvsimt.core.semantics.FpQemuRunner.Shape;
import org.rvsimt.core.semantics.FpQemuRunner.Variant;

/**
 * Differential test: every Zfh operation, in all five static rounding modes and with the dynamic
 * mode from {@code frm}, run by qemu-riscv32 7.2 ({@code -cpu rv32,Zfh=true}) and by {@link HalfOps};
 * the 32-bit register image (NaN box included) and fflags must agree bit for bit. Operands are
 * NaN-boxed halves (special, random, near each other, near the overflow and subnormal ranges), with
 * some that are not NaN-boxed, which the F chapter makes the canonical NaN.
 *
 * <p>Seed: {@code -Drvsimt.fp.seed=N}; {@code -Drvsimt.fp.scale=N} for N times the random cases.
 */
class HalfOpsQemuTest {
    private static final int DYN = FpQemuRunner.DYN;
    private static final int NONE = FpQemuRunner.NONE;
    private static final int RANDOM_PER_VARIANT = 150 * Integer.getInteger("rvsimt.fp.scale", 1);
    private static final int[] SPECIAL = {
        0x0000, 0x8000, 0x7C00, 0xFC00, 0x7E00, 0xFE01, 0x7C01, 0xFD00, 0x0001, 0x8001, 0x03FF, 0x0400,
        0x7BFF, 0xFBFF, 0x3C00, 0xBC00, 0x3C01, 0x3BFF, 0x1400, 0x4200, 0x7800, 0x3E00, 0xC100, 0x5BFF,
    };

    /** Expected result bits; flags are OR-ed into f[0]. */
    static int expected(Variant v, int a, int b, int c, int frm, int[] f) {
        int r = v.roundingMode(frm);
        return switch (v.mnemonic()) {
            case "fadd.h" -> HalfOps.faddH(a, b, r, f, 0);
            case "fsub.h" -> HalfOps.fsubH(a, b, r, f, 0);
            case "fmul.h" -> HalfOps.fmulH(a, b, r, f, 0);
            case "fdiv.h" -> HalfOps.fdivH(a, b, r, f, 0);
            case "fsqrt.h" -> HalfOps.fsqrtH(a, r, f, 0);
            case "fmadd.h" -> HalfOps.fmaddH(a, b, c, r, f, 0);
            case "fmsub.h" -> HalfOps.fmsubH(a, b, c, r, f, 0);
            case "fnmsub.h" -> HalfOps.fnmsubH(a, b, c, r, f, 0);
            case "fnmadd.h" -> HalfOps.fnmaddH(a, b, c, r, f, 0);
            case "fsgnj.h" -> HalfOps.fsgnjH(a, b);
            case "fsgnjn.h" -> HalfOps.fsgnjnH(a, b);
            case "fsgnjx.h" -> HalfOps.fsgnjxH(a, b);
            case "fmin.h" -> HalfOps.fminH(a, b, f, 0);
            case "fmax.h" -> HalfOps.fmaxH(a, b, f, 0);
            case "feq.h" -> HalfOps.feqH(a, b, f, 0);
            case "flt.h" -> HalfOps.fltH(a, b, f, 0);
            case "fle.h" -> HalfOps.fleH(a, b, f, 0);
            case "fclass.h" -> HalfOps.fclassH(a);
            case "fmv.x.h" -> HalfOps.fmvXH(a);
            case "fmv.h.x" -> HalfOps.fmvHX(a);
            case "fcvt.s.h" -> HalfOps.fcvtSH(a, r, f, 0);
            case "fcvt.h.s" -> HalfOps.fcvtHS(a, r, f, 0);
            case "fcvt.w.h" -> HalfOps.fcvtWH(a, r, f, 0);
            case "fcvt.wu.h" -> HalfOps.fcvtWuH(a, r, f, 0);
            case "fcvt.h.w" -> HalfOps.fcvtHW(a, r, f, 0);
            case "fcvt.h.wu" -> HalfOps.fcvtHWu(a, r, f, 0);
            default -> throw new IllegalStateException(v.mnemonic());
        };
    }

    private final List<Variant> variants = new ArrayList<>();
    private final List<int[]> cases = new ArrayList<>();
    private SplittableRandom rnd;

    private void addRounding(Shape shape, String... mnemonics) {
        for (String m : mnemonics) {
            for (int rm = 0; rm < 5; rm++) {
                variants.add(new Variant(m, shape, rm));
            }
            variants.add(new Variant(m, shape, DYN));
        }
    }

    private void addPlain(Shape shape, String... mnemonics) {
        for (String m : mnemonics) {
            variants.add(new Variant(m, shape, NONE));
        }
    }

    private int half() {
        return switch (rnd.nextInt(5)) {
            case 0 -> SPECIAL[rnd.nextInt(SPECIAL.length)];
            case 1 -> rnd.nextInt(0x10000);
            case 2 -> (rnd.nextInt(2) << 15) | rnd.nextInt(0x800);
            case 3 -> (rnd.nextInt(2) << 15) | (0x7000 + rnd.nextInt(0xC00));
            default -> (rnd.nextInt(2) << 15) | ((10 + rnd.nextInt(11)) << 10) | rnd.nextInt(0x400);
        };
    }

    /** A register image: mostly a NaN-boxed half, sometimes a word that is not NaN-boxed. */
    private int operand() {
        return rnd.nextInt(12) == 0 ? rnd.nextInt() : 0xFFFF0000 | half();
    }

    private int near(int a) {
        return rnd.nextInt(3) == 0 ? operand() : 0xFFFF0000 | ((a ^ (rnd.nextInt(2) << 15)) + rnd.nextInt(-3, 4) & 0xFFFF);
    }

    private int single() {
        return switch (rnd.nextInt(3)) {
            case 0 -> rnd.nextInt();
            case 1 -> (rnd.nextInt(2) << 31) | ((95 + rnd.nextInt(50)) << 23) | (rnd.nextInt(0x800) << 12)
                    | (rnd.nextInt(2) == 0 ? 0 : rnd.nextInt(0x1000));
            default -> (rnd.nextInt(2) << 31) | ((95 + rnd.nextInt(50)) << 23) | rnd.nextInt(0x800000);
        };
    }

    private void buildCases() {
        for (int v = 0; v < variants.size(); v++) {
            Variant var = variants.get(v);
            boolean grid = var.rm() <= 0 || var.rm() == DYN;
            switch (var.shape()) {
                case F_FF_RM, F_FF, X_FF -> {
                    if (grid) {
                        for (int a : SPECIAL) {
                            for (int b : SPECIAL) {
                                add(v, 0xFFFF0000 | a, 0xFFFF0000 | b, 0);
                            }
                        }
                    }
                    for (int i = 0; i < RANDOM_PER_VARIANT; i++) {
                        int a = operand();
                        add(v, a, near(a), 0);
                    }
                }
                case F_FFF_RM -> {
                    for (int i = 0; i < 2 * RANDOM_PER_VARIANT; i++) {
                        int a = operand();
                        int b = operand();
                        // an addend near -(a*b), so that the sum cancels and its exact error matters
                        float p = Float.intBitsToFloat(HalfOps.fcvtSH(a, 0, new int[1], 0))
                                * Float.intBitsToFloat(HalfOps.fcvtSH(b, 0, new int[1], 0));
                        int c = rnd.nextInt(2) == 0 ? operand()
                                : near(HalfOps.fcvtHS(Float.floatToRawIntBits(-p), rnd.nextInt(5), new int[1], 0));
                        add(v, a, b, c);
                    }
                }
                case F_F_RM, X_F, X_F_RM -> {
                    for (int a : SPECIAL) {
                        add(v, 0xFFFF0000 | a, 0, 0);
                    }
                    for (int i = 0; i < RANDOM_PER_VARIANT; i++) {
                        add(v, operand(), 0, 0);
                    }
                }
                case F_S_RM -> {
                    for (int i = 0; i < 2 * RANDOM_PER_VARIANT; i++) {
                        add(v, single(), 0, 0);
                    }
                }
                case F_X_RM, F_X -> {
                    int[] ints = {0, 1, -1, 2048, 2049, 2051, 65504, 65519, 65520, -65520, Integer.MIN_VALUE,
                        Integer.MAX_VALUE, 0x12348001};
                    for (int x : ints) {
                        add(v, x, 0, 0);
                    }
                    for (int i = 0; i < RANDOM_PER_VARIANT; i++) {
                        add(v, rnd.nextInt() >> rnd.nextInt(32), 0, 0);
                    }
                }
            }
        }
    }

    private void add(int variant, int a, int b, int c) {
        // static-mode variants get a random frm, to show that the static mode wins
        cases.add(new int[] {variant, a, b, c, rnd.nextInt(5)});
    }

    @Test
    void agreesWithQemu() throws Exception {
        String missing = FpQemuRunner.missingTools();
        Assumptions.assumeTrue(missing == null, "qemu differential test skipped: missing " + missing);
        long seed = Long.getLong("rvsimt.fp.seed", 0x2F16_0DEFL);
        rnd = new SplittableRandom(seed);
        addRounding(Shape.F_FF_RM, "fadd.h", "fsub.h", "fmul.h", "fdiv.h");
        addRounding(Shape.F_F_RM, "fsqrt.h", "fcvt.s.h");
        addRounding(Shape.F_S_RM, "fcvt.h.s");
        addRounding(Shape.F_FFF_RM, "fmadd.h", "fmsub.h", "fnmsub.h", "fnmadd.h");
        addRounding(Shape.X_F_RM, "fcvt.w.h", "fcvt.wu.h");
        addRounding(Shape.F_X_RM, "fcvt.h.w", "fcvt.h.wu");
        addPlain(Shape.F_FF, "fsgnj.h", "fsgnjn.h", "fsgnjx.h", "fmin.h", "fmax.h");
        addPlain(Shape.X_FF, "feq.h", "flt.h", "fle.h");
        addPlain(Shape.X_F, "fclass.h", "fmv.x.h");
        addPlain(Shape.F_X, "fmv.h.x");
        buildCases();
        int[] flat = new int[cases.size() * 5];
        for (int i = 0; i < cases.size(); i++) {
            System.arraycopy(cases.get(i), 0, flat, 5 * i, 5);
        }
        int[] out = FpQemuRunner.run(variants.stream().map(Variant::asm).toList(), flat, "rv32imaf_zfh",
                List.of("-cpu", "rv32,Zfh=true"));

        Map<String, Integer> mismatches = new LinkedHashMap<>();
        List<String> examples = new ArrayList<>();
        int[] f = new int[1];
        for (int i = 0; i < cases.size(); i++) {
            int[] k = cases.get(i);
            Variant var = variants.get(k[0]);
            f[0] = 0;
            int bits = expected(var, k[1], k[2], k[3], k[4], f);
            if (bits != out[2 * i] || f[0] != out[2 * i + 1]) {
                mismatches.merge(var.label(), 1, Integer::sum);
                if (examples.size() < 40) {
                    examples.add(String.format("%s a=0x%08X b=0x%08X c=0x%08X frm=%d: qemu 0x%08X %s, HalfOps 0x%08X %s",
                            var.label(), k[1], k[2], k[3], k[4], out[2 * i], FpOracle.flagNames(out[2 * i + 1]), bits,
                            FpOracle.flagNames(f[0])));
                }
            }
        }
        System.out.printf("qemu Zfh differential: %d cases, %d variants, seed %d%n", cases.size(), variants.size(), seed);
        assertThat(examples).as("mismatches per variant: " + mismatches).isEmpty();
    }
}
