package org.rvsimt.core.semantics;

import org.rvsimt.isa.Operation.Branch;

/** Branch conditions and jump arithmetic (unprivileged spec 2.5), as pure functions. */
public final class Control {

    private Control() { }

    /** True when branch condition {@code op} holds for (a, b). */
    public static boolean taken(Branch op, int a, int b) {
        return switch (op) {
            case BEQ -> beq(a, b);
            case BNE -> bne(a, b);
            case BLT -> blt(a, b);
            case BGE -> bge(a, b);
            case BLTU -> bltu(a, b);
            case BGEU -> bgeu(a, b);
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
}
