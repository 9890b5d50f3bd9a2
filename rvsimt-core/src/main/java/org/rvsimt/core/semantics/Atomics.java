package org.rvsimt.core.semantics;

/**
 * RV32A: the value an AMO stores, as a pure function of the old memory value and rs2 (spec chapter 8).
 * The engine applies it atomically (compare-and-set loop) so AMOs are atomic across host threads.
 */
public final class Atomics {

    public static final int SWAP = 0;
    public static final int ADD = 1;
    public static final int XOR = 2;
    public static final int AND = 3;
    public static final int OR = 4;
    public static final int MIN = 5;
    public static final int MAX = 6;
    public static final int MINU = 7;
    public static final int MAXU = 8;
    public static final int LR = 9;
    public static final int SC = 10;

    private static final String[] NAMES = {"amoswapW", "amoaddW", "amoxorW", "amoandW", "amoorW", "amominW",
        "amomaxW", "amominuW", "amomaxuW", "lrW", "scW"};

    private Atomics() { }

    public static int idOf(String method) {
        for (int i = 0; i < NAMES.length; i++) {
            if (NAMES[i].equals(method)) {
                return i;
            }
        }
        return -1;
    }

    public static int apply(int fn, int old, int b) {
        return switch (fn) {
            case SWAP -> amoswapW(old, b);
            case ADD -> amoaddW(old, b);
            case XOR -> amoxorW(old, b);
            case AND -> amoandW(old, b);
            case OR -> amoorW(old, b);
            case MIN -> amominW(old, b);
            case MAX -> amomaxW(old, b);
            case MINU -> amominuW(old, b);
            case MAXU -> amomaxuW(old, b);
            default -> throw new IllegalArgumentException("amo function " + fn);
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

    /** lr.w returns the loaded value; the reservation is engine state. */
    public static int lrW(int loaded) {
        return loaded;
    }

    /** sc.w writes 0 to rd on success, 1 on failure. */
    public static int scW(boolean success) {
        return success ? 0 : 1;
    }
}
