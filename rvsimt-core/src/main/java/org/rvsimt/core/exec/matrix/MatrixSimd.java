package org.rvsimt.core.exec.matrix;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorSpecies;
import org.rvsimt.core.semantics.FloatOps;
import org.rvsimt.core.semantics.MatrixOps;

/**
 * The f32-accumulating multiplies on host SIMD: across {@link #LANES} lanes that share a shape and
 * rounding mode (one output of each lane per vector of the host's widest doubles,
 * {@link #multiplyF32Lanes}), else within one lane (one accumulator row per vector of four doubles,
 * {@link #multiplyF32}). Only loaded when
 * {@code HostSimd.AVAILABLE}.
 *
 * <p>Why it is exact: each product of two binary32 values is exact in a double, so {@code fma(a, b, sum)}
 * adds it with one rounding, and after kt steps the double sum is within {@link MatrixOps#sumErrorBound}
 * of the exact one. An output is decided here only when its sum lies in a normal binary32 binade,
 * strictly between two neighbouring binary32 values or midpoints (the multiples of 2^28 double ulps)
 * with the whole error interval on the same side: then the exact sum rounds as the double does, and
 * inexactly (NX). Every other output (NaN, infinity, zero, subnormal, overflow, near a rounding point)
 * is left to the caller's exact path ({@link MatrixOps#dotAccumulate}), which also raises its flags.
 */
final class MatrixSimd {
    /** One accumulator row of one lane. */
    private static final VectorSpecies<Double> D = DoubleVector.SPECIES_256;
    /** One output of {@link #LANES} lanes: the host's widest doubles (8 with AVX-512, 4 with AVX2). */
    private static final VectorSpecies<Double> WIDE = DoubleVector.SPECIES_PREFERRED.length() >= 4
            ? DoubleVector.SPECIES_PREFERRED : D;
    /** Lanes the across-lanes multiply takes at once (a power of two). */
    static final int LANES = WIDE.length();
    /** LANES binary32 words: one element of LANES consecutive lanes in the lane-interleaved register file. */
    private static final VectorSpecies<Integer> INTS = VectorSpecies.of(int.class, VectorShape.forBitSize(32 * LANES));
    private static final VectorSpecies<Float> FLOATS = VectorSpecies.of(float.class, VectorShape.forBitSize(32 * LANES));
    /** Double exponent fields of the binades [2^-126, 2^127): normal binary32 results that cannot overflow. */
    private static final long LOWEST_EXPONENT = 1023 - 126;
    private static final long HIGHEST_EXPONENT = 1023 + 126;
    /** The double's sign, exponent and top 23 mantissa bits moved to a binary32's place, less the bias change. */
    private static final long REBIAS = (1023L - 127) << 23;

    private MatrixSimd() { }

    /**
     * {@code out[i * ROWNUM + j] = round(c[i][j] + sum_k a[i][k] * b[j][k])} for i &lt; mt, j &lt; nt, in
     * mode rm, raising flags in {@code fflags[lane]}, for the outputs decided here; returns the others
     * as bits {@code i * ROWNUM + j}, for the exact path. {@code s.wideA} holds a row-major
     * (TILE_ROW_BYTES a row), {@code s.wideBk} b k-major (ROWNUM a k), {@code s.wideC} c row-major
     * (ROWNUM a row), all as doubles.
     */
    static long multiplyF32(MatrixState s, int mt, int nt, int kt, int rm, int lane, int[] out) {
        double[] wa = s.wideA;
        double[] wbk = s.wideBk;
        long[] rounded = s.rounded;
        double bound = MatrixOps.sumErrorBound(kt);
        long columns = (1L << nt) - 1;
        boolean inexact = false;
        long undecided = 0;
        for (int i = 0; i < mt; i++) {
            DoubleVector sum = DoubleVector.fromArray(D, s.wideC, i * MatrixState.ROWNUM);
            DoubleVector magnitude = sum.abs();
            int ai = i * MatrixState.TILE_ROW_BYTES;
            for (int k = 0; k < kt; k++) {
                DoubleVector bk = DoubleVector.fromArray(D, wbk, k * MatrixState.ROWNUM);
                double aik = wa[ai + k];
                sum = bk.fma(DoubleVector.broadcast(D, aik), sum);
                magnitude = bk.abs().fma(DoubleVector.broadcast(D, Math.abs(aik)), magnitude);
            }
            long done = decide(sum, magnitude, bound, rm, rounded) & columns;
            inexact |= done != 0;
            undecided |= (~done & columns) << i * MatrixState.ROWNUM;
            for (int j = 0; j < nt; j++) {
                out[i * MatrixState.ROWNUM + j] = (int) rounded[j];
            }
        }
        if (inexact) {
            s.fflags[lane] |= FloatOps.NX;
        }
        return undecided;
    }

    /**
     * The rounding of four double sums with their magnitude sums (bound: {@link MatrixOps#sumErrorBound}):
     * writes each rounded binary32 (in the low 32 bits) to {@code rounded} and returns the lanes where
     * it is certain, as bits; the caller raises NX for them.
     */
    private static long decide(DoubleVector sum, DoubleVector magnitude, double bound, int rm, long[] rounded) {
        LongVector bits = sum.reinterpretAsLongs();
        LongVector exponent = bits.lanewise(VectorOperators.LSHR, 52).and(0x7FFL);
        VectorMask<Long> normal = exponent.compare(VectorOperators.GE, LOWEST_EXPONENT)
                .and(exponent.compare(VectorOperators.LE, HIGHEST_EXPONENT));
        // Distances from |sum| down and up to the grid of binary32 values and midpoints, both exact.
        DoubleVector below = sum.abs().sub(bits.and(0x7FFF_FFFF_F000_0000L).reinterpretAsDoubles());
        DoubleVector step = exponent.sub(24).lanewise(VectorOperators.LSHL, 52).reinterpretAsDoubles();
        DoubleVector above = step.sub(below);
        DoubleVector w = magnitude.mul(bound);
        VectorMask<Double> decided = w.compare(VectorOperators.LT, below).and(w.compare(VectorOperators.LT, above))
                .and(normal.cast(sum.species()));
        LongVector sign = bits.lanewise(VectorOperators.LSHR, 63);
        LongVector away = switch (rm) {
            case FloatOps.RTZ -> LongVector.zero(bits.species());
            case FloatOps.RDN -> sign;
            case FloatOps.RUP -> sign.lanewise(VectorOperators.XOR, 1L);
            default -> bits.lanewise(VectorOperators.LSHR, 28).and(1L);    // RNE, RMM: never a tie here
        };
        bits.lanewise(VectorOperators.LSHR, 29).and(0x3_FFFF_FFFFL).sub(REBIAS).add(away)
                .or(sign.lanewise(VectorOperators.LSHL, 31)).intoArray(rounded, 0);
        return decided.toLong();
    }

    /** Whether the instruction's md is an accumulator and ms1, ms2 tiles (else the per-lane path faults). */
    static boolean registersFit(int word) {
        return MatrixState.isAccumulator(word >>> 7 & 7) && !MatrixState.isAccumulator(word >>> 15 & 7)
                && !MatrixState.isAccumulator(word >>> 20 & 7);
    }

    /** Whether lanes l0..l0+LANES-1 have one shape and rounding mode, all valid for mfmacc.s (no fault to raise). */
    static boolean sameValidShape(MatrixState s, int l0) {
        int mt = s.mtilem[l0];
        int nt = s.mtilen[l0];
        int kt = s.mtilek[l0];
        int rm = s.frm[l0];
        boolean same = kt * 4 <= MatrixState.TILE_ROW_BYTES && rm <= FloatOps.RMM;
        for (int l = l0 + 1; l < l0 + LANES; l++) {
            same &= s.mtilem[l] == mt && s.mtilen[l] == nt && s.mtilek[l] == kt && s.frm[l] == rm;
        }
        return same;
    }

    /**
     * mfmacc.s on lanes l0..l0+LANES-1 at once ({@link #sameValidShape}, {@link #registersFit}): each vector
     * holds one element of the four lanes (the register file is lane-interleaved), so there is no
     * broadcast or transpose. Outputs a lane's sum cannot decide take the exact path for that lane.
     */
    static void multiplyF32Lanes(MatrixState s, int word, int l0) {
        int md = word >>> 7 & 7;
        int ms1 = word >>> 15 & 7;
        int ms2 = word >>> 20 & 7;
        int mt = s.mtilem[l0];
        int nt = s.mtilen[l0];
        int kt = s.mtilek[l0];
        int rm = s.frm[l0];
        int[] words = s.words;
        double[] wa = s.lanesA;
        double[] wb = s.lanesB;
        for (int r = 0; r < MatrixState.ROWNUM; r++) {
            for (int k = 0; k < kt; k++) {
                int e = (r * MatrixState.ROWNUM + k) * LANES;
                if (r < mt) {
                    widen(words, s.index(l0, ms1, r, 4 * k)).intoArray(wa, e);
                }
                if (r < nt) {
                    widen(words, s.index(l0, ms2, r, 4 * k)).intoArray(wb, e);
                }
            }
        }
        // One magnitude bound per lane for all its outputs: sum_k max_i |a[i][k]| * max_j |b[j][k]| is at
        // least every output's sum_k |a[i][k] * b[j][k]|, so with |c[i][j]| added it bounds each output's
        // magnitude sum from above; a larger magnitude only widens the error interval (more outputs left
        // to the exact path, never a wrong decision), and costs no multiply-add per output.
        DoubleVector products = DoubleVector.zero(WIDE);
        for (int k = 0; k < kt; k++) {
            DoubleVector maxA = DoubleVector.fromArray(WIDE, wa, k * LANES).abs();
            for (int r = 1; r < mt; r++) {
                maxA = maxA.max(DoubleVector.fromArray(WIDE, wa, (r * MatrixState.ROWNUM + k) * LANES).abs());
            }
            DoubleVector maxB = DoubleVector.fromArray(WIDE, wb, k * LANES).abs();
            for (int r = 1; r < nt; r++) {
                maxB = maxB.max(DoubleVector.fromArray(WIDE, wb, (r * MatrixState.ROWNUM + k) * LANES).abs());
            }
            products = maxA.fma(maxB, products);
        }
        double bound = MatrixOps.sumErrorBound(kt);
        long all = (1L << LANES) - 1;
        long[] rounded = s.rounded;
        long inexact = 0;
        for (int i = 0; i < mt; i++) {
            for (int j = 0; j < nt; j++) {
                int ci = s.index(l0, md, i, 4 * j);
                DoubleVector sum = widen(words, ci);
                DoubleVector magnitude = sum.abs().add(products);
                for (int k = 0; k < kt; k++) {
                    int ea = (i * MatrixState.ROWNUM + k) * LANES;
                    int eb = (j * MatrixState.ROWNUM + k) * LANES;
                    sum = DoubleVector.fromArray(WIDE, wa, ea).fma(DoubleVector.fromArray(WIDE, wb, eb), sum);
                }
                // decide(), written out here: a vector crossing a call that C2 does not inline is boxed,
                // and its lanewise operations then run the Vector API's scalar fallback.
                LongVector bits = sum.reinterpretAsLongs();
                LongVector exponent = bits.lanewise(VectorOperators.LSHR, 52).and(0x7FFL);
                VectorMask<Long> normal = exponent.compare(VectorOperators.GE, LOWEST_EXPONENT)
                        .and(exponent.compare(VectorOperators.LE, HIGHEST_EXPONENT));
                DoubleVector below = sum.abs().sub(bits.and(0x7FFF_FFFF_F000_0000L).reinterpretAsDoubles());
                DoubleVector step = exponent.sub(24).lanewise(VectorOperators.LSHL, 52).reinterpretAsDoubles();
                DoubleVector w = magnitude.mul(bound);
                long done = w.compare(VectorOperators.LT, below).and(w.compare(VectorOperators.LT, step.sub(below)))
                        .and(normal.cast(WIDE)).toLong();
                if (rm == FloatOps.RNE && done == all) {
                    // Round to nearest even, as the host's double-to-float conversion does: for a decided sum
                    // (no rounding point within its error) that is the exact sum's rounding too.
                    inexact |= done;
                    ((FloatVector) sum.convertShape(VectorOperators.D2F, FLOATS, 0)).reinterpretAsInts()
                            .intoArray(words, ci);
                    continue;
                }
                LongVector sign = bits.lanewise(VectorOperators.LSHR, 63);
                LongVector away = rm == FloatOps.RTZ ? sign.and(0L) : rm == FloatOps.RDN ? sign
                        : rm == FloatOps.RUP ? sign.lanewise(VectorOperators.XOR, 1L)
                        : bits.lanewise(VectorOperators.LSHR, 28).and(1L);     // RNE, RMM: never a tie here
                LongVector out = bits.lanewise(VectorOperators.LSHR, 29).and(0x3_FFFF_FFFFL).sub(REBIAS).add(away)
                        .or(sign.lanewise(VectorOperators.LSHL, 31));
                inexact |= done;
                if (done == all) {
                    ((IntVector) out.convertShape(VectorOperators.L2I, INTS, 0)).intoArray(words, ci);
                    continue;
                }
                out.intoArray(rounded, 0);
                for (int l = 0; l < LANES; l++) {
                    words[ci + l] = (done >>> l & 1) != 0 ? (int) rounded[l]
                            : exact(s, l0 + l, ms1, ms2, i, j, kt, rm, words[ci + l]);
                }
            }
        }
        if (mt < MatrixState.ROWNUM || nt < MatrixState.ROWNUM) {
            for (int i = 0; i < MatrixState.ROWNUM; i++) {       // outside mtilem x mtilen, md becomes 0
                for (int j = i < mt ? nt : 0; j < MatrixState.ROWNUM; j++) {
                    java.util.Arrays.fill(words, s.index(l0, md, i, 4 * j), s.index(l0, md, i, 4 * j) + LANES, 0);
                }
            }
        }
        for (int l = 0; l < LANES; l++) {
            if ((inexact >>> l & 1) != 0) {
                s.fflags[l0 + l] |= FloatOps.NX;
            }
        }
    }

    /** LANES lanes' binary32 word at {@code index} (consecutive in the lane-interleaved file), as doubles (exact). */
    private static DoubleVector widen(int[] words, int index) {
        return (DoubleVector) IntVector.fromArray(INTS, words, index).reinterpretAsFloats()
                .convertShape(VectorOperators.F2D, WIDE, 0);
    }

    /** Output (i, j) of one lane by the exact path: c plus row i of ms1 times row j of ms2. */
    private static int exact(MatrixState s, int lane, int ms1, int ms2, int i, int j, int kt, int rm, int c) {
        int[] a = s.rowsA[0];
        int[] b = s.rowsB[0];
        for (int k = 0; k < kt; k++) {
            a[k] = s.read(lane, ms1, i, 4 * k, 4);
            b[k] = s.read(lane, ms2, j, 4 * k, 4);
        }
        return MatrixOps.dotAccumulate(c, a, b, kt, rm, s.fflags, lane);
    }
}
