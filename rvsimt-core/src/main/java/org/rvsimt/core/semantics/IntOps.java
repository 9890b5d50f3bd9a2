package org.rvsimt.core.semantics;

import org.rvsimt.isa.Operation.Alu;

/**
 * RV32I/M integer semantics as pure functions (unprivileged spec chapters 2 and 7). Register-register
 * and register-immediate forms share one function ({@code addi} is {@code add} with an immediate).
 * Division follows the spec's table for division by zero and overflow: no host exception is possible.
 */
public final class IntOps {

    private IntOps() { }

    /** The interpreter's dispatch: one arm per operation, so a new one is named here by the compiler. */
    public static int apply(Alu op, int a, int b) {
        return switch (op) {
            case ADD -> add(a, b);
            case SUB -> sub(a, b);
            case SLL -> sll(a, b);
            case SLT -> slt(a, b);
            case SLTU -> sltu(a, b);
            case XOR -> xor(a, b);
            case SRL -> srl(a, b);
            case SRA -> sra(a, b);
            case OR -> or(a, b);
            case AND -> and(a, b);
            case MUL -> mul(a, b);
            case MULH -> mulh(a, b);
            case MULHSU -> mulhsu(a, b);
            case MULHU -> mulhu(a, b);
            case DIV -> div(a, b);
            case DIVU -> divu(a, b);
            case REM -> rem(a, b);
            case REMU -> remu(a, b);
        };
    }

    public static int add(int a, int b) {
        return a + b;
    }

    public static int sub(int a, int b) {
        return a - b;
    }

    /** Shift amounts use the low five bits, as RV32 specifies. */
    public static int sll(int a, int b) {
        return a << (b & 31);
    }

    public static int slt(int a, int b) {
        return a < b ? 1 : 0;
    }

    public static int sltu(int a, int b) {
        return Integer.compareUnsigned(a, b) < 0 ? 1 : 0;
    }

    public static int xor(int a, int b) {
        return a ^ b;
    }

    public static int srl(int a, int b) {
        return a >>> (b & 31);
    }

    public static int sra(int a, int b) {
        return a >> (b & 31);
    }

    public static int or(int a, int b) {
        return a | b;
    }

    public static int and(int a, int b) {
        return a & b;
    }

    public static int mul(int a, int b) {
        return a * b;
    }

    public static int mulh(int a, int b) {
        return (int) (((long) a * (long) b) >> 32);
    }

    public static int mulhsu(int a, int b) {
        return (int) (((long) a * Integer.toUnsignedLong(b)) >> 32);
    }

    public static int mulhu(int a, int b) {
        return (int) ((Integer.toUnsignedLong(a) * Integer.toUnsignedLong(b)) >>> 32);
    }

    /** x / 0 = -1; INT_MIN / -1 = INT_MIN (spec table 7.1). */
    public static int div(int a, int b) {
        if (b == 0) {
            return -1;
        }
        if (a == Integer.MIN_VALUE && b == -1) {
            return Integer.MIN_VALUE;
        }
        return a / b;
    }

    public static int divu(int a, int b) {
        return b == 0 ? -1 : Integer.divideUnsigned(a, b);
    }

    /** x % 0 = x; INT_MIN % -1 = 0. */
    public static int rem(int a, int b) {
        if (b == 0) {
            return a;
        }
        if (a == Integer.MIN_VALUE && b == -1) {
            return 0;
        }
        return a % b;
    }

    public static int remu(int a, int b) {
        return b == 0 ? a : Integer.remainderUnsigned(a, b);
    }

    /** {@code lui}: the 20-bit immediate in the upper bits. */
    public static int lui(int imm20) {
        return imm20 << 12;
    }

    /** {@code auipc}: pc plus the upper immediate. */
    public static int auipc(int pc, int imm20) {
        return pc + (imm20 << 12);
    }
}
