package org.rvsimt.core.exec.jit;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;
import org.rvsimt.core.exec.BlockContext;
import org.rvsimt.core.exec.simt.Warp;
import org.rvsimt.core.memory.MemoryMap;
import org.rvsimt.isa.Operation.FpFused;

/**
 * {@code flw ra, immA(xa); flw rb, immB(xb); fmadd.s rd, ra, rb, rc} for a full warp as one call
 * (the inner product step of a tiled matmul: As[ty][k] and Bs[k][tx] from shared memory, then the
 * fma), chunk by chunk with the loaded values kept in vector registers. As three {@link SimdLanes}
 * calls each chunk's operands went through the register file in memory and each call paid its
 * own address checks and call; sgemm_tiled's inner product is 16 of these triples (in blocks of at
 * most 12 instructions: four per block) and little else.
 *
 * <p>Same results, flags and faults as the three instructions in order: every lane's two addresses
 * are checked first (each chunk one word for all its lanes or consecutive words, aligned, inside
 * VRAM or shared memory, as {@link SimdLanes#load32}'s vector paths need), and only then is anything
 * written; a triple that fails the check runs as the three SimdLanes calls. Within a lane the order
 * is load A, load B, fma (the only dependences: lanes never read each other's registers, and loads
 * do not change memory), so going chunk by chunk changes nothing. The caller has checked the float
 * fast path's precondition (every lane inexact, RNE).
 */
final class SimdLoadFma {
    private static final VectorSpecies<Integer> INTS = SimdLanes.INTS;
    private static final int STEP = SimdLanes.STEP;

    private SimdLoadFma() { }

    /**
     * Register arguments are row offsets (reg * width); {@code rs1}, {@code rs2} and {@code rs3} are
     * the fma's sources (each of ra and rb is one of the first two). {@code pcA}, {@code pcB}: the
     * loads' pcs, for a fault on the fallback path.
     */
    static void run(BlockContext c, Warp w, int[] f, int[] fflags, int[] x, int ra, int xa, int immA, int pcA,
                    int rb, int xb, int immB, int pcB, int rd, int rs1, int rs2, int rs3, int width) {
        if (width % STEP != 0 || !plain(c, x, xa, immA, width) || !plain(c, x, xb, immB, width)) {
            c.inFlight.jitPc = pcA;
            SimdLanes.load32(c, w, f, ra, x, xa, immA, width);
            c.inFlight.jitPc = pcB;
            SimdLanes.load32(c, w, f, rb, x, xb, immB, width);
            SimdLanes.fp(FpFused.FMADD, f, fflags, rd, rs1, rs2, rs3, width);
            return;
        }
        for (int l = 0; l < width; l += STEP) {
            IntVector a = load(c, x, xa + l, immA);
            IntVector b = load(c, x, xb + l, immB);
            a.intoArray(f, ra + l);
            b.intoArray(f, rb + l);     // after a: when ra == rb the second load is what stays
            FloatVector x1 = operand(f, rs1, l, ra, a, rb, b);
            FloatVector x2 = operand(f, rs2, l, ra, a, rb, b);
            FloatVector x3 = operand(f, rs3, l, ra, a, rb, b);
            IntVector bits = x1.fma(x2, x3).reinterpretAsInts();
            IntVector exponent = bits.lanewise(VectorOperators.LSHR, 23).and(0xFF);
            if (exponent.compare(VectorOperators.LE, 1).or(exponent.compare(VectorOperators.EQ, 255)).anyTrue()) {
                SimdLanes.scalarFp(FpFused.FMADD, f, fflags, rd, rs1, rs2, rs3, l, l + STEP);
            } else {
                bits.intoArray(f, rd + l);
            }
        }
    }

    /** Register row {@code r}'s chunk at lane {@code l}: the value just loaded into it, else the register file's. */
    private static FloatVector operand(int[] f, int r, int l, int ra, IntVector a, int rb, IntVector b) {
        IntVector v = r == rb ? b : r == ra ? a : IntVector.fromArray(INTS, f, r + l);
        return v.reinterpretAsFloats();
    }

    /** Whether every chunk of the warp's addresses x[row + lane] + imm is one that {@link #load} reads. */
    private static boolean plain(BlockContext c, int[] x, int row, int imm, int width) {
        for (int l = 0; l < width; l += STEP) {
            int x0 = x[row + l];
            int first = x0 + imm;
            if ((first & 3) != 0) {
                return false;
            }
            IntVector raw = IntVector.fromArray(INTS, x, row + l);
            int bytes;
            if (!raw.compare(VectorOperators.NE, x0).anyTrue()) {
                bytes = 4;
            } else if (!raw.compare(VectorOperators.NE, SimdLanes.WORD_OFFSETS.add(x0)).anyTrue()) {
                bytes = 4 * STEP;
            } else {
                return false;
            }
            if (!(first >= 0 && first <= c.vramSize - bytes)
                    && !(first - MemoryMap.SHARED_BASE >= 0 && first - MemoryMap.SHARED_BASE <= c.shared.length - bytes)) {
                return false;
            }
        }
        return true;
    }

    /** The chunk at x[at..] + imm, which {@link #plain} accepted: one word for every lane, or consecutive words. */
    private static IntVector load(BlockContext c, int[] x, int at, int imm) {
        return SimdDotRun.load(c, x[at] + imm, x[at + 1] == x[at]);
    }
}
