package org.rvsimt.isa;

/**
 * What an instruction does, at the level a profile or a trace cares about (the instruction mix).
 * Engines do not dispatch on this; it groups instructions for statistics and documentation.
 */
public enum Kind {
    ALU, MULDIV, LOAD, STORE, BRANCH, JUMP, UPPER, SYSTEM, CSR, FENCE, ATOMIC,
    FP_ARITH, FP_FMA, FP_CONVERT, FP_COMPARE, FP_MOVE, FP_LOAD, FP_STORE,
    SFU, LOWP_CONVERT, SIMT_CONTROL, SIMT_WARP_OP;

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
