package org.rvsimt.core.exec.matrix;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import org.rvsimt.core.exec.BlockContext;
import org.rvsimt.isa.Operation.MatrixMemory;

/**
 * The common case of a 32-bit tile load or store, one lane at a time: the whole tile lies aligned in
 * VRAM and its rows fit the register. Then the instruction is a plain word copy between VRAM and the
 * lane-interleaved register file, with one bounds check for the tile instead of one per row and no
 * per-element window lookup. Anything else (shared memory, the stack, a misaligned or out-of-range row,
 * a row too wide, 8- and 16-bit elements) is left to {@link MatrixUnit}'s general path, which raises
 * the faults; the result is the same either way because both copy the same words in the same order.
 */
final class MatrixTileCopy {
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private MatrixTileCopy() { }

    /** Whether {@code word} moves 32-bit elements (d_size 2), the only width this class copies. */
    static boolean wordElements(int word) {
        return (word >>> 10 & 3) == 2;
    }

    /**
     * Copies the tile of {@code lane} if it is the common case and returns true; returns false, having
     * changed nothing, otherwise. {@code rows} x {@code cols} is the register's shape (rows of the tile,
     * 32-bit columns); the transposed load reads {@code cols} memory rows of {@code rows} words.
     */
    static boolean copy(BlockContext c, int[] x, int width, MatrixState s, MatrixMemory k, int word, int lane,
                        int rows, int cols) {
        int reg = word >>> 7 & 7;
        int rowWords = MatrixState.rowBytes(reg) >> 2;
        if (cols > rowWords || rows == 0 || cols == 0) {
            return false;                                  // a fault, or nothing to move: the general path
        }
        int base = x[(word >>> 15 & 31) * width + lane];
        int stride = x[(word >>> 20 & 31) * width + lane];
        boolean transposed = k == MatrixMemory.LOAD_B_TRANSPOSED;
        int memoryRows = transposed ? cols : rows;
        int rowBytes = 4 * (transposed ? rows : cols);
        // In long arithmetic, so the first and last row bound every row (no 32-bit wrap in between).
        long last = base + (long) (memoryRows - 1) * stride;
        if (((base | (memoryRows > 1 ? stride : 0)) & 3) != 0 || Math.min(base, last) < 0
                || Math.max(base, last) > c.vramSize - rowBytes) {
            return false;
        }
        byte[] mem = c.mem;
        int[] words = s.words;
        int at = (reg * MatrixState.WORDS) * width + lane;  // word 0 of the register
        int rowStep = rowWords * width;
        if (rows == 4 && cols == 4 && rowWords == 4) {
            copyWhole(mem, words, at, width, rowStep, base, stride, k);
            return true;
        }
        if (k.store()) {
            for (int r = 0; r < rows; r++) {
                int addr = base + r * stride;
                int i = at + r * rowStep;
                for (int q = 0; q < cols; q++) {
                    INT.set(mem, addr + 4 * q, words[i + q * width]);
                }
            }
            return true;
        }
        if (rows < MatrixState.ROWNUM || cols < rowWords) {
            s.zero(lane, reg);                             // a load that does not fill the register zeroes the rest
        }
        if (transposed) {
            for (int col = 0; col < cols; col++) {         // memory row col is column col of the tile
                int addr = base + col * stride;
                int i = at + col * width;
                for (int r = 0; r < rows; r++) {
                    words[i + r * rowStep] = (int) INT.get(mem, addr + 4 * r);
                }
            }
            return true;
        }
        for (int r = 0; r < rows; r++) {
            int addr = base + r * stride;
            int i = at + r * rowStep;
            for (int q = 0; q < cols; q++) {
                words[i + q * width] = (int) INT.get(mem, addr + 4 * q);
            }
        }
        return true;
    }

    /** Whether {@code lane} has the base and stride of the lane below it (neighbours sharing a tile). */
    static boolean sameAddresses(int[] x, int width, int word, int lane) {
        int base = (word >>> 15 & 31) * width + lane;
        int stride = (word >>> 20 & 31) * width + lane;
        return x[base] == x[base - 1] && x[stride] == x[stride - 1];
    }

    /**
     * A load of {@code lane} that reads what the lane below it has just loaded with {@link #copy} (same
     * shape, base and stride; a load writes no memory, so the bytes are the same): the whole register,
     * zeros included, is that lane's, one neighbouring word at a time instead of a walk through VRAM.
     */
    static void repeatPreviousLane(MatrixState s, int word, int lane) {
        int[] words = s.words;
        int at = (word >>> 7 & 7) * MatrixState.WORDS * s.width + lane;
        for (int q = 0; q < MatrixState.WORDS; q++) {
            words[at + q * s.width] = words[at + q * s.width - 1];
        }
    }

    /**
     * A whole 4x4 register of 32-bit elements (the common shape): each 16-byte memory row as two 64-bit
     * little-endian accesses, whose low and high halves are the row's even and odd words.
     */
    private static void copyWhole(byte[] mem, int[] words, int at, int width, int rowStep, int base, int stride,
                                  MatrixMemory k) {
        // Word q of a memory row goes to the register's (row, q), or its (q, row) for the transposed load.
        int wordStep = k == MatrixMemory.LOAD_B_TRANSPOSED ? rowStep : width;
        int rowAt = k == MatrixMemory.LOAD_B_TRANSPOSED ? width : rowStep;
        if (k.store()) {
            for (int r = 0; r < 4; r++) {
                int addr = base + r * stride;
                int i = at + r * rowAt;
                LONG.set(mem, addr, words[i] & 0xFFFF_FFFFL | (long) words[i + wordStep] << 32);
                LONG.set(mem, addr + 8, words[i + 2 * wordStep] & 0xFFFF_FFFFL | (long) words[i + 3 * wordStep] << 32);
            }
            return;
        }
        for (int r = 0; r < 4; r++) {
            int addr = base + r * stride;
            int i = at + r * rowAt;
            long lo = (long) LONG.get(mem, addr);
            long hi = (long) LONG.get(mem, addr + 8);
            words[i] = (int) lo;
            words[i + wordStep] = (int) (lo >>> 32);
            words[i + 2 * wordStep] = (int) hi;
            words[i + 3 * wordStep] = (int) (hi >>> 32);
        }
    }
}
