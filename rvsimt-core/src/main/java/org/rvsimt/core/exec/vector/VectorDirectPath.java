package org.rvsimt.core.exec.vector;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import org.rvsimt.core.exec.BlockContext;
import org.rvsimt.core.exec.simt.Warp;
import org.rvsimt.core.memory.MemoryMap;
import org.rvsimt.core.semantics.FloatOps;
import org.rvsimt.core.semantics.Sfu;
import org.rvsimt.core.semantics.VectorOps;
import org.rvsimt.isa.OperandSource;
import org.rvsimt.isa.Operation;
import org.rvsimt.isa.Operation.SpecialFunction;
import org.rvsimt.isa.Operation.VectorArith;
import org.rvsimt.isa.Operation.VectorCompare;
import org.rvsimt.isa.Operation.VectorConfig;
import org.rvsimt.isa.Operation.VectorFpArith;
import org.rvsimt.isa.Operation.VectorFpFused;
import org.rvsimt.isa.Operation.VectorFpReduction;
import org.rvsimt.isa.Operation.VectorMemory;
import org.rvsimt.isa.Operation.VectorMulAdd;
import org.rvsimt.isa.Operation.VectorPermute;
import org.rvsimt.isa.Operation.VectorReduction;
import org.rvsimt.isa.Operation.VectorSpecialFunction;

/**
 * Per-lane loops straight on the register bytes for the instruction families that kernels run in
 * their inner loops besides f32 arithmetic: vset*, integer arithmetic and multiply-add at any SEW,
 * integer and f32 reductions (masked or not), scalar moves, splats, one-element slides, the SFU
 * functions on vectors, unit-stride loads and stores at EEW = SEW and strided e32 ones. {@link VectorUnit}'s general path decodes each lane's operands into
 * a {@code Lane} and reads each element through a switch on SEW; these loops skip that work, and
 * nothing else: they compute the same element functions ({@link VectorOps}, {@link FloatOps}) in
 * the same element order, so bits and flags are identical. A case they do not cover (vill, vstart
 * other than 0, a misaligned group, an FP form at SEW other than 32, an invalid frm, memory outside
 * VRAM and shared memory) returns false before changing anything, and the unit's general path runs
 * the lane and raises the fault. Plain Java, no Vector API: these run with or without the incubator
 * module.
 */
final class VectorDirectPath {
    private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private VectorDirectPath() { }

    /** Which loop runs an instruction: chosen once per instruction, then tested per lane. */
    enum Kind {
        CONFIG, INTEGER, MUL_ADD, COMPARE, REDUCTION, FLOAT_REDUCTION, PERMUTE, STRIDED_E32, SPECIAL_FUNCTION,
        /** Unmasked vle/vse at EEW = SEW: one block copy (plain Java, with or without the Vector API). */
        UNIT_STRIDE,
        /** The host-SIMD f32 loops of {@link VectorFastPath}. */
        HOST_SIMD,
        /** None: every lane runs in the unit's general path. */
        GENERAL
    }

    static Kind kind(Operation.Vector op, int word) {
        boolean masked = (word >>> 25 & 1) == 0;
        return switch (op) {
            case VectorConfig k -> Kind.CONFIG;
            case VectorArith k -> Kind.INTEGER;
            case VectorMulAdd k -> Kind.MUL_ADD;
            case VectorCompare k -> Kind.COMPARE;
            case VectorReduction k -> Kind.REDUCTION;
            case VectorFpReduction k -> Kind.FLOAT_REDUCTION;
            case VectorSpecialFunction k -> Kind.SPECIAL_FUNCTION;
            case VectorPermute k -> masked ? Kind.GENERAL : Kind.PERMUTE;
            case VectorMemory k when !masked && stridedE32(k, word) -> Kind.STRIDED_E32;
            case VectorMemory k when !masked && unitStrideEew(k, word) != 0 -> Kind.UNIT_STRIDE;
            case VectorFpArith k when HostSimd.AVAILABLE -> Kind.HOST_SIMD;
            case VectorFpFused k when HostSimd.AVAILABLE -> Kind.HOST_SIMD;
            default -> Kind.GENERAL;
        };
    }

    /**
     * Runs the instruction for {@code lane} if the lane's configuration is a case {@code kind}'s loop
     * covers; false if not (nothing was done).
     */
    static boolean lane(Kind kind, BlockContext c, Warp w, VectorState v, Operation.Vector op, OperandSource source,
                        int word, int lane) {
        if (kind == Kind.CONFIG) {
            VectorUnit.configure(w, v, (VectorConfig) op, word, lane);
            return true;
        }
        if (kind == Kind.HOST_SIMD) {
            return VectorFastPath.lane(c, w, v, op, source, word, lane);
        }
        int vtype = v.vtype[lane];
        if (kind == Kind.GENERAL || (vtype & VectorOps.VILL) != 0 || v.vstart[lane] != 0) {
            return false;
        }
        int sew = VectorOps.sew(vtype);
        int lmulLog2 = VectorOps.lmulLog2(vtype);
        int group = lmulLog2 > 0 ? (1 << lmulLog2) - 1 : 0;
        int vd = word >>> 7 & 31;
        int rs1 = word >>> 15 & 31;
        int vs2 = word >>> 20 & 31;
        boolean masked = (word >>> 25 & 1) == 0;
        boolean aligned = (vd & group) == 0 && (vs2 & group) == 0
                && (source != OperandSource.VECTOR || (rs1 & group) == 0);
        return switch (kind) {
            case INTEGER -> aligned && integer(w, v, (VectorArith) op, null, source, lane, sew, masked, vd, rs1, vs2);
            case MUL_ADD -> aligned && integer(w, v, null, (VectorMulAdd) op, source, lane, sew, masked, vd, rs1, vs2);
            case COMPARE -> (vs2 & group) == 0 && (source != OperandSource.VECTOR || (rs1 & group) == 0)
                    && compare(w, v, (VectorCompare) op, source, lane, sew, masked, vd, rs1, vs2);
            case REDUCTION -> (vs2 & group) == 0 && reduce(w, v, (VectorReduction) op, lane, sew, masked, vd, rs1, vs2);
            case FLOAT_REDUCTION -> sew == 32 && (vs2 & group) == 0
                    && reduceFloat(w, v, (VectorFpReduction) op, lane, masked, vd, rs1, vs2);
            case PERMUTE -> permute(w, v, (VectorPermute) op, source, lane, sew, group, vd, rs1, vs2);
            case UNIT_STRIDE -> sew == 8 * unitStrideEew(op, word) && (vd & group) == 0
                    && unitStride(c, w, v, lane, vd, rs1, ((VectorMemory) op).store(), sew / 8);
            case STRIDED_E32 -> sew == 32 && (vd & group) == 0
                    && strided(c, w, v, lane, vd, rs1, vs2, ((VectorMemory) op).store());
            case SPECIAL_FUNCTION -> sew == 32 && aligned
                    && specialFunction(v, ((VectorSpecialFunction) op).scalar(), c.spec.fastSfu(), lane, masked, vd, vs2);
            case CONFIG, HOST_SIMD, GENERAL -> false;
        };
    }

    /** vfexp.v ... vfcos.v: the scalar SFU function on each active element, in element order (it sets no flags). */
    private static boolean specialFunction(VectorState v, SpecialFunction f, boolean fast, int lane, boolean masked,
                                           int vd, int vs2) {
        byte[] b = v.bytes;
        int n = v.vl[lane];
        int d = v.offset(lane, vd, 0, 4);
        int s2 = v.offset(lane, vs2, 0, 4);
        // e^x (softmax's) on host SIMD where it provably gives the same floats; the rest here
        int from = f == SpecialFunction.FEXP && !fast && !masked && HostSimd.AVAILABLE
                ? VectorFastPath.expExact(b, n, s2, d) : 0;
        for (int e = from; e < n; e++) {
            if (active(v, lane, masked, e)) {
                INT.set(b, d + 4 * e, Sfu.apply(f, (int) INT.get(b, s2 + 4 * e), fast));
            }
        }
        return true;
    }

    /**
     * vle8/16/32.v and vse8/16/32.v (unit stride: nf, mew, mop and lumop 0; width 000, 101 or 110):
     * the element width in bytes, else 0.
     */
    static int unitStrideEew(Operation.Vector op, int word) {
        if ((op != VectorMemory.LOAD && op != VectorMemory.STORE) || (word & 0xFDF00000) != 0) {
            return 0;
        }
        return switch (word >>> 12 & 7) {
            case 0 -> 1;
            case 5 -> 2;
            case 6 -> 4;
            default -> 0;
        };
    }

    /**
     * vle&lt;eew&gt;.v / vse&lt;eew&gt;.v: the vl elements are contiguous in memory (VRAM, shared or the lane's
     * stack) and in the register group.
     */
    static boolean unitStride(BlockContext c, Warp w, VectorState v, int lane, int vd, int rs1,
                                      boolean store, int eew) {
        int addr = rs1 == 0 ? 0 : w.x[rs1 * w.width + lane];
        int bytes = eew * v.vl[lane];
        if ((addr & (eew - 1)) != 0) {
            return false;
        }
        byte[] mem;
        int off;
        if (addr >= 0 && addr <= c.vramSize - bytes) {
            mem = c.mem;
            off = addr;
        } else if (addr - MemoryMap.SHARED_BASE >= 0 && addr - MemoryMap.SHARED_BASE <= c.shared.length - bytes) {
            mem = c.shared;
            off = addr - MemoryMap.SHARED_BASE;
        } else if ((mem = c.memory.privateWindow(w, lane, addr, bytes, store)) != null) {
            off = addr - MemoryMap.PRIVATE_BASE;    // a vector spilled to or gathered on the thread's stack
        } else {
            return false;
        }
        int reg = v.offset(lane, vd, 0, 4);
        if (store) {
            System.arraycopy(v.bytes, reg, mem, off, bytes);
        } else {
            System.arraycopy(mem, off, v.bytes, reg, bytes);
        }
        return true;
    }

    /** vlse32.v / vsse32.v: strided (mop 10), nf 0, mew 0, width 110. */
    static boolean stridedE32(VectorMemory k, int word) {
        return (k == VectorMemory.LOAD_STRIDED || k == VectorMemory.STORE_STRIDED) && (word & 0xFC007000) == 0x08006000;
    }

    private static int get(byte[] b, int o, int sb) {
        return switch (sb) {
            case 1 -> b[o];
            case 2 -> (short) SHORT.get(b, o);
            default -> (int) INT.get(b, o);
        };
    }

    private static void set(byte[] b, int o, int sb, int value) {
        switch (sb) {
            case 1 -> b[o] = (byte) value;
            case 2 -> SHORT.set(b, o, (short) value);
            default -> INT.set(b, o, value);
        }
    }

    private static boolean active(VectorState v, int lane, boolean masked, int e) {
        return !masked || v.maskBit(lane, 0, e);
    }

    private static int x(Warp w, int reg, int lane) {
        return reg == 0 ? 0 : w.x[reg * w.width + lane];
    }

    /** The scalar second operand of a .vx / .vi / .vf form at SEW (the unit's operandB without vs1). */
    private static int scalarB(Warp w, OperandSource source, int lane, int sew, int rs1) {
        return switch (source) {
            case X -> VectorOps.narrow(x(w, rs1, lane), sew);
            case SIGNED_IMMEDIATE -> VectorOps.narrow(rs1 << 27 >> 27, sew);
            case UNSIGNED_IMMEDIATE -> rs1;
            case F -> w.f[rs1 * w.width + lane];
            case VECTOR, NONE -> throw new IllegalStateException("not a scalar operand: " + source);
        };
    }

    /** Integer arithmetic ({@code arith}) or multiply-add ({@code mulAdd}) over vl elements. */
    private static boolean integer(Warp w, VectorState v, VectorArith arith, VectorMulAdd mulAdd, OperandSource source,
                                   int lane, int sew, boolean masked, int vd, int rs1, int vs2) {
        if (source == OperandSource.F || source == OperandSource.NONE) {
            return false;
        }
        byte[] b = v.bytes;
        int sb = sew / 8;
        int n = v.vl[lane];
        int d = v.offset(lane, vd, 0, sb);
        int s2 = v.offset(lane, vs2, 0, sb);
        boolean vectorB = source == OperandSource.VECTOR;
        int s1 = v.offset(lane, rs1, 0, sb);
        int scalar = vectorB ? 0 : scalarB(w, source, lane, sew, rs1);
        // Host SIMD for the leading whole chunks (not when a masked vd is v0 itself: the element loop
        // then reads mask bits that earlier elements of the same instruction wrote).
        int from = HostSimd.AVAILABLE && arith != null && VectorIntSimd.covers(arith) && (!masked || vd != 0)
                ? VectorIntSimd.arith(arith, sew, b, n, vectorB, scalar, s1, s2, d, masked ? v.offset(lane, 0, 0, 1) : -1)
                : 0;
        for (int e = from; e < n; e++) {
            if (active(v, lane, masked, e)) {
                int bv = vectorB ? get(b, s1 + e * sb, sb) : scalar;
                int a = get(b, s2 + e * sb, sb);
                int r = arith != null ? VectorOps.intBinary(arith, sew, a, bv)
                        : VectorOps.intMulAdd(mulAdd, sew, bv, a, get(b, d + e * sb, sb));
                set(b, d + e * sb, sb, r);
            }
        }
        return true;
    }

    /** Integer compares into the mask register vd: each active element's bit below vl (the others undisturbed). */
    private static boolean compare(Warp w, VectorState v, VectorCompare k, OperandSource source, int lane, int sew,
                                   boolean masked, int vd, int rs1, int vs2) {
        byte[] b = v.bytes;
        int sb = sew / 8;
        int n = v.vl[lane];
        int s2 = v.offset(lane, vs2, 0, sb);
        boolean vectorB = source == OperandSource.VECTOR;
        int s1 = v.offset(lane, rs1, 0, sb);
        int scalar = vectorB ? 0 : scalarB(w, source, lane, sew, rs1);
        int from = HostSimd.AVAILABLE ? VectorIntSimd.compare(k, sew, b, n, vectorB, scalar, s1, s2,
                v.offset(lane, vd, 0, 1), masked ? v.offset(lane, 0, 0, 1) : -1) : 0;
        for (int e = from; e < n; e++) {
            if (active(v, lane, masked, e)) {
                v.setMaskBit(lane, vd, e, VectorOps.intCompare(k, sew, get(b, s2 + e * sb, sb),
                        vectorB ? get(b, s1 + e * sb, sb) : scalar));
            }
        }
        return true;
    }

    private static boolean reduce(Warp w, VectorState v, VectorReduction k, int lane, int sew, boolean masked, int vd,
                                  int rs1, int vs2) {
        byte[] b = v.bytes;
        int sb = sew / 8;
        int n = v.vl[lane];
        int s2 = v.offset(lane, vs2, 0, sb);
        VectorArith combine = k.combine();
        int acc = get(b, v.offset(lane, rs1, 0, sb), sb);
        int from = 0;
        if (HostSimd.AVAILABLE) {
            int[] done = new int[1];
            acc = VectorIntSimd.reduce(k, sew, b, n, s2, masked ? v.offset(lane, 0, 0, 1) : -1, acc, done);
            from = done[0];
        }
        for (int e = from; e < n; e++) {
            if (active(v, lane, masked, e)) {
                acc = VectorOps.intBinary(combine, sew, acc, get(b, s2 + e * sb, sb));
            }
        }
        if (n > 0) {
            set(b, v.offset(lane, vd, 0, sb), sb, acc);
        }
        return true;
    }

    private static boolean reduceFloat(Warp w, VectorState v, VectorFpReduction k, int lane, boolean masked, int vd,
                                       int rs1, int vs2) {
        boolean sum = k == VectorFpReduction.UNORDERED_SUM || k == VectorFpReduction.ORDERED_SUM;
        int rm = sum ? w.frm[lane] : 0;
        if (rm > 4) {
            return false;                          // the unit raises the invalid-frm fault
        }
        byte[] b = v.bytes;
        int[] flags = w.fflags;
        int n = v.vl[lane];
        int s2 = v.offset(lane, vs2, 0, 4);
        int acc = (int) INT.get(b, v.offset(lane, rs1, 0, 4));
        int from = 0;
        if (!sum && HostSimd.AVAILABLE) {           // the sums stay in element order: their rounding depends on it
            int[] done = new int[1];
            acc = VectorIntSimd.reduceMinMax(k, b, n, s2, masked ? v.offset(lane, 0, 0, 1) : -1, acc, done);
            from = done[0];
        }
        for (int e = from; e < n; e++) {
            if (active(v, lane, masked, e)) {
                int x = (int) INT.get(b, s2 + 4 * e);
                acc = switch (k) {
                    case UNORDERED_SUM, ORDERED_SUM -> FloatOps.faddS(acc, x, rm, flags, lane);
                    case MIN -> FloatOps.fminS(acc, x, flags, lane);
                    case MAX -> FloatOps.fmaxS(acc, x, flags, lane);
                };
            }
        }
        if (n > 0) {
            INT.set(b, v.offset(lane, vd, 0, 4), acc);
        }
        return true;
    }

    /**
     * Unmasked moves, splats and one-element slides. Aligned register groups either coincide or are
     * disjoint, so a block copy gives what the unit's element loops give (ascending for slide-down,
     * descending for slide-up), also when vd is vs2.
     */
    private static boolean permute(Warp w, VectorState v, VectorPermute k, OperandSource source, int lane, int sew,
                                   int group, int vd, int rs1, int vs2) {
        if (source == OperandSource.F && sew != 32) {
            return false;                          // FP scalars need SEW 32: the unit's fault
        }
        byte[] b = v.bytes;
        int sb = sew / 8;
        int n = v.vl[lane];
        switch (k) {
            case MOVE_F_S -> {
                if (sew != 32) {
                    return false;
                }
                w.f[vd * w.width + lane] = (int) INT.get(b, v.offset(lane, vs2, 0, 4));
            }
            case MOVE_X_S -> {
                if (vd != 0) {
                    w.x[vd * w.width + lane] = get(b, v.offset(lane, vs2, 0, sb), sb);
                }
            }
            case MOVE_S_X -> {
                if (n > 0) {
                    set(b, v.offset(lane, vd, 0, sb), sb, scalarB(w, source, lane, sew, rs1));
                }
            }
            case MERGE -> {                        // unmasked: vmv.v.v / vmv.v.x / vmv.v.i / vfmv.v.f
                if ((vd & group) != 0 || source == OperandSource.VECTOR && (rs1 & group) != 0) {
                    return false;
                }
                int d = v.offset(lane, vd, 0, sb);
                if (source == OperandSource.VECTOR) {
                    System.arraycopy(b, v.offset(lane, rs1, 0, sb), b, d, n * sb);
                } else {
                    int s = scalarB(w, source, lane, sew, rs1);
                    for (int e = 0; e < n; e++) {
                        set(b, d + e * sb, sb, s);
                    }
                }
            }
            case SLIDE1_DOWN, SLIDE1_UP -> {
                if ((vd & group) != 0 || (vs2 & group) != 0) {
                    return false;
                }
                if (n > 0) {
                    int s = source == OperandSource.F ? w.f[rs1 * w.width + lane]
                            : VectorOps.narrow(x(w, rs1, lane), sew);
                    int d = v.offset(lane, vd, 0, sb);
                    int s2 = v.offset(lane, vs2, 0, sb);
                    if (k == VectorPermute.SLIDE1_DOWN) {
                        System.arraycopy(b, s2 + sb, b, d, (n - 1) * sb);
                        set(b, d + (n - 1) * sb, sb, s);
                    } else {
                        System.arraycopy(b, s2, b, d + sb, (n - 1) * sb);
                        set(b, d, sb, s);
                    }
                }
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    /**
     * vlse32.v / vsse32.v with every element's address word-aligned inside VRAM or inside shared
     * memory (checked for all elements before any is moved, so a fault still comes from the unit).
     */
    private static boolean strided(BlockContext c, Warp w, VectorState v, int lane, int vd, int rs1, int rs2,
                                   boolean store) {
        int n = v.vl[lane];
        int base = x(w, rs1, lane);
        int stride = x(w, rs2, lane);
        if (((base | stride) & 3) != 0) {
            return false;
        }
        byte[] mem = c.mem;
        int window = c.vramSize;
        int origin = 0;
        if (!(base >= 0 && base <= window - 4)) {
            mem = c.shared;
            window = c.shared.length;
            origin = MemoryMap.SHARED_BASE;
        }
        for (int e = 0; e < n; e++) {
            int off = base + e * stride - origin;
            if (off < 0 || off > window - 4) {
                return false;
            }
        }
        byte[] regs = v.bytes;
        int r = v.offset(lane, vd, 0, 4);
        for (int e = 0; e < n; e++) {
            int off = base + e * stride - origin;
            if (store) {
                INT.set(mem, off, (int) INT.get(regs, r + 4 * e));
            } else {
                INT.set(regs, r + 4 * e, (int) INT.get(mem, off));
            }
        }
        return true;
    }
}
