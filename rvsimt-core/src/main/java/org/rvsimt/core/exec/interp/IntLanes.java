package org.rvsimt.core.exec.interp;

import org.rvsimt.isa.Operation.Alu;
import org.rvsimt.isa.Operation.Branch;
import org.rvsimt.isa.semantics.IntOps;
import org.rvsimt.core.semantics.Control;

/**
 * The interpreter's lane loops for integer ALU operations and branch conditions: the operation is
 * chosen once per warp-instruction, outside the loop over lanes, and a full warp runs a counted loop
 * without mask tests. Each method is small, so HotSpot compiles it on its own with its callees in
 * line, whatever it decides about the interpreter's large dispatch method. The common operations
 * (what compilers emit for address arithmetic and loop counters) have loops of their own; the others
 * call {@link IntOps#apply} per lane. Every loop computes exactly what the operation's semantic
 * method does (IntLanesTest compares them).
 */
final class IntLanes {
    private IntLanes() { }

    /** rd = op(rs1, rs2) on the lanes of {@code m}; register rows start at {@code d}, {@code a}, {@code b}. */
    static void registers(Alu op, int[] x, int d, int a, int b, long m, long full, int width) {
        if (m != full) {
            switch (op) {
                case ADD -> {
                    for (long mm = m; mm != 0; mm &= mm - 1) {
                        int l = Long.numberOfTrailingZeros(mm);
                        x[d + l] = IntOps.add(x[a + l], x[b + l]);
                    }
                }
                default -> {
                    for (long mm = m; mm != 0; mm &= mm - 1) {
                        int l = Long.numberOfTrailingZeros(mm);
                        x[d + l] = IntOps.apply(op, x[a + l], x[b + l]);
                    }
                }
            }
            return;
        }
        switch (op) {
            case ADD -> {
                for (int l = 0; l < width; l++) {
                    x[d + l] = IntOps.add(x[a + l], x[b + l]);
                }
            }
            case SUB -> {
                for (int l = 0; l < width; l++) {
                    x[d + l] = IntOps.sub(x[a + l], x[b + l]);
                }
            }
            case AND -> {
                for (int l = 0; l < width; l++) {
                    x[d + l] = IntOps.and(x[a + l], x[b + l]);
                }
            }
            case OR -> {
                for (int l = 0; l < width; l++) {
                    x[d + l] = IntOps.or(x[a + l], x[b + l]);
                }
            }
            case XOR -> {
                for (int l = 0; l < width; l++) {
                    x[d + l] = IntOps.xor(x[a + l], x[b + l]);
                }
            }
            case MUL -> {
                for (int l = 0; l < width; l++) {
                    x[d + l] = IntOps.mul(x[a + l], x[b + l]);
                }
            }
            case SH2ADD -> {
                for (int l = 0; l < width; l++) {
                    x[d + l] = IntOps.sh2add(x[a + l], x[b + l]);
                }
            }
            default -> {
                for (int l = 0; l < width; l++) {
                    x[d + l] = IntOps.apply(op, x[a + l], x[b + l]);
                }
            }
        }
    }

    /** rd = op(rs1, imm) on the lanes of {@code m}. */
    static void immediate(Alu op, int[] x, int d, int a, int imm, long m, long full, int width) {
        if (m != full) {
            switch (op) {
                case ADD -> {
                    for (long mm = m; mm != 0; mm &= mm - 1) {
                        int l = Long.numberOfTrailingZeros(mm);
                        x[d + l] = IntOps.add(x[a + l], imm);
                    }
                }
                default -> {
                    for (long mm = m; mm != 0; mm &= mm - 1) {
                        int l = Long.numberOfTrailingZeros(mm);
                        x[d + l] = IntOps.apply(op, x[a + l], imm);
                    }
                }
            }
            return;
        }
        switch (op) {
            case ADD -> {
                for (int l = 0; l < width; l++) {
                    x[d + l] = IntOps.add(x[a + l], imm);
                }
            }
            case AND -> {
                for (int l = 0; l < width; l++) {
                    x[d + l] = IntOps.and(x[a + l], imm);
                }
            }
            case SLL -> {
                for (int l = 0; l < width; l++) {
                    x[d + l] = IntOps.sll(x[a + l], imm);
                }
            }
            case SRL -> {
                for (int l = 0; l < width; l++) {
                    x[d + l] = IntOps.srl(x[a + l], imm);
                }
            }
            case SRA -> {
                for (int l = 0; l < width; l++) {
                    x[d + l] = IntOps.sra(x[a + l], imm);
                }
            }
            default -> {
                for (int l = 0; l < width; l++) {
                    x[d + l] = IntOps.apply(op, x[a + l], imm);
                }
            }
        }
    }

    /** The lanes of {@code m} for which the branch's condition holds (one arm per condition, no default). */
    static long taken(Branch op, int[] x, int a, int b, long m) {
        long taken = 0;
        switch (op) {
            case BEQ -> {
                for (long mm = m; mm != 0; mm &= mm - 1) {
                    int l = Long.numberOfTrailingZeros(mm);
                    taken |= (Control.beq(x[a + l], x[b + l]) ? 1L : 0L) << l;
                }
            }
            case BNE -> {
                for (long mm = m; mm != 0; mm &= mm - 1) {
                    int l = Long.numberOfTrailingZeros(mm);
                    taken |= (Control.bne(x[a + l], x[b + l]) ? 1L : 0L) << l;
                }
            }
            case BLT -> {
                for (long mm = m; mm != 0; mm &= mm - 1) {
                    int l = Long.numberOfTrailingZeros(mm);
                    taken |= (Control.blt(x[a + l], x[b + l]) ? 1L : 0L) << l;
                }
            }
            case BLTU -> {
                for (long mm = m; mm != 0; mm &= mm - 1) {
                    int l = Long.numberOfTrailingZeros(mm);
                    taken |= (Control.bltu(x[a + l], x[b + l]) ? 1L : 0L) << l;
                }
            }
            case BGE -> {
                for (long mm = m; mm != 0; mm &= mm - 1) {
                    int l = Long.numberOfTrailingZeros(mm);
                    taken |= (Control.bge(x[a + l], x[b + l]) ? 1L : 0L) << l;
                }
            }
            case BGEU -> {
                for (long mm = m; mm != 0; mm &= mm - 1) {
                    int l = Long.numberOfTrailingZeros(mm);
                    taken |= (Control.bgeu(x[a + l], x[b + l]) ? 1L : 0L) << l;
                }
            }
        }
        return taken;
    }
}
