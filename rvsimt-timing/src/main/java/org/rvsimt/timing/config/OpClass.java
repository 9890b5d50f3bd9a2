package org.rvsimt.timing.config;

import java.util.Locale;

/**
 * The execution pipes the model gives a latency and an initiation interval. Loads and stores use
 * the memory system instead (their latency comes from where the data is), but their pipes still
 * have an entry here for the issue-side cost.
 */
public enum OpClass {
    /** Integer add, logic, shifts, compares, lui/auipc, moves between register files. */
    ALU,
    /** Integer multiply. */
    IMUL,
    /** Integer divide and remainder. */
    IDIV,
    /** FP add, multiply, compare, convert, sign injection, min/max. */
    FPU,
    /** Fused multiply-add. */
    FMA,
    /** FP divide and square root. */
    FDIV,
    /** Special functions (the SFU extension: sin, cos, exp2, log2, rsqrt, rcp). */
    SFU,
    /** Low-precision conversions. */
    LOWP,
    /** RVV vector arithmetic. */
    VECTOR,
    /** Matrix multiply-accumulate and matrix misc. */
    MATRIX,
    /** CSR reads and writes, ids from the control window, fences. */
    CSR,
    /** Branches and jumps (the latency is when the warp can fetch again). */
    BRANCH,
    /** Warp-level SIMT control and cross-lane operations (tmc, split/join, vote, shuffle). */
    SIMT,
    /** Atomic read-modify-write at the L2 or in shared memory (per serialised operation). */
    ATOMIC,
    /** A barrier's release after its last warp arrives. */
    BARRIER,
    /** Load/store unit issue (global, local and shared memory). */
    LSU;

    /** The YAML key. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }
}
