package org.rvsimt.core.exec;

import java.util.Arrays;
import org.rvsimt.core.exec.simt.Warp;
import org.rvsimt.core.memory.MemoryFault;
import org.rvsimt.core.memory.MemoryMap;
import org.rvsimt.core.memory.Vram;
import org.rvsimt.core.memory.Windows;

/**
 * A block's view of device memory (docs/kernel-abi.md, memory map): VRAM, the block's shared memory,
 * its threads' private stacks, the CTRL window, the argument block and the barrier and console
 * registers. The engines index VRAM and shared memory in line ({@link BlockContext#mem},
 * {@link BlockContext#shared}); every other access, and every fault, goes through here.
 */
public final class BlockMemory {
    private final BlockContext c;
    private final LaunchSpec spec;
    final Vram vram;
    final byte[] mem;
    final int vramSize;
    final byte[] shared;
    private final byte[][] stacks;        // per thread, allocated on first touch (1024 threads x 1 MiB must not be up front)
    private final boolean[] stackDirty;

    BlockMemory(BlockContext c, LaunchSpec spec, Vram vram) {
        this.c = c;
        this.spec = spec;
        this.vram = vram;
        this.mem = vram.bytes();
        this.vramSize = vram.size();
        int threads = spec.threadsPerBlock();
        shared = new byte[spec.sharedBytes()];
        stacks = new byte[threads][];
        stackDirty = new boolean[threads];
    }

    /** A new block starts with zeroed shared memory and stacks. */
    void enterBlock() {
        Arrays.fill(shared, (byte) 0);
        for (int t = 0; t < stackDirty.length; t++) {
            if (stackDirty[t]) {
                Arrays.fill(stacks[t], (byte) 0);
                stackDirty[t] = false;
            }
        }
    }

    /** Any load the interpreter's VRAM fast path did not take. */
    public int loadSlow(Warp w, int lane, int addr, int width, boolean unsigned) {
        c.inFlight.faultLane = lane;
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
            return misalignedLoad(stack(c.threadLinear(w, lane)), stackOff, width, unsigned);
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
        c.inFlight.faultLane = lane;
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
            int t = c.threadLinear(w, lane);
            stackDirty[t] = true;
            misalignedStore(stack(t), stackOff, width, value);
            return;
        }
        if (a == Integer.toUnsignedLong(MemoryMap.BARRIER_REG)) {
            c.inFlight.barrierRequested = true;
            return;
        }
        if (a == Integer.toUnsignedLong(MemoryMap.CONSOLE_REG)) {
            c.console.putByte(w, lane, value & 0xFF);
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
            c.inFlight.atomicOffset = (int) a;
            return mem;
        }
        if (a >= Integer.toUnsignedLong(MemoryMap.SHARED_BASE)
                && a + 4 <= Integer.toUnsignedLong(MemoryMap.SHARED_BASE) + shared.length) {
            c.inFlight.atomicOffset = (int) (a - Integer.toUnsignedLong(MemoryMap.SHARED_BASE));
            return shared;
        }
        throw new MemoryFault(MemoryFault.Kind.OUT_OF_BOUNDS, addr,
                String.format("atomic at 0x%08x is outside VRAM and shared memory", addr));
    }

    /**
     * The private stack of {@code lane} when the {@code bytes} at {@code addr} lie inside its window,
     * else null: the vector and matrix units copy whole vectors and tile rows to and from it
     * (at offset {@code addr - PRIVATE_BASE}) instead of going through this class element by element.
     * {@code write}: the caller stores, so the stack is zeroed for the next block.
     */
    public byte[] privateWindow(Warp w, int lane, int addr, int bytes, boolean write) {
        if (privateOffset(w, lane, Integer.toUnsignedLong(addr), bytes) < 0) {
            return null;
        }
        int t = c.threadLinear(w, lane);
        stackDirty[t] |= write;
        return stack(t);
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
    private int ctrlRegister(Warp w, int lane, int offset, boolean seed) {
        int t = c.threadLinear(w, lane);
        int[] b = spec.block();
        int[] g = spec.grid();
        return switch (offset & ~3) {
            case MemoryMap.CTRL_THREAD_IDX -> t % b[0];
            case MemoryMap.CTRL_THREAD_IDX + 4 -> (t / b[0]) % b[1];
            case MemoryMap.CTRL_THREAD_IDX + 8 -> t / (b[0] * b[1]);
            case MemoryMap.CTRL_BLOCK_IDX -> c.bx;
            case MemoryMap.CTRL_BLOCK_IDX + 4 -> c.by;
            case MemoryMap.CTRL_BLOCK_IDX + 8 -> c.bz;
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
}
