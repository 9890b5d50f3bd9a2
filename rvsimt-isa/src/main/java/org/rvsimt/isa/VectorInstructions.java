package org.rvsimt.isa;

import org.rvsimt.isa.Operation.VectorArith;
import org.rvsimt.isa.Operation.VectorCompare;
import org.rvsimt.isa.Operation.VectorConfig;
import org.rvsimt.isa.Operation.VectorFpArith;
import org.rvsimt.isa.Operation.VectorFpCompare;
import org.rvsimt.isa.Operation.VectorFpFused;
import org.rvsimt.isa.Operation.VectorFpReduction;
import org.rvsimt.isa.Operation.VectorFpUnary;
import org.rvsimt.isa.Operation.VectorMask;
import org.rvsimt.isa.Operation.VectorMaskLogic;
import org.rvsimt.isa.Operation.VectorMemory;
import org.rvsimt.isa.Operation.VectorMulAdd;
import org.rvsimt.isa.Operation.VectorPermute;
import org.rvsimt.isa.Operation.VectorReduction;
import org.rvsimt.isa.Operation.VectorSpecialFunction;

/**
 * The RVV 1.0 subset rvsimt implements (Zve32f: SEW 8/16/32, f32 arithmetic), declared once each.
 *
 * <p>Encodings: RISC-V "V" Vector Extension 1.0 (riscv/riscv-v-spec), chapter 5 (formats), 6 (vset*),
 * 7 (loads/stores), 10 (arithmetic formats) and the opcode tables of its chapter 19 ("Vector Instruction
 * Listing"); the words are cross-checked against {@code llvm-mc -mattr=+v} by the tests. Assembly
 * order follows the spec: {@code vop.vv vd, vs2, vs1}, but {@code vd, vs1, vs2} (and {@code vd, rs1, vs2})
 * for the multiply-add forms; a trailing {@code v0.t} selects the masked form (vm = 0).
 *
 * <p>Each declaration names its {@link Operation.Vector} operation; the vector unit runs it from the word. Trace
 * ids are assigned from 256 in declaration order, so new declarations are appended at the end of
 * {@link #declare} to keep existing ids stable.
 */
final class VectorInstructions {

    static final int FIRST_TRACE_ID = 256;

    private static final String OP_V = "1010111";
    private static final String LOAD_FP = "0000111";
    private static final String STORE_FP = "0100111";
    private static final String OPIVV = "000";
    private static final String OPFVV = "001";
    private static final String OPMVV = "010";
    private static final String OPIVI = "011";
    private static final String OPIVX = "100";
    private static final String OPFVF = "101";
    private static final String OPMVX = "110";
    private static final String OPCFG = "111";
    private static final String FREE5 = ".....";
    /** Element widths of loads/stores and their width field (spec table "width encoding"). */
    private static final String[][] WIDTHS = {{"8", "000"}, {"16", "101"}, {"32", "110"}};

    private final InstructionSet.Table table;
    private int trace = FIRST_TRACE_ID;

    private VectorInstructions(InstructionSet.Table table) {
        this.table = table;
    }

    static void declare(InstructionSet.Table table) {
        VectorInstructions v = new VectorInstructions(table);
        v.configuration();
        v.loadsAndStores();
        v.integer();
        v.multiplyDivide();
        v.permutations();
        v.reductions();
        v.floatingPoint();
        v.masks();
        v.floatSlides();
        v.specialFunctions(); // last, so the trace ids declared before them stay as they were
    }

    // ---------------------------------------------------------------- groups

    private void configuration() {
        add("vsetvli", "0" + dots(11) + FREE5 + OPCFG + FREE5 + OP_V, "rd, rs1, vtypei11", Kind.VECTOR_CONFIG, VectorConfig.VSETVLI,
                "vtype = vtypei; vl = AVL rule on x[rs1] (x0: VLMAX or keep); rd = vl");
        add("vsetivli", "11" + dots(10) + FREE5 + OPCFG + FREE5 + OP_V, "rd, uimm5, vtypei10", Kind.VECTOR_CONFIG, VectorConfig.VSETIVLI,
                "vtype = vtypei; vl = AVL rule on uimm5; rd = vl");
        add("vsetvl", "1000000" + FREE5 + FREE5 + OPCFG + FREE5 + OP_V, "rd, rs1, rs2", Kind.VECTOR_CONFIG, VectorConfig.VSETVL,
                "vtype = x[rs2]; vl = AVL rule on x[rs1]; rd = vl");
    }

    private void loadsAndStores() {
        // nf mew mop vm lumop/rs2/vs2 rs1 width vd (spec 7.3). mew = 0, nf = 0 except whole-register moves.
        for (String[] w : WIDTHS) {
            String e = w[0];
            add("vle" + e + ".v", "000" + "0" + "00" + "." + "00000" + FREE5 + w[1] + FREE5 + LOAD_FP,
                    "vd, (rs1), vm", Kind.VECTOR_LOAD, VectorMemory.LOAD, "vd[i] = mem" + e + "[x[rs1] + i*" + (Integer.parseInt(e) / 8)
                            + "] (unit stride)");
            add("vse" + e + ".v", "000" + "0" + "00" + "." + "00000" + FREE5 + w[1] + FREE5 + STORE_FP,
                    "vs3, (rs1), vm", Kind.VECTOR_STORE, VectorMemory.STORE, "mem" + e + "[x[rs1] + i*" + (Integer.parseInt(e) / 8)
                            + "] = vs3[i] (unit stride)");
        }
        for (String[] w : WIDTHS) {
            String e = w[0];
            add("vlse" + e + ".v", "000" + "0" + "10" + "." + FREE5 + FREE5 + w[1] + FREE5 + LOAD_FP,
                    "vd, (rs1), rs2, vm", Kind.VECTOR_LOAD, VectorMemory.LOAD_STRIDED, "vd[i] = mem" + e + "[x[rs1] + i*x[rs2]] (strided)");
            add("vsse" + e + ".v", "000" + "0" + "10" + "." + FREE5 + FREE5 + w[1] + FREE5 + STORE_FP,
                    "vs3, (rs1), rs2, vm", Kind.VECTOR_STORE, VectorMemory.STORE_STRIDED, "mem" + e + "[x[rs1] + i*x[rs2]] = vs3[i] (strided)");
        }
        String[][] indexed = {{"u", "01", "unordered"}, {"o", "11", "ordered"}};
        VectorMemory[][] indexedOps = {
            {VectorMemory.LOAD_INDEXED_UNORDERED, VectorMemory.STORE_INDEXED_UNORDERED},
            {VectorMemory.LOAD_INDEXED_ORDERED, VectorMemory.STORE_INDEXED_ORDERED}};
        for (int k = 0; k < indexed.length; k++) {
            String[] ix = indexed[k];
            for (String[] w : WIDTHS) {
                String e = w[0];
                add("vl" + ix[0] + "xei" + e + ".v", "000" + "0" + ix[1] + "." + FREE5 + FREE5 + w[1] + FREE5 + LOAD_FP,
                        "vd, (rs1), vs2, vm", Kind.VECTOR_LOAD, indexedOps[k][0],
                        "vd[i] = mem[x[rs1] + zext(vs2[i])] (indexed " + ix[2] + ", " + e + "-bit offsets, SEW data)");
                add("vs" + ix[0] + "xei" + e + ".v", "000" + "0" + ix[1] + "." + FREE5 + FREE5 + w[1] + FREE5 + STORE_FP,
                        "vs3, (rs1), vs2, vm", Kind.VECTOR_STORE, indexedOps[k][1],
                        "mem[x[rs1] + zext(vs2[i])] = vs3[i] (indexed " + ix[2] + ", " + e + "-bit offsets)");
            }
        }
        add("vlm.v", "000" + "0" + "00" + "1" + "01011" + FREE5 + "000" + FREE5 + LOAD_FP, "vd, (rs1)",
                Kind.VECTOR_LOAD, VectorMemory.LOAD_MASK, "load ceil(vl/8) mask bytes into vd");
        add("vsm.v", "000" + "0" + "00" + "1" + "01011" + FREE5 + "000" + FREE5 + STORE_FP, "vs3, (rs1)",
                Kind.VECTOR_STORE, VectorMemory.STORE_MASK, "store ceil(vl/8) mask bytes of vs3");
        // Whole-register loads/stores (spec 7.9): nf = NREG - 1, lumop = 01000; stores are always byte elements.
        String[][] counts = {{"1", "000"}, {"2", "001"}, {"4", "011"}, {"8", "111"}};
        for (String[] n : counts) {
            for (String[] w : WIDTHS) {
                add("vl" + n[0] + "re" + w[0] + ".v", n[1] + "0" + "00" + "1" + "01000" + FREE5 + w[1] + FREE5 + LOAD_FP,
                        "vd, (rs1)", Kind.VECTOR_LOAD, VectorMemory.LOAD_WHOLE, "load " + n[0] + " whole register(s) from x[rs1], ignoring vl");
            }
            add("vs" + n[0] + "r.v", n[1] + "0" + "00" + "1" + "01000" + FREE5 + "000" + FREE5 + STORE_FP, "vs3, (rs1)",
                    Kind.VECTOR_STORE, VectorMemory.STORE_WHOLE, "store " + n[0] + " whole register(s) to x[rs1], ignoring vl");
        }
    }

    private void integer() {
        // operation, name, funct6, forms (V = .vv, X = .vx, I = .vi simm5, U = .vi uimm5), vd[i] with %s = the second operand
        alu(VectorArith.ADD, "vadd", "000000", "VXI", "vs2[i] + %s");
        alu(VectorArith.SUB, "vsub", "000010", "VX", "vs2[i] - %s");
        alu(VectorArith.RSUB, "vrsub", "000011", "XI", "%s - vs2[i]");
        alu(VectorArith.MINU, "vminu", "000100", "VX", "minu(vs2[i], %s)");
        alu(VectorArith.MIN, "vmin", "000101", "VX", "min(vs2[i], %s)");
        alu(VectorArith.MAXU, "vmaxu", "000110", "VX", "maxu(vs2[i], %s)");
        alu(VectorArith.MAX, "vmax", "000111", "VX", "max(vs2[i], %s)");
        alu(VectorArith.AND, "vand", "001001", "VXI", "vs2[i] & %s");
        alu(VectorArith.OR, "vor", "001010", "VXI", "vs2[i] | %s");
        alu(VectorArith.XOR, "vxor", "001011", "VXI", "vs2[i] ^ %s");
        alu(VectorArith.SLL, "vsll", "100101", "VXU", "vs2[i] << (%s mod SEW)");
        alu(VectorArith.SRL, "vsrl", "101000", "VXU", "vs2[i] >>> (%s mod SEW)");
        alu(VectorArith.SRA, "vsra", "101001", "VXU", "vs2[i] >> (%s mod SEW)");
        String[] compares = {
            "vmseq", "011000", "VXI", "==", "vmsne", "011001", "VXI", "!=",
            "vmsltu", "011010", "VX", "<u", "vmslt", "011011", "VX", "<",
            "vmsleu", "011100", "VXI", "<=u", "vmsle", "011101", "VXI", "<=",
            "vmsgtu", "011110", "XI", ">u", "vmsgt", "011111", "XI", ">"};
        for (int i = 0; i < compares.length; i += 4) {
            binary(compares[i], compares[i + 1], compares[i + 2], OPIVV, OPIVX, Kind.VECTOR_ALU,
                    VectorCompare.values()[i / 4], "mask vd[i] = vs2[i] " + compares[i + 3] + " %s");
        }
        // vmerge (vm = 0, v0 written out) and vmv.v.* (vm = 1, vs2 = 0) share funct6 010111 (spec 11.15, 11.16).
        String merge = "010111";
        add("vmerge.vvm", merge + "0" + FREE5 + FREE5 + OPIVV + FREE5 + OP_V, "vd, vs2, vs1, v0", Kind.VECTOR_ALU, VectorPermute.MERGE,
                "vd[i] = v0.mask[i] ? vs1[i] : vs2[i]");
        add("vmerge.vxm", merge + "0" + FREE5 + FREE5 + OPIVX + FREE5 + OP_V, "vd, vs2, rs1, v0", Kind.VECTOR_ALU, VectorPermute.MERGE,
                "vd[i] = v0.mask[i] ? x[rs1] : vs2[i]");
        add("vmerge.vim", merge + "0" + FREE5 + FREE5 + OPIVI + FREE5 + OP_V, "vd, vs2, simm5, v0", Kind.VECTOR_ALU, VectorPermute.MERGE,
                "vd[i] = v0.mask[i] ? simm5 : vs2[i]");
        add("vmv.v.v", merge + "1" + "00000" + FREE5 + OPIVV + FREE5 + OP_V, "vd, vs1", Kind.VECTOR_ALU, VectorPermute.MERGE,
                "vd[i] = vs1[i]");
        add("vmv.v.x", merge + "1" + "00000" + FREE5 + OPIVX + FREE5 + OP_V, "vd, rs1", Kind.VECTOR_ALU, VectorPermute.MERGE,
                "vd[i] = x[rs1]");
        add("vmv.v.i", merge + "1" + "00000" + FREE5 + OPIVI + FREE5 + OP_V, "vd, simm5", Kind.VECTOR_ALU, VectorPermute.MERGE,
                "vd[i] = simm5");
    }

    private void multiplyDivide() {
        mulDiv(VectorArith.DIVU, "vdivu", "100000", "vs2[i] /u %s");
        mulDiv(VectorArith.DIV, "vdiv", "100001", "vs2[i] / %s");
        mulDiv(VectorArith.REMU, "vremu", "100010", "vs2[i] %%u %s");
        mulDiv(VectorArith.REM, "vrem", "100011", "vs2[i] %% %s");
        mulDiv(VectorArith.MULHU, "vmulhu", "100100", "high half of vs2[i] *u %s");
        mulDiv(VectorArith.MUL, "vmul", "100101", "low half of vs2[i] * %s");
        mulDiv(VectorArith.MULHSU, "vmulhsu", "100110", "high half of vs2[i] (signed) * %s (unsigned)");
        mulDiv(VectorArith.MULH, "vmulh", "100111", "high half of vs2[i] * %s");
        String[] fma = {
            "vmadd", "101001", "vd[i] = %s * vd[i] + vs2[i]", "vnmsub", "101011", "vd[i] = -(%s * vd[i]) + vs2[i]",
            "vmacc", "101101", "vd[i] = %s * vs2[i] + vd[i]", "vnmsac", "101111", "vd[i] = -(%s * vs2[i]) + vd[i]"};
        VectorMulAdd[] mulAdd = {VectorMulAdd.MADD, VectorMulAdd.NMSUB, VectorMulAdd.MACC, VectorMulAdd.NMSAC};
        for (int i = 0; i < fma.length; i += 3) {
            multiplyAdd(fma[i], fma[i + 1], "VX", OPMVV, OPMVX, Kind.VECTOR_MULDIV, mulAdd[i / 3], fma[i + 2]);
        }
    }

    private void permutations() {
        binary("vslideup", "001110", "XU", OPIVV, OPIVX, Kind.VECTOR_PERMUTE, VectorPermute.SLIDE_UP, "vd[i + %s] = vs2[i] (vd[0..offset-1] kept)");
        binary("vslidedown", "001111", "XU", OPIVV, OPIVX, Kind.VECTOR_PERMUTE, VectorPermute.SLIDE_DOWN,
                "vd[i] = vs2[i + %s] (0 past VLMAX)");
        binary("vslide1up", "001110", "X", OPMVV, OPMVX, Kind.VECTOR_PERMUTE, VectorPermute.SLIDE1_UP,
                "vd[0] = %s, vd[i+1] = vs2[i]");
        binary("vslide1down", "001111", "X", OPMVV, OPMVX, Kind.VECTOR_PERMUTE, VectorPermute.SLIDE1_DOWN,
                "vd[vl-1] = %s, vd[i] = vs2[i+1]");
        binary("vrgather", "001100", "VXU", OPIVV, OPIVX, Kind.VECTOR_PERMUTE, VectorPermute.GATHER,
                "vd[i] = %s < VLMAX ? vs2[%<s] : 0");
        add("vid.v", "010100" + "." + "00000" + "10001" + OPMVV + FREE5 + OP_V, "vd, vm", Kind.VECTOR_PERMUTE, VectorMask.INDEX,
                "vd[i] = i");
        add("vmv.x.s", "010000" + "1" + FREE5 + "00000" + OPMVV + FREE5 + OP_V, "rd, vs2", Kind.VECTOR_PERMUTE, VectorPermute.MOVE_X_S,
                "x[rd] = sext(vs2[0])");
        add("vmv.s.x", "010000" + "1" + "00000" + FREE5 + OPMVX + FREE5 + OP_V, "vd, rs1", Kind.VECTOR_PERMUTE, VectorPermute.MOVE_S_X,
                "vd[0] = x[rs1] (if vl > 0)");
        // vmv<nr>r.v: funct6 100111 OPIVI, simm5 = nr - 1 (spec 16.6).
        String[][] whole = {{"1", "00000"}, {"2", "00001"}, {"4", "00011"}, {"8", "00111"}};
        for (String[] n : whole) {
            add("vmv" + n[0] + "r.v", "100111" + "1" + FREE5 + n[1] + OPIVI + FREE5 + OP_V, "vd, vs2",
                    Kind.VECTOR_PERMUTE, VectorPermute.MOVE_WHOLE, "copy " + n[0] + " whole register(s) vs2 to vd, ignoring vl");
        }
    }

    private void reductions() {
        String[] ops = {"vredsum", "000000", "sum", "vredand", "000001", "and", "vredor", "000010", "or",
            "vredxor", "000011", "xor", "vredminu", "000100", "minu", "vredmin", "000101", "min",
            "vredmaxu", "000110", "maxu", "vredmax", "000111", "max"};
        for (int i = 0; i < ops.length; i += 3) {
            add(ops[i] + ".vs", ops[i + 1] + "." + FREE5 + FREE5 + OPMVV + FREE5 + OP_V, "vd, vs2, vs1, vm",
                    Kind.VECTOR_REDUCTION, VectorReduction.values()[i / 3], "vd[0] = " + ops[i + 2] + "(vs1[0], vs2[*] active)");
        }
    }

    private void floatingPoint() {
        fpArith(VectorFpArith.ADD, "vfadd", "000000", "VF", "vs2[i] + %s");
        fpArith(VectorFpArith.SUB, "vfsub", "000010", "VF", "vs2[i] - %s");
        fpArith(VectorFpArith.RSUB, "vfrsub", "100111", "F", "%s - vs2[i]");
        fpArith(VectorFpArith.MUL, "vfmul", "100100", "VF", "vs2[i] * %s");
        fpArith(VectorFpArith.DIV, "vfdiv", "100000", "VF", "vs2[i] / %s");
        fpArith(VectorFpArith.RDIV, "vfrdiv", "100001", "F", "%s / vs2[i]");
        fpArith(VectorFpArith.MIN, "vfmin", "000100", "VF", "minimumNumber(vs2[i], %s)");
        fpArith(VectorFpArith.MAX, "vfmax", "000110", "VF", "maximumNumber(vs2[i], %s)");
        fpArith(VectorFpArith.SGNJ, "vfsgnj", "001000", "VF", "|vs2[i]| with the sign of %s");
        fpArith(VectorFpArith.SGNJN, "vfsgnjn", "001001", "VF", "|vs2[i]| with the inverted sign of %s");
        fpArith(VectorFpArith.SGNJX, "vfsgnjx", "001010", "VF", "vs2[i] with its sign xor the sign of %s");
        String[] fma = {
            "vfmacc", "101100", "vd[i] = +(%s * vs2[i]) + vd[i]", "vfnmacc", "101101", "vd[i] = -(%s * vs2[i]) - vd[i]",
            "vfmsac", "101110", "vd[i] = +(%s * vs2[i]) - vd[i]", "vfnmsac", "101111", "vd[i] = -(%s * vs2[i]) + vd[i]",
            "vfmadd", "101000", "vd[i] = +(%s * vd[i]) + vs2[i]", "vfnmadd", "101001", "vd[i] = -(%s * vd[i]) - vs2[i]",
            "vfmsub", "101010", "vd[i] = +(%s * vd[i]) - vs2[i]", "vfnmsub", "101011", "vd[i] = -(%s * vd[i]) + vs2[i]"};
        for (int i = 0; i < fma.length; i += 3) {
            multiplyAdd(fma[i], fma[i + 1], "VF", OPFVV, OPFVF, Kind.VECTOR_FP_FMA, VectorFpFused.values()[i / 3],
                    fma[i + 2] + ", one rounding");
        }
        String[] compares = {"vmfeq", "011000", "VF", "==", "vmfle", "011001", "VF", "<=", "vmflt", "011011", "VF", "<",
            "vmfne", "011100", "VF", "!=", "vmfgt", "011101", "F", ">", "vmfge", "011111", "F", ">="};
        for (int i = 0; i < compares.length; i += 4) {
            binary(compares[i], compares[i + 1], compares[i + 2], OPFVV, OPFVF, Kind.VECTOR_FP,
                    VectorFpCompare.values()[i / 4], "mask vd[i] = vs2[i] " + compares[i + 3] + " %s");
        }
        String[] reductions = {"vfredusum", "000001", "unordered sum", "vfredosum", "000011", "ordered sum",
            "vfredmin", "000101", "minimumNumber", "vfredmax", "000111", "maximumNumber"};
        for (int i = 0; i < reductions.length; i += 3) {
            add(reductions[i] + ".vs", reductions[i + 1] + "." + FREE5 + FREE5 + OPFVV + FREE5 + OP_V, "vd, vs2, vs1, vm",
                    Kind.VECTOR_REDUCTION, VectorFpReduction.values()[i / 3], "vd[0] = " + reductions[i + 2] + "(vs1[0], vs2[*] active)");
        }
        // VFUNARY0 (funct6 010010) and VFUNARY1 (010011): the vs1 field selects the operation (spec 13.17, 13.8).
        String[] unary = {
            "vfcvt.xu.f.v", "010010", "00000", "vd[i] = (uint32) vs2[i], frm, saturating",
            "vfcvt.x.f.v", "010010", "00001", "vd[i] = (int32) vs2[i], frm, saturating",
            "vfcvt.f.xu.v", "010010", "00010", "vd[i] = (float) (uint32) vs2[i]",
            "vfcvt.f.x.v", "010010", "00011", "vd[i] = (float) (int32) vs2[i]",
            "vfcvt.rtz.xu.f.v", "010010", "00110", "vd[i] = (uint32) vs2[i], toward zero, saturating",
            "vfcvt.rtz.x.f.v", "010010", "00111", "vd[i] = (int32) vs2[i], toward zero, saturating",
            "vfsqrt.v", "010011", "00000", "vd[i] = sqrt(vs2[i])",
            "vfclass.v", "010011", "10000", "vd[i] = class mask of vs2[i] (as fclass.s)"};
        for (int i = 0; i < unary.length; i += 4) {
            add(unary[i], unary[i + 1] + "." + FREE5 + unary[i + 2] + OPFVV + FREE5 + OP_V, "vd, vs2, vm", Kind.VECTOR_FP,
                    VectorFpUnary.values()[i / 4], unary[i + 3]);
        }
        add("vfmv.f.s", "010000" + "1" + FREE5 + "00000" + OPFVV + FREE5 + OP_V, "fd, vs2", Kind.VECTOR_PERMUTE, VectorPermute.MOVE_F_S,
                "f[fd] = vs2[0]");
        add("vfmv.s.f", "010000" + "1" + "00000" + FREE5 + OPFVF + FREE5 + OP_V, "vd, fs1", Kind.VECTOR_PERMUTE, VectorPermute.MOVE_S_X,
                "vd[0] = f[fs1] (if vl > 0)");
        add("vfmerge.vfm", "010111" + "0" + FREE5 + FREE5 + OPFVF + FREE5 + OP_V, "vd, vs2, fs1, v0", Kind.VECTOR_FP, VectorPermute.MERGE,
                "vd[i] = v0.mask[i] ? f[fs1] : vs2[i]");
        add("vfmv.v.f", "010111" + "1" + "00000" + FREE5 + OPFVF + FREE5 + OP_V, "vd, fs1", Kind.VECTOR_FP, VectorPermute.MERGE,
                "vd[i] = f[fs1]");
    }

    private void masks() {
        // Mask-register logical instructions are never masked (vm = 1, spec 15.1).
        String[] logical = {"vmandn", "011000", "vs2 & ~vs1", "vmand", "011001", "vs2 & vs1",
            "vmor", "011010", "vs2 | vs1", "vmxor", "011011", "vs2 ^ vs1", "vmorn", "011100", "vs2 | ~vs1",
            "vmnand", "011101", "~(vs2 & vs1)", "vmnor", "011110", "~(vs2 | vs1)", "vmxnor", "011111", "~(vs2 ^ vs1)"};
        for (int i = 0; i < logical.length; i += 3) {
            add(logical[i] + ".mm", logical[i + 1] + "1" + FREE5 + FREE5 + OPMVV + FREE5 + OP_V, "vd, vs2, vs1",
                    Kind.VECTOR_MASK, VectorMaskLogic.values()[i / 3], "mask vd = " + logical[i + 2] + " (bits 0..vl-1)");
        }
        add("vcpop.m", "010000" + "." + FREE5 + "10000" + OPMVV + FREE5 + OP_V, "rd, vs2, vm", Kind.VECTOR_MASK,
                VectorMask.POPCOUNT, "x[rd] = number of set active mask bits of vs2");
        add("vfirst.m", "010000" + "." + FREE5 + "10001" + OPMVV + FREE5 + OP_V, "rd, vs2, vm", Kind.VECTOR_MASK,
                VectorMask.FIRST, "x[rd] = index of the first set active mask bit of vs2, or -1");
        String[] unary = {"vmsbf.m", "00001", "set-before-first", "vmsof.m", "00010", "set-only-first",
            "vmsif.m", "00011", "set-including-first", "viota.m", "10000", "vd[i] = number of set mask bits of vs2 below i"};
        VectorMask[] maskOps = {VectorMask.SET_BEFORE_FIRST, VectorMask.SET_ONLY_FIRST, VectorMask.SET_INCLUDING_FIRST,
            VectorMask.IOTA};
        for (int i = 0; i < unary.length; i += 3) {
            add(unary[i], "010100" + "." + FREE5 + unary[i + 1] + OPMVV + FREE5 + OP_V, "vd, vs2, vm", Kind.VECTOR_MASK,
                    maskOps[i / 3],
                    unary[i + 2].startsWith("vd") ? unary[i + 2] : "mask vd = " + unary[i + 2] + " mask bit of vs2");
        }
    }

    /** vfslide1up.vf / vfslide1down.vf (spec 16.3.3-4): the f-register forms of vslide1up/down. */
    private void floatSlides() {
        binary("vfslide1up", "001110", "F", OPFVV, OPFVF, Kind.VECTOR_PERMUTE, VectorPermute.SLIDE1_UP,
                "vd[0] = %s, vd[i+1] = vs2[i]");
        binary("vfslide1down", "001111", "F", OPFVV, OPFVF, Kind.VECTOR_PERMUTE,
                VectorPermute.SLIDE1_DOWN, "vd[vl-1] = %s, vd[i] = vs2[i+1]");
    }

    /**
     * vfexp.v ... vfcos.v: the SFU functions of {@code fexp.s ... fcos.s} on each element (custom, in
     * the SFU's extension). Encoded in OP-V's OPFVV group at funct6 010001, which RVV 1.0 leaves
     * unassigned; like VFUNARY1 the vs1 field selects the function, with the scalar forms' rs2 numbers.
     */
    private void specialFunctions() {
        for (VectorSpecialFunction k : VectorSpecialFunction.values()) {
            String scalar = k.name().toLowerCase(java.util.Locale.ROOT);
            String select = String.format("%5s", Integer.toBinaryString(k.scalar().ordinal())).replace(' ', '0');
            table.add("v" + scalar + ".v", "010001" + "." + FREE5 + select + OPFVV + FREE5 + OP_V, "vd, vs2, vm",
                    Kind.VECTOR_FP, Extension.XSFU, trace++, k, "vd[i] = " + scalar + ".s(vs2[i]) (SFU, per element)");
        }
    }

    // ---------------------------------------------------------------- shapes

    /**
     * The .vv/.vx/.vi (or .vv/.vf) forms of an operation {@code vd, vs2, <second>}: V = vector, X = x
     * register, F = f register, I = simm5, U = uimm5. {@code vvCategory}/{@code scalarCategory} are the
     * funct3 values of the vector-vector and vector-scalar forms (OPIVV/OPIVX, OPMVV/OPMVX or OPFVV/OPFVF).
     */
    private void binary(String name, String funct6, String forms, String vvCategory, String scalarCategory, Kind kind,
                        Operation.Vector op, String result) {
        for (char form : forms.toCharArray()) {
            switch (form) {
                case 'V' -> arith(name + ".vv", funct6, vvCategory, "vd, vs2, vs1, vm", kind, op, String.format(result, "vs1[i]"));
                case 'X' -> arith(name + ".vx", funct6, scalarCategory, "vd, vs2, rs1, vm", kind, op,
                        String.format(result, "x[rs1]"));
                case 'F' -> arith(name + ".vf", funct6, scalarCategory, "vd, vs2, fs1, vm", kind, op,
                        String.format(result, "f[fs1]"));
                case 'I' -> arith(name + ".vi", funct6, OPIVI, "vd, vs2, simm5, vm", kind, op, String.format(result, "simm5"));
                case 'U' -> arith(name + ".vi", funct6, OPIVI, "vd, vs2, uimm5, vm", kind, op, String.format(result, "uimm5"));
                default -> throw new IllegalArgumentException("form " + form);
            }
        }
    }

    /** An integer operation of the OPIVV/OPIVX/OPIVI group: {@code vd[i] = result}. */
    private void alu(VectorArith op, String name, String funct6, String forms, String result) {
        binary(name, funct6, forms, OPIVV, OPIVX, Kind.VECTOR_ALU, op, "vd[i] = " + result);
    }

    /** A multiply or divide of the OPMVV/OPMVX group (.vv and .vx). */
    private void mulDiv(VectorArith op, String name, String funct6, String result) {
        binary(name, funct6, "VX", OPMVV, OPMVX, Kind.VECTOR_MULDIV, op, "vd[i] = " + result);
    }

    /** An f32 operation of the OPFVV/OPFVF group. */
    private void fpArith(VectorFpArith op, String name, String funct6, String forms, String result) {
        binary(name, funct6, forms, OPFVV, OPFVF, Kind.VECTOR_FP, op, "vd[i] = " + result);
    }

    /** Multiply-add forms, written {@code vd, vs1, vs2} / {@code vd, rs1, vs2} / {@code vd, fs1, vs2}. */
    private void multiplyAdd(String name, String funct6, String forms, String vvCategory, String scalarCategory,
                             Kind kind, Operation.Vector op, String result) {
        for (char form : forms.toCharArray()) {
            switch (form) {
                case 'V' -> arith(name + ".vv", funct6, vvCategory, "vd, vs1, vs2, vm", kind, op, String.format(result, "vs1[i]"));
                case 'X' -> arith(name + ".vx", funct6, scalarCategory, "vd, rs1, vs2, vm", kind, op,
                        String.format(result, "x[rs1]"));
                case 'F' -> arith(name + ".vf", funct6, scalarCategory, "vd, fs1, vs2, vm", kind, op,
                        String.format(result, "f[fs1]"));
                default -> throw new IllegalArgumentException("form " + form);
            }
        }
    }

    /** funct6 | vm | vs2 | vs1/rs1/imm | funct3 | vd | OP-V, every operand field free. */
    private void arith(String mnemonic, String funct6, String funct3, String syntax, Kind kind, Operation.Vector op,
                       String summary) {
        add(mnemonic, funct6 + "." + FREE5 + FREE5 + funct3 + FREE5 + OP_V, syntax, kind, op, summary);
    }

    private void add(String mnemonic, String pattern, String syntax, Kind kind, Operation.Vector op, String summary) {
        table.add(mnemonic, pattern, syntax, kind, Extension.V, trace++, op, summary);
    }

    private static String dots(int n) {
        return ".".repeat(n);
    }
}
