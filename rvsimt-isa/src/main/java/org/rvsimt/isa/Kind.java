package org.rvsimt.isa;

/**
 * What an instruction does, at the level a profile or a trace cares about (the instruction mix).
 * Engines do not dispatch on this; it groups instructions for statistics and documentation.
 */
public enum Kind {
    ALU, MULDIV, LOAD, STORE, BRANCH, JUMP, UPPER, SYSTEM, CSR, FENCE, ATOMIC,
    FP_ARITH, FP_FMA, FP_CONVERT, FP_COMPARE, FP_MOVE, FP_LOAD, FP_STORE,
    SFU, LOWP_CONVERT, SIMT_CONTROL, SIMT_WARP_OP,
    VECTOR_CONFIG, VECTOR_LOAD, VECTOR_STORE, VECTOR_ALU, VECTOR_MULDIV, VECTOR_FP, VECTOR_FP_FMA, VECTOR_PERMUTE,
    VECTOR_MASK, VECTOR_REDUCTION,
    MATRIX_CONFIG, MATRIX_LOAD, MATRIX_STORE, MATRIX_MMA, MATRIX_MISC;

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
