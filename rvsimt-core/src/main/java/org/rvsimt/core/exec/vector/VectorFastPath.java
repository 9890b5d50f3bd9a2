package org.rvsimt.core.exec.vector;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorSpecies;
import org.rvsimt.core.exec.BlockContext;
import org.rvsimt.core.exec.simt.Warp;
import org.rvsimt.core.memory.MemoryMap;
import org.rvsimt.core.semantics.FloatOps;
import org.rvsimt.core.semantics.VectorOps;
import org.rvsimt.isa.OperandSource;
import org.rvsimt.isa.Operation;
import org.rvsimt.isa.Operation.VectorFpArith;
import org.rvsimt.isa.Operation.VectorFpFused;
import org.rvsimt.isa.Operation.VectorMemory;

/**
 * Straight loops for the vector instructions dense kernels spend their time in: unit-stride
 * loads and stores at EEW = SEW (one block copy when the whole vector lies in VRAM, shared memory or
 * the thread's stack; unmasked) and f32 arithmetic and multiply-add (masked or not). One lane at a
 * time, only in the plain case (SEW 32 for the f32 forms, vstart 0, aligned register groups, valid
 * frm, memory in range, a masked vd other than v0); anything else returns false and
 * {@link VectorUnit} runs the lane. The element semantics are the same {@link VectorOps} methods,
 * so both paths give identical bits and flags (the qemu differential test runs through both).
 */
public final class VectorFastPath {
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    /** The host's widest float vector (16 lanes with AVX-512, 8 with AVX2): chosen at run time, never assumed. */
    private static final VectorSpecies<Float> FLOATS = FloatVector.SPECIES_PREFERRED;
    private static final VectorSpecies<Byte> BYTES = ByteVector.SPECIES_PREFERRED;

    /** e^x is computed in doubles: the host's widest double vector, and floats of half its size. */
    private static final VectorSpecies<Double> DOUBLES = DoubleVector.SPECIES_PREFERRED;
    private static final VectorShape HALF = VectorShape.forBitSize(DOUBLES.vectorBitSize() / 2);
    private static final VectorSpecies<Float> HALF_FLOATS = FloatVector.SPECIES_PREFERRED.withShape(HALF);
    private static final VectorSpecies<Byte> HALF_BYTES = ByteVector.SPECIES_PREFERRED.withShape(HALF);

    private VectorFastPath() { }

    /**
     * Runs an f32 arithmetic or multiply-add for {@code lane} if it is a plain case; false if it is not
     * (nothing was done). Unit-stride copies are {@link VectorDirectPath}'s.
     */
    static boolean lane(BlockContext c, Warp w, VectorState v, Operation.Vector op, OperandSource source, int word,
                        int lane) {
        int vtype = v.vtype[lane];
        boolean masked = (word >>> 25 & 1) == 0;
        if ((vtype & VectorOps.VILL) != 0 || VectorOps.sew(vtype) != 32 || v.vstart[lane] != 0) {
            return false;
        }
        int lmulLog2 = VectorOps.lmulLog2(vtype);
        int groupMask = lmulLog2 > 0 ? (1 << lmulLog2) - 1 : 0;
        int vd = word >>> 7 & 31;
        int rs1 = word >>> 15 & 31;
        int vs2 = word >>> 20 & 31;
        if ((vd & groupMask) != 0 || masked && !maskedFloatCovered(false, vd)) {
            return false;
        }
        return floatGroupsAligned(op, source, rs1, vs2, groupMask) && w.frm[lane] <= 4
                && floatLoop(w, v, op, source, lane, vd, rs1, vs2, masked);
    }

    /**
     * Whether a masked instruction has a loop here: f32 arithmetic whose vd is not v0 itself (the
     * element loop of one that is reads mask bits its own earlier elements wrote); not a copy.
     */
    public static boolean maskedFloatCovered(boolean copy, int vd) {
        return !copy && vd != 0;
    }

    /** vle32.v / vse32.v: unit stride (nf, mew, mop, lumop 0, width 110), not whole-register or mask. */
    public static boolean unitStrideE32(Operation.Vector op, int word) {
        return (op == VectorMemory.LOAD || op == VectorMemory.STORE) && (word & 0xFDF07000) == 0x00006000;
    }

    /** {@link VectorDirectPath#unitStrideEew}: vle/vse at 8, 16 or 32 bits, the element width in bytes, else 0. */
    public static int unitStrideEew(Operation.Vector op, int word) {
        return VectorDirectPath.unitStrideEew(op, word);
    }

    /** An f32 arithmetic or multiply-add whose source groups (vs2, and vs1 of .vv) are aligned to LMUL. */
    public static boolean floatGroupsAligned(Operation.Vector op, OperandSource source, int rs1, int vs2, int groupMask) {
        return (op instanceof VectorFpFused || op instanceof VectorFpArith) && (vs2 & groupMask) == 0
                && (source == OperandSource.F || source == OperandSource.VECTOR && (rs1 & groupMask) == 0);
    }

    // ------------------------------------------------------------------ bound by the JIT

    /*
     * Entries the JIT binds at compile time to a vtype with SEW 32: the one an earlier vsetvli/vsetivli
     * of the same block set from its immediate (the seed's "rebind" when vsetvli changes the element
     * width), or the one every vset* of the program sets (a strip-mined loop's blocks). Operand
     * registers, the mask bit and the register-group checks are settled when the block is compiled,
     * so per lane only its vtype's SEW and LMUL (vill fails it), vstart, frm and the memory range are
     * tested; a lane that is not the plain case runs in the unit as usual.
     */

    /** The vtype bits that decide a bound entry: vill, vsew and vlmul. */
    private static final int BOUND_BITS = VectorOps.VILL | 0x3F;

    /** vle32.v / vse32.v bound to e32 at {@code vtype}'s LMUL, vd aligned to its group. */
    public static void boundUnitStride(BlockContext c, Warp w, int i, int pc, long m, int vtype, int vd, int rs1,
                                       boolean store) {
        VectorState v = w.vector();
        int want = vtype & BOUND_BITS;
        for (long mm = m; mm != 0; mm &= mm - 1) {
            int lane = Long.numberOfTrailingZeros(mm);
            if ((v.vtype[lane] & BOUND_BITS) != want || v.vstart[lane] != 0
                    || !VectorDirectPath.unitStride(c, w, v, lane, vd, rs1, store, 4)) {
                VectorUnit.lane(c, w, i, pc, m, lane);
            }
        }
    }

    /** f32 arithmetic / multiply-add bound to e32 at {@code vtype}'s LMUL, the groups aligned to it. */
    public static void boundFloat(BlockContext c, Warp w, int i, int pc, long m, int vtype, int vd, int rs1, int vs2) {
        VectorState v = w.vector();
        Operation.Vector op = (Operation.Vector) c.program.op[i];
        OperandSource source = c.program.source[i];
        boolean masked = (c.program.words[i] >>> 25 & 1) == 0;
        int want = vtype & BOUND_BITS;
        for (long mm = m; mm != 0; mm &= mm - 1) {
            int lane = Long.numberOfTrailingZeros(mm);
            if ((v.vtype[lane] & BOUND_BITS) != want || v.vstart[lane] != 0 || w.frm[lane] > 4
                    || !floatLoop(w, v, op, source, lane, vd, rs1, vs2, masked)) {
                VectorUnit.lane(c, w, i, pc, m, lane);
            }
        }
    }

    private static boolean floatLoop(Warp w, VectorState v, Operation.Vector op, OperandSource source, int lane, int vd,
                                     int rs1, int vs2, boolean masked) {
        VectorFpFused fused = op instanceof VectorFpFused k ? k : null;
        VectorFpArith arith = op instanceof VectorFpArith k ? k : null;
        int rm = w.frm[lane];
        if (arith != null && !arith.rounds()) {
            rm = 0;         // as VectorUnit: min/max/sign injection take no rounding mode
        }
        // The host-SIMD loop as soon as it applies: it does the elements it can prove exact, in whole
        // chunks, and says how far it got; the scalar loop does the rest (a short tail, or from the first
        // chunk that needs exact flags on). A rounded operation in a lane whose inexact flag is not set
        // yet (a thread's first one: every launch starts with clear flags) takes its first elements here
        // until one sets it, then the SIMD loop. Each element reads only its own index of the sources,
        // so the order in which elements are written changes no result, even in place; flags are sticky.
        int[] flags = w.fflags;
        byte[] b = v.bytes;
        int n = v.vl[lane];
        int d = v.offset(lane, vd, 0, 4);
        int s2 = v.offset(lane, vs2, 0, 4);
        boolean scalar = source == OperandSource.F;
        int f = w.f[rs1 * w.width + lane];
        int s1 = v.offset(lane, rs1, 0, 4);
        boolean simdTried = false;
        for (int e = 0; e < n; e++) {
            if (!simdTried && simdApplies(w, arith, lane)) {
                simdTried = true;
                e += masked ? simdMasked(w, v, op, source, lane, vd, rs1, vs2, e)
                        : simdLoop(w, v, op, source, lane, vd, rs1, vs2, e);
                if (e == n) {
                    break;
                }
            }
            if (masked && !v.maskBit(lane, 0, e)) {
                continue;       // masked off: undisturbed
            }
            int a = scalar ? f : (int) INT.get(b, s1 + 4 * e);
            int x2 = (int) INT.get(b, s2 + 4 * e);
            int r = fused != null ? VectorOps.fpMulAdd(fused, a, x2, (int) INT.get(b, d + 4 * e), rm, flags, lane)
                    : VectorOps.fpBinary(arith, x2, a, rm, flags, lane);
            INT.set(b, d + 4 * e, r);
        }
        return true;
    }

    /**
     * Whether the lane may take the host-SIMD loop at all: the rounded operations only with
     * round-to-nearest and the inexact flag already set (then a normal result raises no new flag);
     * min, max and sign injection round nothing, so always (the loop checks their inputs instead).
     */
    private static boolean simdApplies(Warp w, VectorFpArith arith, int lane) {
        return arith != null && !rounded(arith) || w.frm[lane] == 0 /* rne */ && (w.fflags[lane] & FloatOps.NX) != 0;
    }

    /**
     * The f32 multiply-adds and arithmetic on host SIMD, one chunk of elements at a time, in place,
     * from element {@code start}: returns how many elements it wrote (a whole number of chunks), the rest being the
     * scalar loop's. The rounded operations (multiply-adds, vfadd, vfsub, vfrsub, vfmul, vfdiv,
     * vfrdiv): Java's float operations and fused multiply-add round as IEEE 754 does, so with
     * round-to-nearest and the lane's inexact flag already set an operation whose result is a normal
     * number gives the same bits and no new flag (the same argument as FloatOps' scalar fast path);
     * a chunk with any other result is not written, and the scalar loop computes it with exact flags.
     * vfmin/vfmax: with no NaN among the operands, minimumNumber/maximumNumber is Java's min/max
     * (-0 below +0) and raises nothing; a chunk with a NaN goes to the scalar loop. Sign injection is
     * bit operations on the words, flag-free for any input.
     */
    private static int simdLoop(Warp w, VectorState v, Operation.Vector op, OperandSource source, int lane, int vd,
                                int rs1, int vs2, int start) {
        int n = v.vl[lane] - start;
        byte[] regs = v.bytes;
        int d = v.offset(lane, vd, start, 4);
        int s2 = v.offset(lane, vs2, start, 4);
        int s1 = v.offset(lane, rs1, start, 4);
        boolean scalar = source == OperandSource.F;
        FloatVector broadcast = FloatVector.broadcast(FLOATS, Float.intBitsToFloat(w.f[rs1 * w.width + lane]));
        // One method per kind of check, so that HotSpot compiles each loop with its own profile and
        // keeps its vectors in registers: in one shared method a loop the profile saw rarely (the
        // ReLU's vfmax.vf in conv2d_rvv) called its loads out of line, on boxed vectors.
        if (op instanceof VectorFpFused k) {
            return simdMulAdd(k, regs, n, scalar, broadcast, s1, s2, d);
        }
        VectorFpArith k = (VectorFpArith) op;
        if (k == VectorFpArith.MIN || k == VectorFpArith.MAX) {
            return simdMinMax(k == VectorFpArith.MIN, regs, n, scalar, broadcast, s1, s2, d);
        }
        return rounded(k) ? simdRounded(k, regs, n, scalar, broadcast, s1, s2, d)
                : simdSignInjection(k, regs, n, scalar, broadcast.reinterpretAsInts(), s1, s2, d);
    }

    /**
     * The masked forms (v0.t) of {@link #simdLoop}'s loops, from element {@code start}, in one method
     * (kernels rarely mask f32 arithmetic, so it stays out of the unmasked loops): each chunk is
     * computed whole and blended into vd under the chunk's mask bits, masked-off elements keeping
     * their value; the checks that send a chunk to the scalar loop look only at active elements, whose
     * results are the only ones written.
     */
    private static int simdMasked(Warp w, VectorState v, Operation.Vector op, OperandSource source, int lane, int vd,
                                  int rs1, int vs2, int start) {
        int step = FLOATS.length();
        if (step > 56) {
            return 0;           // mask bits are read as one long from any element
        }
        int n = v.vl[lane] - start;
        byte[] regs = v.bytes;
        int d = v.offset(lane, vd, start, 4);
        int s2 = v.offset(lane, vs2, start, 4);
        int s1 = v.offset(lane, rs1, start, 4);
        int v0 = v.offset(lane, 0, 0, 1);
        boolean scalar = source == OperandSource.F;
        FloatVector broadcast = FloatVector.broadcast(FLOATS, Float.intBitsToFloat(w.f[rs1 * w.width + lane]));
        VectorFpFused fused = op instanceof VectorFpFused k ? k : null;
        VectorFpArith arith = op instanceof VectorFpArith k ? k : null;
        int e = 0;
        for (; e + step <= n; e += step) {
            VectorMask<Float> m = VectorMask.fromLong(FLOATS, VectorIntSimd.maskBits(regs, v0, start + e, step));
            FloatVector a = scalar ? broadcast : floats(regs, s1 + 4 * e);
            FloatVector b = floats(regs, s2 + 4 * e);
            FloatVector old = floats(regs, d + 4 * e);
            FloatVector r;
            boolean exact;
            if (fused != null) {
                r = mulAdd(fused, a, b, old);
                exact = !notPlain(r, m);
            } else if (arith == VectorFpArith.MIN || arith == VectorFpArith.MAX) {
                r = arith == VectorFpArith.MIN ? b.min(a) : b.max(a);
                exact = !a.test(VectorOperators.IS_NAN).or(b.test(VectorOperators.IS_NAN)).and(m).anyTrue();
            } else if (!rounded(arith)) {
                IntVector ai = a.reinterpretAsInts();
                IntVector bi = b.reinterpretAsInts();
                r = (switch (arith) {
                    case SGNJ -> bi.and(~SIGN).or(ai.and(SIGN));
                    case SGNJN -> bi.and(~SIGN).or(ai.not().and(SIGN));
                    default -> bi.lanewise(VectorOperators.XOR, ai.and(SIGN));
                }).reinterpretAsFloats();
                exact = true;
            } else {
                r = rounded(arith, a, b);
                exact = !notPlain(r, m);
            }
            if (!exact) {
                break;
            }
            old.blend(r, m).reinterpretAsBytes().intoArray(regs, d + 4 * e);
        }
        return e;
    }

    private static int simdMulAdd(VectorFpFused k, byte[] regs, int n, boolean scalar, FloatVector broadcast, int s1,
                                  int s2, int d) {
        int step = FLOATS.length();
        int e = 0;
        for (; e + step <= n; e += step) {
            FloatVector a = scalar ? broadcast : floats(regs, s1 + 4 * e);
            FloatVector r = mulAdd(k, a, floats(regs, s2 + 4 * e), floats(regs, d + 4 * e));
            if (notPlain(r)) {
                break;          // this chunk and the rest: the scalar loop
            }
            r.reinterpretAsBytes().intoArray(regs, d + 4 * e);
        }
        return e;
    }

    private static int simdMinMax(boolean min, byte[] regs, int n, boolean scalar, FloatVector broadcast, int s1,
                                  int s2, int d) {
        int step = FLOATS.length();
        int e = 0;
        for (; e + step <= n; e += step) {
            FloatVector a = scalar ? broadcast : floats(regs, s1 + 4 * e);
            FloatVector b = floats(regs, s2 + 4 * e);
            if (a.test(VectorOperators.IS_NAN).or(b.test(VectorOperators.IS_NAN)).anyTrue()) {
                break;
            }
            (min ? b.min(a) : b.max(a)).reinterpretAsBytes().intoArray(regs, d + 4 * e);
        }
        return e;
    }

    /** fsgnj*(vs2, vs1): vs2's magnitude, a sign from vs1 (its sign, the opposite, or the two signs' xor). */
    private static int simdSignInjection(VectorFpArith k, byte[] regs, int n, boolean scalar, IntVector broadcast,
                                         int s1, int s2, int d) {
        int step = FLOATS.length();
        int e = 0;
        for (; e + step <= n; e += step) {
            IntVector a = scalar ? broadcast : floats(regs, s1 + 4 * e).reinterpretAsInts();
            IntVector b = floats(regs, s2 + 4 * e).reinterpretAsInts();
            IntVector r = switch (k) {
                case SGNJ -> b.and(~SIGN).or(a.and(SIGN));
                case SGNJN -> b.and(~SIGN).or(a.not().and(SIGN));
                default -> b.lanewise(VectorOperators.XOR, a.and(SIGN));
            };
            r.reinterpretAsBytes().intoArray(regs, d + 4 * e);
        }
        return e;
    }

    /** One rounded f32 form on host vectors: a is vs1 (or the scalar), b is vs2, as RVV orders them. */
    private static FloatVector rounded(VectorFpArith k, FloatVector a, FloatVector b) {
        return switch (k) {
            case ADD -> b.add(a);
            case SUB -> b.sub(a);
            case RSUB -> a.sub(b);
            case MUL -> b.mul(a);
            case DIV -> b.div(a);
            default -> a.div(b);        // RDIV
        };
    }

    private static int simdRounded(VectorFpArith k, byte[] regs, int n, boolean scalar, FloatVector broadcast, int s1,
                                   int s2, int d) {
        int step = FLOATS.length();
        int e = 0;
        for (; e + step <= n; e += step) {
            FloatVector a = scalar ? broadcast : floats(regs, s1 + 4 * e);
            FloatVector b = floats(regs, s2 + 4 * e);
            FloatVector r = rounded(k, a, b);
            if (notPlain(r)) {
                break;
            }
            r.reinterpretAsBytes().intoArray(regs, d + 4 * e);
        }
        return e;
    }

    /**
     * vfexp.v in the exact SFU mode, unmasked, on host SIMD: elements 0.. of the group at byte
     * {@code s2} to the group at {@code d} (they may be the same), one host vector of doubles at a
     * time; returns how many leading elements it wrote, the rest being the scalar loop's. The scalar
     * fexp.s is {@code (float) StrictMath.exp(x)}, whose double is within 1 ulp of e^x (fdlibm); the
     * Vector API's EXP follows Math.exp, also within 1 ulp. Both round to the same float when e^x is
     * a normal float (-87 <= x <= 88) and the host's double lies farther than 2^-44 of itself (far
     * more than the two errors) from the midpoints around the float it rounds to; a chunk with any
     * element that fails this (NaN and infinities included) is left to the scalar loop. fexp.s sets
     * no flags, so nothing else can differ.
     */
    static int expExact(byte[] regs, int n, int s2, int d) {
        int step = DOUBLES.length();
        int e = 0;
        for (; e + step <= n; e += step) {
            FloatVector x = ByteVector.fromArray(HALF_BYTES, regs, s2 + 4 * e).reinterpretAsFloats();
            if (!x.compare(VectorOperators.GE, -87f).and(x.compare(VectorOperators.LE, 88f)).allTrue()) {
                break;
            }
            DoubleVector p = ((DoubleVector) x.convertShape(VectorOperators.F2D, DOUBLES, 0))
                    .lanewise(VectorOperators.EXP);
            FloatVector f = (FloatVector) p.convertShape(VectorOperators.D2F, HALF_FLOATS, 0);
            DoubleVector fd = (DoubleVector) f.convertShape(VectorOperators.F2D, DOUBLES, 0);
            // Half the float spacing above f: 2^(E-24) for f in [2^E, 2^(E+1)); below a power of two
            // the spacing is half that.
            LongVector bits = fd.reinterpretAsLongs();
            LongVector halfAbove = bits.and(0x7FF0_0000_0000_0000L).sub(24L << 52);
            VectorMask<Long> powerOfTwo = bits.and(0x000F_FFFF_FFFF_FFFFL).compare(VectorOperators.EQ, 0);
            LongVector halfBelow = halfAbove.sub(1L << 52, powerOfTwo);
            DoubleVector diff = p.sub(fd);          // exact: p and fd are within a float's half spacing
            DoubleVector room = halfBelow.reinterpretAsDoubles().add(diff)
                    .blend(halfAbove.reinterpretAsDoubles().sub(diff), diff.compare(VectorOperators.GE, 0));
            if (!room.compare(VectorOperators.GT, p.mul(0x1p-44)).allTrue()) {
                break;
            }
            f.reinterpretAsBytes().intoArray(regs, d + 4 * e);
        }
        return e;
    }

    /**
     * The floats of a register group from byte {@code at}: the register file is little-endian bytes,
     * as the host's lanes are (a heap MemorySegment load ran the Vector API's Java fallback here).
     */
    private static FloatVector floats(byte[] regs, int at) {
        return ByteVector.fromArray(BYTES, regs, at).reinterpretAsFloats();
    }

    private static boolean rounded(VectorFpArith op) {
        return switch (op) {
            case ADD, SUB, RSUB, MUL, DIV, RDIV -> true;
            case MIN, MAX, SGNJ, SGNJN, SGNJX -> false;
        };
    }

    /**
     * Whether a chunk of results has an element that could have raised a flag other than inexact:
     * zero, subnormal or in the lowest normal binade (underflow, decided after rounding), infinite or
     * NaN (overflow, invalid, divide by zero).
     */
    private static boolean notPlain(FloatVector results) {
        IntVector exp = results.reinterpretAsInts().lanewise(VectorOperators.LSHR, 23).and(0xFF);
        return exp.compare(VectorOperators.LE, 1).or(exp.compare(VectorOperators.EQ, 255)).anyTrue();
    }

    /** {@link #notPlain(FloatVector)} for the active elements {@code m} only. */
    private static boolean notPlain(FloatVector results, VectorMask<Float> m) {
        IntVector exp = results.reinterpretAsInts().lanewise(VectorOperators.LSHR, 23).and(0xFF);
        return exp.compare(VectorOperators.LE, 1).or(exp.compare(VectorOperators.EQ, 255)).cast(FLOATS).and(m)
                .anyTrue();
    }

    private static final int SIGN = 0x8000_0000;

    /** a = vs1/fs1, b = vs2, old = vd: the fused multiply-add of {@code op} (spec 13.6). */
    private static FloatVector mulAdd(VectorFpFused op, FloatVector a, FloatVector b, FloatVector old) {
        boolean addendIsVd = switch (op) {
            case MACC, NMACC, MSAC, NMSAC -> true;     // +-(a*vs2) +- vd
            case MADD, NMADD, MSUB, NMSUB -> false;    // +-(a*vd) +- vs2
        };
        FloatVector mul = addendIsVd ? b : old;
        FloatVector add = addendIsVd ? old : b;
        FloatVector product = switch (op) {
            case NMACC, NMSAC, NMADD, NMSUB -> a.neg();
            case MACC, MSAC, MADD, MSUB -> a;
        };
        FloatVector addend = switch (op) {
            case NMACC, MSAC, NMADD, MSUB -> add.neg();
            case MACC, NMSAC, MADD, NMSUB -> add;
        };
        return product.fma(mul, addend);
    }
}
