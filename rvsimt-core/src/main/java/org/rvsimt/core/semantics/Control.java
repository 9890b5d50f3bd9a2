package org.rvsimt.core.semantics;

/** Branch conditions and jump arithmetic (unprivileged spec 2.5), as pure functions. */
public final class Control {

    public static final int BEQ = 0;
    public static final int BNE = 1;
    public static final int BLT = 2;
    public static final int BGE = 3;
    public static final int BLTU = 4;
    public static final int BGEU = 5;

    private static final String[] NAMES = {"beq", "bne", "blt", "bge", "bltu", "bgeu"};

    private Control() { }

    public static int idOf(String method) {
        for (int i = 0; i < NAMES.length; i++) {
            if (NAMES[i].equals(method)) {
                return i;
            }
        }
        return -1;
    }

    /** True when branch condition {@code fn} holds for (a, b). */
    public static boolean taken(int fn, int a, int b) {
        return switch (fn) {
            case BEQ -> beq(a, b);
            case BNE -> bne(a, b);
            case BLT -> blt(a, b);
            case BGE -> bge(a, b);
            case BLTU -> bltu(a, b);
            case BGEU -> bgeu(a, b);
            default -> throw new IllegalArgumentException("branch function " + fn);
        };
    }

    public static boolean beq(int a, int b) {
        return a == b;
    }

    public static boolean bne(int a, int b) {
        return a != b;
    }

    public static boolean blt(int a, int b) {
        return a < b;
    }

    public static boolean bge(int a, int b) {
        return a >= b;
    }

    public static boolean bltu(int a, int b) {
        return Integer.compareUnsigned(a, b) < 0;
    }

    public static boolean bgeu(int a, int b) {
        return Integer.compareUnsigned(a, b) >= 0;
    }

    /** {@code jal}: target pc. */
    public static int jal(int pc, int offset) {
        return pc + offset;
    }

    /** {@code jalr}: target with bit 0 cleared. */
    public static int jalr(int rs1, int imm) {
        return (rs1 + imm) & ~1;
    }

    /** {@code ecall}, {@code ebreak}, fences: effects on threads and ordering are the engine's; no data result. */
    public static void ecall() { }

    public static void ebreak() { }

    public static void fence() { }

    public static void fenceI() { }
}
