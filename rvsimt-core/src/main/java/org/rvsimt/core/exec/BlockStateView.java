package org.rvsimt.core.exec;

import org.rvsimt.core.events.BlockState;
import org.rvsimt.core.events.LaneRegisters;
import org.rvsimt.core.events.MemorySpace;
import org.rvsimt.core.exec.observe.Observation;
import org.rvsimt.core.exec.simt.Warp;
import org.rvsimt.core.memory.MemoryFault;

/** A host thread's {@link BlockContext} as a debugger sees it (see {@link BlockState} for when it is valid). */
final class BlockStateView implements BlockState {
    private final BlockContext c;

    BlockStateView(BlockContext c) {
        this.c = c;
    }

    @Override
    public long block() {
        return c.blockLinear;
    }

    @Override
    public int blockX() {
        return c.bx;
    }

    @Override
    public int blockY() {
        return c.by;
    }

    @Override
    public int blockZ() {
        return c.bz;
    }

    @Override
    public int warpCount() {
        return c.warpCount;
    }

    @Override
    public int warpSize() {
        return c.spec.warpSize();
    }

    @Override
    public long lanes(int warp) {
        return c.warps[warp].lanes;
    }

    @Override
    public long exited(int warp) {
        return c.warps[warp].exited;
    }

    @Override
    public WarpStatus status(int warp) {
        return switch (c.warps[warp].state) {
            case READY -> WarpStatus.READY;
            case BARRIER -> WarpStatus.BARRIER;
            case DONE -> WarpStatus.DONE;
        };
    }

    @Override
    public int pc(int warp) {
        return c.warps[warp].pc;
    }

    @Override
    public long mask(int warp) {
        return c.warps[warp].mask;
    }

    @Override
    public LaneRegisters registers(int warp) {
        return c.warps[warp];
    }

    @Override
    public void setX(int warp, int reg, int lane, int value) {
        c.warps[warp].setX(reg, lane, value);
    }

    @Override
    public void setF(int warp, int reg, int lane, int value) {
        Warp w = c.warps[warp];
        w.f[reg * w.width + lane] = value;
    }

    @Override
    public long csr(int warp, int lane, int csr) {
        return c.csrs.read(c.warps[warp], lane, csr);
    }

    @Override
    public int peek(int warp, int lane, int address) {
        try {
            return c.memory.deviceByte(c.warps[warp], lane, address);
        } catch (MemoryFault f) {
            return -1;
        }
    }

    @Override
    public boolean poke(int warp, int lane, int address, byte value) {
        MemorySpace space = Observation.space(c, address, 1);
        if (space != MemorySpace.GLOBAL && space != MemorySpace.SHARED && space != MemorySpace.STACK) {
            return false;
        }
        c.memory.storeSlow(c.warps[warp], lane, address, 1, value);
        return true;
    }
}
