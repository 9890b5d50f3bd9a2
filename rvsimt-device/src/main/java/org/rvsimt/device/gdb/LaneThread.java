package org.rvsimt.device.gdb;

import org.rvsimt.core.events.BlockState;
import org.rvsimt.core.events.LaneRegisters;

/**
 * One GDB thread: a lane of a warp of a block that a stopped host thread holds. Its thread id is
 * {@code block * threadsPerBlock + warp * warpSize + lane + 1} (ids are positive; 0 and -1 mean
 * "any" and "all" in the protocol).
 */
record LaneThread(DebugSession.Parked host, int warp, int lane) {
    BlockState state() {
        return host.state();
    }

    long id() {
        BlockState s = host.state();
        long perBlock = (long) s.warpCount() * s.warpSize();
        return s.block() * perBlock + (long) warp * s.warpSize() + lane + 1;
    }

    /** The pc the lane's warp will execute next. */
    int pc() {
        return host.warp() == warp ? host.pc() : host.state().pc(warp);
    }

    long mask() {
        return host.warp() == warp ? host.mask() : host.state().mask(warp);
    }

    LaneRegisters registers() {
        return host.state().registers(warp);
    }

    /** "block (x,y,z) warp w lane l", and what the lane is doing when it is not simply active. */
    String name() {
        BlockState s = host.state();
        String where = String.format("block (%d,%d,%d) warp %d lane %d", s.blockX(), s.blockY(), s.blockZ(), warp, lane);
        String doing;
        if ((s.exited(warp) >> lane & 1) != 0 || s.status(warp) == BlockState.WarpStatus.DONE) {
            doing = ", exited";
        } else if (s.status(warp) == BlockState.WarpStatus.BARRIER) {
            doing = ", at a barrier";
        } else if ((mask() >> lane & 1) == 0) {
            doing = ", inactive (diverged)";
        } else {
            doing = "";
        }
        return where + doing;
    }
}
