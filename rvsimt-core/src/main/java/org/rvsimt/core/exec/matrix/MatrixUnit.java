package org.rvsimt.core.exec.matrix;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import org.rvsimt.core.exec.BlockContext;
import org.rvsimt.core.exec.LaneAccessSink;
import org.rvsimt.core.exec.fault.Faults;
import org.rvsimt.core.exec.interp.LaneOps;
import org.rvsimt.core.exec.program.Program;
import org.rvsimt.core.exec.simt.Warp;
import org.rvsimt.core.exec.vector.HostSimd;
import org.rvsimt.core.fault.FaultKind;
import org.rvsimt.core.fault.KernelFault;
import org.rvsimt.core.memory.MemoryFault;
import org.rvsimt.core.memory.MemoryMap;
import org.rvsimt.core.semantics.LowPrecision;
import org.rvsimt.core.semantics.MatrixOps;
import org.rvsimt.isa.InstructionSet;
import org.rvsimt.isa.OperandSource;
import org.rvsimt.isa.Operation;
import org.rvsimt.isa.Operation.MatrixConfig;
import org.rvsimt.isa.Operation.MatrixFloatMultiply;
import org.rvsimt.isa.Operation.MatrixIntMultiply;
import org.rvsimt.isa.Operation.MatrixMemory;
import org.rvsimt.isa.Operation.MatrixZero;

/**
 * Executes one matrix instruction for every active lane (each lane has its own tiles and
 * accumulators, {@link MatrixState}); the arithmetic is {@link MatrixOps}. Shapes: A is mtilem x
 * mtilek, B is mtilen x mtilek (transposed), C is mtilem x mtilen. Loads zero the whole register
 * first, so elements outside the shape are 0; mfmacc sets accumulator elements outside mtilem x
 * mtilen to 0 (spec/matmul.adoc). msettile* clamp to the largest legal value: mtilem and mtilen
 * to ROWNUM, mtilek to the elements of an 8-bit tile row (TRLEN / 8); the multiply checks mtilek
 * against its own source width and faults if the tile row cannot hold it.
 */
public final class MatrixUnit {
    static final int XMCSR = 0x802;
    static final int MTILEM = 0x803;
    static final int MTILEN = 0x804;
    static final int MTILEK = 0x805;
    static final int XMXRM = 0x806;
    static final int XMSAT = 0x807;
    static final int XMFFLAGS = 0x808;
    static final int XMFRM = 0x809;
    static final int XMSATEN = 0x80A;
    // Read-only parameters; XuanTie puts them at 0xCC0-0xCC3, where the native ABI has its id CSRs.
    static final int XMISA = 0xCF0;
    static final int XTLENB = 0xCF1;
    static final int XTRLENB = 0xCF2;
    static final int XALENB = 0xCF3;

    private MatrixUnit() { }

    /** The entry compiled blocks call: instruction {@code i} of the launch's program at {@code pc}. */
    public static void compiled(BlockContext c, Warp w, int i, int pc, long m) {
        execute(c, w, c.program, i, pc, m);
    }

    public static void execute(BlockContext c, Warp w, Program p, int i, int pc, long m) {
        MatrixState s = w.matrix();
        Operation.Matrix op = (Operation.Matrix) p.op[i];
        String mnemonic = InstructionSet.get(p.defId[i]).mnemonic();
        int word = p.words[i];
        // One dispatch per instruction, then the lanes (a type switch per lane costs more than its arm).
        switch (op) {
            case MatrixConfig k -> {
                for (long mm = m; mm != 0; mm &= mm - 1) {
                    configure(w, s, k, p.source[i], word, Long.numberOfTrailingZeros(mm));
                }
            }
            case MatrixMemory k -> {
                boolean words = MatrixTileCopy.wordElements(word);
                int[] rows = rowsOf(s, k);
                int[] columns = columnsOf(s, k);
                int copied = -2;                       // the last lane the word path loaded
                for (long mm = m; mm != 0; mm &= mm - 1) {
                    int lane = Long.numberOfTrailingZeros(mm);
                    if (copied == lane - 1 && !k.store() && rows[lane] == rows[copied]
                            && columns[lane] == columns[copied] && MatrixTileCopy.sameAddresses(w.x, w.width, word, lane)) {
                        MatrixTileCopy.repeatPreviousLane(s, word, lane);
                        copied = lane;
                    } else if (words && MatrixTileCopy.copy(c, w.x, w.width, s, k, word, lane, rows[lane], columns[lane])) {
                        copied = lane;
                    } else {
                        memory(c, w, s, k, mnemonic, word, pc, lane);
                        copied = -2;
                    }
                }
            }
            case MatrixZero k -> {
                for (long mm = m; mm != 0; mm &= mm - 1) {
                    s.zero(Long.numberOfTrailingZeros(mm), word >>> 7 & 7);
                }
            }
            case MatrixFloatMultiply k -> {
                // f32 on host SIMD across MatrixSimd.LANES lanes when they share one valid configuration;
                // any other lane alone, in lane order (so a fault leaves the same state either way).
                boolean acrossLanes = k == MatrixFloatMultiply.F32 && HostSimd.AVAILABLE && MatrixSimd.registersFit(word);
                long group = acrossLanes ? (1L << MatrixSimd.LANES) - 1 : 0;
                for (long mm = m; mm != 0; ) {
                    int lane = Long.numberOfTrailingZeros(mm);
                    if (acrossLanes && (lane & MatrixSimd.LANES - 1) == 0 && lane + MatrixSimd.LANES <= w.width
                            && (mm >>> lane & group) == group && MatrixSimd.sameValidShape(s, lane)) {
                        MatrixSimd.multiplyF32Lanes(s, word, lane);
                        mm &= ~(group << lane);
                    } else {
                        multiply(c, w, s, k, k.elementBytes(), mnemonic, word, pc, lane);
                        mm &= mm - 1;
                    }
                }
            }
            case MatrixIntMultiply k -> {
                for (long mm = m; mm != 0; mm &= mm - 1) {
                    multiply(c, w, s, k, 1, mnemonic, word, pc, Long.numberOfTrailingZeros(mm));
                }
            }
        }
    }

    private static void configure(Warp w, MatrixState s, MatrixConfig k, OperandSource source, int word, int lane) {
        if (k == MatrixConfig.RELEASE) {
            return;                                    // mrelease: no state is held back
        }
        int rd = word >>> 7 & 31;
        long value = source == OperandSource.UNSIGNED_IMMEDIATE ? word >>> 15 & 0x3FF
                : Integer.toUnsignedLong(w.x[(word >>> 15 & 31) * w.width + lane]);
        int max = k == MatrixConfig.TILE_K ? MatrixState.TILE_ROW_BYTES : MatrixState.ROWNUM;
        int v = (int) Math.min(value, max);
        switch (k) {
            case TILE_K -> s.mtilek[lane] = v;
            case TILE_M -> s.mtilem[lane] = v;
            case TILE_N -> s.mtilen[lane] = v;
            case RELEASE -> throw new IllegalStateException("mrelease sets no tile size");
        }
        if (rd != 0) {
            w.x[rd * w.width + lane] = v;
        }
    }

    /** Where a tile load or store reads or writes one element: row, column, address, bytes. */
    @FunctionalInterface
    private interface ElementSink {
        void access(int row, int col, int addr, int bytes);
    }

    /**
     * The elements of a tile load or store of {@code lane}, row by row, with their addresses.
     * {@code checked}: a row too wide for the register is the instruction's fault at {@code pc};
     * otherwise (an observer looking before it runs) there are no accesses.
     */
    private static void walk(BlockContext c, Warp w, MatrixState s, MatrixMemory k, String mnemonic, int word,
                             int pc, boolean checked, int lane, ElementSink sink) {
        int eb = elementBytes(word);
        int reg = word >>> 7 & 7;
        int rows = rows(s, k, lane);
        int cols = columns(s, k, lane);
        if (cols * eb > MatrixState.rowBytes(reg)) {
            if (!checked) {
                return;
            }
            throw rowTooWide(c, w, mnemonic, pc, lane, reg, cols, eb);
        }
        int base = w.x[(word >>> 15 & 31) * w.width + lane];
        int stride = w.x[(word >>> 20 & 31) * w.width + lane];
        if (k == MatrixMemory.LOAD_B_TRANSPOSED) {
            for (int col = 0; col < cols; col++) {         // memory order: a memory row is a tile column
                for (int r = 0; r < rows; r++) {
                    sink.access(r, col, base + col * stride + r * eb, eb);
                }
            }
            return;
        }
        for (int r = 0; r < rows; r++) {
            for (int col = 0; col < cols; col++) {
                sink.access(r, col, base + r * stride + col * eb, eb);
            }
        }
    }

    /**
     * The element accesses of tile load or store {@code i} on the lanes of {@code m}, before it runs,
     * for an execution-event observer: (lane, address, bytes) in lane, row, column order (lane, then
     * memory order, for the column-major mlbte).
     */
    public static void accesses(BlockContext c, Warp w, int i, long m, LaneAccessSink sink) {
        Program p = c.program;
        if (!(p.op[i] instanceof MatrixMemory k)) {
            return;
        }
        MatrixState s = w.matrix();
        for (long mm = m; mm != 0; mm &= mm - 1) {
            int lane = Long.numberOfTrailingZeros(mm);
            walk(c, w, s, k, null, p.words[i], p.pcOf(i), false, lane,
                    (r, col, addr, bytes) -> sink.access(lane, addr, bytes));
        }
    }

    private static int elementBytes(int word) {
        return 1 << (word >>> 10 & 3);                 // d_size: 8, 16 or 32-bit elements
    }

    /** A is mtilem x mtilek, B mtilen x mtilek (transposed), C mtilem x mtilen: the per-lane rows of k's tile. */
    private static int[] rowsOf(MatrixState s, MatrixMemory k) {
        return switch (k) {
            case LOAD_B, STORE_B, LOAD_B_TRANSPOSED -> s.mtilen;
            case LOAD_A, STORE_A, LOAD_C, STORE_C -> s.mtilem;
        };
    }

    private static int[] columnsOf(MatrixState s, MatrixMemory k) {
        return switch (k) {
            case LOAD_C, STORE_C -> s.mtilen;
            case LOAD_A, STORE_A, LOAD_B, STORE_B, LOAD_B_TRANSPOSED -> s.mtilek;
        };
    }

    private static int rows(MatrixState s, MatrixMemory k, int lane) {
        return rowsOf(s, k)[lane];
    }

    private static int columns(MatrixState s, MatrixMemory k, int lane) {
        return columnsOf(s, k)[lane];
    }

    private static KernelFault.Signal rowTooWide(BlockContext c, Warp w, String mnemonic, int pc, int lane, int reg,
                                                 int cols, int eb) {
        return Faults.fault(c, w, FaultKind.ILLEGAL_INSTRUCTION, pc, 1L << lane, -1, String.format(
                "%s: %d elements of %d bytes do not fit a row of m%d (lane %d)", mnemonic, cols, eb, reg, lane));
    }

    /**
     * A tile load or store, row by row in the order of {@link #walk}: a row that lies whole and aligned
     * in VRAM, shared memory or the lane's stack is one block copy; any other row goes element by element through the
     * lane's memory path, which reaches the other windows and raises the fault of a bad element.
     */
    private static void memory(BlockContext c, Warp w, MatrixState s, MatrixMemory k, String mnemonic, int word, int pc,
                               int lane) {
        boolean store = k.store();
        int reg = word >>> 7 & 7;
        int eb = elementBytes(word);
        int rows = rows(s, k, lane);
        int cols = columns(s, k, lane);
        if (!store && (rows < MatrixState.ROWNUM || cols * eb < MatrixState.rowBytes(reg))) {
            s.zero(lane, reg);                          // a load that does not fill the register zeroes the rest
        }
        if (cols * eb > MatrixState.rowBytes(reg)) {
            throw rowTooWide(c, w, mnemonic, pc, lane, reg, cols, eb);
        }
        int base = w.x[(word >>> 15 & 31) * w.width + lane];
        int stride = w.x[(word >>> 20 & 31) * w.width + lane];
        if (k == MatrixMemory.LOAD_B_TRANSPOSED) {
            loadTransposed(c, w, s, mnemonic, pc, lane, reg, base, stride, rows, cols, eb);
            return;
        }
        int bytes = cols * eb;
        byte[] stack;
        for (int r = 0; r < rows; r++) {
            int addr = base + r * stride;
            if ((addr & (eb - 1)) == 0 && addr >= 0 && addr <= c.vramSize - bytes) {
                copyRow(s, lane, reg, r, c.mem, addr, bytes, store);
            } else if ((addr & (eb - 1)) == 0 && addr - MemoryMap.SHARED_BASE >= 0
                    && addr - MemoryMap.SHARED_BASE <= c.shared.length - bytes) {
                copyRow(s, lane, reg, r, c.shared, addr - MemoryMap.SHARED_BASE, bytes, store);
            } else if ((addr & (eb - 1)) == 0 && (stack = c.memory.privateWindow(w, lane, addr, bytes, store)) != null) {
                copyRow(s, lane, reg, r, stack, addr - MemoryMap.PRIVATE_BASE, bytes, store);
            } else {
                for (int col = 0; col < cols; col++) {
                    element(c, w, s, mnemonic, pc, lane, reg, r, col, addr + col * eb, eb, store);
                }
            }
        }
    }

    /**
     * mlbte: memory row k (at base + k * stride, {@code rows} elements) is column k of the tile. A memory
     * row that lies whole and aligned in VRAM, shared memory or the lane's stack is read straight from
     * that array; any other goes element by element through the lane's memory path, in the same order.
     */
    private static void loadTransposed(BlockContext c, Warp w, MatrixState s, String mnemonic, int pc, int lane,
                                       int reg, int base, int stride, int rows, int cols, int eb) {
        int bytes = rows * eb;
        byte[] stack;
        for (int col = 0; col < cols; col++) {
            int addr = base + col * stride;
            byte[] mem = null;
            int off = 0;
            if ((addr & (eb - 1)) == 0 && addr >= 0 && addr <= c.vramSize - bytes) {
                mem = c.mem;
                off = addr;
            } else if ((addr & (eb - 1)) == 0 && addr - MemoryMap.SHARED_BASE >= 0
                    && addr - MemoryMap.SHARED_BASE <= c.shared.length - bytes) {
                mem = c.shared;
                off = addr - MemoryMap.SHARED_BASE;
            } else if ((addr & (eb - 1)) == 0 && (stack = c.memory.privateWindow(w, lane, addr, bytes, false)) != null) {
                mem = stack;
                off = addr - MemoryMap.PRIVATE_BASE;
            }
            if (mem != null && eb == 4) {                 // f32: one word a row, a row of words apart
                int at = s.index(lane, reg, 0, col * 4);
                int step = s.index(lane, reg, 1, col * 4) - at;
                for (int r = 0; r < rows; r++) {
                    s.words[at + r * step] = (int) INT.get(mem, off + 4 * r);
                }
                continue;
            }
            for (int r = 0; r < rows; r++) {
                if (mem != null) {
                    s.write(lane, reg, r, col * eb, eb, readLe(mem, off + r * eb, eb));
                } else {
                    element(c, w, s, mnemonic, pc, lane, reg, r, col, addr + r * eb, eb, false);
                }
            }
        }
    }

    /** Row r of register reg of lane to or from {@code bytes} bytes of mem at off: whole words, then single bytes. */
    private static void copyRow(MatrixState s, int lane, int reg, int r, byte[] mem, int off, int bytes,
                                boolean store) {
        int[] words = s.words;
        int at = s.index(lane, reg, r, 0);
        int q = 0;
        for (; q + 4 <= bytes; q += 4) {
            int i = at + (q >> 2) * s.width;
            if (store) {
                INT.set(mem, off + q, words[i]);
            } else {
                words[i] = (int) INT.get(mem, off + q);
            }
        }
        for (; q < bytes; q++) {
            if (store) {
                mem[off + q] = (byte) s.read(lane, reg, r, q, 1);
            } else {
                s.write(lane, reg, r, q, 1, mem[off + q]);
            }
        }
    }

    /** One element of a tile load or store through the lane's memory path (any window, and its faults). */
    private static void element(BlockContext c, Warp w, MatrixState s, String mnemonic, int pc, int lane, int reg,
                                int r, int col, int addr, int eb, boolean store) {
        try {
            if (store) {
                LaneOps.store(c, w, lane, addr, eb, s.read(lane, reg, r, col * eb, eb));
            } else {
                s.write(lane, reg, r, col * eb, eb, LaneOps.load(c, w, lane, addr, eb, false));
            }
        } catch (MemoryFault mf) {
            throw Faults.memoryFault(c, w, pc, lane, 1L << lane, new MemoryFault(mf.kind(), mf.address(),
                    mf.getMessage() + " at row " + r + ", column " + col + " of " + mnemonic));
        }
    }

    private static void multiply(BlockContext c, Warp w, MatrixState s, Operation.Matrix op, int eb, String mnemonic,
                                 int word, int pc, int lane) {
        int md = word >>> 7 & 7;
        int ms1 = word >>> 15 & 7;
        int ms2 = word >>> 20 & 7;
        if (!MatrixState.isAccumulator(md) || MatrixState.isAccumulator(ms1) || MatrixState.isAccumulator(ms2)) {
            throw Faults.fault(c, w, FaultKind.ILLEGAL_INSTRUCTION, pc, 1L << lane, -1, mnemonic
                    + ": md must be an accumulator (acc0-acc3) and ms1, ms2 tiles (tr0-tr3) (lane " + lane + ")");
        }
        boolean isFloat = op instanceof MatrixFloatMultiply;
        int mt = s.mtilem[lane];
        int nt = s.mtilen[lane];
        int kt = s.mtilek[lane];
        if (kt * eb > MatrixState.TILE_ROW_BYTES) {
            throw Faults.fault(c, w, FaultKind.ILLEGAL_INSTRUCTION, pc, 1L << lane, -1, String.format(
                    "%s: mtilek = %d elements of %d bytes exceed a tile row of %d bytes (lane %d)", mnemonic, kt, eb,
                    MatrixState.TILE_ROW_BYTES, lane));
        }
        int rm = s.frm[lane];
        if (isFloat && rm > 4) {
            throw Faults.fault(c, w, FaultKind.ILLEGAL_INSTRUCTION, pc, 1L << lane, -1,
                    mnemonic + ": xmfrm holds the invalid rounding mode " + rm + " (lane " + lane + ")");
        }
        // md is an accumulator and ms1, ms2 are tiles, so reading them all before md is written is safe.
        int[] accBits = s.accBits;
        for (int i = 0; i < mt; i++) {
            for (int j = 0; j < nt; j++) {
                accBits[i * MatrixState.ROWNUM + j] = s.read(lane, md, i, j * 4, 4);
            }
        }
        int[] out = s.product;
        if (isFloat) {
            // Outputs the plain double sums could not decide (a special value, or near a rounding
            // point) take the exact path, with their source rows widened to binary32 bits.
            for (long undecided = multiplyFloat(s, op, lane, ms1, ms2, eb, mt, nt, kt, rm, out); undecided != 0;
                 undecided &= undecided - 1) {
                int o = Long.numberOfTrailingZeros(undecided);
                int[] a = row(s, lane, ms1, o / MatrixState.ROWNUM, kt, eb, op, true, s.rowsA[0]);
                int[] b = row(s, lane, ms2, o % MatrixState.ROWNUM, kt, eb, op, false, s.rowsB[0]);
                out[o] = MatrixOps.dotAccumulate(accBits[o], a, b, kt, rm, s.fflags, lane);
            }
        } else {
            for (int j = 0; j < nt; j++) {
                row(s, lane, ms2, j, kt, eb, op, false, s.rowsB[j]);
            }
            for (int i = 0; i < mt; i++) {
                int[] a = row(s, lane, ms1, i, kt, eb, op, true, s.rowsA[i]);
                for (int j = 0; j < nt; j++) {
                    int o = i * MatrixState.ROWNUM + j;
                    out[o] = MatrixOps.dotAccumulateInt(accBits[o], a, s.rowsB[j], kt);
                }
            }
        }
        if (mt < MatrixState.ROWNUM || nt < MatrixState.ROWNUM) {
            s.zero(lane, md);
        }
        for (int i = 0; i < mt; i++) {
            for (int j = 0; j < nt; j++) {
                s.write(lane, md, i, j * 4, 4, out[i * MatrixState.ROWNUM + j]);
            }
        }
    }

    /** Row {@code row} of source tile {@code reg}, its first kt elements widened into {@code into}. */
    private static int[] row(MatrixState s, int lane, int reg, int row, int kt, int eb, Operation.Matrix op,
                             boolean isA, int[] into) {
        for (int k = 0; k < kt; k++) {
            into[k] = element(s, lane, reg, row, k, eb, op, isA);
        }
        return into;
    }

    /**
     * The FP forms' outputs: plain double sums of the exact products, each decided from the sum and its
     * error bound (on host SIMD when the Vector API is present). Returns the outputs left undecided, as
     * bits {@code i * ROWNUM + j}.
     */
    private static long multiplyFloat(MatrixState s, Operation.Matrix op, int lane, int ms1, int ms2, int eb, int mt,
                                      int nt, int kt, int rm, int[] out) {
        double[] wa = s.wideA;
        double[] wbk = s.wideBk;
        double[] wc = s.wideC;
        int[] accBits = s.accBits;
        for (int i = 0; i < mt; i++) {
            for (int k = 0; k < kt; k++) {
                wa[i * MatrixState.TILE_ROW_BYTES + k] = Float.intBitsToFloat(element(s, lane, ms1, i, k, eb, op, true));
            }
            for (int j = 0; j < MatrixState.ROWNUM; j++) {
                wc[i * MatrixState.ROWNUM + j] = j < nt ? Float.intBitsToFloat(accBits[i * MatrixState.ROWNUM + j]) : 0;
            }
        }
        for (int j = 0; j < MatrixState.ROWNUM; j++) {
            for (int k = 0; k < kt; k++) {
                wbk[k * MatrixState.ROWNUM + j] = j >= nt ? 0 : Float.intBitsToFloat(element(s, lane, ms2, j, k, eb, op, false));
            }
        }
        if (HostSimd.AVAILABLE) {
            return MatrixSimd.multiplyF32(s, mt, nt, kt, rm, lane, out);
        }
        long undecided = 0;
        for (int i = 0; i < mt; i++) {
            int ai = i * MatrixState.TILE_ROW_BYTES;
            for (int j = 0; j < nt; j++) {
                int o = i * MatrixState.ROWNUM + j;
                double sum = wc[o];
                double magnitude = Math.abs(sum);
                for (int k = 0; k < kt; k++) {
                    double p = wa[ai + k] * wbk[k * MatrixState.ROWNUM + j];
                    sum += p;
                    magnitude += Math.abs(p);
                }
                long r = MatrixOps.roundedSumBounded(sum, magnitude, kt, rm, s.fflags, lane);
                out[o] = (int) r;
                undecided |= r == MatrixOps.UNDECIDED ? 1L << o : 0;
            }
        }
        return undecided;
    }

    /** Element (row, k) of a source tile, widened: binary32 bits for FP forms, an int for integer forms. */
    private static int element(MatrixState s, int lane, int reg, int row, int k, int eb, Operation.Matrix op,
                               boolean isA) {
        int raw = s.read(lane, reg, row, k * eb, eb);
        if (op instanceof MatrixIntMultiply im) {
            boolean signed = isA ? im.ms1Signed() : im.ms2Signed();
            return signed ? (byte) raw : raw & 0xFF;
        }
        return switch ((MatrixFloatMultiply) op) {
            case F32 -> raw;
            case BF16 -> LowPrecision.fcvtSBf16(raw << 16);
            case E4M3 -> LowPrecision.fcvtSE4m3(raw << 24);
            case E5M2 -> LowPrecision.fcvtSE5m2(raw << 24);
        };
    }

    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    static int readLe(byte[] b, int o, int n) {
        if (n == 4) {
            return (int) INT.get(b, o);
        }
        int v = 0;
        for (int i = n - 1; i >= 0; i--) {
            v = v << 8 | (b[o + i] & 0xFF);
        }
        return v;
    }

    static void writeLe(byte[] b, int o, int n, int v) {
        if (n == 4) {
            INT.set(b, o, v);
            return;
        }
        for (int i = 0; i < n; i++) {
            b[o + i] = (byte) (v >>> (8 * i));
        }
    }

    // ------------------------------------------------------------------ CSRs

    /**
     * A matrix CSR, or {@link Long#MIN_VALUE}. xmcsr packs, in this implementation's layout,
     * xmfflags [4:0], xmfrm [7:5], xmxrm [9:8], xmsat [10], xmsaten [11].
     */
    public static long readCsr(Warp w, int lane, int csr) {
        if (csr < XMCSR || csr > XMSATEN && (csr < XMISA || csr > XALENB)) {
            return Long.MIN_VALUE;
        }
        MatrixState s = w.matrix();
        return switch (csr) {
            case XMCSR -> s.fflags[lane] | s.frm[lane] << 5 | s.xrm[lane] << 8 | s.sat[lane] << 10 | s.saten[lane] << 11;
            case MTILEM -> s.mtilem[lane];
            case MTILEN -> s.mtilen[lane];
            case MTILEK -> s.mtilek[lane];
            case XMXRM -> s.xrm[lane];
            case XMSAT -> s.sat[lane];
            case XMFFLAGS -> s.fflags[lane];
            case XMFRM -> s.frm[lane];
            case XMSATEN -> s.saten[lane];
            case XMISA -> 1;                             // bit 0: the f32 multiply (mfmacc.s) is present
            case XTLENB -> MatrixState.TLEN / 8;
            case XTRLENB -> MatrixState.TRLEN / 8;
            default -> MatrixState.ALEN / 8;
        };
    }

    /** Writes a writable matrix CSR (mtilem/n/k are set by msettile*, the parameters are read-only). */
    public static boolean writeCsr(Warp w, int lane, int csr, int value) {
        if (csr < XMCSR || csr > XMSATEN || csr >= MTILEM && csr <= MTILEK) {
            return false;
        }
        MatrixState s = w.matrix();
        switch (csr) {
            case XMCSR -> {
                s.fflags[lane] = value & 0x1F;
                s.frm[lane] = value >>> 5 & 7;
                s.xrm[lane] = value >>> 8 & 3;
                s.sat[lane] = value >>> 10 & 1;
                s.saten[lane] = value >>> 11 & 1;
            }
            case XMXRM -> s.xrm[lane] = value & 3;
            case XMSAT -> s.sat[lane] = value & 1;
            case XMFFLAGS -> s.fflags[lane] = value & 0x1F;
            case XMFRM -> s.frm[lane] = value & 7;
            default -> s.saten[lane] = value & 1;
        }
        return true;
    }
}
