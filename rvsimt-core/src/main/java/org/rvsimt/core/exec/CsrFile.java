package org.rvsimt.core.exec;

import org.rvsimt.core.exec.matrix.MatrixUnit;
import org.rvsimt.core.exec.simt.Warp;
import org.rvsimt.core.exec.vector.VectorUnit;
import org.rvsimt.core.memory.MemoryMap;
import org.rvsimt.isa.Csrs;

/**
 * The CSRs a lane reads and writes (docs/kernel-abi.md): the float status per lane, the thread's and
 * block's ids and sizes, counters, and the vector and matrix units' registers.
 */
public final class CsrFile {
    private final BlockContext c;

    CsrFile(BlockContext c) {
        this.c = c;
    }

    /** Reads a CSR for one lane; returns Long.MIN_VALUE for a CSR that does not exist. */
    public long read(Warp w, int lane, int csr) {
        int t = c.threadLinear(w, lane);
        int[] b = c.spec.block();
        int[] g = c.spec.grid();
        return switch (csr) {
            case Csrs.FFLAGS -> w.fflags[lane];
            case Csrs.FRM -> w.frm[lane];
            case Csrs.FCSR -> w.fflags[lane] | w.frm[lane] << 5;
            case Csrs.LANE_ID -> lane;
            case Csrs.WARP_ID -> w.id;
            case Csrs.CORE_ID -> c.unit;
            case Csrs.ACTIVE_WARPS -> activeWarpMask();
            case Csrs.THREAD_MASK -> (int) w.mask;
            case Csrs.THREAD_ID_X -> t % b[0];
            case Csrs.THREAD_ID_X + 1 -> (t / b[0]) % b[1];
            case Csrs.THREAD_ID_X + 2 -> t / (b[0] * b[1]);
            case Csrs.BLOCK_ID_X -> c.bx;
            case Csrs.BLOCK_ID_X + 1 -> c.by;
            case Csrs.BLOCK_ID_X + 2 -> c.bz;
            case Csrs.BLOCK_DIM_X -> b[0];
            case Csrs.BLOCK_DIM_X + 1 -> b[1];
            case Csrs.BLOCK_DIM_X + 2 -> b[2];
            case Csrs.GRID_DIM_X -> g[0];
            case Csrs.GRID_DIM_X + 1 -> g[1];
            case Csrs.GRID_DIM_X + 2 -> g[2];
            case Csrs.SHARED_BASE -> MemoryMap.SHARED_BASE;
            case Csrs.NUM_THREADS -> c.spec.warpSize();
            case Csrs.NUM_WARPS -> c.warpCount;
            case Csrs.NUM_CORES -> c.spec.computeUnits();
            case Csrs.MSCRATCH -> c.spec.argsAddress();
            case Csrs.MHARTID -> c.blockLinear << 13 | w.id << 5 | lane;
            case Csrs.MISA -> c.program.isa().misa();
            case Csrs.CYCLE, Csrs.INSTRET, 0xB00, 0xB02 -> (int) (w.warpInstructions + c.inFlight.uncounted);
            case Csrs.CYCLEH, Csrs.INSTRETH, 0xB80, 0xB82 -> (int) ((w.warpInstructions + c.inFlight.uncounted) >>> 32);
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
    public boolean write(Warp w, int lane, int csr, int value) {
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
        for (int i = 0; i < Math.min(32, c.warpCount); i++) {
            if (c.warps[i].state != Warp.State.DONE) {
                m |= 1 << i;
            }
        }
        return m;
    }
}
