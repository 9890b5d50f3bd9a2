package org.rvsimt.core.semantics;

/**
 * RV32I/M integer semantics as pure functions (unprivileged spec chapters 2 and 7). Register-register
 * and register-immediate forms share one function ({@code addi} is {@code add} with an immediate).
 * Division follows the spec's table for division by zero and overflow: no host exception is possible.
 */
public final class IntOps {

    // Function ids used by the engines' lane loops (predecoded once per instruction).
    public static final int ADD = 0;
    public static final int SUB = 1;
    public static final int SLL = 2;
    public static final int SLT = 3;
    public static final int SLTU = 4;
    public static final int XOR = 5;
    public static final int SRL = 6;
    public static final int SRA = 7;
    public static final int OR = 8;
    public static final int AND = 9;
    public static final int MUL = 10;
    public static final int MULH = 11;
    public static final int MULHSU = 12;
    public static final int MULHU = 13;
    public static final int DIV = 14;
    public static final int DIVU = 15;
    public static final int REM = 16;
    public static final int REMU = 17;

    private static final String[] NAMES = {"add", "sub", "sll", "slt", "sltu", "xor", "srl", "sra", "or", "and",
        "mul", "mulh", "mulhsu", "mulhu", "div", "divu", "rem", "remu"};

    private IntOps() { }

    /** Function id for a semantics method name such as {@code add}, or -1. */
    public static int idOf(String method) {
        for (int i = 0; i < NAMES.length; i++) {
            if (NAMES[i].equals(method)) {
                return i;
            }
        }
        return -1;
    }

    /** Applies function {@code fn} (one of the constants above). */
    public static int apply(int fn, int a, int b) {
        return switch (fn) {
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
            default -> throw new IllegalArgumentException("integer function " + fn);
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
