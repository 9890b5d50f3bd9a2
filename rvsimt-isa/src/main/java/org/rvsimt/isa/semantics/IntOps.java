package org.rvsimt.isa.semantics;

import org.rvsimt.isa.Operation.Alu;

/**
 * RV32I/M integer semantics as pure functions (unprivileged spec chapters 2 and 7). Register-register
 * and register-immediate forms share one function ({@code addi} is {@code add} with an immediate).
 * Division follows the spec's table for division by zero and overflow: no host exception is possible.
 * They live beside the instruction table (not in the simulator) so that a declaration can name its
 * method: {@link Alu#semantics()} and {@link org.rvsimt.isa.Operation.AluFunction}.
 */
public final class IntOps {

    private IntOps() { }

    /**
     * The interpreter's dispatch over the common operations: one direct call per arm, which C2 turns
     * into a jump table with the bodies inlined (an {@link IntBinary} call per lane would be a
     * megamorphic interface call). It has no default, so the compiler names an arm a new constant of
     * {@link Alu} lacks; each arm calls the method {@link Alu#semantics()} names (IntOpsDispatchTest).
     */
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
            case SH1ADD -> sh1add(a, b);
            case SH2ADD -> sh2add(a, b);
            case SH3ADD -> sh3add(a, b);
            case ANDN -> andn(a, b);
            case ORN -> orn(a, b);
            case XNOR -> xnor(a, b);
            case CLZ -> clz(a, b);
            case CTZ -> ctz(a, b);
            case CPOP -> cpop(a, b);
            case MAX -> max(a, b);
            case MAXU -> maxu(a, b);
            case MIN -> min(a, b);
            case MINU -> minu(a, b);
            case SEXT_B -> sextB(a, b);
            case SEXT_H -> sextH(a, b);
            case ZEXT_H -> zextH(a, b);
            case ROL -> rol(a, b);
            case ROR -> ror(a, b);
            case ORC_B -> orcB(a, b);
            case REV8 -> rev8(a, b);
            case BCLR -> bclr(a, b);
            case BEXT -> bext(a, b);
            case BINV -> binv(a, b);
            case BSET -> bset(a, b);
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

    // Zba, Zbb, Zbs (Bit-Manipulation 1.0.0) and Zicond (1.0). The unary operations take a second
    // operand only so that every ALU operation has the same shape; the engines pass 0.

    public static int sh1add(int a, int b) {
        return (a << 1) + b;
    }

    public static int sh2add(int a, int b) {
        return (a << 2) + b;
    }

    public static int sh3add(int a, int b) {
        return (a << 3) + b;
    }

    public static int andn(int a, int b) {
        return a & ~b;
    }

    public static int orn(int a, int b) {
        return a | ~b;
    }

    public static int xnor(int a, int b) {
        return ~(a ^ b);
    }

    /** Leading zeros; 32 for 0. */
    public static int clz(int a, int unused) {
        return Integer.numberOfLeadingZeros(a);
    }

    /** Trailing zeros; 32 for 0. */
    public static int ctz(int a, int unused) {
        return Integer.numberOfTrailingZeros(a);
    }

    public static int cpop(int a, int unused) {
        return Integer.bitCount(a);
    }

    public static int max(int a, int b) {
        return Math.max(a, b);
    }

    public static int maxu(int a, int b) {
        return Integer.compareUnsigned(a, b) >= 0 ? a : b;
    }

    public static int min(int a, int b) {
        return Math.min(a, b);
    }

    public static int minu(int a, int b) {
        return Integer.compareUnsigned(a, b) <= 0 ? a : b;
    }

    public static int sextB(int a, int unused) {
        return (byte) a;
    }

    public static int sextH(int a, int unused) {
        return (short) a;
    }

    public static int zextH(int a, int unused) {
        return a & 0xFFFF;
    }

    /** Rotations use the low five bits of the amount, as the shifts do. */
    public static int rol(int a, int b) {
        return Integer.rotateLeft(a, b & 31);
    }

    public static int ror(int a, int b) {
        return Integer.rotateRight(a, b & 31);
    }

    /** Each byte becomes 0xff if any of its bits is set, else 0. */
    public static int orcB(int a, int unused) {
        int r = 0;
        for (int i = 0; i < 32; i += 8) {
            if ((a >>> i & 0xFF) != 0) {
                r |= 0xFF << i;
            }
        }
        return r;
    }

    public static int rev8(int a, int unused) {
        return Integer.reverseBytes(a);
    }

    /** Single-bit operations index the bit with the low five bits of the second operand. */
    public static int bclr(int a, int b) {
        return a & ~(1 << (b & 31));
    }

    public static int bext(int a, int b) {
        return (a >>> (b & 31)) & 1;
    }

    public static int binv(int a, int b) {
        return a ^ (1 << (b & 31));
    }

    public static int bset(int a, int b) {
        return a | (1 << (b & 31));
    }

    /** {@code czero.eqz}: rs1, or 0 when the condition rs2 is zero. */
    public static int czeroEqz(int a, int b) {
        return b == 0 ? 0 : a;
    }

    /** {@code czero.nez}: rs1, or 0 when the condition rs2 is non-zero. */
    public static int czeroNez(int a, int b) {
        return b != 0 ? 0 : a;
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
