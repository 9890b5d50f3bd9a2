package org.rvsimt.core.exec.jit;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;
import org.rvsimt.core.exec.BlockContext;
import org.rvsimt.core.exec.interp.LaneOps;
import org.rvsimt.core.exec.simt.Warp;
import org.rvsimt.core.memory.MemoryMap;
import org.rvsimt.core.memory.Windows;
import org.rvsimt.core.semantics.FloatOps;
import org.rvsimt.isa.Operation;
import org.rvsimt.isa.Operation.FpArith;
import org.rvsimt.isa.Operation.FpFused;

/**
 * Whole-warp lane loops on host SIMD for the full-mask variant of compiled blocks: f32 add, sub,
 * mul and the four fused multiply-adds, and 32-bit loads and stores. The warp is walked in chunks of the
 * host's preferred species (16 lanes with AVX-512, 8 with AVX2: chosen at run time, never
 * assumed); lanes past the last whole chunk, and any chunk the fast path cannot prove plain, run
 * the same per-lane code as the scalar loops, so results, flags and faults are bit-identical.
 *
 * <p>Why the float fast path is exact: with round-to-nearest-even and every lane's inexact flag
 * already set, an operation whose result is a normal number of exponent field 2..254 raises no
 * new flag (the argument of FloatOps' scalar fast path, RISC-V unprivileged spec 11.2 and 11.5:
 * not OF, it is finite; not UF, it is not tiny; not NV or DZ, those give NaN or infinity), and
 * the host's IEEE-754 operation is the correctly rounded result. A chunk with any other result
 * is recomputed lane by lane with FloatOps.
 */
public final class SimdLanes {
    private static final VectorSpecies<Float> FLOATS = FloatVector.SPECIES_PREFERRED;
    static final VectorSpecies<Integer> INTS = FLOATS.withLanes(int.class);
    static final VectorSpecies<Byte> BYTES = FLOATS.withLanes(byte.class);
    static final int STEP = FLOATS.length();
    /** 0, 4, 8, ...: the byte offsets of a contiguous chunk of 32-bit words. */
    static final IntVector WORD_OFFSETS = IntVector.zero(INTS).addIndex(4);

    private SimdLanes() { }

    /** Whether a warp of this width has at least one whole chunk (narrower warps keep the scalar loops). */
    static boolean pays(int width) {
        return width >= STEP;
    }

    /** True when every lane's inexact flag is set: the precondition of the float fast path. */
    static boolean inexactEverywhere(int[] fflags, int width) {
        for (int l = 0; l < width; l++) {
            if ((fflags[l] & FloatOps.NX) == 0) {
                return false;
            }
        }
        return true;
    }

    /** True when every lane's frm is RNE, so rm = dyn means RNE for the whole warp (and cannot fault). */
    static boolean nearestEverywhere(int[] frm, int width) {
        for (int l = 0; l < width; l++) {
            if (frm[l] != 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * f[d] = op(f[a], f[b] (, f[c])) for all lanes with RNE; the caller has checked
     * {@link #inexactEverywhere}. Register arguments are row offsets (reg * width).
     */
    static void fp(Operation op, int[] f, int[] fflags, int d, int a, int b, int c, int width) {
        int l = 0;
        for (; l <= width - STEP; l += STEP) {
            FloatVector x = IntVector.fromArray(INTS, f, a + l).reinterpretAsFloats();
            FloatVector y = IntVector.fromArray(INTS, f, b + l).reinterpretAsFloats();
            FloatVector r;
            if (op instanceof FpArith arith) {
                r = switch (arith) {
                    case FADD -> x.add(y);
                    case FSUB -> x.sub(y);
                    case FMUL -> x.mul(y);
                    case FDIV, FADD_H, FSUB_H, FMUL_H, FDIV_H ->
                            throw new IllegalArgumentException(arith + " has no host-SIMD path");
                };
            } else {
                FloatVector z = IntVector.fromArray(INTS, f, c + l).reinterpretAsFloats();
                r = switch ((FpFused) op) {
                    case FMADD -> x.fma(y, z);
                    case FMSUB -> x.fma(y, z.neg());
                    case FNMSUB -> x.neg().fma(y, z);
                    case FNMADD -> x.neg().fma(y, z.neg());
                    case FMADD_H, FMSUB_H, FNMSUB_H, FNMADD_H ->
                            throw new IllegalArgumentException(op + " has no host-SIMD path");
                };
            }
            IntVector bits = r.reinterpretAsInts();
            IntVector exponent = bits.lanewise(VectorOperators.LSHR, 23).and(0xFF);
            if (exponent.compare(VectorOperators.LE, 1).or(exponent.compare(VectorOperators.EQ, 255)).anyTrue()) {
                scalarFp(op, f, fflags, d, a, b, c, l, l + STEP);
            } else {
                bits.intoArray(f, d + l);
            }
        }
        scalarFp(op, f, fflags, d, a, b, c, l, width);
    }

    /** Lanes [from, to) through the exact semantics, exactly as the scalar lane loop runs them. */
    static void scalarFp(Operation op, int[] f, int[] fflags, int d, int a, int b, int c, int from, int to) {
        for (int l = from; l < to; l++) {
            int x = f[a + l];
            int y = f[b + l];
            f[d + l] = op instanceof FpArith arith ? FloatOps.arith(arith, x, y, 0, fflags, l)
                    : FloatOps.fused((FpFused) op, x, y, f[c + l], 0, fflags, l);
        }
    }

    /**
     * dst[d + lane] = the 32-bit word at x[base + lane] + imm, for all lanes. A chunk whose lanes
     * all read one word (a broadcast, like As[ty][k] in a tiled matmul) or consecutive words
     * (Bs[k][tx]) inside VRAM or shared memory is one vector access; any other chunk, or one that
     * touches another window or would fault, goes lane by lane through {@link LaneOps#load}.
     */
    static void load32(BlockContext c, Warp w, int[] dst, int d, int[] x, int base, int imm, int width) {
        int l = 0;
        for (; l <= width - STEP; l += STEP) {
            IntVector addr = IntVector.fromArray(INTS, x, base + l).add(imm);
            int first = addr.lane(0);
            if ((first & 3) == 0) {
                if (!addr.compare(VectorOperators.NE, first).anyTrue()) {
                    if (broadcast(c, dst, d + l, first)) {
                        continue;
                    }
                } else if (!addr.compare(VectorOperators.NE, WORD_OFFSETS.add(first)).anyTrue()
                        && contiguous(c, dst, d + l, first)) {
                    continue;
                }
            }
            scalarLoad(c, w, dst, d, x, base, imm, l, l + STEP);
        }
        scalarLoad(c, w, dst, d, x, base, imm, l, width);
    }

    private static boolean broadcast(BlockContext c, int[] dst, int at, int addr) {
        byte[] mem;
        int off;
        if (addr >= 0 && addr <= c.vramSize - 4) {
            mem = c.mem;
            off = addr;
        } else if (addr - MemoryMap.SHARED_BASE >= 0 && addr - MemoryMap.SHARED_BASE <= c.shared.length - 4) {
            mem = c.shared;
            off = addr - MemoryMap.SHARED_BASE;
        } else {
            return false;      // other windows may differ per lane (CTRL ids, private stacks)
        }
        IntVector.broadcast(INTS, Windows.load(mem, off, 4, false)).intoArray(dst, at);
        return true;
    }

    private static boolean contiguous(BlockContext c, int[] dst, int at, int addr) {
        int bytes = 4 * STEP;
        byte[] mem;
        int off;
        if (addr >= 0 && addr <= c.vramSize - bytes) {
            mem = c.mem;
            off = addr;
        } else if (addr - MemoryMap.SHARED_BASE >= 0 && addr - MemoryMap.SHARED_BASE <= c.shared.length - bytes) {
            mem = c.shared;
            off = addr - MemoryMap.SHARED_BASE;
        } else {
            return false;
        }
        // Lane k of the int view is bytes 4k..4k+3 taken little-endian (the Vector API reinterprets
        // in little-endian lane order), which is the RV32 word order.
        ByteVector.fromArray(BYTES, mem, off).reinterpretAsInts().intoArray(dst, at);
        return true;
    }

    /**
     * The 32-bit word src[s + lane] to x[base + lane] + imm, for all lanes, in lane order. A chunk of
     * consecutive words in VRAM or shared memory is one vector store; a chunk whose lanes all store
     * to one such word leaves the last lane's value, as the lane-ordered loop does; a chunk that
     * stores to the barrier register requests the barrier once. Anything else goes lane by lane
     * through {@link LaneOps#store}.
     */
    static void store32(BlockContext c, Warp w, int[] src, int s, int[] x, int base, int imm, int width) {
        int l = 0;
        for (; l <= width - STEP; l += STEP) {
            IntVector addr = IntVector.fromArray(INTS, x, base + l).add(imm);
            int first = addr.lane(0);
            if ((first & 3) == 0) {
                if (!addr.compare(VectorOperators.NE, first).anyTrue()) {
                    if (storeOne(c, first, src[s + l + STEP - 1])) {
                        continue;
                    }
                } else if (!addr.compare(VectorOperators.NE, WORD_OFFSETS.add(first)).anyTrue()
                        && storeContiguous(c, src, s + l, first)) {
                    continue;
                }
            }
            scalarStore(c, w, src, s, x, base, imm, l, l + STEP);
        }
        scalarStore(c, w, src, s, x, base, imm, l, width);
    }

    private static boolean storeOne(BlockContext c, int addr, int value) {
        if (addr >= 0 && addr <= c.vramSize - 4) {
            Windows.store(c.mem, addr, 4, value);
        } else if (addr - MemoryMap.SHARED_BASE >= 0 && addr - MemoryMap.SHARED_BASE <= c.shared.length - 4) {
            Windows.store(c.shared, addr - MemoryMap.SHARED_BASE, 4, value);
        } else if (addr == MemoryMap.BARRIER_REG) {
            c.inFlight.barrierRequested = true;     // what every lane's store to the register does
        } else {
            return false;
        }
        return true;
    }

    private static boolean storeContiguous(BlockContext c, int[] src, int from, int addr) {
        int bytes = 4 * STEP;
        if (addr >= 0 && addr <= c.vramSize - bytes) {
            IntVector.fromArray(INTS, src, from).reinterpretAsBytes().intoArray(c.mem, addr);
        } else if (addr - MemoryMap.SHARED_BASE >= 0 && addr - MemoryMap.SHARED_BASE <= c.shared.length - bytes) {
            IntVector.fromArray(INTS, src, from).reinterpretAsBytes().intoArray(c.shared, addr - MemoryMap.SHARED_BASE);
        } else {
            return false;
        }
        return true;
    }

    private static void scalarStore(BlockContext c, Warp w, int[] src, int s, int[] x, int base, int imm, int from,
                                    int to) {
        for (int l = from; l < to; l++) {
            LaneOps.store(c, w, l, x[base + l] + imm, 4, src[s + l]);
        }
    }

    private static void scalarLoad(BlockContext c, Warp w, int[] dst, int d, int[] x, int base, int imm, int from,
                                   int to) {
        for (int l = from; l < to; l++) {
            dst[d + l] = LaneOps.load(c, w, l, x[base + l] + imm, 4, false);
        }
    }
}
