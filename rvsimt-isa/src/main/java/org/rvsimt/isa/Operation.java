package org.rvsimt.isa;

/**
 * What an instruction does, as a typed value: every declaration in {@link InstructionSet} names one,
 * and the engines dispatch on it. The operations of one form make one enum, so an engine's switch over
 * that enum has no default and the compiler names every switch a new constant is missing from.
 * Several declarations may share an operation ({@code addi} and {@code add} are both {@link Alu#ADD};
 * the declaration's operands choose {@link Form#ALU_RI} or {@link Form#ALU_RR}).
 */
public sealed interface Operation {

    /** How the engine reads the operands and where the result goes. */
    default Form form() {
        return switch (this) {
            case Alu op -> Form.ALU_RR;
            case Branch op -> Form.BRANCH;
            case Load op -> Form.LOAD;
            case Store op -> Form.STORE;
            case CsrAccess op -> Form.CSR;
            case FpArith op -> Form.FP_RR;
            case FpFused op -> Form.FP_FMA;
            case SignInject op -> Form.FP_SGNJ;
            case FpMinMax op -> Form.FP_MINMAX;
            case FpCompare op -> Form.FP_CMP;
            case FpToInt op -> Form.FCVT_W_S;
            case IntToFp op -> Form.FCVT_S_W;
            case FromLowPrecision op -> Form.LOWP_TO_F;
            case ToLowPrecision op -> Form.LOWP_FROM_F;
            case SpecialFunction op -> Form.SFU;
            case Amo op -> Form.AMO;
            case Vote op -> Form.VOTE;
            case Shuffle op -> Form.SHFL;
            case Standalone op -> op.form;
            case Unit op -> op.form;
        };
    }

    /** The constant's name (every operation is an enum constant). */
    String name();

    /** The operation as the instruction table prints it, e.g. {@code Alu.ADD}. */
    default String label() {
        return getClass().getSimpleName() + "." + name();
    }

    /**
     * RV32I, M, Zba, Zbb, Zbs and Zicond integer arithmetic: rd = op(rs1, rs2 or imm). The unary
     * bit-manipulation operations ({@code clz}, {@code rev8}, ...) ignore their second operand.
     */
    enum Alu implements Operation {
        ADD, SUB, SLL, SLT, SLTU, XOR, SRL, SRA, OR, AND, MUL, MULH, MULHSU, MULHU, DIV, DIVU, REM, REMU,
        SH1ADD, SH2ADD, SH3ADD,
        ANDN, ORN, XNOR, CLZ, CTZ, CPOP, MAX, MAXU, MIN, MINU, SEXT_B, SEXT_H, ZEXT_H, ROL, ROR, ORC_B, REV8,
        BCLR, BEXT, BINV, BSET,
        CZERO_EQZ, CZERO_NEZ;
    }

    /** Branch conditions on (rs1, rs2). */
    enum Branch implements Operation {
        BEQ, BNE, BLT, BGE, BLTU, BGEU;
    }

    /** Integer loads: bytes read and whether the value is zero-extended. */
    enum Load implements Operation {
        LB(1, false), LH(2, false), LW(4, false), LBU(1, true), LHU(2, true);

        private final int width;
        private final boolean unsigned;

        Load(int width, boolean unsigned) {
            this.width = width;
            this.unsigned = unsigned;
        }

        public int width() {
            return width;
        }

        public boolean unsigned() {
            return unsigned;
        }
    }

    /** Integer stores: bytes written. */
    enum Store implements Operation {
        SB(1), SH(2), SW(4);

        private final int width;

        Store(int width) {
            this.width = width;
        }

        public int width() {
            return width;
        }
    }

    /** Zicsr: how the new CSR value is made from the old one, from rs1 or from the zimm field. */
    enum CsrAccess implements Operation {
        CSRRW(false), CSRRS(false), CSRRC(false), CSRRWI(true), CSRRSI(true), CSRRCI(true);

        private final boolean immediate;

        CsrAccess(boolean immediate) {
            this.immediate = immediate;
        }

        /** The source is the 5-bit zimm field, not x[rs1]. */
        public boolean immediate() {
            return immediate;
        }
    }

    /** f32 arithmetic with a rounding mode: fd = op(fs1, fs2). */
    enum FpArith implements Operation {
        FADD, FSUB, FMUL, FDIV;
    }

    /** Fused multiply-adds: fd = +-(fs1 * fs2) +- fs3, one rounding. */
    enum FpFused implements Operation {
        FMADD, FMSUB, FNMSUB, FNMADD;
    }

    /** Sign injection: fd = |fs1| with a sign made from fs2's. */
    enum SignInject implements Operation {
        FSGNJ, FSGNJN, FSGNJX;
    }

    enum FpMinMax implements Operation {
        FMIN, FMAX;
    }

    /** rd = fs1 op fs2 (0 or 1). */
    enum FpCompare implements Operation {
        FEQ, FLT, FLE;
    }

    /** rd = (int32 or uint32) fs1, saturating. */
    enum FpToInt implements Operation {
        FCVT_W_S, FCVT_WU_S;
    }

    /** fd = (float) (int32 or uint32) rs1. */
    enum IntToFp implements Operation {
        FCVT_S_W, FCVT_S_WU;
    }

    /** The seed's low-precision formats widened to f32. */
    enum FromLowPrecision implements Operation {
        FCVT_S_BF16, FCVT_S_E4M3, FCVT_S_E5M2, FCVT_S_E2M1;
    }

    /** f32 narrowed to the seed's low-precision formats, written into part of fd. */
    enum ToLowPrecision implements Operation {
        FCVT_BF16_S, FCVT_E4M3_S, FCVT_E5M2_S, FCVT_E2M1_S;
    }

    /** The seed's special function unit. */
    enum SpecialFunction implements Operation {
        FEXP, FLN, FRCP, FRSQRT, FTANH, FSIGMOID, FSIN, FCOS;
    }

    /** RV32A read-modify-write operations: the value stored from the old one and rs2. */
    enum Amo implements Operation {
        SWAP, ADD, XOR, AND, OR, MIN, MAX, MINU, MAXU;
    }

    /** Vortex warp votes over the active lanes' rs1 & 1. */
    enum Vote implements Operation {
        ALL, ANY, UNI, BALLOT;
    }

    /** Vortex shuffles: how the source lane is chosen. */
    enum Shuffle implements Operation {
        UP, DOWN, BFLY, IDX;
    }

    /** Operations alone in their form (or, like split/split.n, a pair the engine tells apart). */
    enum Standalone implements Operation {
        LUI(Form.LUI), AUIPC(Form.AUIPC), JAL(Form.JAL), JALR(Form.JALR), ECALL(Form.ECALL),
        EBREAK(Form.EBREAK), FENCE(Form.FENCE), FENCE_I(Form.FENCE), FLW(Form.FLW), FSW(Form.FSW),
        FSQRT(Form.FP_SQRT), FCLASS(Form.FP_CLASS), FMV_X_W(Form.FMV_X_W), FMV_W_X(Form.FMV_W_X),
        LR(Form.LR), SC(Form.SC), TMC(Form.TMC), WSPAWN(Form.WSPAWN), SPLIT(Form.SPLIT), SPLIT_N(Form.SPLIT),
        JOIN(Form.JOIN), BAR(Form.BAR), PRED(Form.PRED), PRED_N(Form.PRED);

        private final Form form;

        Standalone(Form form) {
            this.form = form;
        }
    }

    /** Instructions the vector or matrix unit runs from the word's own fields. */
    enum Unit implements Operation {
        VECTOR(Form.VECTOR), MATRIX(Form.MATRIX);

        private final Form form;

        Unit(Form form) {
            this.form = form;
        }
    }
}
