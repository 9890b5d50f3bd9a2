package org.rvsimt.core.semantics;

/**
 * RVV 1.0 element semantics as pure functions (RISC-V "V" extension 1.0, chapters 6, 11-16). An
 * element is passed as an int holding its SEW-bit value sign-extended; results are returned the same
 * way (only the low SEW bits are stored). Floating point (SEW = 32 only, Zve32f) reuses
 * {@link FloatOps}, so rounding modes and fflags are exactly the scalar ones.
 */
public final class VectorOps {

    // Integer binary operations (spec 11.1-11.11), the reductions' combining functions (14.1) too.
    public static final int ADD = 0;
    public static final int SUB = 1;        // vs2 - x
    public static final int RSUB = 2;       // x - vs2
    public static final int MINU = 3;
    public static final int MIN = 4;
    public static final int MAXU = 5;
    public static final int MAX = 6;
    public static final int AND = 7;
    public static final int OR = 8;
    public static final int XOR = 9;
    public static final int SLL = 10;
    public static final int SRL = 11;
    public static final int SRA = 12;
    public static final int MUL = 13;
    public static final int MULH = 14;
    public static final int MULHU = 15;
    public static final int MULHSU = 16;    // signed vs2 x unsigned vs1/rs1
    public static final int DIVU = 17;
    public static final int DIV = 18;
    public static final int REMU = 19;
    public static final int REM = 20;

    // Integer compares into a mask (spec 11.8): vs2 op x.
    public static final int SEQ = 0;
    public static final int SNE = 1;
    public static final int SLTU = 2;
    public static final int SLT = 3;
    public static final int SLEU = 4;
    public static final int SLE = 5;
    public static final int SGTU = 6;
    public static final int SGT = 7;

    // Mask-register logical operations (spec 15.1): vs2 op vs1.
    public static final int MANDN = 0;
    public static final int MAND = 1;
    public static final int MOR = 2;
    public static final int MXOR = 3;
    public static final int MORN = 4;
    public static final int MNAND = 5;
    public static final int MNOR = 6;
    public static final int MXNOR = 7;

    /** vtype bit 31 (XLEN-1): illegal configuration. */
    public static final int VILL = 0x8000_0000;

    private VectorOps() { }

    // ------------------------------------------------------------------ configuration (spec 3.4, 6)

    /** SEW in bits from vtype.vsew. */
    public static int sew(int vtype) {
        return 8 << (vtype >>> 3 & 7);
    }

    /**
     * LMUL as a signed log2 (-3..3) from vtype.vlmul; 4 (the reserved encoding 100) is returned as
     * {@link Integer#MIN_VALUE}.
     */
    public static int lmulLog2(int vtype) {
        int v = vtype & 7;
        return v == 4 ? Integer.MIN_VALUE : v < 4 ? v : v - 8;
    }

    /**
     * Whether this implementation supports vtype (spec 3.4): no reserved bits, SEW 8/16/32 (ELEN =
     * {@code elen}), LMUL not reserved, and for fractional LMUL SEW &lt;= LMUL * ELEN (the spec's
     * "LMUL &gt;= SEW/ELEN" rule for the smallest LMUL an implementation must support).
     */
    public static boolean legal(int vtype, int elen) {
        if ((vtype & ~0xFF) != 0) {
            return false;
        }
        int l = lmulLog2(vtype);
        int sew = sew(vtype);
        if (l == Integer.MIN_VALUE || sew > elen) {
            return false;
        }
        return l >= 0 || sew <= elen >> -l;
    }

    /** VLMAX = LMUL * VLEN / SEW (spec 3.4.2). */
    public static int vlmax(int vtype, int vlen) {
        int l = lmulLog2(vtype);
        return l >= 0 ? (vlen << l) / sew(vtype) : (vlen >> -l) / sew(vtype);
    }

    /**
     * The new vl for an application vector length (spec 6.3). This implementation picks
     * vl = min(AVL, VLMAX), which satisfies the rules for AVL &lt; 2 * VLMAX (ceil(AVL/2) &lt;= vl &lt;= VLMAX)
     * and is what QEMU does.
     */
    public static int vl(long avl, int vlmax) {
        return (int) Math.min(avl, vlmax);
    }

    // ------------------------------------------------------------------ integer

    /** Truncates v to sew bits and sign-extends back to int. */
    public static int narrow(int v, int sew) {
        return sew == 32 ? v : v << (32 - sew) >> (32 - sew);
    }

    /** The unsigned value of a sew-bit element held sign-extended. */
    public static long unsigned(int v, int sew) {
        return Integer.toUnsignedLong(v) & (sew == 32 ? 0xFFFF_FFFFL : (1L << sew) - 1);
    }

    /**
     * {@code vs2 op b} at SEW, where b is vs1[i], the scalar x[rs1] or the immediate (already
     * truncated to SEW by the caller). Division by zero and overflow follow spec 11.11 (the scalar M
     * rules): x/0 = all ones, x%0 = x, MIN/-1 = MIN, MIN%-1 = 0.
     */
    public static int intBinary(int op, int sew, int a, int b) {
        long sa = a;
        long sb = b;
        long ua = unsigned(a, sew);
        long ub = unsigned(b, sew);
        int shift = b & (sew - 1);
        long r = switch (op) {
            case ADD -> sa + sb;
            case SUB -> sa - sb;
            case RSUB -> sb - sa;
            case MINU -> Math.min(ua, ub);
            case MIN -> Math.min(sa, sb);
            case MAXU -> Math.max(ua, ub);
            case MAX -> Math.max(sa, sb);
            case AND -> sa & sb;
            case OR -> sa | sb;
            case XOR -> sa ^ sb;
            case SLL -> ua << shift;
            case SRL -> ua >>> shift;
            case SRA -> sa >> shift;
            case MUL -> sa * sb;
            case MULH -> sa * sb >> sew;
            case MULHU -> ua * ub >>> sew;        // < 2^64: exact in a long read unsigned
            case MULHSU -> sa * ub >> sew;        // |sa * ub| < 2^63
            case DIVU -> ub == 0 ? -1 : ua / ub;
            case DIV -> sb == 0 ? -1 : sa / sb;   // MIN/-1 = -MIN, which truncates back to MIN
            case REMU -> ub == 0 ? ua : ua % ub;
            case REM -> sb == 0 ? sa : sa % sb;
            default -> throw new IllegalArgumentException("integer op " + op);
        };
        return narrow((int) r, sew);
    }

    /** {@code vs2 cmp b} at SEW (spec 11.8). */
    public static boolean intCompare(int op, int sew, int a, int b) {
        long ua = unsigned(a, sew);
        long ub = unsigned(b, sew);
        return switch (op) {
            case SEQ -> a == b;
            case SNE -> a != b;
            case SLTU -> ua < ub;
            case SLT -> a < b;
            case SLEU -> ua <= ub;
            case SLE -> a <= b;
            case SGTU -> ua > ub;
            case SGT -> a > b;
            default -> throw new IllegalArgumentException("compare op " + op);
        };
    }

    /** vs2 op vs1 on one mask bit (spec 15.1). */
    public static boolean maskLogical(int op, boolean a, boolean b) {
        return switch (op) {
            case MANDN -> a & !b;
            case MAND -> a & b;
            case MOR -> a | b;
            case MXOR -> a ^ b;
            case MORN -> a | !b;
            case MNAND -> !(a & b);
            case MNOR -> !(a | b);
            case MXNOR -> !(a ^ b);
            default -> throw new IllegalArgumentException("mask op " + op);
        };
    }

    /**
     * Integer multiply-add (spec 11.13), d is the old vd element: vmacc d + a*b, vnmsac d - a*b,
     * vmadd a*d + b, vnmsub -(a*d) + b; here a = vs1/rs1 and b = vs2.
     */
    public static int intMulAdd(int op, int sew, int a, int b, int d) {
        return narrow(switch (op) {
            case 0 -> d + a * b;        // vmacc
            case 1 -> d - a * b;        // vnmsac
            case 2 -> a * d + b;        // vmadd
            default -> -(a * d) + b;    // vnmsub
        }, sew);
    }

    // ------------------------------------------------------------------ floating point (SEW = 32)

    /** FP binary op: 0 add, 1 sub, 2 rsub, 3 mul, 4 div, 5 rdiv, 6 min, 7 max, 8 sgnj, 9 sgnjn, 10 sgnjx. */
    public static int fpBinary(int op, int a, int b, int rm, int[] fflags, int lane) {
        return switch (op) {
            case 0 -> FloatOps.faddS(a, b, rm, fflags, lane);
            case 1 -> FloatOps.fsubS(a, b, rm, fflags, lane);
            case 2 -> FloatOps.fsubS(b, a, rm, fflags, lane);
            case 3 -> FloatOps.fmulS(a, b, rm, fflags, lane);
            case 4 -> FloatOps.fdivS(a, b, rm, fflags, lane);
            case 5 -> FloatOps.fdivS(b, a, rm, fflags, lane);
            case 6 -> FloatOps.fminS(a, b, fflags, lane);
            case 7 -> FloatOps.fmaxS(a, b, fflags, lane);
            case 8 -> FloatOps.fsgnjS(a, b);
            case 9 -> FloatOps.fsgnjnS(a, b);
            case 10 -> FloatOps.fsgnjxS(a, b);
            default -> throw new IllegalArgumentException("fp op " + op);
        };
    }

    /** Whether {@link #fpBinary} op uses the rounding mode (min/max/sign injection do not). */
    public static boolean fpBinaryRounds(int op) {
        return op <= 5;
    }

    /**
     * FP fused multiply-add (spec 13.6), one rounding; a = vs1/rs1, b = vs2, d = old vd:
     * 0 vfmacc +(a*b)+d, 1 vfnmacc -(a*b)-d, 2 vfmsac +(a*b)-d, 3 vfnmsac -(a*b)+d,
     * 4 vfmadd +(a*d)+b, 5 vfnmadd -(a*d)-b, 6 vfmsub +(a*d)-b, 7 vfnmsub -(a*d)+b.
     */
    public static int fpMulAdd(int op, int a, int b, int d, int rm, int[] fflags, int lane) {
        return switch (op) {
            case 0 -> FloatOps.fmaddS(a, b, d, rm, fflags, lane);
            case 1 -> FloatOps.fnmaddS(a, b, d, rm, fflags, lane);
            case 2 -> FloatOps.fmsubS(a, b, d, rm, fflags, lane);
            case 3 -> FloatOps.fnmsubS(a, b, d, rm, fflags, lane);
            case 4 -> FloatOps.fmaddS(a, d, b, rm, fflags, lane);
            case 5 -> FloatOps.fnmaddS(a, d, b, rm, fflags, lane);
            case 6 -> FloatOps.fmsubS(a, d, b, rm, fflags, lane);
            default -> FloatOps.fnmsubS(a, d, b, rm, fflags, lane);
        };
    }

    /** FP compare into a mask (spec 13.13), vs2 cmp b: 0 eq, 1 le, 2 lt, 3 ne, 4 gt, 5 ge. */
    public static boolean fpCompare(int op, int a, int b, int[] fflags, int lane) {
        return switch (op) {
            case 0 -> FloatOps.feqS(a, b, fflags, lane) != 0;
            case 1 -> FloatOps.fleS(a, b, fflags, lane) != 0;
            case 2 -> FloatOps.fltS(a, b, fflags, lane) != 0;
            case 3 -> FloatOps.feqS(a, b, fflags, lane) == 0;
            case 4 -> FloatOps.fltS(b, a, fflags, lane) != 0;
            default -> FloatOps.fleS(b, a, fflags, lane) != 0;
        };
    }

    /**
     * FP unary (spec 13.8-13.17): 0 cvt.xu.f, 1 cvt.x.f, 2 cvt.f.xu, 3 cvt.f.x, 6 cvt.rtz.xu.f,
     * 7 cvt.rtz.x.f (the VFUNARY0 vs1 codes), 16 sqrt, 17 class.
     */
    public static int fpUnary(int op, int a, int rm, int[] fflags, int lane) {
        return switch (op) {
            case 0 -> FloatOps.fcvtWuS(a, rm, fflags, lane);
            case 1 -> FloatOps.fcvtWS(a, rm, fflags, lane);
            case 2 -> FloatOps.fcvtSWu(a, rm, fflags, lane);
            case 3 -> FloatOps.fcvtSW(a, rm, fflags, lane);
            case 6 -> FloatOps.fcvtWuS(a, FloatOps.RTZ, fflags, lane);
            case 7 -> FloatOps.fcvtWS(a, FloatOps.RTZ, fflags, lane);
            case 16 -> FloatOps.fsqrtS(a, rm, fflags, lane);
            case 17 -> FloatOps.fclassS(a);
            default -> throw new IllegalArgumentException("fp unary op " + op);
        };
    }

    /** Whether {@link #fpUnary} op reads the dynamic rounding mode. */
    public static boolean fpUnaryRounds(int op) {
        return op <= 3 || op == 16;
    }
}
