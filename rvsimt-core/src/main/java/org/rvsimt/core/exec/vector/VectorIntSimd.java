package org.rvsimt.core.exec.vector;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.ShortVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;
import org.rvsimt.isa.Operation.VectorArith;
import org.rvsimt.isa.Operation.VectorCompare;
import org.rvsimt.isa.Operation.VectorFpReduction;
import org.rvsimt.isa.Operation.VectorReduction;

/**
 * Host-SIMD loops for the integer forms at SEW 8, 16 and 32 (arithmetic, logic, shifts, min/max,
 * vmul, compares into a mask, reductions) and the f32 min/max reductions, masked or not. Each works
 * on one lane's register bytes a host vector of elements at a time and returns how many leading
 * elements it did (whole chunks); the caller's element loop does the rest with {@code VectorOps}.
 *
 * <p>Why the results are the element functions' bit for bit: the integer operations are the Vector
 * API's lanewise ones at the element width, which wrap mod 2^SEW, take shift counts mod SEW and
 * shift right logically within the lane, as RVV does (spec 11.1-11.9); each element reads only its
 * own index of the sources, so chunk order changes nothing, also in place. Masked-off elements
 * keep their old value (the mask-undisturbed policy this engine applies also under {@code ma}): a
 * chunk is a blend of old and new under the v0 bits. The integer reductions (sum mod 2^SEW, and,
 * or, xor, min, max, signed and unsigned) are associative and commutative, so combining per-chunk
 * partial results in any order gives the sequential answer exactly. vfredmin/vfredmax: with no NaN
 * among the active elements, minimumNumber/maximumNumber is a total order (-0 below +0) that
 * raises no flag, so any order gives the same value; a chunk with a NaN goes to the element loop.
 * The ordered sums (vfredosum, and vfredusum, which this engine also adds in element order) stay in
 * the element loop: their rounding depends on the order.
 *
 * <p>The species are the host's widest vectors, chosen at run time; a host whose vectors hold fewer
 * than 8 elements of a width gets no chunks at that width (mask bits are read and written a byte at a
 * time).
 */
final class VectorIntSimd {
    private static final VectorSpecies<Byte> B = ByteVector.SPECIES_PREFERRED;
    private static final VectorSpecies<Short> S = ShortVector.SPECIES_PREFERRED;
    private static final VectorSpecies<Integer> I = IntVector.SPECIES_PREFERRED;
    private static final VectorSpecies<Byte> BYTES_OF_SHORTS = ByteVector.SPECIES_PREFERRED.withShape(S.vectorShape());
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private VectorIntSimd() { }

    /** Whether {@code op} has a host-SIMD form here (the multiply-highs and divides do not). */
    static boolean covers(VectorArith op) {
        return switch (op) {
            case ADD, SUB, RSUB, MINU, MIN, MAXU, MAX, AND, OR, XOR, SLL, SRL, SRA, MUL -> true;
            case MULH, MULHU, MULHSU, DIVU, DIV, REMU, REM -> false;
        };
    }

    /** Elements per chunk at {@code sew}: the host vector's length, or 0 when too short for byte-wise mask bits. */
    static int chunk(int sew) {
        int n = switch (sew) {
            case 8 -> B.length();
            case 16 -> S.length();
            default -> I.length();
        };
        return n >= 8 ? n : Integer.MAX_VALUE;
    }

    /**
     * The mask bits of the {@code length} elements from element e, low bit first, from the mask
     * register at byte {@code v0} ((e mod 8) + length at most 64; the integer loops' chunks start
     * at a multiple of 8, the f32 loops' anywhere).
     */
    static long maskBits(byte[] regs, int v0, int e, int length) {
        int shift = e & 7;
        int bytes = (shift + length + 7) >>> 3;
        long bits = 0;
        for (int k = 0; k < bytes; k++) {
            bits |= (regs[v0 + (e >>> 3) + k] & 0xFFL) << 8 * k;
        }
        bits >>>= shift;
        return length == 64 ? bits : bits & (1L << length) - 1;
    }

    private static void putMaskBits(byte[] regs, int vd, int e, int length, long bits) {
        for (int k = 0; k < length / 8; k++) {
            regs[vd + (e >>> 3) + k] = (byte) (bits >>> 8 * k);
        }
    }

    // ------------------------------------------------------------------ arithmetic: vd = vs2 op b

    /**
     * {@code vd[e] = vs2[e] op b[e]} for the leading whole chunks of {@code n} elements; b is vs1
     * (group at byte {@code s1}) or the scalar {@code scalar} (already narrowed to SEW). {@code v0}
     * is the mask register's byte offset, or -1 unmasked.
     */
    static int arith(VectorArith op, int sew, byte[] regs, int n, boolean vectorB, int scalar, int s1, int s2, int d,
                     int v0) {
        return switch (sew) {
            case 8 -> arith8(op, regs, n, vectorB, (byte) scalar, s1, s2, d, v0);
            case 16 -> arith16(op, regs, n, vectorB, (short) scalar, s1, s2, d, v0);
            default -> arith32(op, regs, n, vectorB, scalar, s1, s2, d, v0);
        };
    }

    private static int arith8(VectorArith op, byte[] regs, int n, boolean vectorB, byte scalar, int s1, int s2, int d,
                              int v0) {
        int step = B.length();
        if (step < 8) {
            return 0;
        }
        ByteVector broadcast = ByteVector.broadcast(B, scalar);
        int e = 0;
        for (; e + step <= n; e += step) {
            ByteVector b = vectorB ? ByteVector.fromArray(B, regs, s1 + e) : broadcast;
            ByteVector a = ByteVector.fromArray(B, regs, s2 + e);
            ByteVector r = switch (op) {
                case ADD -> a.add(b);
                case SUB -> a.sub(b);
                case RSUB -> b.sub(a);
                case MINU -> a.lanewise(VectorOperators.UMIN, b);
                case MIN -> a.min(b);
                case MAXU -> a.lanewise(VectorOperators.UMAX, b);
                case MAX -> a.max(b);
                case AND -> a.and(b);
                case OR -> a.or(b);
                case XOR -> a.lanewise(VectorOperators.XOR, b);
                case SLL -> a.lanewise(VectorOperators.LSHL, b);
                case SRL -> a.lanewise(VectorOperators.LSHR, b);
                case SRA -> a.lanewise(VectorOperators.ASHR, b);
                default -> a.mul(b);
            };
            if (v0 >= 0) {
                r = ByteVector.fromArray(B, regs, d + e).blend(r, VectorMask.fromLong(B, maskBits(regs, v0, e, step)));
            }
            r.intoArray(regs, d + e);
        }
        return e;
    }

    private static int arith16(VectorArith op, byte[] regs, int n, boolean vectorB, short scalar, int s1, int s2,
                               int d, int v0) {
        int step = S.length();
        if (step < 8) {
            return 0;
        }
        ShortVector broadcast = ShortVector.broadcast(S, scalar);
        int e = 0;
        for (; e + step <= n; e += step) {
            ShortVector b = vectorB ? shorts(regs, s1 + 2 * e) : broadcast;
            ShortVector a = shorts(regs, s2 + 2 * e);
            ShortVector r = switch (op) {
                case ADD -> a.add(b);
                case SUB -> a.sub(b);
                case RSUB -> b.sub(a);
                case MINU -> a.lanewise(VectorOperators.UMIN, b);
                case MIN -> a.min(b);
                case MAXU -> a.lanewise(VectorOperators.UMAX, b);
                case MAX -> a.max(b);
                case AND -> a.and(b);
                case OR -> a.or(b);
                case XOR -> a.lanewise(VectorOperators.XOR, b);
                case SLL -> a.lanewise(VectorOperators.LSHL, b);
                case SRL -> a.lanewise(VectorOperators.LSHR, b);
                case SRA -> a.lanewise(VectorOperators.ASHR, b);
                default -> a.mul(b);
            };
            if (v0 >= 0) {
                r = shorts(regs, d + 2 * e).blend(r, VectorMask.fromLong(S, maskBits(regs, v0, e, step)));
            }
            r.reinterpretAsBytes().intoArray(regs, d + 2 * e);
        }
        return e;
    }

    private static int arith32(VectorArith op, byte[] regs, int n, boolean vectorB, int scalar, int s1, int s2, int d,
                               int v0) {
        int step = I.length();
        if (step < 8) {
            return 0;
        }
        IntVector broadcast = IntVector.broadcast(I, scalar);
        int e = 0;
        for (; e + step <= n; e += step) {
            IntVector b = vectorB ? ints(regs, s1 + 4 * e) : broadcast;
            IntVector a = ints(regs, s2 + 4 * e);
            IntVector r = switch (op) {
                case ADD -> a.add(b);
                case SUB -> a.sub(b);
                case RSUB -> b.sub(a);
                case MINU -> a.lanewise(VectorOperators.UMIN, b);
                case MIN -> a.min(b);
                case MAXU -> a.lanewise(VectorOperators.UMAX, b);
                case MAX -> a.max(b);
                case AND -> a.and(b);
                case OR -> a.or(b);
                case XOR -> a.lanewise(VectorOperators.XOR, b);
                case SLL -> a.lanewise(VectorOperators.LSHL, b);
                case SRL -> a.lanewise(VectorOperators.LSHR, b);
                case SRA -> a.lanewise(VectorOperators.ASHR, b);
                default -> a.mul(b);
            };
            if (v0 >= 0) {
                r = ints(regs, d + 4 * e).blend(r, VectorMask.fromLong(I, maskBits(regs, v0, e, step)));
            }
            r.reinterpretAsBytes().intoArray(regs, d + 4 * e);
        }
        return e;
    }

    // ------------------------------------------------------------------ compares: vd.mask[e] = vs2[e] cmp b[e]

    /**
     * The compare's mask bits for the leading whole chunks (masked-off bits keep their old value);
     * returns how many elements it did. The comparison is chosen by a switch in the loop, not passed
     * as an operator: C2 only turns a Vector API call with a constant operator into host instructions.
     */
    static int compare(VectorCompare op, int sew, byte[] regs, int n, boolean vectorB, int scalar, int s1, int s2,
                       int d, int v0) {
        int step = chunk(sew);
        int e = 0;
        for (; e + step <= n; e += step) {
            long bits = switch (sew) {
                case 8 -> compare8(op, ByteVector.fromArray(B, regs, s2 + e),
                        vectorB ? ByteVector.fromArray(B, regs, s1 + e) : ByteVector.broadcast(B, (byte) scalar));
                case 16 -> compare16(op, shorts(regs, s2 + 2 * e),
                        vectorB ? shorts(regs, s1 + 2 * e) : ShortVector.broadcast(S, (short) scalar));
                default -> compare32(op, ints(regs, s2 + 4 * e),
                        vectorB ? ints(regs, s1 + 4 * e) : IntVector.broadcast(I, scalar));
            };
            if (v0 >= 0) {
                long active = maskBits(regs, v0, e, step);
                bits = bits & active | maskBits(regs, d, e, step) & ~active;
            }
            putMaskBits(regs, d, e, step, bits);
        }
        return e;
    }

    private static long compare8(VectorCompare op, ByteVector a, ByteVector b) {
        VectorMask<Byte> r = switch (op) {
            case EQ -> a.compare(VectorOperators.EQ, b);
            case NE -> a.compare(VectorOperators.NE, b);
            case LTU -> a.compare(VectorOperators.ULT, b);
            case LT -> a.compare(VectorOperators.LT, b);
            case LEU -> a.compare(VectorOperators.ULE, b);
            case LE -> a.compare(VectorOperators.LE, b);
            case GTU -> a.compare(VectorOperators.UGT, b);
            case GT -> a.compare(VectorOperators.GT, b);
        };
        return r.toLong();
    }

    private static long compare16(VectorCompare op, ShortVector a, ShortVector b) {
        VectorMask<Short> r = switch (op) {
            case EQ -> a.compare(VectorOperators.EQ, b);
            case NE -> a.compare(VectorOperators.NE, b);
            case LTU -> a.compare(VectorOperators.ULT, b);
            case LT -> a.compare(VectorOperators.LT, b);
            case LEU -> a.compare(VectorOperators.ULE, b);
            case LE -> a.compare(VectorOperators.LE, b);
            case GTU -> a.compare(VectorOperators.UGT, b);
            case GT -> a.compare(VectorOperators.GT, b);
        };
        return r.toLong();
    }

    private static long compare32(VectorCompare op, IntVector a, IntVector b) {
        VectorMask<Integer> r = switch (op) {
            case EQ -> a.compare(VectorOperators.EQ, b);
            case NE -> a.compare(VectorOperators.NE, b);
            case LTU -> a.compare(VectorOperators.ULT, b);
            case LT -> a.compare(VectorOperators.LT, b);
            case LEU -> a.compare(VectorOperators.ULE, b);
            case LE -> a.compare(VectorOperators.LE, b);
            case GTU -> a.compare(VectorOperators.UGT, b);
            case GT -> a.compare(VectorOperators.GT, b);
        };
        return r.toLong();
    }

    // ------------------------------------------------------------------ reductions

    /**
     * Folds the active elements of the leading whole chunks of vs2 into {@code acc} with {@code op}'s
     * combine; returns the new accumulator, and the number of elements done in {@code done[0]}.
     */
    static int reduce(VectorReduction op, int sew, byte[] regs, int n, int s2, int v0, int acc, int[] done) {
        int step = chunk(sew);
        VectorArith combine = op.combine();
        int e = 0;
        for (; e + step <= n; e += step) {
            long active = v0 < 0 ? -1L : maskBits(regs, v0, e, step);
            int part = switch (sew) {
                case 8 -> reduce8(op, ByteVector.fromArray(B, regs, s2 + e), VectorMask.fromLong(B, active));
                case 16 -> reduce16(op, shorts(regs, s2 + 2 * e), VectorMask.fromLong(S, active));
                default -> reduce32(op, ints(regs, s2 + 4 * e), VectorMask.fromLong(I, active));
            };
            // A chunk with no active element reduces to the operation's identity, which leaves acc as it is.
            acc = org.rvsimt.core.semantics.VectorOps.intBinary(combine, sew, acc, part);
        }
        done[0] = e;
        return acc;
    }

    /*
     * The unsigned minimum and maximum are the signed ones of the elements with their sign bit flipped
     * (an order-preserving map from unsigned to signed), flipped back: JDK 25's ByteVector
     * reduceLanes(UMAX) gives 0x80 for the bytes 0, 2, ..., 126 (its fallback starts from a wrong
     * identity), while the signed reductions are right.
     */
    private static int reduce8(VectorReduction op, ByteVector x, VectorMask<Byte> m) {
        return switch (op) {
            case SUM -> x.reduceLanes(VectorOperators.ADD, m);
            case AND -> x.reduceLanes(VectorOperators.AND, m);
            case OR -> x.reduceLanes(VectorOperators.OR, m);
            case XOR -> x.reduceLanes(VectorOperators.XOR, m);
            case MINU -> x.lanewise(VectorOperators.XOR, (byte) 0x80).reduceLanes(VectorOperators.MIN, m) ^ (byte) 0x80;
            case MIN -> x.reduceLanes(VectorOperators.MIN, m);
            case MAXU -> x.lanewise(VectorOperators.XOR, (byte) 0x80).reduceLanes(VectorOperators.MAX, m) ^ (byte) 0x80;
            case MAX -> x.reduceLanes(VectorOperators.MAX, m);
        };
    }

    private static int reduce16(VectorReduction op, ShortVector x, VectorMask<Short> m) {
        return switch (op) {
            case SUM -> x.reduceLanes(VectorOperators.ADD, m);
            case AND -> x.reduceLanes(VectorOperators.AND, m);
            case OR -> x.reduceLanes(VectorOperators.OR, m);
            case XOR -> x.reduceLanes(VectorOperators.XOR, m);
            case MINU -> x.lanewise(VectorOperators.XOR, (short) 0x8000).reduceLanes(VectorOperators.MIN, m) ^ (short) 0x8000;
            case MIN -> x.reduceLanes(VectorOperators.MIN, m);
            case MAXU -> x.lanewise(VectorOperators.XOR, (short) 0x8000).reduceLanes(VectorOperators.MAX, m) ^ (short) 0x8000;
            case MAX -> x.reduceLanes(VectorOperators.MAX, m);
        };
    }

    private static int reduce32(VectorReduction op, IntVector x, VectorMask<Integer> m) {
        return switch (op) {
            case SUM -> x.reduceLanes(VectorOperators.ADD, m);
            case AND -> x.reduceLanes(VectorOperators.AND, m);
            case OR -> x.reduceLanes(VectorOperators.OR, m);
            case XOR -> x.reduceLanes(VectorOperators.XOR, m);
            case MINU -> x.lanewise(VectorOperators.XOR, 0x8000_0000).reduceLanes(VectorOperators.MIN, m) ^ 0x8000_0000;
            case MIN -> x.reduceLanes(VectorOperators.MIN, m);
            case MAXU -> x.lanewise(VectorOperators.XOR, 0x8000_0000).reduceLanes(VectorOperators.MAX, m) ^ 0x8000_0000;
            case MAX -> x.reduceLanes(VectorOperators.MAX, m);
        };
    }

    /**
     * vfredmin / vfredmax over the leading whole chunks with no NaN among their active elements;
     * returns the new accumulator, the number of elements done in {@code done[0]}.
     */
    static int reduceMinMax(VectorFpReduction op, byte[] regs, int n, int s2, int v0, int acc, int[] done) {
        int step = chunk(32);
        boolean max = op == VectorFpReduction.MAX;
        float a = Float.intBitsToFloat(acc);
        if (Float.isNaN(a)) {
            done[0] = 0;
            return acc;
        }
        int e = 0;
        for (; e + step <= n; e += step) {
            FloatVector x = ints(regs, s2 + 4 * e).reinterpretAsFloats();
            VectorMask<Float> active = v0 < 0 ? FloatVector.SPECIES_PREFERRED.maskAll(true)
                    : VectorMask.fromLong(FloatVector.SPECIES_PREFERRED, maskBits(regs, v0, e, step));
            if (x.test(VectorOperators.IS_NAN, active).anyTrue()) {
                break;
            }
            if (active.anyTrue()) {
                a = max ? Math.max(a, x.reduceLanes(VectorOperators.MAX, active))
                        : Math.min(a, x.reduceLanes(VectorOperators.MIN, active));
            }
        }
        done[0] = e;
        return Float.floatToRawIntBits(a);
    }

    private static ShortVector shorts(byte[] regs, int at) {
        return ByteVector.fromArray(BYTES_OF_SHORTS, regs, at).reinterpretAsShorts();
    }

    private static IntVector ints(byte[] regs, int at) {
        return ByteVector.fromArray(B, regs, at).reinterpretAsInts();
    }
}
