package org.rvsimt.core.exec;

/**
 * The operand shape of a predecoded instruction: how the engine reads its operands and where the
 * result goes. The function within a shape (which ALU op, which branch condition) is a separate
 * predecoded id taken from the semantics class ({@code IntOps.ADD}, {@code Control.BLT}, ...).
 */
public final class Form {
    public static final int ILLEGAL = 0;
    public static final int ALU_RR = 1;     // rd = fn(rs1, rs2)
    public static final int ALU_RI = 2;     // rd = fn(rs1, imm)
    public static final int LUI = 3;
    public static final int AUIPC = 4;
    public static final int BRANCH = 5;
    public static final int JAL = 6;
    public static final int JALR = 7;
    public static final int LOAD = 8;       // fn = width | (unsigned ? 8 : 0)
    public static final int STORE = 9;      // fn = width
    public static final int CSR = 10;       // fn = 1 rw, 2 rs, 3 rc; +4 = immediate form
    public static final int ECALL = 11;
    public static final int EBREAK = 12;
    public static final int FENCE = 13;
    public static final int FLW = 14;
    public static final int FSW = 15;
    public static final int FP_RR = 16;     // fd = fn(fs1, fs2, rm)       (fadd..fdiv)
    public static final int FP_SQRT = 17;
    public static final int FP_FMA = 18;    // fd = fn(fs1, fs2, fs3, rm)
    public static final int FP_SGNJ = 19;   // fd = fn(fs1, fs2), no flags
    public static final int FP_MINMAX = 20; // fd = fn(fs1, fs2), flags
    public static final int FP_CMP = 21;    // rd = fn(fs1, fs2)
    public static final int FP_CLASS = 22;
    public static final int FCVT_W_S = 23;  // rd = cvt(fs1, rm); fn 0 signed, 1 unsigned
    public static final int FCVT_S_W = 24;  // fd = cvt(rs1, rm); fn 0 signed, 1 unsigned
    public static final int FMV_X_W = 25;
    public static final int FMV_W_X = 26;
    public static final int LOWP_TO_F = 27;   // fd = fn(fs1)
    public static final int LOWP_FROM_F = 28; // fd = fn(fs1, fd)
    public static final int SFU = 29;         // fd = fn(fs1)
    public static final int AMO = 30;
    public static final int LR = 31;
    public static final int SC = 32;
    public static final int TMC = 33;
    public static final int WSPAWN = 34;
    public static final int SPLIT = 35;      // fn 1 = negated
    public static final int JOIN = 36;
    public static final int BAR = 37;
    public static final int PRED = 38;       // fn 1 = negated
    public static final int VOTE = 39;       // fn 0 all, 1 any, 2 uni, 3 ballot
    public static final int SHFL = 40;       // fn 0 up, 1 down, 2 bfly, 3 idx
    public static final int VECTOR = 41;     // RVV: fn = VectorUnit op id; operands decoded from the word
    public static final int MATRIX = 42;     // matrix extension: fn = MatrixUnit op id
    public static final int COUNT = 43;

    private Form() { }
}
