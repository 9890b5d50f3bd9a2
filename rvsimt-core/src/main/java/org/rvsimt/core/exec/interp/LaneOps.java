package org.rvsimt.core.exec.interp;

import org.rvsimt.core.exec.BlockContext;
import org.rvsimt.core.exec.observe.Profile;
import org.rvsimt.core.exec.simt.Warp;
import org.rvsimt.core.memory.MemoryMap;
import org.rvsimt.core.memory.Windows;

/**
 * Per-lane helpers that compiled blocks call (and HotSpot inlines): memory accesses with the VRAM
 * fast path in line and the windows and faults in {@link BlockContext}, and the dynamic rounding
 * mode. Kept tiny so they inline into the generated lane loops.
 */
public final class LaneOps {
    private LaneOps() { }

    public static int load(BlockContext c, Warp w, int lane, int addr, int width, boolean unsigned) {
        if (addr >= 0 && addr <= c.vramSize - width && (addr & (width - 1)) == 0) {
            return Windows.load(c.mem, addr, width, unsigned);
        }
        // Shared memory is the other hot window (tiled kernels live in it): also in line.
        int off = addr - MemoryMap.SHARED_BASE;
        if (off >= 0 && off <= c.shared.length - width && (addr & (width - 1)) == 0) {
            return Windows.load(c.shared, off, width, unsigned);
        }
        return c.memory.loadSlow(w, lane, addr, width, unsigned);
    }

    public static void store(BlockContext c, Warp w, int lane, int addr, int width, int value) {
        int off = addr - MemoryMap.SHARED_BASE;
        if (addr >= 0 && addr <= c.vramSize - width && (addr & (width - 1)) == 0) {
            Windows.store(c.mem, addr, width, value);
        } else if (off >= 0 && off <= c.shared.length - width && (addr & (width - 1)) == 0) {
            Windows.store(c.shared, off, width, value);
        } else {
            c.memory.storeSlow(w, lane, addr, width, value);
        }
    }

    /**
     * The memory space of an address, for the launch statistics: {@link Profile#GLOBAL} (the
     * argument block counts as global memory, where it used to live), SHARED or OTHER (stacks, CTRL,
     * unmapped).
     */
    public static byte space(BlockContext c, int addr) {
        if (addr >= 0 && addr < c.vramSize
                || Integer.compareUnsigned(addr - MemoryMap.ARGS_BASE, MemoryMap.ARGS_WINDOW) < 0) {
            return Profile.GLOBAL;
        }
        int off = addr - MemoryMap.SHARED_BASE;
        return off >= 0 && off < c.shared.length ? Profile.SHARED : Profile.OTHER;
    }

    /** The lane's frm for an instruction with rm = dyn; an invalid frm is an illegal instruction. */
    public static int dynamicRm(Warp w, int lane) {
        int rm = w.frm[lane];
        if (rm > 4) {
            throw new RoundingFault(lane, rm);
        }
        return rm;
    }

    /** Dynamic rounding with a reserved frm value, raised inside a compiled block. */
    public static final class RoundingFault extends RuntimeException {
        public final int lane;
        public final int rm;

        RoundingFault(int lane, int rm) {
            super(null, null, false, false);
            this.lane = lane;
            this.rm = rm;
        }
    }
}
