package org.rvsimt.core.exec.matrix;

import java.util.Arrays;

/**
 * The matrix-extension state of one warp (XuanTie RVM, spec/param.adoc): per lane four tile
 * registers tr0-tr3 and four accumulators acc0-acc3, addressed by the 3-bit register index of the
 * instructions (0-3 tiles, 4-7 accumulators), the tile shape mtilem/mtilen/mtilek, and the matrix
 * CSRs. Sizes follow from {@link #TLEN} and {@link #TRLEN} so they can change in one place.
 */
public final class MatrixState {
    /** Bits per tile register. */
    static final int TLEN = 512;
    /** Bits per tile row. */
    static final int TRLEN = 128;
    /** Largest element width in bits; accumulator rows hold ROWNUM elements of it. */
    static final int ELEN = 32;
    static final int ROWNUM = TLEN / TRLEN;
    static final int ARLEN = ROWNUM * ELEN;
    static final int ALEN = ARLEN * ROWNUM;
    static final int TILE_ROW_BYTES = TRLEN / 8;
    static final int ACC_ROW_BYTES = ARLEN / 8;
    static final int REGISTER_BYTES = Math.max(TLEN, ALEN) / 8;
    static final int REGISTERS = 8;

    final byte[] bytes;            // lane l, register r at (l * REGISTERS + r) * REGISTER_BYTES
    final int[] mtilem;
    final int[] mtilen;
    final int[] mtilek;
    final int[] fflags;            // xmfflags
    final int[] frm;               // xmfrm
    final int[] xrm;               // xmxrm
    final int[] sat;               // xmsat
    final int[] saten;             // xmsaten
    // Scratch of the multiply, reused by every lane and instruction of this warp (one thread runs a
    // warp at a time): the widened rows of A and B, and the results before they replace md.
    final int[][] rowsA = new int[ROWNUM][TILE_ROW_BYTES];
    final int[][] rowsB = new int[ROWNUM][TILE_ROW_BYTES];
    final int[] product = new int[ROWNUM * ROWNUM];
    // The FP forms' sources as doubles (exact): A row-major (TILE_ROW_BYTES a row), B k-major (ROWNUM
    // a k, so one k is a vector over the output columns), C row-major (ROWNUM a row); C's bits; and
    // the host-SIMD path's rounded row.
    final double[] wideA = new double[ROWNUM * TILE_ROW_BYTES];
    final double[] wideBk = new double[TILE_ROW_BYTES * ROWNUM];
    final double[] wideC = new double[ROWNUM * ROWNUM];
    final int[] accBits = new int[ROWNUM * ROWNUM];
    final long[] rounded = new long[ROWNUM];

    public MatrixState(int width) {
        bytes = new byte[width * REGISTERS * REGISTER_BYTES];
        mtilem = new int[width];
        mtilen = new int[width];
        mtilek = new int[width];
        fflags = new int[width];
        frm = new int[width];
        xrm = new int[width];
        sat = new int[width];
        saten = new int[width];
    }

    public void reset() {
        Arrays.fill(bytes, (byte) 0);
        for (int[] a : new int[][] {mtilem, mtilen, mtilek, fflags, frm, xrm, sat, saten}) {
            Arrays.fill(a, 0);
        }
    }

    static boolean isAccumulator(int reg) {
        return reg >= 4;
    }

    static int rowBytes(int reg) {
        return isAccumulator(reg) ? ACC_ROW_BYTES : TILE_ROW_BYTES;
    }

    static int rows(int reg) {
        return ROWNUM;
    }

    /** Byte offset of row r, byte b of register reg of lane. */
    int offset(int lane, int reg, int row, int b) {
        return (lane * REGISTERS + reg) * REGISTER_BYTES + row * rowBytes(reg) + b;
    }
}
