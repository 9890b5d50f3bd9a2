package org.rvsimt.core.exec.jit;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorOperators;
import org.rvsimt.core.exec.BlockContext;
import org.rvsimt.core.exec.simt.Warp;
import org.rvsimt.core.memory.MemoryMap;
import org.rvsimt.core.memory.Windows;
import org.rvsimt.isa.Operation.FpFused;

/**
 * A run of {@link SimdLoadFma} triples that share both load bases and one accumulator
 * ({@code flw ra_j, immA_j(xa); flw rb_j, immB_j(xb); fmadd.s acc, ra_j, rb_j, acc} for j = 1..n):
 * a tiled matmul's unrolled inner product. One call for the run: the bases' address patterns and
 * every offset's window are checked once, then chunk by chunk the accumulator stays in a vector
 * register through all n steps. As separate triples each step re-read the accumulator from the
 * register file and repeated the bases' checks.
 *
 * <p>Exactness as in SimdLoadFma: nothing is written before every address of every step is known
 * good (else each triple runs as {@link SimdLoadFma} does, in order); within a lane the steps keep
 * their order; a step whose result is not a plain normal number in some lane of a chunk is redone
 * for that chunk lane by lane with FloatOps, from the register file, which holds every value it
 * reads at that point.
 *
 * <p>The run's constants are an int[] made once per block class ({@link #describe}):
 * [xa, xb, acc, then per step ra, immA, pcA, rb, immB, pcB, rs1, rs2], registers as row offsets.
 */
final class SimdDotRun {
    static final int HEAD = 3;
    static final int STEP_FIELDS = 8;

    private SimdDotRun() { }

    /** The descriptor from its decimal fields, comma-separated (a block class's dynamic constant). */
    static int[] describe(java.lang.invoke.MethodHandles.Lookup lookup, String name, Class<?> type, String fields) {
        String[] parts = fields.split(",");
        int[] out = new int[parts.length];
        for (int k = 0; k < parts.length; k++) {
            out[k] = Integer.parseInt(parts[k]);
        }
        return out;
    }

    static void run(BlockContext c, Warp w, int[] f, int[] fflags, int[] x, int[] d, int width) {
        int xa = d[0];
        int xb = d[1];
        int acc = d[2];
        int n = (d.length - HEAD) / STEP_FIELDS;
        if (width % SimdLanes.STEP != 0 || !plain(c, x, xa, d, 1, width) || !plain(c, x, xb, d, 4, width)) {
            for (int j = 0; j < n; j++) {
                int s = HEAD + j * STEP_FIELDS;
                SimdLoadFma.run(c, w, f, fflags, x, d[s], xa, d[s + 1], d[s + 2], d[s + 3], xb, d[s + 4], d[s + 5],
                        acc, d[s + 6], d[s + 7], acc, width);
            }
            return;
        }
        for (int l = 0; l < width; l += SimdLanes.STEP) {
            FloatVector sum = IntVector.fromArray(SimdLanes.INTS, f, acc + l).reinterpretAsFloats();
            boolean broadcastA = x[xa + l + 1] == x[xa + l];
            boolean broadcastB = x[xb + l + 1] == x[xb + l];
            for (int j = 0; j < n; j++) {
                int s = HEAD + j * STEP_FIELDS;
                IntVector a = load(c, x[xa + l] + d[s + 1], broadcastA);
                IntVector b = load(c, x[xb + l] + d[s + 4], broadcastB);
                a.intoArray(f, d[s] + l);
                b.intoArray(f, d[s + 3] + l);
                IntVector bits = a.reinterpretAsFloats().fma(b.reinterpretAsFloats(), sum).reinterpretAsInts();
                IntVector exponent = bits.lanewise(VectorOperators.LSHR, 23).and(0xFF);
                if (exponent.compare(VectorOperators.LE, 1).or(exponent.compare(VectorOperators.EQ, 255)).anyTrue()) {
                    sum.reinterpretAsInts().intoArray(f, acc + l);
                    SimdLanes.scalarFp(FpFused.FMADD, f, fflags, acc, d[s + 6], d[s + 7], acc, l, l + SimdLanes.STEP);
                    sum = IntVector.fromArray(SimdLanes.INTS, f, acc + l).reinterpretAsFloats();
                } else {
                    sum = bits.reinterpretAsFloats();
                }
            }
            sum.reinterpretAsInts().intoArray(f, acc + l);
        }
    }

    /**
     * Whether every chunk of the base row is one word for all its lanes or consecutive words, and
     * that plus each step's offset (field {@code field} of each step) is aligned inside VRAM or shared memory.
     */
    private static boolean plain(BlockContext c, int[] x, int row, int[] d, int field, int width) {
        for (int l = 0; l < width; l += SimdLanes.STEP) {
            int x0 = x[row + l];
            IntVector raw = IntVector.fromArray(SimdLanes.INTS, x, row + l);
            int bytes;
            if (!raw.compare(VectorOperators.NE, x0).anyTrue()) {
                bytes = 4;
            } else if (!raw.compare(VectorOperators.NE, SimdLanes.WORD_OFFSETS.add(x0)).anyTrue()) {
                bytes = 4 * SimdLanes.STEP;
            } else {
                return false;
            }
            for (int s = HEAD + field; s < d.length; s += STEP_FIELDS) {
                int first = x0 + d[s];
                if ((first & 3) != 0 || !(first >= 0 && first <= c.vramSize - bytes)
                        && !(first - MemoryMap.SHARED_BASE >= 0 && first - MemoryMap.SHARED_BASE <= c.shared.length - bytes)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** The chunk at {@code first}, whose window and pattern the caller has checked. */
    static IntVector load(BlockContext c, int first, boolean broadcast) {
        byte[] mem;
        int off;
        if (first >= 0 && first < c.vramSize) {
            mem = c.mem;
            off = first;
        } else {
            mem = c.shared;
            off = first - MemoryMap.SHARED_BASE;
        }
        if (broadcast) {
            return IntVector.broadcast(SimdLanes.INTS, Windows.load(mem, off, 4, false));
        }
        // Lane k of the int view is bytes 4k..4k+3 little-endian: the RV32 word order.
        return jdk.incubator.vector.ByteVector.fromArray(SimdLanes.BYTES, mem, off).reinterpretAsInts();
    }
}
