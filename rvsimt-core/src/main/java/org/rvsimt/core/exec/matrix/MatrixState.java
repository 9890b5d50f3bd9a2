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

    /** 32-bit words of a register (rows of TILE_ROW_BYTES and ACC_ROW_BYTES are whole words). */
    static final int WORDS = REGISTER_BYTES / 4;

    final int width;
    /**
     * The registers, lane-interleaved by 32-bit word: word q (byte 4q, little-endian, rows one after
     * the other) of register r of lane l is {@code words[(r * WORDS + q) * width + l]}, so one element
     * of consecutive lanes is consecutive (a host vector across lanes).
     */
    final int[] words;
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
    final long[] rounded = new long[16];
    // The across-lanes f32 multiply's widened sources: element (row, k) of MatrixSimd.LANES lanes at
    // (row * ROWNUM + k) * LANES (sized for up to 16 lanes).
    final double[] lanesA = new double[ROWNUM * ROWNUM * 16];
    final double[] lanesB = new double[ROWNUM * ROWNUM * 16];

    public MatrixState(int width) {
        this.width = width;
        words = new int[width * REGISTERS * WORDS];
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
        Arrays.fill(words, 0);
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

    /** Index in {@link #words} of the word holding byte b of row {@code row} of register reg of lane. */
    int index(int lane, int reg, int row, int b) {
        return (reg * WORDS + row * (rowBytes(reg) >> 2) + (b >> 2)) * width + lane;
    }

    /** The n-byte element (n = 1, 2 or 4, aligned to n) at byte b of row {@code row}, zero-extended. */
    int read(int lane, int reg, int row, int b, int n) {
        int v = words[index(lane, reg, row, b)];
        return n == 4 ? v : v >>> 8 * (b & 3) & (1 << 8 * n) - 1;
    }

    /** Writes the low n bytes of v as the element at byte b of row {@code row}. */
    void write(int lane, int reg, int row, int b, int n, int v) {
        int i = index(lane, reg, row, b);
        if (n == 4) {
            words[i] = v;
        } else {
            int shift = 8 * (b & 3);
            int mask = (1 << 8 * n) - 1 << shift;
            words[i] = words[i] & ~mask | v << shift & mask;
        }
    }

    /** Register reg of lane becomes 0. */
    void zero(int lane, int reg) {
        for (int q = 0; q < WORDS; q++) {
            words[(reg * WORDS + q) * width + lane] = 0;
        }
    }
}
