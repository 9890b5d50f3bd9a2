package org.rvsimt.isa;

/**
 * Where a vector or matrix instruction's operand beside its vector (or tile) registers comes from: the
 * {@code .vv}, {@code .vx}, {@code .vf} and {@code .vi} forms of one RVV operation differ only in this,
 * and msettilek/msettileki likewise. Derived from the declaration's syntax ({@link InstructionDef#source()}),
 * so the engines read it from the table instead of decoding funct3.
 */
public enum OperandSource {
    /** vs1[i], element by element. */
    VECTOR,
    /** x[rs1]. */
    X,
    /** f[fs1]. */
    F,
    /** simm5, sign-extended. */
    SIGNED_IMMEDIATE,
    /** uimm5 or uimm10, zero-extended. */
    UNSIGNED_IMMEDIATE,
    /** The instruction has no such operand. */
    NONE;

    /** The source a plain operand slot holding {@code f} gives, or null if {@code f} is not one. */
    static OperandSource of(Field f) {
        return switch (f) {
            case VS1 -> VECTOR;
            case RS1 -> X;
            case FS1 -> F;
            case SIMM5 -> SIGNED_IMMEDIATE;
            case UIMM5, UIMM10 -> UNSIGNED_IMMEDIATE;
            default -> null;
        };
    }
}
