package org.rvsimt.isa;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.rvsimt.isa.Operation.Alu;
import org.rvsimt.isa.Operation.Standalone;
import org.rvsimt.isa.semantics.IntBinary;
import org.rvsimt.isa.semantics.IntOps;

/**
 * The table: every instruction rvsimt knows, declared once.
 *
 * <p>Encodings follow the RISC-V unprivileged specification (RV32I, M, A, F, Zicsr, Zifencei), the
 * seed system's custom OP-FP instructions (docs/seed.md, "Custom instructions") and the
 * Vortex custom-0 SIMT instructions (docs/kernel-abi.md, "Vortex SIMT instructions"). Trace ids
 * 1..95 are the seed's trace opcodes, so seed tooling reads rvsimt's instruction records.
 */
public final class InstructionSet {

    private static final String OP = "0110011";
    private static final String OP_IMM = "0010011";
    private static final String LOAD = "0000011";
    private static final String STORE = "0100011";
    private static final String BRANCH = "1100011";
    private static final String SYSTEM = "1110011";
    private static final String OP_FP = "1010011";
    private static final String AMO = "0101111";
    private static final String CUSTOM0 = "0001011";
    private static final String MISC_MEM = "0001111";

    // The operation of each entry of the ALU mnemonic arrays below, in the same order.
    private static final Alu[] OP_IMM_ALU = {Alu.ADD, Alu.SLT, Alu.SLTU, Alu.XOR, Alu.OR, Alu.AND};
    private static final Alu[] SHIFT_ALU = {Alu.SLL, Alu.SRL, Alu.SRA};
    private static final Alu[] OP_ALU = {Alu.ADD, Alu.SUB, Alu.SLL, Alu.SLT, Alu.SLTU, Alu.XOR, Alu.SRL, Alu.SRA,
        Alu.OR, Alu.AND};
    private static final Alu[] M_ALU = {Alu.MUL, Alu.MULH, Alu.MULHSU, Alu.MULHU, Alu.DIV, Alu.DIVU, Alu.REM, Alu.REMU};

    private static final List<InstructionDef> ALL;
    private static final Map<String, InstructionDef> BY_MNEMONIC;

    static {
        Table t = new Table();
        declareRv32i(t);
        declareM(t);
        declareZicsr(t);
        declareF(t);
        declareSeedCustom(t);
        declareFencesAndAtomics(t);
        declareVortex(t);
        VectorInstructions.declare(t);
        MatrixInstructions.declare(t);
        declareBitManipulation(t);
        declareZicond(t);
        declareHalfPrecision(t);
        ALL = Collections.unmodifiableList(t.defs);
        Map<String, InstructionDef> byName = new HashMap<>();
        for (InstructionDef d : ALL) {
            if (byName.put(d.mnemonic(), d) != null) {
                throw new IllegalStateException("duplicate mnemonic " + d.mnemonic());
            }
        }
        BY_MNEMONIC = Map.copyOf(byName);
    }

    private InstructionSet() { }

    /** Every declaration, indexed by {@link InstructionDef#id()}. */
    public static List<InstructionDef> all() {
        return ALL;
    }

    public static InstructionDef get(int id) {
        return ALL.get(id);
    }

    public static int size() {
        return ALL.size();
    }

    /** The declaration for a mnemonic, or null (other spellings are {@link Aliases}). */
    public static InstructionDef byMnemonic(String mnemonic) {
        String m = mnemonic.toLowerCase(Locale.ROOT);
        return BY_MNEMONIC.get(m);
    }

    // ---------------------------------------------------------------- declarations

    private static void declareRv32i(Table t) {
        Extension x = Extension.RV32I;
        t.add("jal", dots(20) + "....." + "1101111", "rd, joff", Kind.JUMP, x, 1, Standalone.JAL, "rd = pc+4; pc += offset");
        t.add("jalr", dots(12) + "....." + "000" + "....." + "1100111", "rd, imm(rs1)", Kind.JUMP, x, 2,
                Standalone.JALR, "rd = pc+4; pc = (rs1 + imm) & ~1");
        String[] br = {"beq", "000", "bne", "001", "blt", "100", "bge", "101", "bltu", "110", "bgeu", "111"};
        for (int i = 0; i < br.length; i += 2) {
            t.add(br[i], dots(17) + br[i + 1] + "....." + BRANCH, "rs1, rs2, boff", Kind.BRANCH, x, 3 + i / 2,
                    Operation.Branch.values()[i / 2], "branch if " + br[i].substring(1) + " (rs1, rs2)");
        }
        String[] ld = {"lb", "000", "lh", "001", "lw", "010", "lbu", "100", "lhu", "101"};
        for (int i = 0; i < ld.length; i += 2) {
            t.add(ld[i], dots(17) + ld[i + 1] + "....." + LOAD, "rd, imm(rs1)", Kind.LOAD, x, 9 + i / 2,
                    Operation.Load.values()[i / 2], "rd = mem[rs1 + imm] (" + ld[i].substring(1) + ")");
        }
        String[] st = {"sb", "000", "sh", "001", "sw", "010"};
        for (int i = 0; i < st.length; i += 2) {
            t.add(st[i], dots(17) + st[i + 1] + "....." + STORE, "rs2, simm(rs1)", Kind.STORE, x, 14 + i / 2,
                    Operation.Store.values()[i / 2], "mem[rs1 + imm] = rs2 (" + st[i].substring(1) + ")");
        }
        t.add("lui", dots(25) + "0110111", "rd, uimm20", Kind.UPPER, x, 17, Standalone.LUI, "rd = imm20 << 12");
        t.add("auipc", dots(25) + "0010111", "rd, uimm20", Kind.UPPER, x, 18, Standalone.AUIPC, "rd = pc + (imm20 << 12)");
        // The immediate forms share the register forms' semantic functions (addi is add with an immediate).
        String[] opi = {"addi", "000", "add", "slti", "010", "slt", "sltiu", "011", "sltu", "xori", "100", "xor",
            "ori", "110", "or", "andi", "111", "and"};
        for (int i = 0; i < opi.length; i += 3) {
            t.add(opi[i], dots(17) + opi[i + 1] + "....." + OP_IMM, "rd, rs1, imm", Kind.ALU, x, 19 + i / 3,
                    OP_IMM_ALU[i / 3], "rd = rs1 " + opi[i + 2] + " imm");
        }
        String[] sh = {"slli", "0000000", "001", "srli", "0000000", "101", "srai", "0100000", "101"};
        for (int i = 0; i < sh.length; i += 3) {
            t.add(sh[i], sh[i + 1] + dots(10) + sh[i + 2] + "....." + OP_IMM, "rd, rs1, shamt", Kind.ALU, x,
                    25 + i / 3, SHIFT_ALU[i / 3], "rd = rs1 " + sh[i].substring(0, 3) + " shamt");
        }
        String[] op = {"add", "0000000", "000", "sub", "0100000", "000", "sll", "0000000", "001",
            "slt", "0000000", "010", "sltu", "0000000", "011", "xor", "0000000", "100",
            "srl", "0000000", "101", "sra", "0100000", "101", "or", "0000000", "110", "and", "0000000", "111"};
        for (int i = 0; i < op.length; i += 3) {
            t.add(op[i], op[i + 1] + dots(10) + op[i + 2] + "....." + OP, "rd, rs1, rs2", Kind.ALU, x, 28 + i / 3,
                    OP_ALU[i / 3], "rd = rs1 " + op[i] + " rs2");
        }
        t.add("ecall", "00000000000000000000000001110011", "", Kind.SYSTEM, x, 52, Standalone.ECALL,
                "environment call (a7 = 93 exit, 64 write, 1000 printf)");
        t.add("ebreak", "00000000000100000000000001110011", "", Kind.SYSTEM, x, 53, Standalone.EBREAK,
                "end this thread");
    }

    private static void declareM(Table t) {
        String[] m = {"mul", "000", "mulh", "001", "mulhsu", "010", "mulhu", "011",
            "div", "100", "divu", "101", "rem", "110", "remu", "111"};
        for (int i = 0; i < m.length; i += 2) {
            t.add(m[i], "0000001" + dots(10) + m[i + 1] + "....." + OP, "rd, rs1, rs2", Kind.MULDIV, Extension.M,
                    38 + i / 2, M_ALU[i / 2], "rd = rs1 " + m[i] + " rs2");
        }
    }

    private static void declareZicsr(Table t) {
        String[] c = {"csrrw", "001", "csrrs", "010", "csrrc", "011"};
        for (int i = 0; i < c.length; i += 2) {
            t.add(c[i], dots(17) + c[i + 1] + "....." + SYSTEM, "rd, csr, rs1", Kind.CSR, Extension.ZICSR, 46 + i / 2,
                    Operation.CsrAccess.values()[i / 2], "rd = csr; csr " + c[i].substring(3) + "= rs1");
        }
        String[] ci = {"csrrwi", "101", "csrrsi", "110", "csrrci", "111"};
        for (int i = 0; i < ci.length; i += 2) {
            t.add(ci[i], dots(17) + ci[i + 1] + "....." + SYSTEM, "rd, csr, zimm", Kind.CSR, Extension.ZICSR,
                    49 + i / 2, Operation.CsrAccess.values()[3 + i / 2], "rd = csr; csr " + ci[i].substring(3, 5) + "= zimm");
        }
    }

    private static void declareF(Table t) {
        Extension f = Extension.F;
        t.add("flw", dots(17) + "010" + "....." + "0000111", "fd, imm(rs1)", Kind.FP_LOAD, f, 54, Standalone.FLW,
                "fd = mem32[rs1 + imm]");
        t.add("fsw", dots(17) + "010" + "....." + "0100111", "fs2, simm(rs1)", Kind.FP_STORE, f, 55, Standalone.FSW,
                "mem32[rs1 + imm] = fs2");
        String[] fma = {"fmadd.s", "1000011", "fmsub.s", "1000111", "fnmsub.s", "1001011", "fnmadd.s", "1001111"};
        String[] fmaText = {"fs1*fs2 + fs3", "fs1*fs2 - fs3", "-(fs1*fs2) + fs3", "-(fs1*fs2) - fs3"};
        for (int i = 0; i < fma.length; i += 2) {
            t.addRm(fma[i], "....." + "00" + dots(18) + fma[i + 1], "fd, fs1, fs2, fs3", Kind.FP_FMA, f,
                    56 + i / 2, Operation.FpFused.values()[i / 2], "fd = " + fmaText[i / 2] + ", one rounding");
        }
        String[] ar = {"fadd.s", "0000000", "fsub.s", "0000100", "fmul.s", "0001000", "fdiv.s", "0001100"};
        for (int i = 0; i < ar.length; i += 2) {
            t.addRm(ar[i], ar[i + 1] + dots(18) + OP_FP, "fd, fs1, fs2", Kind.FP_ARITH, f, 60 + i / 2,
                    Operation.FpArith.values()[i / 2], "fd = fs1 " + ar[i].substring(1, 4) + " fs2");
        }
        t.addRm("fsqrt.s", "0101100" + "00000" + dots(13) + OP_FP, "fd, fs1", Kind.FP_ARITH, f, 64, Standalone.FSQRT,
                "fd = sqrt(fs1)");
        String[] sg = {"fsgnj.s", "0010000", "000", "fsgnjn.s", "0010000", "001", "fsgnjx.s", "0010000", "010",
            "fmin.s", "0010100", "000", "fmax.s", "0010100", "001"};
        for (int i = 0; i < sg.length; i += 3) {
            t.add(sg[i], sg[i + 1] + dots(10) + sg[i + 2] + "....." + OP_FP, "fd, fs1, fs2",
                    i < 9 ? Kind.FP_MOVE : Kind.FP_COMPARE, f, 65 + i / 3,
                    i < 9 ? Operation.SignInject.values()[i / 3] : Operation.FpMinMax.values()[i / 3 - 3],
                    i < 9 ? "sign injection" : (i == 9 ? "minimumNumber(fs1, fs2)" : "maximumNumber(fs1, fs2)"));
        }
        t.addRm("fcvt.w.s", "1100000" + "00000" + dots(13) + OP_FP, "rd, fs1", Kind.FP_CONVERT, f, 70,
                Operation.FpToInt.FCVT_W_S, "rd = (int32) fs1, saturating");
        t.addRm("fcvt.wu.s", "1100000" + "00001" + dots(13) + OP_FP, "rd, fs1", Kind.FP_CONVERT, f, 71,
                Operation.FpToInt.FCVT_WU_S, "rd = (uint32) fs1, saturating");
        t.add("fmv.x.w", "1110000" + "00000" + "....." + "000" + "....." + OP_FP, "rd, fs1", Kind.FP_MOVE, f, 72,
                Standalone.FMV_X_W, "rd = bits of fs1");
        String[] cmp = {"feq.s", "010", "flt.s", "001", "fle.s", "000"};
        for (int i = 0; i < cmp.length; i += 2) {
            t.add(cmp[i], "1010000" + dots(10) + cmp[i + 1] + "....." + OP_FP, "rd, fs1, fs2", Kind.FP_COMPARE, f,
                    73 + i / 2, Operation.FpCompare.values()[i / 2], "rd = fs1 " + cmp[i].substring(1, 3) + " fs2");
        }
        t.add("fclass.s", "1110000" + "00000" + "....." + "001" + "....." + OP_FP, "rd, fs1", Kind.FP_COMPARE, f, 76,
                Standalone.FCLASS, "rd = class mask of fs1");
        t.addRm("fcvt.s.w", "1101000" + "00000" + dots(13) + OP_FP, "fd, rs1", Kind.FP_CONVERT, f, 77,
                Operation.IntToFp.FCVT_S_W, "fd = (float) (int32) rs1");
        t.addRm("fcvt.s.wu", "1101000" + "00001" + dots(13) + OP_FP, "fd, rs1", Kind.FP_CONVERT, f, 78,
                Operation.IntToFp.FCVT_S_WU, "fd = (float) (uint32) rs1");
        t.add("fmv.w.x", "1111000" + "00000" + "....." + "000" + "....." + OP_FP, "fd, rs1", Kind.FP_MOVE, f, 79,
                Standalone.FMV_W_X, "fd = bits of rs1");
    }

    private static void declareSeedCustom(Table t) {
        // Low-precision conversions: funct7 selects the format pair, rs2 the direction (docs/seed.md).
        // The rm field is ignored by these instructions (always round to nearest even); it encodes as 0.
        // The bf16 pair is not at the seed's funct7 0100010, whose words are the standard fcvt.h.s and
        // fcvt.h.d (Zfh); funct5 01001 is unused by the ratified extensions (docs/extensions.md).
        String[] lp = {
            "fcvt.s.bf16", "0100101", "00000", "fd = f32 from bf16 in fs1[31:16]",
            "fcvt.bf16.s", "0100101", "00001", "fd[31:16] = bf16(fs1), fd[15:0] kept",
            "fcvt.s.e4m3", "0100100", "00000", "fd = f32 from OCP E4M3 in fs1[31:24]",
            "fcvt.e4m3.s", "0100100", "00001", "fd[31:24] = e4m3(fs1), saturating, other bits kept",
            "fcvt.s.e5m2", "0100100", "00010", "fd = f32 from OCP E5M2 in fs1[31:24]",
            "fcvt.e5m2.s", "0100100", "00011", "fd[31:24] = e5m2(fs1), other bits kept",
            "fcvt.s.e2m1", "0100110", "00000", "fd = f32 from OCP E2M1 in fs1[31:28]",
            "fcvt.e2m1.s", "0100110", "00001", "fd[31:28] = e2m1(fs1), saturating, other bits kept"};
        for (int i = 0; i < lp.length; i += 4) {
            t.addIgnoring(lp[i], lp[i + 1] + lp[i + 2] + dots(13) + OP_FP, "fd, fs1", Field.RM.bitMask(),
                    Kind.LOWP_CONVERT, Extension.XLOWP, 80 + i / 4,
                    i % 8 == 0 ? Operation.FromLowPrecision.values()[i / 8] : Operation.ToLowPrecision.values()[i / 8],
                    lp[i + 3]);
        }
        String[] sfu = {"fexp.s", "e^x", "fln.s", "ln x", "frcp.s", "1/x", "frsqrt.s", "1/sqrt(x)",
            "ftanh.s", "tanh x", "fsigmoid.s", "1/(1+e^-x)", "fsin.s", "sin x", "fcos.s", "cos x"};
        for (int i = 0; i < sfu.length; i += 2) {
            String rs2 = String.format("%5s", Integer.toBinaryString(i / 2)).replace(' ', '0');
            t.addIgnoring(sfu[i], "0110000" + rs2 + dots(13) + OP_FP, "fd, fs1", Field.RM.bitMask(), Kind.SFU,
                    Extension.XSFU, 88 + i / 2, Operation.SpecialFunction.values()[i / 2], "fd = " + sfu[i + 1] + " (SFU)");
        }
    }

    private static void declareFencesAndAtomics(Table t) {
        // fm, rs1 and rd of FENCE are reserved for future use and ignored (unprivileged spec 2.7).
        t.addIgnoring("fence", "...." + "........" + "....." + "000" + "....." + MISC_MEM, "pred, succ",
                0xF0000000 | Field.RS1.bitMask() | Field.RD.bitMask(), Kind.FENCE, Extension.RV32I, 96,
                Standalone.FENCE, "order memory accesses");
        t.add("fence.i", "00000000000000000001000000001111", "", Kind.FENCE, Extension.ZIFENCEI, 97,
                Standalone.FENCE_I, "synchronise instruction fetch");
        t.addOrdered("lr.w", "00010" + ".." + "00000" + "....." + "010" + "....." + AMO, "rd, (rs1)", 98,
                Standalone.LR, "rd = mem32[rs1]; reserve");
        t.addOrdered("sc.w", "00011" + ".." + dots(10) + "010" + "....." + AMO, "rd, rs2, (rs1)", 99,
                Standalone.SC, "if reserved: mem32[rs1] = rs2, rd = 0; else rd = 1");
        String[] amo = {"amoswap.w", "00001", "amoadd.w", "00000", "amoxor.w", "00100", "amoand.w", "01100",
            "amoor.w", "01000", "amomin.w", "10000", "amomax.w", "10100", "amominu.w", "11000", "amomaxu.w", "11100"};
        for (int i = 0; i < amo.length; i += 2) {
            String op = amo[i].substring(3, amo[i].length() - 2);
            t.addOrdered(amo[i], amo[i + 1] + ".." + dots(10) + "010" + "....." + AMO, "rd, rs2, (rs1)", 100 + i / 2,
                    Operation.Amo.values()[i / 2], "rd = mem32[rs1]; mem32[rs1] = " + op + "(rd, rs2), atomically");
        }
    }

    private static void declareVortex(Table t) {
        Extension v = Extension.XVORTEX;
        int id = 109;
        t.add("vx_tmc", "0000000" + "00000" + "....." + "000" + "00000" + CUSTOM0, "rs1", Kind.SIMT_CONTROL, v, id++,
                Standalone.TMC, "thread mask = rs1 (of the last active lane); 0 ends the warp");
        t.add("vx_wspawn", "0000000" + "....." + "....." + "001" + "00000" + CUSTOM0, "rs1, rs2", Kind.SIMT_CONTROL, v,
                id++, Standalone.WSPAWN, "start warps 1..rs1-1 of the block at pc rs2");
        t.add("vx_split", "0000000" + "00000" + "....." + "010" + "....." + CUSTOM0, "rd, rs1", Kind.SIMT_CONTROL, v,
                id++, Standalone.SPLIT, "diverge on rs1 & 1; rd = stack depth before the push");
        t.add("vx_split_n", "0000000" + "00001" + "....." + "010" + "....." + CUSTOM0, "rd, rs1", Kind.SIMT_CONTROL, v,
                id++, Standalone.SPLIT_N, "diverge on !(rs1 & 1); rd = stack depth before the push");
        t.add("vx_join", "0000000" + "00000" + "....." + "011" + "00000" + CUSTOM0, "rs1", Kind.SIMT_CONTROL, v, id++,
                Standalone.JOIN, "reconverge the split whose depth is rs1");
        t.add("vx_bar", "0000000" + "....." + "....." + "100" + "00000" + CUSTOM0, "rs1, rs2", Kind.SIMT_CONTROL, v,
                id++, Standalone.BAR, "barrier rs1 for rs2 warps");
        t.add("vx_pred", "0000000" + "....." + "....." + "101" + "00000" + CUSTOM0, "rs1, rs2", Kind.SIMT_CONTROL, v,
                id++, Standalone.PRED, "mask &= rs1 & 1, or mask = rs2 if none is set");
        t.add("vx_pred_n", "0000000" + "....." + "....." + "101" + "00001" + CUSTOM0, "rs1, rs2", Kind.SIMT_CONTROL, v,
                id++, Standalone.PRED_N, "mask &= !(rs1 & 1), or mask = rs2 if none is set");
        String[] vote = {"vx_vote_all", "000", "all active lanes have rs1 & 1",
            "vx_vote_any", "001", "some active lane has rs1 & 1",
            "vx_vote_uni", "010", "all active lanes agree on rs1 & 1",
            "vx_vote_ballot", "011", "bit mask of active lanes with rs1 & 1"};
        for (int i = 0; i < vote.length; i += 3) {
            t.add(vote[i], "0000001" + "00000" + "....." + vote[i + 1] + "....." + CUSTOM0, "rd, rs1",
                    Kind.SIMT_WARP_OP, v, id++, Operation.Vote.values()[i / 3], "rd = " + vote[i + 2]);
        }
        String[] shfl = {"vx_shfl_up", "100", "vx_shfl_down", "101", "vx_shfl_bfly", "110", "vx_shfl_idx", "111"};
        for (int i = 0; i < shfl.length; i += 2) {
            t.add(shfl[i], "0000001" + dots(10) + shfl[i + 1] + "....." + CUSTOM0, "rd, rs1, rs2", Kind.SIMT_WARP_OP,
                    v, id++, Operation.Shuffle.values()[i / 2],
                    "rd = rs1 of the lane chosen by control word rs2 (" + shfl[i].substring(8) + ")");
        }
    }

    /**
     * Zba, Zbb and Zbs for RV32 (RISC-V Bit-Manipulation ISA-extensions 1.0.0, chapter 1.5; the RV32
     * encodings of {@code zext.h} and {@code rev8}). Trace ids 128..156.
     */
    private static void declareBitManipulation(Table t) {
        int id = 128;
        String[] zba = {"sh1add", "010", "sh2add", "100", "sh3add", "110"};
        Alu[] zbaOps = {Alu.SH1ADD, Alu.SH2ADD, Alu.SH3ADD};
        for (int i = 0; i < zba.length; i += 2) {
            t.add(zba[i], "0010000" + dots(10) + zba[i + 1] + "....." + OP, "rd, rs1, rs2", Kind.ALU, Extension.ZBA,
                    id++, zbaOps[i / 2], "rd = rs2 + (rs1 << " + zba[i].charAt(2) + ")");
        }
        Extension b = Extension.ZBB;
        // register-register: mnemonic, funct7, funct3, operation, summary
        Object[] rr = {
            "andn", "0100000", "111", Alu.ANDN, "rd = rs1 & ~rs2",
            "orn", "0100000", "110", Alu.ORN, "rd = rs1 | ~rs2",
            "xnor", "0100000", "100", Alu.XNOR, "rd = ~(rs1 ^ rs2)",
            "max", "0000101", "110", Alu.MAX, "rd = signed max(rs1, rs2)",
            "maxu", "0000101", "111", Alu.MAXU, "rd = unsigned max(rs1, rs2)",
            "min", "0000101", "100", Alu.MIN, "rd = signed min(rs1, rs2)",
            "minu", "0000101", "101", Alu.MINU, "rd = unsigned min(rs1, rs2)",
            "rol", "0110000", "001", Alu.ROL, "rd = rs1 rotated left by rs2[4:0]",
            "ror", "0110000", "101", Alu.ROR, "rd = rs1 rotated right by rs2[4:0]"};
        for (int i = 0; i < rr.length; i += 5) {
            t.add((String) rr[i], rr[i + 1] + dots(10) + rr[i + 2] + "....." + OP, "rd, rs1, rs2", Kind.ALU, b, id++,
                    (Alu) rr[i + 3], (String) rr[i + 4]);
        }
        // unary: mnemonic, bits 31..20, funct3, opcode, operation, summary
        Object[] unary = {
            "clz", "011000000000", "001", OP_IMM, Alu.CLZ, "rd = leading zero bits of rs1",
            "ctz", "011000000001", "001", OP_IMM, Alu.CTZ, "rd = trailing zero bits of rs1",
            "cpop", "011000000010", "001", OP_IMM, Alu.CPOP, "rd = set bits of rs1",
            "sext.b", "011000000100", "001", OP_IMM, Alu.SEXT_B, "rd = rs1[7:0] sign-extended",
            "sext.h", "011000000101", "001", OP_IMM, Alu.SEXT_H, "rd = rs1[15:0] sign-extended",
            "zext.h", "000010000000", "100", OP, Alu.ZEXT_H, "rd = rs1[15:0] zero-extended",
            "orc.b", "001010000111", "101", OP_IMM, Alu.ORC_B, "each byte of rd = 0xff if that byte of rs1 != 0, else 0",
            "rev8", "011010011000", "101", OP_IMM, Alu.REV8, "rd = rs1 with its bytes reversed"};
        for (int i = 0; i < unary.length; i += 6) {
            t.add((String) unary[i], unary[i + 1] + "....." + unary[i + 2] + "....." + unary[i + 3], "rd, rs1",
                    Kind.ALU, b, id++, (Alu) unary[i + 4], (String) unary[i + 5]);
        }
        t.add("rori", "0110000" + "....." + "....." + "101" + "....." + OP_IMM, "rd, rs1, shamt", Kind.ALU, b, id++,
                Alu.ROR, "rd = rs1 rotated right by shamt");
        Extension s = Extension.ZBS;
        // mnemonic stem, funct7, funct3, operation, summary
        Object[] single = {
            "bclr", "0100100", "001", Alu.BCLR, "rd = rs1 with bit %s cleared",
            "bext", "0100100", "101", Alu.BEXT, "rd = bit %s of rs1",
            "binv", "0110100", "001", Alu.BINV, "rd = rs1 with bit %s inverted",
            "bset", "0010100", "001", Alu.BSET, "rd = rs1 with bit %s set"};
        for (int i = 0; i < single.length; i += 5) {
            t.add((String) single[i], single[i + 1] + dots(10) + single[i + 2] + "....." + OP, "rd, rs1, rs2",
                    Kind.ALU, s, id++, (Alu) single[i + 3], String.format((String) single[i + 4], "rs2[4:0]"));
            t.add(single[i] + "i", single[i + 1] + dots(10) + single[i + 2] + "....." + OP_IMM, "rd, rs1, shamt",
                    Kind.ALU, s, id++, (Alu) single[i + 3], String.format((String) single[i + 4], "shamt"));
        }
    }

    /**
     * Zicond 1.0 (conditional zero): trace ids 158 and 159. Declared by their semantic methods (no
     * {@link Alu} constant): the declaration and the method are all an ALU instruction needs.
     */
    private static void declareZicond(Table t) {
        t.addAlu("czero.eqz", "0000111" + dots(10) + "101" + "....." + OP, "rd, rs1, rs2", Extension.ZICOND, 158,
                IntOps::czeroEqz, "rd = rs2 == 0 ? 0 : rs1");
        t.addAlu("czero.nez", "0000111" + dots(10) + "111" + "....." + OP, "rd, rs1, rs2", Extension.ZICOND, 159,
                IntOps::czeroNez, "rd = rs2 != 0 ? 0 : rs1");
    }

    /**
     * Zfh and Zfhmin 1.0 (half precision in the f registers, NaN-boxed): the F instructions with fmt =
     * 10 (H), flh/fsh with funct3 001, and the conversions to and from f32. Zfhmin is flh, fsh,
     * fmv.x.h, fmv.h.x, fcvt.s.h and fcvt.h.s. Trace ids 224..251.
     */
    private static void declareHalfPrecision(Table t) {
        Extension min = Extension.ZFHMIN;
        Extension h = Extension.ZFH;
        int id = 224;
        t.add("flh", dots(17) + "001" + "....." + "0000111", "fd, imm(rs1)", Kind.FP_LOAD, min, id++, Standalone.FLH,
                "fd = NaN-boxed mem16[rs1 + imm]");
        t.add("fsh", dots(17) + "001" + "....." + "0100111", "fs2, simm(rs1)", Kind.FP_STORE, min, id++,
                Standalone.FSH, "mem16[rs1 + imm] = fs2[15:0]");
        String[] fma = {"fmadd.h", "1000011", "fmsub.h", "1000111", "fnmsub.h", "1001011", "fnmadd.h", "1001111"};
        String[] fmaText = {"fs1*fs2 + fs3", "fs1*fs2 - fs3", "-(fs1*fs2) + fs3", "-(fs1*fs2) - fs3"};
        Operation.FpFused[] fused = {Operation.FpFused.FMADD_H, Operation.FpFused.FMSUB_H, Operation.FpFused.FNMSUB_H,
            Operation.FpFused.FNMADD_H};
        for (int i = 0; i < fma.length; i += 2) {
            t.addRm(fma[i], "....." + "10" + dots(18) + fma[i + 1], "fd, fs1, fs2, fs3", Kind.FP_FMA, h, id++,
                    fused[i / 2], "fd = " + fmaText[i / 2] + " in f16, one rounding");
        }
        String[] ar = {"fadd.h", "0000010", "fsub.h", "0000110", "fmul.h", "0001010", "fdiv.h", "0001110"};
        Operation.FpArith[] arith = {Operation.FpArith.FADD_H, Operation.FpArith.FSUB_H, Operation.FpArith.FMUL_H,
            Operation.FpArith.FDIV_H};
        for (int i = 0; i < ar.length; i += 2) {
            t.addRm(ar[i], ar[i + 1] + dots(18) + OP_FP, "fd, fs1, fs2", Kind.FP_ARITH, h, id++, arith[i / 2],
                    "fd = fs1 " + ar[i].substring(1, 4) + " fs2 in f16");
        }
        t.addRm("fsqrt.h", "0101110" + "00000" + dots(13) + OP_FP, "fd, fs1", Kind.FP_ARITH, h, id++,
                Standalone.FSQRT_H, "fd = sqrt(fs1) in f16");
        // mnemonic, funct7, funct3, destination, kind, operation, summary
        Object[] sg = {
            "fsgnj.h", "0010010", "000", "fd", Kind.FP_MOVE, Operation.SignInject.FSGNJ_H, "sign injection (f16)",
            "fsgnjn.h", "0010010", "001", "fd", Kind.FP_MOVE, Operation.SignInject.FSGNJN_H, "sign injection (f16)",
            "fsgnjx.h", "0010010", "010", "fd", Kind.FP_MOVE, Operation.SignInject.FSGNJX_H, "sign injection (f16)",
            "fmin.h", "0010110", "000", "fd", Kind.FP_COMPARE, Operation.FpMinMax.FMIN_H, "minimumNumber(fs1, fs2) in f16",
            "fmax.h", "0010110", "001", "fd", Kind.FP_COMPARE, Operation.FpMinMax.FMAX_H, "maximumNumber(fs1, fs2) in f16",
            "feq.h", "1010010", "010", "rd", Kind.FP_COMPARE, Operation.FpCompare.FEQ_H, "rd = fs1 eq fs2 (f16)",
            "flt.h", "1010010", "001", "rd", Kind.FP_COMPARE, Operation.FpCompare.FLT_H, "rd = fs1 lt fs2 (f16)",
            "fle.h", "1010010", "000", "rd", Kind.FP_COMPARE, Operation.FpCompare.FLE_H, "rd = fs1 le fs2 (f16)"};
        for (int i = 0; i < sg.length; i += 7) {
            t.add((String) sg[i], sg[i + 1] + dots(10) + sg[i + 2] + "....." + OP_FP, sg[i + 3] + ", fs1, fs2",
                    (Kind) sg[i + 4], h, id++, (Operation) sg[i + 5], (String) sg[i + 6]);
        }
        // rounded conversions: mnemonic, funct7, rs2, syntax, extension, operation, summary
        Object[] cvt = {
            "fcvt.s.h", "0100000", "00010", "fd, fs1", min, Standalone.FCVT_S_H, "fd = (float) fs1 (f16), exact",
            "fcvt.h.s", "0100010", "00000", "fd, fs1", min, Standalone.FCVT_H_S, "fd = (f16) fs1, NaN-boxed",
            "fcvt.w.h", "1100010", "00000", "rd, fs1", h, Operation.FpToInt.FCVT_W_H, "rd = (int32) fs1 (f16), saturating",
            "fcvt.wu.h", "1100010", "00001", "rd, fs1", h, Operation.FpToInt.FCVT_WU_H,
            "rd = (uint32) fs1 (f16), saturating",
            "fcvt.h.w", "1101010", "00000", "fd, rs1", h, Operation.IntToFp.FCVT_H_W, "fd = (f16) (int32) rs1",
            "fcvt.h.wu", "1101010", "00001", "fd, rs1", h, Operation.IntToFp.FCVT_H_WU, "fd = (f16) (uint32) rs1"};
        for (int i = 0; i < cvt.length; i += 7) {
            t.addRm((String) cvt[i], cvt[i + 1] + (String) cvt[i + 2] + dots(13) + OP_FP, (String) cvt[i + 3],
                    Kind.FP_CONVERT, (Extension) cvt[i + 4], id++, (Operation) cvt[i + 5], (String) cvt[i + 6]);
        }
        t.add("fmv.x.h", "1110010" + "00000" + "....." + "000" + "....." + OP_FP, "rd, fs1", Kind.FP_MOVE, min, id++,
                Standalone.FMV_X_H, "rd = fs1[15:0] sign-extended");
        t.add("fmv.h.x", "1111010" + "00000" + "....." + "000" + "....." + OP_FP, "fd, rs1", Kind.FP_MOVE, min, id++,
                Standalone.FMV_H_X, "fd = NaN-boxed rs1[15:0]");
        t.add("fclass.h", "1110010" + "00000" + "....." + "001" + "....." + OP_FP, "rd, fs1", Kind.FP_COMPARE, h, id++,
                Standalone.FCLASS_H, "rd = class mask of fs1 (f16)");
    }

    // ---------------------------------------------------------------- helpers

    private static String dots(int n) {
        return ".".repeat(n);
    }

    /** Collects declarations, assigning dense ids in declaration order. */
    static final class Table {
        final List<InstructionDef> defs = new ArrayList<>();

        void add(String m, String pattern, String syntax, Kind k, Extension e, int trace, Operation sem, String sum) {
            add(m, pattern, syntax, false, false, 0, k, e, trace, sem, sum);
        }

        void addRm(String m, String pattern, String syntax, Kind k, Extension e, int trace, Operation sem, String sum) {
            add(m, pattern, syntax, true, false, 0, k, e, trace, sem, sum);
        }

        void addIgnoring(String m, String pattern, String syntax, int ignored, Kind k, Extension e, int trace,
                         Operation sem, String sum) {
            add(m, pattern, syntax, false, false, ignored, k, e, trace, sem, sum);
        }

        /**
         * An ALU instruction declared by its semantic method ({@link Operation.AluFunction}): rd =
         * method(rs1, rs2 or the immediate, as the syntax says); both engines derive the rest from it.
         */
        void addAlu(String m, String pattern, String syntax, Extension e, int trace, IntBinary method, String sum) {
            String name = m.toUpperCase(Locale.ROOT).replace('.', '_');
            add(m, pattern, syntax, Kind.ALU, e, trace, new Operation.AluFunction(name, method), sum);
        }

        void addOrdered(String m, String pattern, String syntax, int trace, Operation sem, String sum) {
            add(m, pattern, syntax, false, true, 0, Kind.ATOMIC, Extension.A, trace, sem, sum);
        }

        void add(String m, String pattern, String syntax, boolean rm, boolean ordered, int ignored, Kind k,
                 Extension e, int trace, Operation sem, String sum) {
            int[] mm = InstructionDef.parsePattern(pattern);
            defs.add(new InstructionDef(defs.size(), m, pattern.replace(" ", ""), mm[0], mm[1], SyntaxParser.parse(syntax),
                    rm, ordered, ignored, k, e, trace, sem, sum));
        }
    }

    /** Turns the table's short syntax strings into slots. */
    static final class SyntaxParser {
        private static final Map<String, Field> NAMES = Map.ofEntries(
                Map.entry("rd", Field.RD), Map.entry("rs1", Field.RS1), Map.entry("rs2", Field.RS2),
                Map.entry("fd", Field.FD), Map.entry("fs1", Field.FS1), Map.entry("fs2", Field.FS2),
                Map.entry("fs3", Field.FS3), Map.entry("imm", Field.IMM_I), Map.entry("simm", Field.IMM_S),
                Map.entry("boff", Field.IMM_B), Map.entry("joff", Field.IMM_J), Map.entry("uimm20", Field.IMM_U),
                Map.entry("shamt", Field.SHAMT), Map.entry("csr", Field.CSR), Map.entry("zimm", Field.ZIMM),
                Map.entry("pred", Field.PRED), Map.entry("succ", Field.SUCC),
                Map.entry("vd", Field.VD), Map.entry("vs1", Field.VS1), Map.entry("vs2", Field.VS2),
                Map.entry("vs3", Field.VS3), Map.entry("vm", Field.VM), Map.entry("simm5", Field.SIMM5),
                Map.entry("uimm5", Field.UIMM5), Map.entry("vtypei11", Field.VTYPEI11),
                Map.entry("vtypei10", Field.VTYPEI10), Map.entry("md", Field.MD), Map.entry("mdtile", Field.MD_TILE),
                Map.entry("mdacc", Field.MD_ACC), Map.entry("ms1", Field.MS1), Map.entry("ms2", Field.MS2),
                Map.entry("uimm10", Field.UIMM10));

        /** Fixed operand text that holds no field (the explicit mask register of vmerge). */
        private static final java.util.Set<String> LITERALS = java.util.Set.of("v0");

        static List<Slot> parse(String syntax) {
            List<Slot> slots = new ArrayList<>();
            if (syntax.isBlank()) {
                return slots;
            }
            for (String part : syntax.split(",")) {
                String p = part.trim();
                int open = p.indexOf('(');
                if (LITERALS.contains(p)) {
                    slots.add(Slot.literal(p));
                } else if (open < 0) {
                    slots.add(Slot.plain(field(p)));
                } else if (open == 0) {
                    slots.add(Slot.address(field(p.substring(1, p.length() - 1))));
                } else {
                    slots.add(Slot.memory(field(p.substring(0, open)), field(p.substring(open + 1, p.length() - 1))));
                }
            }
            return slots;
        }

        private static Field field(String name) {
            Field f = NAMES.get(name);
            if (f == null) {
                throw new IllegalArgumentException("unknown operand '" + name + "'");
            }
            return f;
        }
    }
}
