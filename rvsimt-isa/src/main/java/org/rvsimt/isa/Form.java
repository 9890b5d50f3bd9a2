package org.rvsimt.isa;

/**
 * How an engine runs an instruction: which registers it reads (x, f, an immediate, the word's vector
 * or matrix fields), where its result goes, and whether it touches memory, control flow or the warp.
 * Every {@link Operation} has one; the engines switch over forms exhaustively, so a new form is
 * named by the compiler in every engine that must learn it.
 */
public enum Form {
    /** A word no declaration matches: executing it faults. */
    ILLEGAL,
    /** rd = op(rs1, rs2). */
    ALU_RR,
    /** rd = op(rs1, imm). */
    ALU_RI,
    LUI,
    AUIPC,
    /** branch to pc + imm if op(rs1, rs2). */
    BRANCH,
    JAL,
    JALR,
    /** rd = mem[rs1 + imm], of the operation's width and signedness. */
    LOAD,
    /** mem[rs1 + imm] = rs2, of the operation's width. */
    STORE,
    /** rd = csr; csr = op(csr, rs1 or zimm). */
    CSR,
    ECALL,
    EBREAK,
    FENCE,
    /** fd = mem[rs1 + imm]: flw, or flh (two bytes, NaN-boxed). */
    FLW,
    /** mem[rs1 + imm] = fs2: fsw, or fsh (the low two bytes). */
    FSW,
    /** fd = op(fs1, fs2, rm). */
    FP_RR,
    /** fd = op(fs1, rm): the square roots and the conversions between f32 and f16. */
    FP_SQRT,
    /** fd = op(fs1, fs2, fs3, rm). */
    FP_FMA,
    /** fd = op(fs1, fs2), no flags. */
    FP_SGNJ,
    /** fd = op(fs1, fs2), flags. */
    FP_MINMAX,
    /** rd = op(fs1, fs2). */
    FP_CMP,
    FP_CLASS,
    /** rd = op(fs1, rm). */
    FCVT_W_S,
    /** fd = op(rs1, rm). */
    FCVT_S_W,
    FMV_X_W,
    FMV_W_X,
    /** fd = op(fs1). */
    LOWP_TO_F,
    /** fd = op(fs1, fd): the other bits of fd are kept. */
    LOWP_FROM_F,
    /** fd = op(fs1) on the special function unit. */
    SFU,
    /** rd = mem32[rs1]; mem32[rs1] = op(rd, rs2), atomically. */
    AMO,
    LR,
    SC,
    TMC,
    WSPAWN,
    SPLIT,
    JOIN,
    BAR,
    PRED,
    /** rd = op(active mask, predicate bits of rs1). */
    VOTE,
    /** rd = rs1 of the lane op chooses with control word rs2. */
    SHFL,
    /** An RVV instruction: the vector unit reads its operands from the word. */
    VECTOR,
    /** A matrix-extension instruction: the matrix unit reads its operands from the word. */
    MATRIX
}
