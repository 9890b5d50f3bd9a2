package org.rvsimt.core.exec.interp;

import org.rvsimt.core.exec.BlockContext;
import org.rvsimt.core.exec.simt.Warp;
import org.rvsimt.core.memory.Windows;

/**
 * The interpreter's lane loops for scalar loads and stores. A 32-bit access (lw, flw, sw, fsw: what
 * kernels do most) has a loop of its own whose VRAM fast path reads the VRAM array and its size
 * into locals once per warp-instruction, so HotSpot folds the access width and keeps the lane loop
 * free of field reloads; every other address (shared memory, stacks, faults) goes through
 * {@link LaneOps}, as every access of the other widths does. A fault comes from the slow path,
 * which names its lane in {@code c.inFlight.faultLane}.
 */
final class MemoryLanes {
    private MemoryLanes() { }

    /** dst[rd] = the {@code width}-byte value at rs1 + imm (zero- or sign-extended), or'ed with {@code box}. */
    static void load(BlockContext c, Warp w, int[] dst, int d, int[] x, int a, int imm, int width, boolean unsigned,
                     int box, long m) {
        if (width != 4) {
            for (long mm = m; mm != 0; mm &= mm - 1) {
                int l = Long.numberOfTrailingZeros(mm);
                dst[d + l] = LaneOps.load(c, w, l, x[a + l] + imm, width, unsigned) | box;
            }
            return;
        }
        byte[] mem = c.mem;
        int last = c.vramSize - 4;
        int end = 64 - Long.numberOfLeadingZeros(m);
        for (int l = Long.numberOfTrailingZeros(m); l < end; l++) {
            if ((m & 1L << l) == 0) {
                continue;
            }
            int addr = x[a + l] + imm;
            dst[d + l] = addr >= 0 && addr <= last && (addr & 3) == 0 ? Windows.load(mem, addr, 4, false)
                    : LaneOps.load(c, w, l, addr, 4, false);
        }
    }

    /** The {@code width} low bytes of src's register at rs1 + imm. */
    static void store(BlockContext c, Warp w, int[] src, int b, int[] x, int a, int imm, int width, long m) {
        if (width != 4) {
            for (long mm = m; mm != 0; mm &= mm - 1) {
                int l = Long.numberOfTrailingZeros(mm);
                LaneOps.store(c, w, l, x[a + l] + imm, width, src[b + l]);
            }
            return;
        }
        byte[] mem = c.mem;
        int last = c.vramSize - 4;
        int end = 64 - Long.numberOfLeadingZeros(m);
        for (int l = Long.numberOfTrailingZeros(m); l < end; l++) {
            if ((m & 1L << l) == 0) {
                continue;
            }
            int addr = x[a + l] + imm;
            if (addr >= 0 && addr <= last && (addr & 3) == 0) {
                Windows.store(mem, addr, 4, src[b + l]);
            } else {
                LaneOps.store(c, w, l, addr, 4, src[b + l]);
            }
        }
    }
}
