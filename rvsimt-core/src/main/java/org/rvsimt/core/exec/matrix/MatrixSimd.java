package org.rvsimt.core.exec.matrix;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;
import org.rvsimt.core.semantics.FloatOps;
import org.rvsimt.core.semantics.MatrixOps;

/**
 * The f32-accumulating multiplies of one lane on host SIMD: one accumulator row (up to ROWNUM = 4
 * outputs) per vector of four doubles. Only loaded when {@code HostSimd.AVAILABLE}.
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
    private static final VectorSpecies<Double> D = DoubleVector.SPECIES_256;
    private static final VectorSpecies<Long> L = LongVector.SPECIES_256;
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
        VectorMask<Double> columns = D.indexInRange(0, nt);
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
                    .and(normal.cast(D)).and(columns);
            LongVector sign = bits.lanewise(VectorOperators.LSHR, 63);
            LongVector away = switch (rm) {
                case FloatOps.RTZ -> LongVector.zero(L);
                case FloatOps.RDN -> sign;
                case FloatOps.RUP -> sign.lanewise(VectorOperators.XOR, 1L);
                default -> bits.lanewise(VectorOperators.LSHR, 28).and(1L);    // RNE, RMM: never a tie here
            };
            bits.lanewise(VectorOperators.LSHR, 29).and(0x3_FFFF_FFFFL).sub(REBIAS).add(away)
                    .or(sign.lanewise(VectorOperators.LSHL, 31)).intoArray(rounded, 0);
            long done = decided.toLong();
            inexact |= done != 0;
            undecided |= (~done & (1L << nt) - 1) << i * MatrixState.ROWNUM;
            for (int j = 0; j < nt; j++) {
                out[i * MatrixState.ROWNUM + j] = (int) rounded[j];
            }
        }
        if (inexact) {
            s.fflags[lane] |= FloatOps.NX;
        }
        return undecided;
    }
}
