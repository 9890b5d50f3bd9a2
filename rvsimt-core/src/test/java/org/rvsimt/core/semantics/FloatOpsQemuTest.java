package org.rvsimt.core.semantics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.rvsimt.core.semantics.FpQemuRunner.Shape;
import org.rvsimt.core.semantics.FpQemuRunner.Variant;

/**
 * Differential test: every RV32F operation, in all five static rounding modes and with the
 * dynamic mode from {@code frm}, on seeded random and special operands, run by qemu-riscv32
 * and by FloatOps; results and fflags must agree bit for bit.
 *
 * <p>Seed: {@code -Drvsimt.fp.seed=N} (default fixed); {@code -Drvsimt.fp.scale=N} for N
 * times the random cases; {@code -Drvsimt.fp.keep} keeps the generated program.
 */
class FloatOpsQemuTest {
    private static final int DYN = FpQemuRunner.DYN;
    private static final int NONE = FpQemuRunner.NONE;
    /** Random cases per variant; {@code -Drvsimt.fp.scale=N} multiplies it for long runs. */
    private static final int RANDOM_PER_VARIANT = 90 * Integer.getInteger("rvsimt.fp.scale", 1);

    /** Expected result bits; flags are OR-ed into f[0]. */
    static int expected(Variant v, int a, int b, int c, int frm, int[] f) {
        int r = v.roundingMode(frm);
        return switch (v.mnemonic()) {
            case "fadd.s" -> FloatOps.faddS(a, b, r, f, 0);
            case "fsub.s" -> FloatOps.fsubS(a, b, r, f, 0);
            case "fmul.s" -> FloatOps.fmulS(a, b, r, f, 0);
            case "fdiv.s" -> FloatOps.fdivS(a, b, r, f, 0);
            case "fsqrt.s" -> FloatOps.fsqrtS(a, r, f, 0);
            case "fmadd.s" -> FloatOps.fmaddS(a, b, c, r, f, 0);
            case "fmsub.s" -> FloatOps.fmsubS(a, b, c, r, f, 0);
            case "fnmsub.s" -> FloatOps.fnmsubS(a, b, c, r, f, 0);
            case "fnmadd.s" -> FloatOps.fnmaddS(a, b, c, r, f, 0);
            case "fsgnj.s" -> FloatOps.fsgnjS(a, b);
            case "fsgnjn.s" -> FloatOps.fsgnjnS(a, b);
            case "fsgnjx.s" -> FloatOps.fsgnjxS(a, b);
            case "fmin.s" -> FloatOps.fminS(a, b, f, 0);
            case "fmax.s" -> FloatOps.fmaxS(a, b, f, 0);
            case "feq.s" -> FloatOps.feqS(a, b, f, 0);
            case "flt.s" -> FloatOps.fltS(a, b, f, 0);
            case "fle.s" -> FloatOps.fleS(a, b, f, 0);
            case "fclass.s" -> FloatOps.fclassS(a);
            case "fmv.x.w" -> FloatOps.fmvXW(a);
            case "fmv.w.x" -> FloatOps.fmvWX(a);
            case "fcvt.w.s" -> FloatOps.fcvtWS(a, r, f, 0);
            case "fcvt.wu.s" -> FloatOps.fcvtWuS(a, r, f, 0);
            case "fcvt.s.w" -> FloatOps.fcvtSW(a, r, f, 0);
            case "fcvt.s.wu" -> FloatOps.fcvtSWu(a, r, f, 0);
            default -> throw new IllegalStateException(v.mnemonic());
        };
    }

    private final List<Variant> variants = new ArrayList<>();
    private final List<int[]> cases = new ArrayList<>();

    private void addRounding(String mnemonic, Shape shape) {
        for (int rm = 0; rm < 5; rm++) {
            variants.add(new Variant(mnemonic, shape, rm));
        }
        variants.add(new Variant(mnemonic, shape, DYN));
    }

    private void buildVariants() {
        for (String m : new String[] {"fadd.s", "fsub.s", "fmul.s", "fdiv.s"}) {
            addRounding(m, Shape.F_FF_RM);
        }
        addRounding("fsqrt.s", Shape.F_F_RM);
        for (String m : new String[] {"fmadd.s", "fmsub.s", "fnmsub.s", "fnmadd.s"}) {
            addRounding(m, Shape.F_FFF_RM);
        }
        addRounding("fcvt.w.s", Shape.X_F_RM);
        addRounding("fcvt.wu.s", Shape.X_F_RM);
        addRounding("fcvt.s.w", Shape.F_X_RM);
        addRounding("fcvt.s.wu", Shape.F_X_RM);
        for (String m : new String[] {"fsgnj.s", "fsgnjn.s", "fsgnjx.s", "fmin.s", "fmax.s"}) {
            variants.add(new Variant(m, Shape.F_FF, NONE));
        }
        for (String m : new String[] {"feq.s", "flt.s", "fle.s"}) {
            variants.add(new Variant(m, Shape.X_FF, NONE));
        }
        variants.add(new Variant("fclass.s", Shape.X_F, NONE));
        variants.add(new Variant("fmv.x.w", Shape.X_F, NONE));
        variants.add(new Variant("fmv.w.x", Shape.F_X, NONE));
    }

    private void add(int variant, int a, int b, int c, int frm) {
        cases.add(new int[] {variant, a, b, c, frm});
    }

    /** Special operands for the all-pairs grids. */
    private static final int[] GRID = {
        0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00001, 0x7F800001, 0xFFA00000,
        0x00000001, 0x80000001, 0x007FFFFF, 0x00800000, 0x80800000, 0x7F7FFFFF, 0xFF7FFFFF,
        0x3F800000, 0xBF800000, 0x3F800001, 0x3F7FFFFF, 0x33800000, 0x40400000, 0x4F000000, 0xCF000000,
        0x3FC00000, 0xC0200000, 0x0C000000, 0x72000000,
    };

    private static final int[] GRID3 = {
        0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0x7F800001,
        0x00000001, 0x80800000, 0x7F7FFFFF, 0x3F800000, 0xBF800001, 0x33800000,
    };

    private void buildCases(long seed) {
        FpInputs in = new FpInputs(seed);
        int gridRm = 0;
        for (int v = 0; v < variants.size(); v++) {
            Variant var = variants.get(v);
            // Static-mode variants get a random frm to show the static mode wins.
            boolean dyn = var.rm() == DYN;
            switch (var.shape()) {
                case F_FF_RM, F_FF, X_FF -> {
                    if (var.rm() <= 0 || dyn) { // specials once per op for RNE/no-rm/dyn ...
                        for (int a : GRID) {
                            for (int b : GRID) {
                                add(v, a, b, 0, dyn ? (gridRm++ % 5) : in.nextInt(5));
                            }
                        }
                    }
                    for (int i = 0; i < RANDOM_PER_VARIANT; i++) {
                        int a = in.any();
                        int b = in.nextInt(2) == 0 ? in.related(FpInputs.fin(a)) : in.any();
                        add(v, a, b, 0, in.nextInt(5));
                    }
                }
                case F_FFF_RM -> {
                    if (var.rm() == DYN) {
                        for (int a : GRID3) {
                            for (int b : GRID3) {
                                for (int c : GRID3) {
                                    add(v, a, b, c, gridRm++ % 5);
                                }
                            }
                        }
                    }
                    for (int i = 0; i < RANDOM_PER_VARIANT * 2; i++) {
                        int a = in.any();
                        int b = in.nextInt(3) == 0 ? in.related(FpInputs.fin(a)) : in.any();
                        int c = in.nextInt(3) != 0 ? in.addendFor(FpInputs.fin(a), FpInputs.fin(b)) : in.any();
                        add(v, a, b, c, in.nextInt(5));
                    }
                }
                case F_F_RM, X_F_RM, X_F -> {
                    for (int a : GRID) {
                        add(v, a, 0, 0, in.nextInt(5));
                    }
                    for (int a : FpInputs.SPECIAL_FINITE) {
                        add(v, a, 0, 0, in.nextInt(5));
                    }
                    for (int i = 0; i < RANDOM_PER_VARIANT; i++) {
                        int a = switch (in.nextInt(3)) {
                            case 0 -> in.any();
                            case 1 -> (in.nextInt(2) << 31) | ((125 + in.nextInt(35)) << 23) | in.sparseMantissa();
                            default -> Float.floatToRawIntBits(in.random().nextInt(-12, 13) * 0.25f);
                        };
                        add(v, a, 0, 0, in.nextInt(5));
                    }
                }
                case F_X_RM, F_X -> {
                    int[] ints = {0, 1, -1, Integer.MIN_VALUE, Integer.MAX_VALUE, 16777216, 16777217, 16777219,
                        -16777217, 0x7FFFFFC0, 0x7FFFFF80, 0xFFFFFF80, 0xFFFFFFC0, 33554434, 33554438};
                    for (int x : ints) {
                        add(v, x, 0, 0, in.nextInt(5));
                    }
                    for (int i = 0; i < RANDOM_PER_VARIANT; i++) {
                        int x = in.random().nextInt() >> in.nextInt(32);
                        add(v, in.nextInt(2) == 0 ? x : x | 0x80, 0, 0, in.nextInt(5));
                    }
                }
            }
        }
    }

    @Test
    void agreesWithQemu() throws Exception {
        String missing = FpQemuRunner.missingTools();
        if (missing != null) {
            Assumptions.assumeTrue(false, "qemu differential test skipped: missing " + missing
                    + " (apt-get install qemu-user clang-19 lld-19)");
        }
        long seed = Long.getLong("rvsimt.fp.seed", 0x5EED_F10A7L);
        buildVariants();
        buildCases(seed);
        List<String> snippets = variants.stream().map(Variant::asm).toList();
        int[] flat = new int[cases.size() * 5];
        for (int i = 0; i < cases.size(); i++) {
            System.arraycopy(cases.get(i), 0, flat, 5 * i, 5);
        }
        int[] out = FpQemuRunner.run(snippets, flat);

        Map<String, Integer> mismatchesPerVariant = new LinkedHashMap<>();
        List<String> examples = new ArrayList<>();
        int[] f = new int[1];
        for (int i = 0; i < cases.size(); i++) {
            int[] k = cases.get(i);
            Variant var = variants.get(k[0]);
            f[0] = 0;
            int bits = expected(var, k[1], k[2], k[3], k[4], f);
            if (bits != out[2 * i] || f[0] != out[2 * i + 1]) {
                mismatchesPerVariant.merge(var.label(), 1, Integer::sum);
                if (examples.size() < 40) {
                    examples.add(String.format("%s a=0x%08X b=0x%08X c=0x%08X frm=%d: qemu 0x%08X %s, FloatOps 0x%08X %s",
                            var.label(), k[1], k[2], k[3], k[4], out[2 * i], FpOracle.flagNames(out[2 * i + 1]),
                            bits, FpOracle.flagNames(f[0])));
                }
            }
        }
        System.out.printf("qemu differential: %d cases, %d variants, seed %d%n", cases.size(), variants.size(), seed);
        assertThat(examples).as("mismatches per variant: " + mismatchesPerVariant).isEmpty();
    }
}
