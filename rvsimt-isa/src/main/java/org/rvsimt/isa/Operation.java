package org.rvsimt.isa;

import org.rvsimt.isa.semantics.IntBinary;
import org.rvsimt.isa.semantics.IntOps;

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
            case AluFunction op -> Form.ALU_RR;
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
            case Vector op -> Form.VECTOR;
            case Matrix op -> Form.MATRIX;
        };
    }

    /**
     * Every operation of every family, the vector and matrix families included, in declaration order;
     * then the ALU operations the table declares by their method ({@link AluFunction}).
     */
    static java.util.List<Operation> all() {
        java.util.List<Operation> out = new java.util.ArrayList<>();
        addFamilies(Operation.class, out);
        for (InstructionDef d : InstructionSet.all()) {
            if (d.operation() instanceof AluFunction f && !out.contains(f)) {
                out.add(f);
            }
        }
        return java.util.List.copyOf(out);
    }

    private static void addFamilies(Class<?> sealed, java.util.List<Operation> out) {
        for (Class<?> c : sealed.getPermittedSubclasses()) {
            if (c.isSealed()) {
                addFamilies(c, out);        // Vector, Matrix: their families are one level down
            } else if (c.isEnum()) {        // an AluFunction exists only as a declaration makes it
                for (Object constant : c.getEnumConstants()) {
                    out.add((Operation) constant);
                }
            }
        }
    }

    /** The constant's name (the mnemonic's, in upper case, for an {@link AluFunction}). */
    String name();

    /** The operation as the instruction table prints it, e.g. {@code Alu.ADD}. */
    default String label() {
        return getClass().getSimpleName() + "." + name();
    }

    /**
     * RV32I, M, Zba, Zbb and Zbs integer arithmetic: rd = op(rs1, rs2 or imm). The unary
     * bit-manipulation operations ({@code clz}, {@code rev8}, ...) ignore their second operand. Other
     * ALU operations (Zicond's) are declared by their method alone: {@link AluFunction}.
     */
    enum Alu implements Operation {
        ADD, SUB, SLL, SLT, SLTU, XOR, SRL, SRA, OR, AND, MUL, MULH, MULHSU, MULHU, DIV, DIVU, REM, REMU,
        SH1ADD, SH2ADD, SH3ADD,
        ANDN, ORN, XNOR, CLZ, CTZ, CPOP, MAX, MAXU, MIN, MINU, SEXT_B, SEXT_H, ZEXT_H, ROL, ROR, ORC_B, REV8,
        BCLR, BEXT, BINV, BSET;

        /**
         * The semantic method, for engines that call it through its reference (the JIT compiles a
         * direct call to the method it names). A switch rather than a constructor argument, so that a
         * reference's lambda class is made when an engine first asks for it, not for all of them
         * when the class loads (start-up time).
         */
        public IntBinary semantics() {
            return switch (this) {
                case ADD -> IntOps::add;
                case SUB -> IntOps::sub;
                case SLL -> IntOps::sll;
                case SLT -> IntOps::slt;
                case SLTU -> IntOps::sltu;
                case XOR -> IntOps::xor;
                case SRL -> IntOps::srl;
                case SRA -> IntOps::sra;
                case OR -> IntOps::or;
                case AND -> IntOps::and;
                case MUL -> IntOps::mul;
                case MULH -> IntOps::mulh;
                case MULHSU -> IntOps::mulhsu;
                case MULHU -> IntOps::mulhu;
                case DIV -> IntOps::div;
                case DIVU -> IntOps::divu;
                case REM -> IntOps::rem;
                case REMU -> IntOps::remu;
                case SH1ADD -> IntOps::sh1add;
                case SH2ADD -> IntOps::sh2add;
                case SH3ADD -> IntOps::sh3add;
                case ANDN -> IntOps::andn;
                case ORN -> IntOps::orn;
                case XNOR -> IntOps::xnor;
                case CLZ -> IntOps::clz;
                case CTZ -> IntOps::ctz;
                case CPOP -> IntOps::cpop;
                case MAX -> IntOps::max;
                case MAXU -> IntOps::maxu;
                case MIN -> IntOps::min;
                case MINU -> IntOps::minu;
                case SEXT_B -> IntOps::sextB;
                case SEXT_H -> IntOps::sextH;
                case ZEXT_H -> IntOps::zextH;
                case ROL -> IntOps::rol;
                case ROR -> IntOps::ror;
                case ORC_B -> IntOps::orcB;
                case REV8 -> IntOps::rev8;
                case BCLR -> IntOps::bclr;
                case BEXT -> IntOps::bext;
                case BINV -> IntOps::binv;
                case BSET -> IntOps::bset;
            };
        }
    }

    /**
     * An integer ALU operation declared by its semantic method alone: the table's declaration names
     * the method ({@code t.addAlu(..., IntOps::myop, ...)}) and this value carries it, so adding one
     * takes the declaration and the method. Both engines run it through the method: compiled blocks
     * call it directly, the interpreter through the reference (a call per lane where the {@link Alu}
     * operations are a switch arm each; an operation that turns out hot can join that enum).
     *
     * @param name      the mnemonic in upper case ({@code MYOP}), as an enum constant would be named
     * @param semantics rd = semantics(rs1, rs2 or the immediate)
     */
    record AluFunction(String name, IntBinary semantics) implements Operation {
        @Override
        public String label() {
            return "Alu." + name;
        }
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

    // The floating-point families hold the f32 (F) operations and, with an _H suffix, their binary16
    // (Zfh) counterparts: the same operand form, so the engines read and write the same registers.

    /** Arithmetic with a rounding mode: fd = op(fs1, fs2). */
    enum FpArith implements Operation {
        FADD, FSUB, FMUL, FDIV,
        FADD_H, FSUB_H, FMUL_H, FDIV_H;
    }

    /** Fused multiply-adds: fd = +-(fs1 * fs2) +- fs3, one rounding. */
    enum FpFused implements Operation {
        FMADD, FMSUB, FNMSUB, FNMADD,
        FMADD_H, FMSUB_H, FNMSUB_H, FNMADD_H;
    }

    /** Sign injection: fd = |fs1| with a sign made from fs2's. */
    enum SignInject implements Operation {
        FSGNJ, FSGNJN, FSGNJX,
        FSGNJ_H, FSGNJN_H, FSGNJX_H;
    }

    enum FpMinMax implements Operation {
        FMIN, FMAX,
        FMIN_H, FMAX_H;
    }

    /** rd = fs1 op fs2 (0 or 1). */
    enum FpCompare implements Operation {
        FEQ, FLT, FLE,
        FEQ_H, FLT_H, FLE_H;
    }

    /** rd = (int32 or uint32) fs1, saturating. */
    enum FpToInt implements Operation {
        FCVT_W_S, FCVT_WU_S,
        FCVT_W_H, FCVT_WU_H;
    }

    /** fd = (float or half) (int32 or uint32) rs1. */
    enum IntToFp implements Operation {
        FCVT_S_W, FCVT_S_WU,
        FCVT_H_W, FCVT_H_WU;
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
        JOIN(Form.JOIN), BAR(Form.BAR), PRED(Form.PRED), PRED_N(Form.PRED),
        // Zfh/Zfhmin: the half-precision load and store are FLW/FSW of two bytes; the conversions
        // between f32 and f16 are unary rounded operations like the square root.
        FLH(Form.FLW), FSH(Form.FSW), FSQRT_H(Form.FP_SQRT), FCLASS_H(Form.FP_CLASS), FMV_X_H(Form.FMV_X_W),
        FMV_H_X(Form.FMV_W_X), FCVT_S_H(Form.FP_SQRT), FCVT_H_S(Form.FP_SQRT);

        private final Form form;

        Standalone(Form form) {
            this.form = form;
        }

        /** Bytes an f-register load or store moves: 2 for flh and fsh, 4 for flw and fsw. */
        public int floatAccessBytes() {
            return this == FLH || this == FSH ? 2 : 4;
        }
    }

    /**
     * An RVV 1.0 instruction: the vector unit runs it, reading its registers, element width and
     * mask bit from the word. Each family below is one way the unit executes (one switch arm); the
     * constant says what the family does. The scalar or immediate a {@code .vx/.vf/.vi} form adds is
     * the declaration's {@link InstructionDef#source()}.
     */
    sealed interface Vector extends Operation { }

    /** vset{i}vl{i} (spec 6). */
    enum VectorConfig implements Vector {
        VSETVLI, VSETIVLI, VSETVL;
    }

    /** How a vector load or store finds its elements' addresses (spec 7). */
    enum Addressing {
        UNIT_STRIDE, STRIDED, INDEXED, MASK, WHOLE_REGISTER
    }

    /**
     * Vector loads and stores (spec 7); the element width (and for whole registers the count) is the
     * word's width (and nf) field. Indexed ordered and unordered accesses run alike, in element order.
     */
    enum VectorMemory implements Vector {
        LOAD(false, Addressing.UNIT_STRIDE), STORE(true, Addressing.UNIT_STRIDE),
        LOAD_STRIDED(false, Addressing.STRIDED), STORE_STRIDED(true, Addressing.STRIDED),
        LOAD_INDEXED_UNORDERED(false, Addressing.INDEXED), LOAD_INDEXED_ORDERED(false, Addressing.INDEXED),
        STORE_INDEXED_UNORDERED(true, Addressing.INDEXED), STORE_INDEXED_ORDERED(true, Addressing.INDEXED),
        LOAD_MASK(false, Addressing.MASK), STORE_MASK(true, Addressing.MASK),
        LOAD_WHOLE(false, Addressing.WHOLE_REGISTER), STORE_WHOLE(true, Addressing.WHOLE_REGISTER);

        private final boolean store;
        private final Addressing addressing;

        VectorMemory(boolean store, Addressing addressing) {
            this.store = store;
            this.addressing = addressing;
        }

        public boolean store() {
            return store;
        }

        public Addressing addressing() {
            return addressing;
        }
    }

    /** Integer element arithmetic vd[i] = vs2[i] op b (spec 11.1-11.11). */
    enum VectorArith implements Vector {
        ADD, SUB, RSUB, MINU, MIN, MAXU, MAX, AND, OR, XOR, SLL, SRL, SRA,
        MUL, MULH, MULHU, MULHSU, DIVU, DIV, REMU, REM;
    }

    /** Integer compares into a mask: vd.mask[i] = vs2[i] op b (spec 11.8). */
    enum VectorCompare implements Vector {
        EQ, NE, LTU, LT, LEU, LE, GTU, GT;
    }

    /** Integer multiply-adds (spec 11.13), a = vs1/rs1, d = the old vd[i]. */
    enum VectorMulAdd implements Vector {
        /** d + a * vs2. */
        MACC,
        /** d - a * vs2. */
        NMSAC,
        /** a * d + vs2. */
        MADD,
        /** -(a * d) + vs2. */
        NMSUB;
    }

    /** Integer reductions vd[0] = combine(vs1[0], vs2[active elements]) (spec 14.1). */
    enum VectorReduction implements Vector {
        SUM(VectorArith.ADD), AND(VectorArith.AND), OR(VectorArith.OR), XOR(VectorArith.XOR),
        MINU(VectorArith.MINU), MIN(VectorArith.MIN), MAXU(VectorArith.MAXU), MAX(VectorArith.MAX);

        private final VectorArith combine;

        VectorReduction(VectorArith combine) {
            this.combine = combine;
        }

        /** The element operation that folds each element into the accumulator. */
        public VectorArith combine() {
            return combine;
        }
    }

    /** Moves, merges, slides and gathers (spec 11.15-11.16, 16). */
    enum VectorPermute implements Vector {
        /** vmerge (vm = 0: v0 selects) and vmv.v (vm = 1: always the second operand), integer and f32. */
        MERGE,
        SLIDE_UP, SLIDE_DOWN, SLIDE1_UP, SLIDE1_DOWN, GATHER,
        /** x[rd] = vs2[0]. */
        MOVE_X_S,
        /** vd[0] = x[rs1] or f[fs1]. */
        MOVE_S_X,
        /** f[fd] = vs2[0]. */
        MOVE_F_S,
        /** vmv&lt;nr&gt;r.v: simm5 + 1 whole registers. */
        MOVE_WHOLE;
    }

    /** Mask-register logical operations vd.mask = vs2.mask op vs1.mask (spec 15.1). */
    enum VectorMaskLogic implements Vector {
        ANDN, AND, OR, XOR, ORN, NAND, NOR, XNOR;
    }

    /** Mask population, find-first, set-before/including/only-first, iota and element index (spec 15.2-15.9). */
    enum VectorMask implements Vector {
        POPCOUNT, FIRST, SET_BEFORE_FIRST, SET_INCLUDING_FIRST, SET_ONLY_FIRST, IOTA, INDEX;
    }

    /** f32 element arithmetic vd[i] = vs2[i] op b (spec 13.2-13.12). */
    enum VectorFpArith implements Vector {
        ADD(true), SUB(true), RSUB(true), MUL(true), DIV(true), RDIV(true), MIN(false), MAX(false),
        SGNJ(false), SGNJN(false), SGNJX(false);

        private final boolean rounds;

        VectorFpArith(boolean rounds) {
            this.rounds = rounds;
        }

        /** Reads the dynamic rounding mode (an invalid frm faults only for these). */
        public boolean rounds() {
            return rounds;
        }
    }

    /** f32 fused multiply-adds, one rounding (spec 13.6); a = vs1/fs1, b = vs2, d = the old vd[i]. */
    enum VectorFpFused implements Vector {
        /** +(a*b)+d. */ MACC,
        /** -(a*b)-d. */ NMACC,
        /** +(a*b)-d. */ MSAC,
        /** -(a*b)+d. */ NMSAC,
        /** +(a*d)+b. */ MADD,
        /** -(a*d)-b. */ NMADD,
        /** +(a*d)-b. */ MSUB,
        /** -(a*d)+b. */ NMSUB;
    }

    /** f32 compares into a mask: vd.mask[i] = vs2[i] op b (spec 13.13). */
    enum VectorFpCompare implements Vector {
        EQ, LE, LT, NE, GT, GE;
    }

    /** f32 unary operations vd[i] = op(vs2[i]) (spec 13.8, 13.14, 13.17). */
    enum VectorFpUnary implements Vector {
        CVT_XU_F(true), CVT_X_F(true), CVT_F_XU(true), CVT_F_X(true), CVT_RTZ_XU_F(false), CVT_RTZ_X_F(false),
        SQRT(true), CLASS(false);

        private final boolean rounds;

        VectorFpUnary(boolean rounds) {
            this.rounds = rounds;
        }

        /** Reads the dynamic rounding mode. */
        public boolean rounds() {
            return rounds;
        }
    }

    /** f32 reductions vd[0] = op(vs1[0], vs2[active elements]) (spec 14.3); both sums add in element order. */
    enum VectorFpReduction implements Vector {
        UNORDERED_SUM, ORDERED_SUM, MIN, MAX;
    }

    /**
     * The seed's SFU functions on every active element of an f32 vector (custom): vd[i] = f(vs2[i]),
     * each element exactly what the scalar instruction of {@link #scalar()} gives for it.
     */
    enum VectorSpecialFunction implements Vector {
        FEXP(SpecialFunction.FEXP), FLN(SpecialFunction.FLN), FRCP(SpecialFunction.FRCP),
        FRSQRT(SpecialFunction.FRSQRT), FTANH(SpecialFunction.FTANH), FSIGMOID(SpecialFunction.FSIGMOID),
        FSIN(SpecialFunction.FSIN), FCOS(SpecialFunction.FCOS);

        private final SpecialFunction scalar;

        VectorSpecialFunction(SpecialFunction scalar) {
            this.scalar = scalar;
        }

        /** The scalar SFU operation applied to each element. */
        public SpecialFunction scalar() {
            return scalar;
        }
    }

    /**
     * A matrix-extension instruction: the matrix unit runs it, reading its registers and element size
     * (d_size) from the word.
     */
    sealed interface Matrix extends Operation { }

    /** mrelease and msettile{k,m,n}{i}: the value is x[rs1] or uimm10, as the declaration's source says. */
    enum MatrixConfig implements Matrix {
        RELEASE, TILE_K, TILE_M, TILE_N;
    }

    /**
     * Tile and accumulator loads and stores, row stride x[rs2]. LOAD_B_TRANSPOSED (mlbte) reads B
     * column-major: its memory rows are the tile's columns (mtilek rows of mtilen elements), so a
     * row-major K x N matrix B loads as the transposed tile the multiplies take.
     */
    enum MatrixMemory implements Matrix {
        LOAD_A(false), LOAD_B(false), LOAD_C(false), STORE_A(true), STORE_B(true), STORE_C(true),
        LOAD_B_TRANSPOSED(false);

        private final boolean store;

        MatrixMemory(boolean store) {
            this.store = store;
        }

        public boolean store() {
            return store;
        }
    }

    /** md += ms1 * ms2^T on f32, bf16 or fp8 sources widened exactly, one rounding per element. */
    enum MatrixFloatMultiply implements Matrix {
        F32(4), BF16(2), E4M3(1), E5M2(1);

        private final int elementBytes;

        MatrixFloatMultiply(int elementBytes) {
            this.elementBytes = elementBytes;
        }

        public int elementBytes() {
            return elementBytes;
        }
    }

    /** md += ms1 * ms2^T on 8-bit integers, each source signed or unsigned, wrapping in 32 bits. */
    enum MatrixIntMultiply implements Matrix {
        SIGNED(true, true), UNSIGNED(false, false), UNSIGNED_SIGNED(false, true), SIGNED_UNSIGNED(true, false);

        private final boolean ms1Signed;
        private final boolean ms2Signed;

        MatrixIntMultiply(boolean ms1Signed, boolean ms2Signed) {
            this.ms1Signed = ms1Signed;
            this.ms2Signed = ms2Signed;
        }

        public boolean ms1Signed() {
            return ms1Signed;
        }

        public boolean ms2Signed() {
            return ms2Signed;
        }
    }

    /** mzero: md = 0. */
    enum MatrixZero implements Matrix {
        ZERO;
    }
}
