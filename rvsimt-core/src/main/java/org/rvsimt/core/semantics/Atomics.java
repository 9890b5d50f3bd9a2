package org.rvsimt.core.semantics;

import org.rvsimt.isa.Operation.Amo;

/**
 * RV32A: the value an AMO stores, as a pure function of the old memory value and rs2 (spec chapter 8).
 * The engine applies it atomically (compare-and-set loop) so AMOs are atomic across host threads.
 */
public final class Atomics {

    private Atomics() { }

    /** The value an AMO stores, from the old memory value and rs2. */
    public static int apply(Amo op, int old, int b) {
        return switch (op) {
            case SWAP -> amoswapW(old, b);
            case ADD -> amoaddW(old, b);
            case XOR -> amoxorW(old, b);
            case AND -> amoandW(old, b);
            case OR -> amoorW(old, b);
            case MIN -> amominW(old, b);
            case MAX -> amomaxW(old, b);
            case MINU -> amominuW(old, b);
            case MAXU -> amomaxuW(old, b);
        };
    }

    public static int amoswapW(int old, int b) {
        return b;
    }

    public static int amoaddW(int old, int b) {
        return old + b;
    }

    public static int amoxorW(int old, int b) {
        return old ^ b;
    }

    public static int amoandW(int old, int b) {
        return old & b;
    }

    public static int amoorW(int old, int b) {
        return old | b;
    }

    public static int amominW(int old, int b) {
        return Math.min(old, b);
    }

    public static int amomaxW(int old, int b) {
        return Math.max(old, b);
    }

    public static int amominuW(int old, int b) {
        return Integer.compareUnsigned(old, b) <= 0 ? old : b;
    }

    public static int amomaxuW(int old, int b) {
        return Integer.compareUnsigned(old, b) >= 0 ? old : b;
    }
}
