package org.rvsimt.core.semantics;

import org.rvsimt.isa.Operation.VectorArith;
import org.rvsimt.isa.Operation.VectorCompare;
import org.rvsimt.isa.Operation.VectorFpArith;
import org.rvsimt.isa.Operation.VectorFpCompare;
import org.rvsimt.isa.Operation.VectorFpFused;
import org.rvsimt.isa.Operation.VectorFpUnary;
import org.rvsimt.isa.Operation.VectorMaskLogic;
import org.rvsimt.isa.Operation.VectorMulAdd;

/**
 * RVV 1.0 element semantics as pure functions (RISC-V "V" extension 1.0, chapters 6, 11-16). An
 * element is passed as an int holding its SEW-bit value sign-extended; results are returned the same
 * way (only the low SEW bits are stored). Floating point (SEW = 32 only, Zve32f) reuses
 * {@link FloatOps}, so rounding modes and fflags are exactly the scalar ones.
 */
public final class VectorOps {

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
    public static int intBinary(VectorArith op, int sew, int a, int b) {
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
        };
        return narrow((int) r, sew);
    }

    /** {@code vs2 cmp b} at SEW (spec 11.8). */
    public static boolean intCompare(VectorCompare op, int sew, int a, int b) {
        long ua = unsigned(a, sew);
        long ub = unsigned(b, sew);
        return switch (op) {
            case EQ -> a == b;
            case NE -> a != b;
            case LTU -> ua < ub;
            case LT -> a < b;
            case LEU -> ua <= ub;
            case LE -> a <= b;
            case GTU -> ua > ub;
            case GT -> a > b;
        };
    }

    /** vs2 op vs1 on one mask bit (spec 15.1). */
    public static boolean maskLogical(VectorMaskLogic op, boolean a, boolean b) {
        return switch (op) {
            case ANDN -> a & !b;
            case AND -> a & b;
            case OR -> a | b;
            case XOR -> a ^ b;
            case ORN -> a | !b;
            case NAND -> !(a & b);
            case NOR -> !(a | b);
            case XNOR -> !(a ^ b);
        };
    }

    /**
     * Integer multiply-add (spec 11.13), d is the old vd element: vmacc d + a*b, vnmsac d - a*b,
     * vmadd a*d + b, vnmsub -(a*d) + b; here a = vs1/rs1 and b = vs2.
     */
    public static int intMulAdd(VectorMulAdd op, int sew, int a, int b, int d) {
        return narrow(switch (op) {
            case MACC -> d + a * b;
            case NMSAC -> d - a * b;
            case MADD -> a * d + b;
            case NMSUB -> -(a * d) + b;
        }, sew);
    }

    // ------------------------------------------------------------------ floating point (SEW = 32)

    /** FP binary op {@code a op b}, a = vs2[i] (rsub and rdiv reverse it); {@link VectorFpArith#rounds()} says which read rm. */
    public static int fpBinary(VectorFpArith op, int a, int b, int rm, int[] fflags, int lane) {
        return switch (op) {
            case ADD -> FloatOps.faddS(a, b, rm, fflags, lane);
            case SUB -> FloatOps.fsubS(a, b, rm, fflags, lane);
            case RSUB -> FloatOps.fsubS(b, a, rm, fflags, lane);
            case MUL -> FloatOps.fmulS(a, b, rm, fflags, lane);
            case DIV -> FloatOps.fdivS(a, b, rm, fflags, lane);
            case RDIV -> FloatOps.fdivS(b, a, rm, fflags, lane);
            case MIN -> FloatOps.fminS(a, b, fflags, lane);
            case MAX -> FloatOps.fmaxS(a, b, fflags, lane);
            case SGNJ -> FloatOps.fsgnjS(a, b);
            case SGNJN -> FloatOps.fsgnjnS(a, b);
            case SGNJX -> FloatOps.fsgnjxS(a, b);
        };
    }

    /** FP fused multiply-add (spec 13.6), one rounding; a = vs1/rs1, b = vs2, d = old vd (see {@link VectorFpFused}). */
    public static int fpMulAdd(VectorFpFused op, int a, int b, int d, int rm, int[] fflags, int lane) {
        return switch (op) {
            case MACC -> FloatOps.fmaddS(a, b, d, rm, fflags, lane);
            case NMACC -> FloatOps.fnmaddS(a, b, d, rm, fflags, lane);
            case MSAC -> FloatOps.fmsubS(a, b, d, rm, fflags, lane);
            case NMSAC -> FloatOps.fnmsubS(a, b, d, rm, fflags, lane);
            case MADD -> FloatOps.fmaddS(a, d, b, rm, fflags, lane);
            case NMADD -> FloatOps.fnmaddS(a, d, b, rm, fflags, lane);
            case MSUB -> FloatOps.fmsubS(a, d, b, rm, fflags, lane);
            case NMSUB -> FloatOps.fnmsubS(a, d, b, rm, fflags, lane);
        };
    }

    /** FP compare into a mask (spec 13.13), vs2 cmp b. */
    public static boolean fpCompare(VectorFpCompare op, int a, int b, int[] fflags, int lane) {
        return switch (op) {
            case EQ -> FloatOps.feqS(a, b, fflags, lane) != 0;
            case LE -> FloatOps.fleS(a, b, fflags, lane) != 0;
            case LT -> FloatOps.fltS(a, b, fflags, lane) != 0;
            case NE -> FloatOps.feqS(a, b, fflags, lane) == 0;
            case GT -> FloatOps.fltS(b, a, fflags, lane) != 0;
            case GE -> FloatOps.fleS(b, a, fflags, lane) != 0;
        };
    }

    /** FP unary (spec 13.8-13.17); {@link VectorFpUnary#rounds()} says which read the dynamic rounding mode. */
    public static int fpUnary(VectorFpUnary op, int a, int rm, int[] fflags, int lane) {
        return switch (op) {
            case CVT_XU_F -> FloatOps.fcvtWuS(a, rm, fflags, lane);
            case CVT_X_F -> FloatOps.fcvtWS(a, rm, fflags, lane);
            case CVT_F_XU -> FloatOps.fcvtSWu(a, rm, fflags, lane);
            case CVT_F_X -> FloatOps.fcvtSW(a, rm, fflags, lane);
            case CVT_RTZ_XU_F -> FloatOps.fcvtWuS(a, FloatOps.RTZ, fflags, lane);
            case CVT_RTZ_X_F -> FloatOps.fcvtWS(a, FloatOps.RTZ, fflags, lane);
            case SQRT -> FloatOps.fsqrtS(a, rm, fflags, lane);
            case CLASS -> FloatOps.fclassS(a);
        };
    }
}
