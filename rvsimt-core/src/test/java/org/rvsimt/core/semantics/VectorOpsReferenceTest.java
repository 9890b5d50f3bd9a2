package org.rvsimt.core.semantics;

import org.rvsimt.isa.Operation.VectorArith;
import org.rvsimt.isa.Operation.VectorCompare;
import org.rvsimt.isa.Operation.VectorFpArith;
import org.rvsimt.isa.Operation.VectorFpCompare;
import org.rvsimt.isa.Operation.VectorFpFused;
import org.rvsimt.isa.Operation.VectorFpUnary;
import org.rvsimt.isa.Operation.VectorMaskLogic;
import org.rvsimt.isa.Operation.VectorMulAdd;
import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntBinaryOperator;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every {@link VectorOps} element function against a reference written from the RVV 1.0 spec text
 * (riscv-v-spec 1.0: 3.4 vtype, 6.3 vl, 11 integer, 13 floating point, 15.1 mask logic), on seeded
 * random elements plus the edge values of each SEW. The integer references compute the mathematical
 * result with BigInteger and reduce it modulo 2^SEW; the FP references round with {@link FpOracle}
 * (exact rationals, independent of FloatOps) and apply the spec's NaN/infinity rules by hand. This
 * covers what the qemu differential test cannot: QEMU 7.2 crashes on vfcvt.rtz.*.
 */
class VectorOpsReferenceTest {
    private static final int RANDOM_PER_CASE = 3000;
    private static final int[] SEWS = {8, 16, 32};

    // ------------------------------------------------------------------ element values

    /** v as a SEW-bit two's complement number (the sign-extended int form VectorOps passes). */
    static long signed(int v, int sew) {
        return BigInteger.valueOf(v).shiftLeft(64 - sew).longValue() >> (64 - sew);
    }

    static long unsigned(int v, int sew) {
        return BigInteger.valueOf(v).and(BigInteger.ONE.shiftLeft(sew).subtract(BigInteger.ONE)).longValue();
    }

    /** x modulo 2^SEW, returned sign-extended (the element as VectorOps returns it). */
    static int wrap(BigInteger x, int sew) {
        long low = x.mod(BigInteger.ONE.shiftLeft(sew)).longValue();
        return (int) signed((int) low, sew);
    }

    /** Edge values of a SEW, then seeded random ones, all in the sign-extended form. */
    static int[] elements(int sew, long seed) {
        long min = -(1L << (sew - 1));
        long max = (1L << (sew - 1)) - 1;
        List<Integer> v = new ArrayList<>(List.of(0, 1, -1, 2, -2, 3, sew - 1, sew, sew + 1, 0x55, -0x56));
        for (long x : new long[] {min, max, min + 1, max - 1, max / 2, min / 2}) {
            v.add((int) x);
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = 0; i < 40; i++) {
            v.add((int) signed(rnd.nextInt(), sew));
        }
        return v.stream().mapToInt(Integer::intValue).map(x -> (int) signed(x, sew)).toArray();
    }

    /** Pairs to test: all pairs of the edge/random set, then more random pairs. */
    static List<int[]> pairs(int sew, long seed) {
        int[] e = elements(sew, seed);
        List<int[]> out = new ArrayList<>();
        for (int a : e) {
            for (int b : e) {
                out.add(new int[] {a, b});
            }
        }
        SplittableRandom rnd = new SplittableRandom(seed * 31 + 7);
        for (int i = 0; i < RANDOM_PER_CASE; i++) {
            out.add(new int[] {(int) signed(rnd.nextInt(), sew), (int) signed(rnd.nextInt(), sew)});
        }
        return out;
    }

    // ------------------------------------------------------------------ integer (spec 11)

    static final String[] INT_NAMES = {"add", "sub", "rsub", "minu", "min", "maxu", "max", "and", "or", "xor",
        "sll", "srl", "sra", "mul", "mulh", "mulhu", "mulhsu", "divu", "div", "remu", "rem"};

    /** The spec's definition of {@code vs2 op b}, with a = vs2. */
    static int intReference(int op, int sew, int a, int b) {
        BigInteger sa = BigInteger.valueOf(signed(a, sew));
        BigInteger sb = BigInteger.valueOf(signed(b, sew));
        BigInteger ua = BigInteger.valueOf(unsigned(a, sew));
        BigInteger ub = BigInteger.valueOf(unsigned(b, sew));
        // 11.6: shifts use only the low log2(SEW) bits of the shift amount
        int sh = (int) (unsigned(b, sew) % sew);
        BigInteger allOnes = BigInteger.ONE.negate();
        BigInteger minSigned = BigInteger.ONE.shiftLeft(sew - 1).negate();
        BigInteger r = switch (INT_NAMES[op]) {
            case "add" -> sa.add(sb);
            case "sub" -> sa.subtract(sb);
            case "rsub" -> sb.subtract(sa);
            case "minu" -> ua.min(ub);
            case "min" -> sa.min(sb);
            case "maxu" -> ua.max(ub);
            case "max" -> sa.max(sb);
            case "and" -> sa.and(sb);
            case "or" -> sa.or(sb);
            case "xor" -> sa.xor(sb);
            case "sll" -> ua.shiftLeft(sh);
            case "srl" -> ua.shiftRight(sh);
            case "sra" -> sa.shiftRight(sh);            // BigInteger shifts are floor, i.e. arithmetic
            case "mul" -> sa.multiply(sb);
            // 11.10: the high SEW bits of the 2*SEW-bit product
            case "mulh" -> sa.multiply(sb).shiftRight(sew);
            case "mulhu" -> ua.multiply(ub).shiftRight(sew);
            case "mulhsu" -> sa.multiply(ub).shiftRight(sew);   // signed vs2, unsigned vs1/rs1
            // 11.11 table: x/0 = all ones and x%0 = x; signed overflow MIN/-1 = MIN, MIN%-1 = 0;
            // otherwise division truncates toward zero (BigInteger.divide does too)
            case "divu" -> ub.signum() == 0 ? allOnes : ua.divide(ub);
            case "div" -> sb.signum() == 0 ? allOnes
                    : sa.equals(minSigned) && sb.equals(allOnes) ? minSigned : sa.divide(sb);
            case "remu" -> ub.signum() == 0 ? ua : ua.remainder(ub);
            case "rem" -> sb.signum() == 0 ? sa
                    : sa.equals(minSigned) && sb.equals(allOnes) ? BigInteger.ZERO : sa.remainder(sb);
            default -> throw new IllegalArgumentException(INT_NAMES[op]);
        };
        return wrap(r, sew);
    }

    static Stream<Arguments> intCases() {
        return IntStream.range(0, INT_NAMES.length).boxed()
                .flatMap(op -> IntStream.of(SEWS).mapToObj(sew -> Arguments.of(INT_NAMES[op], op, sew)));
    }

    @ParameterizedTest(name = "v{0} at SEW {2}")
    @MethodSource("intCases")
    void integerBinary(String name, int op, int sew) {
        for (int[] p : pairs(sew, op * 97L + sew)) {
            int got = VectorOps.intBinary(VectorArith.values()[op], sew, p[0], p[1]);
            assertThat(got).as("v%s e%d: 0x%x, 0x%x", name, sew, p[0], p[1]).isEqualTo(intReference(op, sew, p[0], p[1]));
        }
    }

    @Test
    void divisionEdgeCasesSpelledOut() {
        // spec 11.11's table for SEW = 8: divide by zero and overflow
        assertThat(VectorOps.intBinary(VectorArith.DIV, 8, 7, 0)).isEqualTo(-1);
        assertThat(VectorOps.intBinary(VectorArith.DIVU, 8, 7, 0)).isEqualTo(-1);     // 0xFF
        assertThat(VectorOps.intBinary(VectorArith.REM, 8, -7, 0)).isEqualTo(-7);
        assertThat(VectorOps.intBinary(VectorArith.REMU, 8, -7, 0)).isEqualTo(-7);    // 0xF9 unchanged
        assertThat(VectorOps.intBinary(VectorArith.DIV, 8, -128, -1)).isEqualTo(-128);
        assertThat(VectorOps.intBinary(VectorArith.REM, 8, -128, -1)).isZero();
        assertThat(VectorOps.intBinary(VectorArith.DIV, 16, -32768, -1)).isEqualTo(-32768);
        assertThat(VectorOps.intBinary(VectorArith.DIV, 32, Integer.MIN_VALUE, -1)).isEqualTo(Integer.MIN_VALUE);
        assertThat(VectorOps.intBinary(VectorArith.REM, 32, Integer.MIN_VALUE, -1)).isZero();
        // truncation toward zero, remainder has the dividend's sign
        assertThat(VectorOps.intBinary(VectorArith.DIV, 8, -7, 2)).isEqualTo(-3);
        assertThat(VectorOps.intBinary(VectorArith.REM, 8, -7, 2)).isEqualTo(-1);
    }

    static final String[] CMP_NAMES = {"seq", "sne", "sltu", "slt", "sleu", "sle", "sgtu", "sgt"};

    static boolean compareReference(int op, int sew, int a, int b) {
        long sa = signed(a, sew);
        long sb = signed(b, sew);
        long ua = unsigned(a, sew);
        long ub = unsigned(b, sew);
        return switch (CMP_NAMES[op]) {
            case "seq" -> ua == ub;
            case "sne" -> ua != ub;
            case "sltu" -> ua < ub;
            case "slt" -> sa < sb;
            case "sleu" -> ua <= ub;
            case "sle" -> sa <= sb;
            case "sgtu" -> ua > ub;
            default -> sa > sb;
        };
    }

    static Stream<Arguments> compareCases() {
        return IntStream.range(0, CMP_NAMES.length).boxed()
                .flatMap(op -> IntStream.of(SEWS).mapToObj(sew -> Arguments.of(CMP_NAMES[op], op, sew)));
    }

    @ParameterizedTest(name = "vm{0} at SEW {2}")
    @MethodSource("compareCases")
    void integerCompare(String name, int op, int sew) {
        for (int[] p : pairs(sew, op * 13L + sew)) {
            assertThat(VectorOps.intCompare(VectorCompare.values()[op], sew, p[0], p[1])).as("vm%s e%d: 0x%x, 0x%x", name, sew, p[0], p[1])
                    .isEqualTo(compareReference(op, sew, p[0], p[1]));
        }
    }

    static final String[] MULADD_NAMES = {"macc", "nmsac", "madd", "nmsub"};

    static Stream<Arguments> mulAddCases() {
        return IntStream.range(0, 4).boxed()
                .flatMap(op -> IntStream.of(SEWS).mapToObj(sew -> Arguments.of(MULADD_NAMES[op], op, sew)));
    }

    /** 11.13: vmacc vd = +(vs1*vs2) + vd, vnmsac -(vs1*vs2) + vd, vmadd (vs1*vd) + vs2, vnmsub -(vs1*vd) + vs2. */
    @ParameterizedTest(name = "v{0} at SEW {2}")
    @MethodSource("mulAddCases")
    void integerMultiplyAdd(String name, int op, int sew) {
        SplittableRandom rnd = new SplittableRandom(op * 7L + sew);
        int[] e = elements(sew, sew);
        for (int[] p : pairs(sew, op + 5L * sew)) {
            int d = rnd.nextBoolean() ? e[rnd.nextInt(e.length)] : (int) signed(rnd.nextInt(), sew);
            BigInteger a = BigInteger.valueOf(p[0]);   // vs1 / rs1
            BigInteger b = BigInteger.valueOf(p[1]);   // vs2
            BigInteger vd = BigInteger.valueOf(d);
            BigInteger want = switch (op) {
                case 0 -> a.multiply(b).add(vd);
                case 1 -> a.multiply(b).negate().add(vd);
                case 2 -> a.multiply(vd).add(b);
                default -> a.multiply(vd).negate().add(b);
            };
            assertThat(VectorOps.intMulAdd(VectorMulAdd.values()[op], sew, p[0], p[1], d)).as("v%s e%d", name, sew).isEqualTo(wrap(want, sew));
        }
    }

    /** 15.1: vmandn vs2 & ~vs1, vmand, vmor, vmxor, vmorn vs2 | ~vs1, vmnand, vmnor, vmxnor. */
    @Test
    void maskLogical() {
        IntBinaryOperator[] ref = {
            (a, b) -> a & ~b, (a, b) -> a & b, (a, b) -> a | b, (a, b) -> a ^ b,
            (a, b) -> a | ~b, (a, b) -> ~(a & b), (a, b) -> ~(a | b), (a, b) -> ~(a ^ b)};
        for (int op = 0; op < 8; op++) {
            for (int a = 0; a < 2; a++) {
                for (int b = 0; b < 2; b++) {
                    assertThat(VectorOps.maskLogical(VectorMaskLogic.values()[op], a == 1, b == 1)).as("mask op %d (%d, %d)", op, a, b)
                            .isEqualTo((ref[op].applyAsInt(a, b) & 1) == 1);
                }
            }
        }
    }

    // ------------------------------------------------------------------ configuration (spec 3.4, 6.3)

    /** 3.4.1/3.4.2: legal iff no reserved bits, vlmul != 100, SEW <= ELEN and SEW <= LMUL * ELEN. */
    @Test
    void vtypeLegalityAndVlmax() {
        int[] lmulNum = {1, 2, 4, 8, 0, 1, 1, 1};
        int[] lmulDen = {1, 1, 1, 1, 0, 8, 4, 2};
        for (int vtype = 0; vtype < 0x200; vtype++) {
            int vlmul = vtype & 7;
            int sew = 8 << (vtype >> 3 & 7);
            boolean reserved = vtype >= 0x100 || vlmul == 4;
            boolean legal = !reserved && sew <= 32 && sew * lmulDen[vlmul] <= 32 * lmulNum[vlmul];
            assertThat(VectorOps.legal(vtype, 32)).as("vtype 0x%x", vtype).isEqualTo(legal);
            if (legal) {
                for (int vlen : new int[] {64, 128, 256, 1024}) {
                    assertThat(VectorOps.vlmax(vtype, vlen)).as("VLMAX of 0x%x at VLEN %d", vtype, vlen)
                            .isEqualTo(vlen * lmulNum[vlmul] / lmulDen[vlmul] / sew);
                }
            }
        }
    }

    /** 6.3: vl = AVL if AVL <= VLMAX; ceil(AVL/2) <= vl <= VLMAX if AVL < 2 VLMAX; vl = VLMAX beyond. */
    @Test
    void vlObeysTheAvlRules() {
        for (int vlmax : new int[] {1, 2, 4, 8, 16, 32, 128, 1024}) {
            List<Long> avls = new ArrayList<>(List.of(0L, 0xFFFF_FFFFL, Long.MAX_VALUE, 1L << 31));
            for (long a = 0; a <= 3L * vlmax + 2; a++) {
                avls.add(a);
            }
            for (long avl : avls) {
                int vl = VectorOps.vl(avl, vlmax);
                if (avl <= vlmax) {
                    assertThat(vl).as("AVL %d <= VLMAX %d", avl, vlmax).isEqualTo((int) avl);
                } else if (avl < 2L * vlmax) {
                    assertThat(vl).as("AVL %d, VLMAX %d", avl, vlmax).isBetween((int) ((avl + 1) / 2), vlmax);
                } else {
                    assertThat(vl).as("AVL %d >= 2 VLMAX %d", avl, vlmax).isEqualTo(vlmax);
                }
            }
        }
    }

    // ------------------------------------------------------------------ floating point (spec 13)

    private static final int QNAN = 0x7FC00000;

    static boolean isNaN(int x) {
        return (x & 0x7FFFFFFF) > 0x7F800000;
    }

    static boolean isSNaN(int x) {
        return isNaN(x) && (x & 0x00400000) == 0;
    }

    static boolean isInf(int x) {
        return (x & 0x7FFFFFFF) == 0x7F800000;
    }

    static boolean isZero(int x) {
        return (x & 0x7FFFFFFF) == 0;
    }

    private static FpOracle.Result nan(boolean invalid) {
        return new FpOracle.Result(QNAN, invalid ? FloatOps.NV : 0);
    }

    /** IEEE 754 addition with RISC-V NaN rules (canonical NaN result; NV for sNaN and inf - inf). */
    static FpOracle.Result add(int a, int b, int rm) {
        if (isNaN(a) || isNaN(b)) {
            return nan(isSNaN(a) || isSNaN(b));
        }
        if (isInf(a) && isInf(b) && (a ^ b) < 0) {
            return nan(true);
        }
        if (isInf(a) || isInf(b)) {
            return new FpOracle.Result(isInf(a) ? a : b, 0);
        }
        return FpOracle.add(a, b, rm);
    }

    static FpOracle.Result mul(int a, int b, int rm) {
        if (isNaN(a) || isNaN(b)) {
            return nan(isSNaN(a) || isSNaN(b));
        }
        if (isInf(a) && isZero(b) || isZero(a) && isInf(b)) {
            return nan(true);
        }
        if (isInf(a) || isInf(b)) {
            return new FpOracle.Result(((a ^ b) & 0x80000000) | 0x7F800000, 0);
        }
        return FpOracle.mul(a, b, rm);
    }

    static FpOracle.Result div(int a, int b, int rm) {
        int sign = (a ^ b) & 0x80000000;
        if (isNaN(a) || isNaN(b)) {
            return nan(isSNaN(a) || isSNaN(b));
        }
        if (isInf(a) && isInf(b) || isZero(a) && isZero(b)) {
            return nan(true);
        }
        if (isInf(a)) {
            return new FpOracle.Result(sign | 0x7F800000, 0);
        }
        if (isInf(b)) {
            return new FpOracle.Result(sign, 0);
        }
        if (isZero(b)) {
            return new FpOracle.Result(sign | 0x7F800000, FloatOps.DZ);   // finite nonzero / 0
        }
        return FpOracle.div(a, b, rm);
    }

    /**
     * 13.11: vfmin/vfmax are IEEE 754-2019 minimumNumber/maximumNumber as in the scalar F 2.2 fmin/fmax:
     * a single NaN gives the other operand, two give the canonical NaN, an sNaN raises NV, -0 &lt; +0.
     */
    static FpOracle.Result minMax(int a, int b, boolean max) {
        int flags = isSNaN(a) || isSNaN(b) ? FloatOps.NV : 0;
        if (isNaN(a) && isNaN(b)) {
            return new FpOracle.Result(QNAN, flags);
        }
        if (isNaN(a) || isNaN(b)) {
            return new FpOracle.Result(isNaN(a) ? b : a, flags);
        }
        // order on the real line with -0 below +0: compare as sign-magnitude integers
        long ka = a < 0 ? -(long) (a & 0x7FFFFFFF) - 1 : a;
        long kb = b < 0 ? -(long) (b & 0x7FFFFFFF) - 1 : b;
        boolean aFirst = max ? ka >= kb : ka <= kb;
        return new FpOracle.Result(aFirst ? a : b, flags);
    }

    /** The reference of {@link VectorOps#fpBinary} op on vs2 = a and b (vs1 or f[rs1]). */
    static FpOracle.Result fpBinaryReference(int op, int a, int b, int rm) {
        return switch (op) {
            case 0 -> add(a, b, rm);
            case 1 -> add(a, b ^ 0x80000000, rm);           // vfsub: vs2 - b; negating a NaN keeps it a NaN
            case 2 -> add(b, a ^ 0x80000000, rm);           // vfrsub: b - vs2
            case 3 -> mul(a, b, rm);
            case 4 -> div(a, b, rm);
            case 5 -> div(b, a, rm);                         // vfrdiv: b / vs2
            case 6 -> minMax(a, b, false);
            case 7 -> minMax(a, b, true);
            // 13.12 sign injection: magnitude of vs2, sign from b, ~b, or the xor of both; NaNs are bits
            case 8 -> new FpOracle.Result(a & 0x7FFFFFFF | b & 0x80000000, 0);
            case 9 -> new FpOracle.Result(a & 0x7FFFFFFF | ~b & 0x80000000, 0);
            default -> new FpOracle.Result(a ^ b & 0x80000000, 0);
        };
    }

    static final String[] FP_NAMES = {"fadd", "fsub", "frsub", "fmul", "fdiv", "frdiv", "fmin", "fmax", "fsgnj",
        "fsgnjn", "fsgnjx"};

    static Stream<Arguments> fpBinaryCases() {
        return IntStream.range(0, FP_NAMES.length).boxed().flatMap(op -> IntStream.range(0, 5)
                .filter(rm -> VectorFpArith.values()[op].rounds() || rm == 0).mapToObj(rm -> Arguments.of(FP_NAMES[op], op, rm)));
    }

    @ParameterizedTest(name = "v{0} rm {2}")
    @MethodSource("fpBinaryCases")
    void floatBinary(String name, int op, int rm) {
        FpInputs in = new FpInputs(op * 101L + rm);
        for (int i = 0; i < RANDOM_PER_CASE; i++) {
            int a = in.any();
            int b = i % 3 == 0 ? in.related(FpInputs.fin(a)) : in.any();
            int[] flags = new int[2];
            int got = VectorOps.fpBinary(VectorFpArith.values()[op], a, b, rm, flags, 1);
            FpOracle.Result want = fpBinaryReference(op, a, b, rm);
            assertThat(new FpOracle.Result(got, flags[1])).as("v%s rm %d: 0x%08x, 0x%08x", name, rm, a, b)
                    .isEqualTo(want);
            assertThat(flags[0]).as("other lanes' flags untouched").isZero();
        }
    }

    /** 13.6: one rounding of the exact a*b + c, RISC-V NV for inf*0 even with a quiet NaN addend. */
    static FpOracle.Result fma(int a, int b, int c, int rm) {
        boolean infTimesZero = isInf(a) && isZero(b) || isZero(a) && isInf(b);
        if (isNaN(a) || isNaN(b) || isNaN(c)) {
            return nan(isSNaN(a) || isSNaN(b) || isSNaN(c) || infTimesZero);
        }
        if (infTimesZero) {
            return nan(true);
        }
        boolean productInf = isInf(a) || isInf(b);
        int productSign = (a ^ b) & 0x80000000;
        if (productInf && isInf(c) && productSign != (c & 0x80000000)) {
            return nan(true);
        }
        if (productInf) {
            return new FpOracle.Result(productSign | 0x7F800000, 0);
        }
        if (isInf(c)) {
            return new FpOracle.Result(c, 0);
        }
        return FpOracle.fma(a, b, c, rm);
    }

    static final String[] FMA_NAMES = {"fmacc", "fnmacc", "fmsac", "fnmsac", "fmadd", "fnmadd", "fmsub", "fnmsub"};

    static Stream<Arguments> fmaCases() {
        return IntStream.range(0, 8).boxed()
                .flatMap(op -> IntStream.range(0, 5).mapToObj(rm -> Arguments.of(FMA_NAMES[op], op, rm)));
    }

    /**
     * 13.6 table, a = vs1/rs1, b = vs2, d = old vd: vfmacc +(a*b)+d, vfnmacc -(a*b)-d, vfmsac +(a*b)-d,
     * vfnmsac -(a*b)+d, vfmadd +(a*d)+b, vfnmadd -(a*d)-b, vfmsub +(a*d)-b, vfnmsub -(a*d)+b. A negated
     * product is the product of -x and y (exact), so the sign flips happen before the single rounding.
     */
    @ParameterizedTest(name = "v{0} rm {2}")
    @MethodSource("fmaCases")
    void floatMultiplyAdd(String name, int op, int rm) {
        FpInputs in = new FpInputs(op * 17L + rm);
        int neg = 0x80000000;
        for (int i = 0; i < RANDOM_PER_CASE; i++) {
            int a = in.any();
            int b = in.any();
            int d = i % 2 == 0 ? in.addendFor(FpInputs.fin(a), FpInputs.fin(b)) : in.any();
            boolean productNegated = op == 1 || op == 3 || op == 5 || op == 7;
            boolean addendNegated = op == 1 || op == 2 || op == 5 || op == 6;
            int x = op < 4 ? b : d;                  // the second factor
            int addend = op < 4 ? d : b;
            // negate NaNs too: sign flips never change whether an operand is a (signaling) NaN
            FpOracle.Result want = fma(productNegated ? a ^ neg : a, x, addendNegated ? addend ^ neg : addend, rm);
            int[] flags = new int[1];
            int got = VectorOps.fpMulAdd(VectorFpFused.values()[op], a, b, d, rm, flags, 0);
            assertThat(new FpOracle.Result(got, flags[0])).as("v%s rm %d: a 0x%08x b 0x%08x d 0x%08x", name, rm, a, b, d)
                    .isEqualTo(want);
        }
    }

    static final String[] FCMP_NAMES = {"mfeq", "mfle", "mflt", "mfne", "mfgt", "mfge"};

    /**
     * 13.13: vmfeq/vmfne are quiet (NV only for sNaN), vmflt/vmfle/vmfgt/vmfge signaling (NV for any
     * NaN); every compare with a NaN is false except vmfne, which is true. +0 == -0.
     */
    @Test
    void floatCompare() {
        FpInputs in = new FpInputs(77);
        for (int op = 0; op < FCMP_NAMES.length; op++) {
            for (int i = 0; i < RANDOM_PER_CASE; i++) {
                int a = in.any();
                int b = i % 4 == 0 ? a : i % 4 == 1 ? a ^ 0x80000000 : in.any();
                boolean unordered = isNaN(a) || isNaN(b);
                boolean quiet = op == 0 || op == 3;
                int flags = (quiet ? isSNaN(a) || isSNaN(b) : unordered) ? FloatOps.NV : 0;
                double x = Float.intBitsToFloat(a);          // Java's double compare: IEEE, -0 == +0
                double y = Float.intBitsToFloat(b);
                boolean want = switch (op) {
                    case 0 -> !unordered && x == y;
                    case 1 -> !unordered && x <= y;
                    case 2 -> !unordered && x < y;
                    case 3 -> unordered || x != y;
                    case 4 -> !unordered && x > y;
                    default -> !unordered && x >= y;
                };
                int[] f = new int[1];
                boolean got = VectorOps.fpCompare(VectorFpCompare.values()[op], a, b, f, 0);
                assertThat(got).as("v%s 0x%08x, 0x%08x", FCMP_NAMES[op], a, b).isEqualTo(want);
                assertThat(f[0]).as("v%s 0x%08x, 0x%08x flags", FCMP_NAMES[op], a, b).isEqualTo(flags);
            }
        }
    }

    /** 13.14 vfclass: one bit set, per the scalar fclass table. */
    static int classReference(int a) {
        boolean neg = a < 0;
        int exp = a >>> 23 & 0xFF;
        int man = a & 0x7FFFFF;
        if (exp == 0xFF) {
            return man == 0 ? (neg ? 1 : 1 << 7) : (man & 0x400000) != 0 ? 1 << 9 : 1 << 8;
        }
        if (exp == 0) {
            return man == 0 ? (neg ? 1 << 3 : 1 << 4) : (neg ? 1 << 2 : 1 << 5);
        }
        return neg ? 1 << 1 : 1 << 6;
    }

    static FpOracle.Result sqrt(int a, int rm) {
        if (isNaN(a)) {
            return nan(isSNaN(a));
        }
        if (isZero(a)) {
            return new FpOracle.Result(a, 0);                 // sqrt(-0) = -0
        }
        if (a < 0) {
            return nan(true);
        }
        if (isInf(a)) {
            return new FpOracle.Result(a, 0);
        }
        return FpOracle.sqrt(a, rm);
    }

    /**
     * The VFUNARY0/1 forms by their vs1 code: 0 vfcvt.xu.f, 1 vfcvt.x.f, 2 vfcvt.f.xu, 3 vfcvt.f.x,
     * 6 vfcvt.rtz.xu.f, 7 vfcvt.rtz.x.f (13.17: round toward zero whatever frm says), 16 vfsqrt,
     * 17 vfclass. Float-to-integer saturates with NV for NaN (to the maximum) and out-of-range values.
     */
    static FpOracle.Result unaryReference(int op, int a, int rm) {
        return switch (op) {
            case 0 -> FpOracle.cvtToInt(a, rm, 0, 0xFFFF_FFFFL, 0xFFFF_FFFFL);
            case 1 -> FpOracle.cvtToInt(a, rm, Integer.MIN_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE);
            case 2 -> FpOracle.cvtSW(Integer.toUnsignedLong(a), rm);
            case 3 -> FpOracle.cvtSW(a, rm);
            case 6 -> FpOracle.cvtToInt(a, FloatOps.RTZ, 0, 0xFFFF_FFFFL, 0xFFFF_FFFFL);
            case 7 -> FpOracle.cvtToInt(a, FloatOps.RTZ, Integer.MIN_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE);
            case 16 -> sqrt(a, rm);
            default -> new FpOracle.Result(classReference(a), 0);
        };
    }

    static Stream<Arguments> unaryCases() {
        String[] names = {"fcvt.xu.f", "fcvt.x.f", "fcvt.f.xu", "fcvt.f.x", "", "", "fcvt.rtz.xu.f", "fcvt.rtz.x.f"};
        List<Arguments> out = new ArrayList<>();
        for (int op : new int[] {0, 1, 2, 3, 6, 7, 16, 17}) {
            String name = op == 16 ? "fsqrt" : op == 17 ? "fclass" : names[op];
            for (int rm = 0; rm < 5; rm++) {
                out.add(Arguments.of(name, op, rm));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "v{0}.v rm {2}")
    @MethodSource("unaryCases")
    void floatUnary(String name, int op, int rm) {
        FpInputs in = new FpInputs(op * 1000L + rm);
        SplittableRandom rnd = new SplittableRandom(op + 31L * rm);
        int[] integers = {0, 1, -1, Integer.MIN_VALUE, Integer.MAX_VALUE, 0x00FFFFFF, 0x01000001, 0xFFFFFF80, 3, -3};
        for (int i = 0; i < RANDOM_PER_CASE; i++) {
            int a;
            if (op == 2 || op == 3) {                        // integer sources
                a = i < integers.length ? integers[i] : rnd.nextInt(4) == 0 ? rnd.nextInt() >> rnd.nextInt(32)
                        : rnd.nextInt();
            } else {
                a = i % 5 == 0 ? Float.floatToRawIntBits((float) rnd.nextDouble(-5e9, 5e9)) : in.any();
            }
            int[] flags = new int[1];
            int got = VectorOps.fpUnary(unary(op), a, rm, flags, 0);
            assertThat(new FpOracle.Result(got, flags[0])).as("v%s.v rm %d: 0x%08x", name, rm, a)
                    .isEqualTo(unaryReference(op, a, rm));
        }
    }

    /** vfcvt.rtz.* ignores frm and vfclass/min/max/sign injection do not read it (13.17, 13.11-13.14). */
    @Test
    void whichOperationsReadTheRoundingMode() {
        assertThat(java.util.Arrays.stream(VectorFpUnary.values()).filter(VectorFpUnary::rounds))
                .containsExactly(VectorFpUnary.CVT_XU_F, VectorFpUnary.CVT_X_F, VectorFpUnary.CVT_F_XU, VectorFpUnary.CVT_F_X,
                        VectorFpUnary.SQRT);
        assertThat(java.util.Arrays.stream(VectorFpArith.values()).filter(VectorFpArith::rounds)).containsExactly(
                VectorFpArith.ADD, VectorFpArith.SUB, VectorFpArith.RSUB, VectorFpArith.MUL, VectorFpArith.DIV,
                VectorFpArith.RDIV);
        // 2.5 converts to 2 under RNE, 3 under RUP, but rtz always gives 2, and -2.5 gives -2
        int twoAndHalf = Float.floatToRawIntBits(2.5f);
        for (int rm = 0; rm < 5; rm++) {
            assertThat(VectorOps.fpUnary(VectorFpUnary.CVT_RTZ_X_F, twoAndHalf, rm, new int[1], 0)).isEqualTo(2);
            assertThat(VectorOps.fpUnary(VectorFpUnary.CVT_RTZ_X_F, twoAndHalf ^ 0x80000000, rm, new int[1], 0)).isEqualTo(-2);
            assertThat(VectorOps.fpUnary(VectorFpUnary.CVT_RTZ_XU_F, twoAndHalf ^ 0x80000000, rm, new int[1], 0)).isZero();
        }
        assertThat(VectorOps.fpUnary(VectorFpUnary.CVT_X_F, twoAndHalf, FloatOps.RUP, new int[1], 0)).isEqualTo(3);
    }

    /** The operation of a VFUNARY0/VFUNARY1 code as this test numbers them (the vs1 field; 16 sqrt, 17 class). */
    private static VectorFpUnary unary(int code) {
        return switch (code) {
            case 0 -> VectorFpUnary.CVT_XU_F;
            case 1 -> VectorFpUnary.CVT_X_F;
            case 2 -> VectorFpUnary.CVT_F_XU;
            case 3 -> VectorFpUnary.CVT_F_X;
            case 6 -> VectorFpUnary.CVT_RTZ_XU_F;
            case 7 -> VectorFpUnary.CVT_RTZ_X_F;
            case 16 -> VectorFpUnary.SQRT;
            default -> VectorFpUnary.CLASS;
        };
    }
}
