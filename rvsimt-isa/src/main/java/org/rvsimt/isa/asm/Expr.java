package org.rvsimt.isa.asm;

/**
 * An assembly-time expression. Values are computed in 64-bit arithmetic; addresses are unsigned
 * 32-bit quantities ({@code 0 .. 2^32-1}). Evaluation goes through a {@link Context} that knows the
 * symbols and the current location.
 */
sealed interface Expr {

    /** Symbols, locations and {@code %pcrel_lo} partners, as known to the pass evaluating. */
    interface Context {
        long symbol(Sym s) throws AsmException;

        long local(LocalRef r) throws AsmException;

        /** Address of the statement being assembled ({@code .}). */
        long dot(Token at) throws AsmException;

        /** Address of the instruction word being encoded (differs from {@code .} in the second word of a pseudo). */
        long pc(Token at) throws AsmException;

        /** The low 12 bits of the pc-relative offset computed by the auipc at {@code address}. */
        long pcrelLo(long address, Token at, String label) throws AsmException;

        AsmException error(Token at, String message);
    }

    long eval(Context c) throws AsmException;

    /** True if the value depends on a symbol or on the location (so a branch target, not an offset). */
    boolean symbolic();

    /** The token that starts this expression (for messages). */
    Token at();

    static long sext12(long v) {
        return ((int) v << 20) >> 20;
    }

    static long hi20(long v) {
        return ((v + 0x800) >> 12) & 0xFFFFF;
    }

    record Num(long value, Token at) implements Expr {
        public long eval(Context c) {
            return value;
        }

        public boolean symbolic() {
            return false;
        }
    }

    /** A named symbol; {@code undefinedMessage} replaces "undefined symbol" where a better one exists. */
    record Sym(String name, Token at, String undefinedMessage) implements Expr {
        public long eval(Context c) throws AsmException {
            return c.symbol(this);
        }

        public boolean symbolic() {
            return true;
        }
    }

    /** {@code 1b} / {@code 1f}; {@code position} counts the numeric labels defined before the reference. */
    record LocalRef(int number, boolean backward, int position, Token at) implements Expr {
        public long eval(Context c) throws AsmException {
            return c.local(this);
        }

        public boolean symbolic() {
            return true;
        }
    }

    record Dot(Token at) implements Expr {
        public long eval(Context c) throws AsmException {
            return c.dot(at);
        }

        public boolean symbolic() {
            return true;
        }
    }

    record Unary(char op, Expr operand, Token at) implements Expr {
        public long eval(Context c) throws AsmException {
            long v = operand.eval(c);
            return switch (op) {
                case '-' -> -v;
                case '~' -> ~v;
                case '!' -> v == 0 ? 1 : 0;
                default -> v;
            };
        }

        public boolean symbolic() {
            return operand.symbolic();
        }
    }

    record Binary(String op, Expr left, Expr right, Token at) implements Expr {
        public long eval(Context c) throws AsmException {
            long a = left.eval(c);
            long b = right.eval(c);
            return switch (op) {
                case "+" -> a + b;
                case "-" -> a - b;
                case "*" -> a * b;
                case "/", "%" -> {
                    if (b == 0) {
                        throw c.error(at, "division by zero in expression");
                    }
                    yield op.equals("/") ? a / b : a % b;
                }
                case "<<" -> b < 0 || b > 63 ? 0 : a << b;
                case ">>" -> b < 0 || b > 63 ? (a < 0 ? -1 : 0) : a >> b;
                case "&" -> a & b;
                case "|" -> a | b;
                case "^" -> a ^ b;
                default -> throw c.error(at, "unknown operator '" + op + "'");
            };
        }

        public boolean symbolic() {
            return left.symbolic() || right.symbolic();
        }
    }

    /** {@code %hi(e)} and {@code %lo(e)}: lui + addi (or a load/store offset) rebuild e (the +0x800 carry). */
    record HiLo(boolean hi, Expr operand, Token at) implements Expr {
        public long eval(Context c) throws AsmException {
            long v = operand.eval(c);
            return hi ? hi20(v) : sext12(v);
        }

        public boolean symbolic() {
            return operand.symbolic();
        }
    }

    /**
     * The high or low part of {@code target - base}, where {@code base} is the address of the
     * current word plus {@code baseDelta}: {@code %pcrel_hi(e)} is {@code (hi, 0)}; the second word
     * of an auipc pair uses {@code (lo, -4)}.
     */
    record PcRel(boolean hi, Expr target, int baseDelta, Token at) implements Expr {
        public long eval(Context c) throws AsmException {
            long offset = (int) (target.eval(c) - (c.pc(at) + baseDelta));
            return hi ? hi20(offset) : sext12(offset);
        }

        public boolean symbolic() {
            return true;
        }
    }

    /** {@code %pcrel_lo(label)}: the low part computed by the auipc at {@code label}. */
    record PcRelLo(Expr label, Token at) implements Expr {
        public long eval(Context c) throws AsmException {
            return c.pcrelLo(label.eval(c), at, label.at().text());
        }

        public boolean symbolic() {
            return true;
        }
    }

    /** Checks that a value fits in 32 bits (signed or unsigned) before its parts are taken. */
    record Fits32(Expr operand, Token at) implements Expr {
        public long eval(Context c) throws AsmException {
            long v = operand.eval(c);
            if (v < Integer.MIN_VALUE || v > 0xFFFFFFFFL) {
                throw c.error(at, "value " + v + " does not fit in 32 bits");
            }
            return v;
        }

        public boolean symbolic() {
            return operand.symbolic();
        }
    }
}
