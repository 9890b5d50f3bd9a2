package org.rvsimt.isa;

/**
 * An operand field of an instruction word: which bits hold it, how they map to a value, and what
 * sort of value it is. Every encoder, decoder and printer goes through these so that bit layouts
 * are written exactly once (RISC-V unprivileged spec, chapter 2.3 "Immediate Encoding Variants").
 */
public enum Field {
    RD(ValueClass.XREG, 11, 7),
    RS1(ValueClass.XREG, 19, 15),
    RS2(ValueClass.XREG, 24, 20),
    FD(ValueClass.FREG, 11, 7),
    FS1(ValueClass.FREG, 19, 15),
    FS2(ValueClass.FREG, 24, 20),
    FS3(ValueClass.FREG, 31, 27),
    /** I-type immediate, imm[11:0] = inst[31:20], sign-extended. */
    IMM_I(ValueClass.SIGNED, 31, 20),
    /** S-type immediate, imm[11:5] = inst[31:25], imm[4:0] = inst[11:7], sign-extended. */
    IMM_S(ValueClass.SIGNED, -1, -1),
    /** B-type offset (pc-relative, even), 13 bits signed. */
    IMM_B(ValueClass.PCREL, -1, -1),
    /** U-type immediate as the 20-bit value written in assembly (`lui a0, 0x12345`). */
    IMM_U(ValueClass.UNSIGNED, 31, 12),
    /** J-type offset (pc-relative, even), 21 bits signed. */
    IMM_J(ValueClass.PCREL, -1, -1),
    SHAMT(ValueClass.UNSIGNED, 24, 20),
    CSR(ValueClass.CSR, 31, 20),
    /** 5-bit unsigned immediate of the csr*i forms, held in the rs1 field. */
    ZIMM(ValueClass.UNSIGNED, 19, 15),
    /** Rounding mode (funct3 of OP-FP); 0b111 = dynamic (use frm). */
    RM(ValueClass.ROUNDING, 14, 12),
    /** Fence predecessor set (i, o, r, w bits). */
    PRED(ValueClass.FENCE_SET, 27, 24),
    /** Fence successor set. */
    SUCC(ValueClass.FENCE_SET, 23, 20),
    /** Atomic ordering bits aq (26) and rl (25), written as a mnemonic suffix. */
    AQRL(ValueClass.ORDERING, 26, 25),

    // RVV 1.0 (riscv-v-spec chapter 5 "Vector Instruction Formats"): register fields share the scalar positions.
    VD(ValueClass.VREG, 11, 7),
    VS1(ValueClass.VREG, 19, 15),
    VS2(ValueClass.VREG, 24, 20),
    /** Store data register of vector stores (the vd position). */
    VS3(ValueClass.VREG, 11, 7),
    /** Mask bit: 0 = masked by v0 (written as a trailing {@code v0.t}), 1 = unmasked (written as nothing). */
    VM(ValueClass.MASK, 25, 25),
    /** Sign-extended 5-bit immediate of the OPIVI forms, in the vs1 position. */
    SIMM5(ValueClass.SIGNED, 19, 15),
    /** Unsigned 5-bit immediate (shift amounts, slide offsets, vsetivli's AVL), in the vs1 position. */
    UIMM5(ValueClass.UNSIGNED, 19, 15),
    /** vtype immediate of vsetvli, zimm[10:0] = inst[30:20], written {@code e32, m1, ta, ma}. */
    VTYPEI11(ValueClass.VTYPE, 30, 20),
    /** vtype immediate of vsetivli, zimm[9:0] = inst[29:20]. */
    VTYPEI10(ValueClass.VTYPE, 29, 20),

    // XuanTie matrix extension (custom-1): a 3-bit register index, 000-011 = tr0-tr3, 100-111 = acc0-acc3.
    // Where an operand must be a tile or an accumulator, the declaration fixes the top bit and the
    // field holds the remaining two bits, so a wrong register class decodes as illegal.
    /** Any matrix register, inst[9:7] (mzero). */
    MD(ValueClass.MATRIX_REG, 9, 7),
    /** A tile register in the md position, inst[8:7] with inst[9] = 0. */
    MD_TILE(ValueClass.MATRIX_TILE, 8, 7),
    /** An accumulator in the md position, inst[8:7] with inst[9] = 1. */
    MD_ACC(ValueClass.MATRIX_ACC, 8, 7),
    /** Source tile ms1, inst[16:15] with inst[17] = 0. */
    MS1(ValueClass.MATRIX_TILE, 16, 15),
    /** Source tile ms2, inst[21:20] with inst[22] = 0. */
    MS2(ValueClass.MATRIX_TILE, 21, 20),
    /** Unsigned 10-bit immediate of msettile{m,n,k}i, inst[24:15]. */
    UIMM10(ValueClass.UNSIGNED, 24, 15);

    /** How a field's value is read and written in assembly. */
    public enum ValueClass {
        XREG, FREG, SIGNED, UNSIGNED, PCREL, CSR, ROUNDING, FENCE_SET, ORDERING,
        VREG, MASK, VTYPE, MATRIX_REG, MATRIX_TILE, MATRIX_ACC
    }

    private final ValueClass valueClass;
    private final int hi;
    private final int lo;

    Field(ValueClass valueClass, int hi, int lo) {
        this.valueClass = valueClass;
        this.hi = hi;
        this.lo = lo;
    }

    public ValueClass valueClass() {
        return valueClass;
    }

    public boolean isRegister() {
        return switch (valueClass) {
            case XREG, FREG, VREG, MATRIX_REG, MATRIX_TILE, MATRIX_ACC -> true;
            default -> false;
        };
    }

    /** The bits of the instruction word this field occupies. */
    public int bitMask() {
        return switch (this) {
            case IMM_S -> 0xFE000F80;
            case IMM_B -> 0xFE000F80;
            case IMM_J -> 0xFFFFF000;
            default -> contiguousMask(hi, lo);
        };
    }

    /** Smallest and largest value the field can hold (inclusive). */
    public long min() {
        return switch (this) {
            case IMM_I, IMM_S -> -2048;
            case SIMM5 -> -16;
            case IMM_B -> -4096;
            case IMM_J -> -(1 << 20);
            default -> 0;
        };
    }

    public long max() {
        return switch (this) {
            case IMM_I, IMM_S -> 2047;
            case SIMM5 -> 15;
            case IMM_B -> 4094;
            case IMM_J -> (1 << 20) - 2;
            default -> (1L << (hi - lo + 1)) - 1;
        };
    }

    /** Values of pc-relative fields must be even. */
    public int alignment() {
        return valueClass == ValueClass.PCREL ? 2 : 1;
    }

    /** Reads the field's value out of an instruction word (immediates sign-extended as the spec says). */
    public int extract(int w) {
        return switch (this) {
            case IMM_I -> w >> 20;
            case SIMM5 -> (w << 12) >> 27;
            case IMM_S -> ((w >> 25) << 5) | ((w >>> 7) & 0x1F);
            case IMM_B -> ((w >> 31) << 12) | (((w >>> 7) & 1) << 11) | (((w >>> 25) & 0x3F) << 5)
                    | (((w >>> 8) & 0xF) << 1);
            case IMM_J -> ((w >> 31) << 20) | (((w >>> 12) & 0xFF) << 12) | (((w >>> 20) & 1) << 11)
                    | (((w >>> 21) & 0x3FF) << 1);
            default -> (w >>> lo) & (int) ((1L << (hi - lo + 1)) - 1);
        };
    }

    /** Writes a value (assumed in range) into the field's bits of an instruction word. */
    public int insert(int w, int v) {
        int bits = switch (this) {
            case IMM_S -> ((v >> 5) & 0x7F) << 25 | (v & 0x1F) << 7;
            case IMM_B -> ((v >> 12) & 1) << 31 | ((v >> 5) & 0x3F) << 25 | ((v >> 1) & 0xF) << 8
                    | ((v >> 11) & 1) << 7;
            case IMM_J -> ((v >> 20) & 1) << 31 | ((v >> 1) & 0x3FF) << 21 | ((v >> 11) & 1) << 20
                    | ((v >> 12) & 0xFF) << 12;
            default -> (v << lo) & contiguousMask(hi, lo);
        };
        return (w & ~bitMask()) | bits;
    }

    /** True if the value fits the field (range and alignment). */
    public boolean accepts(long v) {
        return v >= min() && v <= max() && (v % alignment()) == 0;
    }

    private static int contiguousMask(int hi, int lo) {
        return (int) (((1L << (hi - lo + 1)) - 1) << lo);
    }
}
