package org.rvsimt.core.semantics;

import java.math.BigDecimal;

/**
 * Matrix multiply-accumulate semantics of the XuanTie matrix extension (spec/matmul.adoc,
 * spec/matmul_zmabt.adoc): {@code C[i][j] += sum_k A[i][k] * B[j][k]}, B held transposed.
 *
 * <p>Rounding, as this implementation defines the spec's "rounding after accumulation": every
 * output element is {@code round(C[i][j] + sum_k A[i][k]*B[j][k])} with the sum computed exactly
 * (BigDecimal) and rounded once to binary32 in the rounding mode xmfrm; so the order of the
 * "unordered" sum cannot matter. Inputs of bf16/fp8 are widened to binary32 exactly first.
 * Special values: any NaN input, inf*0, or +inf + -inf gives the canonical NaN (NV if invalid
 * or any input is a signaling NaN); otherwise an infinite term gives that infinity; an exact zero
 * sum is -0 only when every term is -0 (or in RDN when the terms cancel), as IEEE 754 addition.
 * Integer forms wrap modulo 2^32, as RVV's integer multiply-add does.
 */
public final class MatrixOps {
    private MatrixOps() { }

    /**
     * {@code c + sum_k a[k] * b[k]} for k &lt; n, rounded once; a, b, c are binary32 bit patterns.
     */
    public static int dotAccumulate(int c, int[] a, int[] b, int n, int rm, int[] fflags, int lane) {
        boolean invalid = FloatOps.isSNaN(c);
        boolean nan = FloatOps.isNaN(c);
        int inf = isInf(c) ? (c < 0 ? -1 : 1) : 0;
        boolean conflict = false;
        boolean allNegativeZero = c == 0x8000_0000;
        for (int k = 0; k < n; k++) {
            invalid |= FloatOps.isSNaN(a[k]) || FloatOps.isSNaN(b[k]);
            nan |= FloatOps.isNaN(a[k]) || FloatOps.isNaN(b[k]);
            boolean zeroA = (a[k] & 0x7FFF_FFFF) == 0;
            boolean zeroB = (b[k] & 0x7FFF_FFFF) == 0;
            if (isInf(a[k]) && zeroB || isInf(b[k]) && zeroA) {
                invalid = true;
                nan = true;
            } else if (isInf(a[k]) || isInf(b[k])) {
                int s = (a[k] ^ b[k]) < 0 ? -1 : 1;
                conflict |= inf != 0 && inf != s;
                inf = s;
            }
            allNegativeZero &= (zeroA || zeroB) && (a[k] ^ b[k]) < 0;
        }
        if (conflict) {
            invalid = true;
            nan = true;
        }
        if (invalid) {
            fflags[lane] |= FloatOps.NV;
        }
        if (nan) {
            return LowPrecision.CANONICAL_NAN;
        }
        if (inf != 0) {
            return inf < 0 ? 0xFF80_0000 : 0x7F80_0000;
        }
        BigDecimal sum = exact(c);
        for (int k = 0; k < n; k++) {
            sum = sum.add(exact(a[k]).multiply(exact(b[k])));
        }
        if (sum.signum() == 0) {
            return allNegativeZero || rm == FloatOps.RDN ? 0x8000_0000 : 0;
        }
        double d = sum.doubleValue();
        int err = sum.compareTo(new BigDecimal(d));
        return FloatOps.round(d, err, rm, fflags, lane);
    }

    /** {@code c + sum_k a[k] * b[k]} modulo 2^32 (a, b already extended to int with the right signedness). */
    public static int dotAccumulateInt(int c, int[] a, int[] b, int n) {
        int s = c;
        for (int k = 0; k < n; k++) {
            s += a[k] * b[k];
        }
        return s;
    }

    private static boolean isInf(int v) {
        return (v & 0x7FFF_FFFF) == 0x7F80_0000;
    }

    private static BigDecimal exact(int bits) {
        return new BigDecimal(Float.intBitsToFloat(bits));
    }
}
