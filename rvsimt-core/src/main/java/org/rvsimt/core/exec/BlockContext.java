package org.rvsimt.core.exec;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.rvsimt.core.exec.matrix.MatrixUnit;
import org.rvsimt.core.exec.observe.Profile;
import org.rvsimt.core.exec.program.Program;
import org.rvsimt.core.exec.simt.Warp;
import org.rvsimt.core.exec.vector.VectorUnit;
import org.rvsimt.core.memory.MemoryFault;
import org.rvsimt.core.memory.MemoryMap;
import org.rvsimt.core.memory.Vram;
import org.rvsimt.core.memory.Windows;
import org.rvsimt.isa.Csrs;

/**
 * The state one host thread keeps while it runs one block: the block's warps, its shared memory,
 * its threads' private stacks and console lines, and the slow paths of memory and CSR access that
 * need to know which thread is asking. Reused from block to block on the same host thread.
 */
public final class BlockContext {
    public final LaunchSpec spec;
    /**
     * The code this block runs: the launch's predecoded program, until a {@code fence.i} of the block
     * finds that stores changed its instructions ({@link #synchroniseCode}). Each block starts again
     * from the launch's program, so what a block runs never depends on which host thread ran what before.
     */
    public Program program;
    final Vram vram;
    public final byte[] mem;
    public final int vramSize;
    public final Warp[] warps;
    public final int warpCount;
    public final byte[] shared;
    final byte[][] stacks;        // per thread, allocated on first touch (1024 threads x 1 MiB must not be up front)
    final boolean[] stackDirty;
    final StringBuilder[] consoleLine;
    final List<String> console = new ArrayList<>();
    public int bx;
    public int by;
    public int bz;
    public int blockLinear;
    int unit;
    public final Profile profile;
    /**
     * The host thread's execution-event listener while the launch has a consumer (the trace writer
     * among them), else null: the engines test it per instruction (interpreter) or per warp quantum
     * (JIT, which then runs the observed variant of its compiled blocks).
     */
    public org.rvsimt.core.events.ExecutionListener events;
    /** The instruction event, reused for every instruction of this host thread. */
    public final org.rvsimt.core.events.InstructionEvent event = new org.rvsimt.core.events.InstructionEvent();
    /** Issue slots of this block so far (all warps), the clock of barrier waits. */
    long blockIssued;
    public boolean barrierRequested;
    public long faultAddress;
    public int faultLane;                // lane of the access a slow path was asked for (for fault reports)
    public int jitPc;                    // pc of the instruction a compiled block is executing (for fault reports)
    public int uncounted;                // instructions the running engine has executed but not yet added to the warp
    /**
     * The first block on this host thread in which a thread exited with a non-zero code, or -1. Host
     * threads take blocks in increasing order, so only that block's exits can be the launch's
     * exit_code fault; warps of later blocks skip the flight-recorder tail.
     */
    public long exitTailBlock = -1;

    public BlockContext(LaunchSpec spec, Vram vram) {
        this.spec = spec;
        this.vram = vram;
        this.mem = vram.bytes();
        this.vramSize = vram.size();
        int threads = spec.threadsPerBlock();
        warpCount = spec.warpsPerBlock();
        warps = new Warp[warpCount];
        for (int w = 0; w < warpCount; w++) {
            int n = Math.min(spec.warpSize(), threads - w * spec.warpSize());
            warps[w] = new Warp(w, spec.warpSize(), n == 64 ? -1L : (1L << n) - 1, spec.vlen());
        }
        shared = new byte[spec.sharedBytes()];
        stacks = new byte[threads][];
        stackDirty = new boolean[threads];
        consoleLine = new StringBuilder[threads];
        program = spec.program();
        profile = new Profile(spec.program().length);
        event.blockState(new BlockStateView(this));
    }

    /** Prepares the block at linear index {@code linear}: ids, zeroed shared memory and stacks, fresh warps. */
    void enterBlock(long linear) {
        int gx = spec.grid()[0];
        int gy = spec.grid()[1];
        blockLinear = (int) linear;
        program = spec.program();
        bx = (int) (linear % gx);
        by = (int) ((linear / gx) % gy);
        bz = (int) (linear / ((long) gx * gy));
        unit = (int) (linear % spec.computeUnits());
        Arrays.fill(shared, (byte) 0);
        for (int t = 0; t < stackDirty.length; t++) {
            if (stackDirty[t]) {
                Arrays.fill(stacks[t], (byte) 0);
                stackDirty[t] = false;
            }
        }
        console.clear();
        blockIssued = 0;
        for (Warp w : warps) {
            startWarp(w, spec.entry(), w.lanes);
            w.warpInstructions = 0;
            w.laneInstructions = 0;
            w.exitCode = 0;
            w.exitLane = -1;
            w.exitLanes = 0;
            w.exitRecent = List.of();
        }
    }

    /** Starts a warp with the native ABI's registers (or all zero under the seed ABI). */
    public void startWarp(Warp w, int pc, long lanes) {
        w.start(pc, lanes);
        if (spec.seedAbi()) {
            return;
        }
        int width = w.width;
        for (int l = 0; l < width; l++) {
            w.x[10 * width + l] = spec.argsAddress();                                    // a0
            w.x[2 * width + l] = MemoryMap.PRIVATE_BASE + spec.stackBytes();             // sp (16-aligned top)
        }
    }

    int threadLinear(Warp w, int lane) {
        return w.id * spec.warpSize() + lane;
    }

    // ------------------------------------------------------------------ memory slow paths

    /** Any load the interpreter's VRAM fast path did not take. */
    public int loadSlow(Warp w, int lane, int addr, int width, boolean unsigned) {
        faultLane = lane;
        if ((addr & (width - 1)) != 0 && !spec.allowMisaligned()) {
            throw new MemoryFault(MemoryFault.Kind.MISALIGNED, addr,
                    String.format("misaligned %d-byte load at 0x%08x", width, addr));
        }
        long a = Integer.toUnsignedLong(addr);
        if (a + width <= vramSize) {
            return misalignedLoad(mem, addr, width, unsigned);
        }
        if (spec.seedAbi() && a >= 0x8000_0000L && a < 0xC000_0000L) {
            return truncate(ctrlRegister(w, lane, (int) (a - MemoryMap.CTRL_BASE), true), width, unsigned);
        }
        if (a >= 0x8000_0000L && a + width <= 0x8000_1000L) {
            return truncate(ctrlRegister(w, lane, (int) (a - MemoryMap.CTRL_BASE), false), width, unsigned);
        }
        if (a >= Integer.toUnsignedLong(MemoryMap.SHARED_BASE)
                && a + width <= Integer.toUnsignedLong(MemoryMap.SHARED_BASE) + shared.length) {
            return misalignedLoad(shared, (int) (a - Integer.toUnsignedLong(MemoryMap.SHARED_BASE)), width, unsigned);
        }
        int stackOff = privateOffset(w, lane, a, width);
        if (stackOff >= 0) {
            return misalignedLoad(stack(threadLinear(w, lane)), stackOff, width, unsigned);
        }
        if (a == Integer.toUnsignedLong(MemoryMap.BARRIER_REG) || a == Integer.toUnsignedLong(MemoryMap.CONSOLE_REG)) {
            return 0;
        }
        int argOff = argumentOffset(addr, a, width, "load");
        if (argOff >= 0) {
            return misalignedLoad(spec.argumentBlock(), argOff, width, unsigned);
        }
        throw outOfBounds(addr, width, "load");
    }

    public void storeSlow(Warp w, int lane, int addr, int width, int value) {
        faultLane = lane;
        if ((addr & (width - 1)) != 0 && !spec.allowMisaligned()) {
            throw new MemoryFault(MemoryFault.Kind.MISALIGNED, addr,
                    String.format("misaligned %d-byte store at 0x%08x", width, addr));
        }
        long a = Integer.toUnsignedLong(addr);
        if (a + width <= vramSize) {
            misalignedStore(mem, addr, width, value);
            return;
        }
        if (a >= Integer.toUnsignedLong(MemoryMap.SHARED_BASE)
                && a + width <= Integer.toUnsignedLong(MemoryMap.SHARED_BASE) + shared.length) {
            misalignedStore(shared, (int) (a - Integer.toUnsignedLong(MemoryMap.SHARED_BASE)), width, value);
            return;
        }
        int stackOff = privateOffset(w, lane, a, width);
        if (stackOff >= 0) {
            int t = threadLinear(w, lane);
            stackDirty[t] = true;
            misalignedStore(stack(t), stackOff, width, value);
            return;
        }
        if (a == Integer.toUnsignedLong(MemoryMap.BARRIER_REG)) {
            barrierRequested = true;
            return;
        }
        if (a == Integer.toUnsignedLong(MemoryMap.CONSOLE_REG)) {
            consoleByte(w, lane, value & 0xFF);
            return;
        }
        if (spec.seedAbi() && a >= 0x8000_0000L && a < 0xC000_0000L) {
            return; // the seed ignored stores to its ID window
        }
        if (a >= 0x8000_0000L && a < 0x8000_1000L) {
            throw new MemoryFault(MemoryFault.Kind.READ_ONLY, addr,
                    String.format("store to read-only CTRL register at 0x%08x", addr));
        }
        int argOff = argumentOffset(addr, a, width, "store");
        if (argOff >= 0) {
            misalignedStore(spec.argumentBlock(), argOff, width, value);
            return;
        }
        throw outOfBounds(addr, width, "store");
    }

    /** Whether {@link #storeSlow} would fault for this store (it is not performed). */
    public boolean storeFaults(Warp w, int lane, int addr, int width) {
        if ((addr & (width - 1)) != 0 && !spec.allowMisaligned()) {
            return true;
        }
        long a = Integer.toUnsignedLong(addr);
        long shared0 = Integer.toUnsignedLong(MemoryMap.SHARED_BASE);
        long args0 = Integer.toUnsignedLong(MemoryMap.ARGS_BASE);
        byte[] block = spec.argumentBlock();
        boolean mapped = a + width <= vramSize
                || a >= shared0 && a + width <= shared0 + shared.length
                || privateOffset(w, lane, a, width) >= 0
                || a == Integer.toUnsignedLong(MemoryMap.BARRIER_REG) || a == Integer.toUnsignedLong(MemoryMap.CONSOLE_REG)
                || spec.seedAbi() && a >= 0x8000_0000L && a < 0xC000_0000L
                || block != null && a >= args0 && a + width <= args0 + block.length;
        return !mapped;
    }

    /** The array and offset an atomic at {@code addr} works on: VRAM or shared memory only. */
    public byte[] atomicTarget(int addr) {
        long a = Integer.toUnsignedLong(addr);
        if ((addr & 3) != 0) {
            throw new MemoryFault(MemoryFault.Kind.MISALIGNED, addr, String.format("misaligned atomic at 0x%08x", addr));
        }
        if (a + 4 <= vramSize) {
            faultAddress = a;
            return mem;
        }
        if (a >= Integer.toUnsignedLong(MemoryMap.SHARED_BASE)
                && a + 4 <= Integer.toUnsignedLong(MemoryMap.SHARED_BASE) + shared.length) {
            faultAddress = a - Integer.toUnsignedLong(MemoryMap.SHARED_BASE);
            return shared;
        }
        throw new MemoryFault(MemoryFault.Kind.OUT_OF_BOUNDS, addr,
                String.format("atomic at 0x%08x is outside VRAM and shared memory", addr));
    }

    /** Offset inside the thread's own stack, or -1 when the address is not in the private window. */
    private int privateOffset(Warp w, int lane, long a, int width) {
        long base = Integer.toUnsignedLong(MemoryMap.PRIVATE_BASE);
        if (a >= base && a + width <= base + spec.stackBytes()) {
            return (int) (a - base);
        }
        return -1;
    }

    /**
     * Offset inside the launch's argument block, or -1 when the address is not in its window; an
     * access in the window past the last argument is a fault that says how many there are.
     */
    private int argumentOffset(int addr, long a, int width, String what) {
        byte[] block = spec.argumentBlock();
        long base = Integer.toUnsignedLong(MemoryMap.ARGS_BASE);
        if (block == null || a < base || a >= base + MemoryMap.ARGS_WINDOW) {
            return -1;
        }
        if (a + width <= base + block.length) {
            return (int) (a - base);
        }
        int n = block.length / 4;
        throw new MemoryFault(MemoryFault.Kind.OUT_OF_BOUNDS, addr, String.format(
                "%d-byte %s at 0x%08x is past the argument block: the launch has %d argument%s (0x%08x..+0x%x)",
                width, what, addr, n, n == 1 ? "" : "s", MemoryMap.ARGS_BASE, block.length));
    }

    private byte[] stack(int thread) {
        byte[] s = stacks[thread];
        if (s == null) {
            s = new byte[spec.stackBytes()];
            stacks[thread] = s;
        }
        return s;
    }

    private MemoryFault outOfBounds(int addr, int width, String what) {
        return new MemoryFault(MemoryFault.Kind.OUT_OF_BOUNDS, addr, String.format(
                "%d-byte %s at 0x%08x is outside mapped memory (VRAM is 0x0..0x%x, shared 0x%08x..+0x%x, stack 0x%08x..+0x%x)",
                width, what, addr, vramSize, MemoryMap.SHARED_BASE, shared.length, MemoryMap.PRIVATE_BASE,
                spec.stackBytes()));
    }

    /** Any-alignment access to a window (misaligned ones only when the launch allows them). */
    private static int misalignedLoad(byte[] m, int off, int width, boolean unsigned) {
        if ((off & (width - 1)) == 0) {
            return Windows.load(m, off, width, unsigned);
        }
        int v = 0;
        for (int i = 0; i < width; i++) {
            v |= (m[off + i] & 0xFF) << (8 * i);
        }
        return truncate(v, width, unsigned);
    }

    private static void misalignedStore(byte[] m, int off, int width, int v) {
        if ((off & (width - 1)) == 0) {
            Windows.store(m, off, width, v);
            return;
        }
        for (int i = 0; i < width; i++) {
            m[off + i] = (byte) (v >>> (8 * i));
        }
    }

    private static int truncate(int v, int width, boolean unsigned) {
        return switch (width) {
            case 1 -> unsigned ? v & 0xFF : (byte) v;
            case 2 -> unsigned ? v & 0xFFFF : (short) v;
            default -> v;
        };
    }

    /** The CTRL window (docs/kernel-abi.md, memory map); the seed ABI keeps the seed's 0xFFFFFFFF for unknown offsets. */
    int ctrlRegister(Warp w, int lane, int offset, boolean seed) {
        int t = threadLinear(w, lane);
        int[] b = spec.block();
        int[] g = spec.grid();
        return switch (offset & ~3) {
            case MemoryMap.CTRL_THREAD_IDX -> t % b[0];
            case MemoryMap.CTRL_THREAD_IDX + 4 -> (t / b[0]) % b[1];
            case MemoryMap.CTRL_THREAD_IDX + 8 -> t / (b[0] * b[1]);
            case MemoryMap.CTRL_BLOCK_IDX -> bx;
            case MemoryMap.CTRL_BLOCK_IDX + 4 -> by;
            case MemoryMap.CTRL_BLOCK_IDX + 8 -> bz;
            case MemoryMap.CTRL_BLOCK_DIM -> b[0];
            case MemoryMap.CTRL_BLOCK_DIM + 4 -> b[1];
            case MemoryMap.CTRL_BLOCK_DIM + 8 -> b[2];
            case MemoryMap.CTRL_GRID_DIM -> g[0];
            case MemoryMap.CTRL_GRID_DIM + 4 -> g[1];
            case MemoryMap.CTRL_GRID_DIM + 8 -> g[2];
            case MemoryMap.CTRL_WARP_ID -> seed ? -1 : w.id;
            case MemoryMap.CTRL_LANE_ID -> seed ? -1 : lane;
            case MemoryMap.CTRL_ARGS -> seed ? -1 : spec.argsAddress();
            default -> -1;
        };
    }

    /**
     * {@code fence.i}: the instruction words now in memory over the program's range replace the
     * predecoded ones. Only the words that changed are predecoded again; the block then runs a new
     * program, whose compiled blocks are compiled afresh as they are reached. Returns whether any
     * word changed (then the engine ends its turn, so that it continues on the new program).
     */
    public boolean synchroniseCode() {
        Program p = program;
        int[] now = Program.slots(p.length, k -> vram.getInt(p.base + 4 * (k >> 1)) >>> 16 * (k & 1));
        if (java.util.Arrays.equals(now, p.words)) {
            return false;
        }
        program = p.withWords(now);
        return true;
    }

    // ------------------------------------------------------------------ CSRs

    /** Reads a CSR for one lane; returns Long.MIN_VALUE for a CSR that does not exist. */
    public long readCsr(Warp w, int lane, int csr) {
        int t = threadLinear(w, lane);
        int[] b = spec.block();
        int[] g = spec.grid();
        return switch (csr) {
            case Csrs.FFLAGS -> w.fflags[lane];
            case Csrs.FRM -> w.frm[lane];
            case Csrs.FCSR -> w.fflags[lane] | w.frm[lane] << 5;
            case Csrs.LANE_ID -> lane;
            case Csrs.WARP_ID -> w.id;
            case Csrs.CORE_ID -> unit;
            case Csrs.ACTIVE_WARPS -> activeWarpMask();
            case Csrs.THREAD_MASK -> (int) w.mask;
            case Csrs.THREAD_ID_X -> t % b[0];
            case Csrs.THREAD_ID_X + 1 -> (t / b[0]) % b[1];
            case Csrs.THREAD_ID_X + 2 -> t / (b[0] * b[1]);
            case Csrs.BLOCK_ID_X -> bx;
            case Csrs.BLOCK_ID_X + 1 -> by;
            case Csrs.BLOCK_ID_X + 2 -> bz;
            case Csrs.BLOCK_DIM_X -> b[0];
            case Csrs.BLOCK_DIM_X + 1 -> b[1];
            case Csrs.BLOCK_DIM_X + 2 -> b[2];
            case Csrs.GRID_DIM_X -> g[0];
            case Csrs.GRID_DIM_X + 1 -> g[1];
            case Csrs.GRID_DIM_X + 2 -> g[2];
            case Csrs.SHARED_BASE -> MemoryMap.SHARED_BASE;
            case Csrs.NUM_THREADS -> spec.warpSize();
            case Csrs.NUM_WARPS -> warpCount;
            case Csrs.NUM_CORES -> spec.computeUnits();
            case Csrs.MSCRATCH -> spec.argsAddress();
            case Csrs.MHARTID -> blockLinear << 13 | w.id << 5 | lane;
            case Csrs.MISA -> program.isa().misa();
            case Csrs.CYCLE, Csrs.INSTRET, 0xB00, 0xB02 -> (int) (w.warpInstructions + uncounted);
            case Csrs.CYCLEH, Csrs.INSTRETH, 0xB80, 0xB82 -> (int) ((w.warpInstructions + uncounted) >>> 32);
            case Csrs.TIME -> (int) (System.nanoTime() / 1000);
            case Csrs.TIMEH -> (int) ((System.nanoTime() / 1000) >>> 32);
            default -> extensionCsr(w, lane, csr);
        };
    }

    /** A vector or matrix CSR, or {@link Long#MIN_VALUE} when csr is neither. */
    private static long extensionCsr(Warp w, int lane, int csr) {
        long v = VectorUnit.readCsr(w, lane, csr);
        return v != Long.MIN_VALUE ? v : MatrixUnit.readCsr(w, lane, csr);
    }

    /** Writes a CSR for one lane; returns false when the CSR is read-only or unknown. */
    public boolean writeCsr(Warp w, int lane, int csr, int value) {
        if (VectorUnit.writeCsr(w, lane, csr, value) || MatrixUnit.writeCsr(w, lane, csr, value)) {
            return true;
        }
        switch (csr) {
            case Csrs.FFLAGS -> w.fflags[lane] = value & 0x1F;
            case Csrs.FRM -> w.frm[lane] = value & 0x7;
            case Csrs.FCSR -> {
                w.fflags[lane] = value & 0x1F;
                w.frm[lane] = (value >>> 5) & 0x7;
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    private int activeWarpMask() {
        int m = 0;
        for (int i = 0; i < Math.min(32, warpCount); i++) {
            if (warps[i].state != Warp.State.DONE) {
                m |= 1 << i;
            }
        }
        return m;
    }

    // ------------------------------------------------------------------ console

    void consoleByte(Warp w, int lane, int c) {
        int t = threadLinear(w, lane);
        if (consoleLine[t] == null) {
            consoleLine[t] = new StringBuilder();
        }
        if (c == '\n') {
            flushLine(t);
        } else if (consoleLine[t].length() < 4096) {
            consoleLine[t].append((char) c);
        }
    }

    public void consoleWrite(Warp w, int lane, byte[] bytes) {
        String s = new String(bytes, StandardCharsets.UTF_8);
        for (int i = 0; i < s.length(); i++) {
            consoleByte(w, lane, s.charAt(i));
        }
    }

    private void flushLine(int t) {
        int[] b = spec.block();
        console.add(String.format("[block (%d,%d,%d) thread (%d,%d,%d)] %s", bx, by, bz, t % b[0], (t / b[0]) % b[1],
                t / (b[0] * b[1]), consoleLine[t]));
        consoleLine[t].setLength(0);
    }

    /** Emits unterminated console lines at the end of the block. */
    void flushConsole() {
        for (int t = 0; t < consoleLine.length; t++) {
            if (consoleLine[t] != null && !consoleLine[t].isEmpty()) {
                flushLine(t);
            }
        }
    }

    /** Bytes of device memory for ecall write: VRAM, shared or stack; null when out of range. */
    public byte[] readBytes(Warp w, int lane, int addr, int len) {
        if (len < 0 || len > 1 << 16) {
            return null;
        }
        byte[] out = new byte[len];
        for (int i = 0; i < len; i++) {
            try {
                out[i] = (byte) loadSlowOrFast(w, lane, addr + i);
            } catch (MemoryFault f) {
                return null;
            }
        }
        return out;
    }

    /** The byte at {@code addr} as lane {@code lane} of {@code w} sees memory (0..255); a MemoryFault when unmapped. */
    public int deviceByte(Warp w, int lane, int addr) {
        return loadSlowOrFast(w, lane, addr) & 0xFF;
    }

    private int loadSlowOrFast(Warp w, int lane, int addr) {
        long a = Integer.toUnsignedLong(addr);
        if (a < vramSize) {
            return mem[addr];
        }
        return loadSlow(w, lane, addr, 1, true);
    }

    static int vramLoad(byte[] m, int addr, int width, boolean unsigned) {
        return Windows.load(m, addr, width, unsigned);
    }
}
