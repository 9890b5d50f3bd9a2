package org.rvsimt.core.exec;

import java.util.ArrayList;
import java.util.List;
import org.rvsimt.core.events.ExecutionListener;
import org.rvsimt.core.exec.fault.Faults;
import org.rvsimt.core.exec.simt.Warp;
import org.rvsimt.core.fault.FaultKind;
import org.rvsimt.core.fault.KernelFault;
import org.rvsimt.core.memory.Vram;

/**
 * Runs whole blocks on one host thread: round-robin over the block's warps (a quantum at a time,
 * so warps that wait on each other through memory still progress), barrier arrival and release,
 * and detection of barriers that can never complete.
 */
public final class BlockRunner {
    /** Instructions a warp runs before the next warp of its block gets a turn. */
    static final int QUANTUM = 2048;

    private final BlockContext c;
    private final WarpEngine engine;

    public BlockRunner(LaunchSpec spec, Vram vram, WarpEngine engine) {
        this.c = new BlockContext(spec, vram);
        this.engine = engine;
    }

    /**
     * What one block did.
     *
     * @param exitCode the first non-zero exit code of the block's threads (warp order), else 0
     * @param exit     the {@code exit_code} fault of that thread's warp, or null
     */
    public record BlockOutcome(long block, long warpInstructions, long laneInstructions, List<String> console,
                               int exitCode, KernelFault exit) { }

    public BlockOutcome run(long linear) {
        c.enterBlock(linear);
        Warp[] warps = c.warps;
        ExecutionListener ev = c.events;
        ev.blockBegin(linear, c.bx, c.by, c.bz, c.warpCount);
        for (Warp w : warps) {
            if (w.state != Warp.State.DONE) {
                ev.warpStart(linear, w.id, w.pc, w.mask);
            }
        }
        while (true) {
            boolean ran = false;
            for (Warp w : warps) {
                if (w.state == Warp.State.READY) {
                    ran = true;
                    engine.run(c, w, QUANTUM);
                    if (w.state == Warp.State.BARRIER) {
                        ev.barrierArrive(linear, w.id, w.barrierPc, w.barrierId);
                        release(w.barrierId, w.barrierCount);
                    } else if (w.state == Warp.State.DONE) {
                        ev.warpExit(linear, w.id, w.pc);
                        if (c.spec.exitedArrive() && blockBarrierWaiting()) {
                            release(-1, c.warpCount);     // the exit may be the arrival the others wait for
                        }
                    }
                }
            }
            if (!ran) {
                if (allDone()) {
                    break;
                }
                deadlock();
            }
        }
        c.console.flush();
        long wi = 0;
        long li = 0;
        Warp exited = null;
        for (Warp w : warps) {
            wi += w.warpInstructions;
            li += w.laneInstructions;
            if (w.exitLane >= 0 && exited == null) {
                exited = w;
            }
        }
        ev.blockEnd(linear, wi, li);
        return new BlockOutcome(linear, wi, li, new ArrayList<>(c.console.lines()), exited == null ? 0 : exited.exitCode,
                exited == null ? null : exitFault(exited));
    }

    /**
     * The {@code exit_code} fault of a warp whose threads exited with non-zero codes: every such lane,
     * the first one's code and exit as the example.
     */
    private KernelFault exitFault(Warp w) {
        int t = c.threadLinear(w, w.exitLane);
        int n = Long.bitCount(w.exitLanes);
        String more = n > 1 ? String.format(" (%d threads of warp %d exited with a non-zero code)", n, w.id) : "";
        return new KernelFault(FaultKind.EXIT_CODE, w.exitPc, c.program.disassemble(w.exitPc),
                new int[] {c.bx, c.by, c.bz}, w.id, w.exitLanes, -1, String.format(
                "thread %d of block (%d,%d,%d) exited with code %d%s", t, c.bx, c.by, c.bz, w.exitCode, more),
                w.exitRecent);
    }

    public BlockContext context() {
        return c;
    }

    private boolean allDone() {
        for (Warp w : c.warps) {
            if (w.state != Warp.State.DONE) {
                return false;
            }
        }
        return true;
    }

    private boolean blockBarrierWaiting() {
        for (Warp w : c.warps) {
            if (w.state == Warp.State.BARRIER && w.barrierId < 0) {
                return true;
            }
        }
        return false;
    }

    /** Releases barrier {@code id} if enough warps have arrived (-1 is the block-wide barrier). */
    private void release(int id, int count) {
        int waiting = 0;
        int done = 0;
        int pc = -1;
        boolean samePc = true;
        for (Warp w : c.warps) {
            if (w.state == Warp.State.BARRIER && w.barrierId == id) {
                waiting++;
                if (pc == -1) {
                    pc = w.barrierPc;
                } else if (w.barrierPc != pc) {
                    samePc = false;
                }
            } else if (w.state == Warp.State.DONE) {
                done++;
            }
        }
        boolean complete = id < 0
                ? waiting == c.warpCount || (c.spec.exitedArrive() && waiting + done == c.warpCount)
                : waiting >= count;
        if (!complete) {
            return;
        }
        if (id < 0 && !samePc) {
            deadlock();
        }
        for (Warp w : c.warps) {
            if (w.state == Warp.State.BARRIER && w.barrierId == id) {
                w.state = Warp.State.READY;
            }
        }
        c.events.barrierRelease(c.blockLinear, id);
    }

    /** No warp can run and some wait at a barrier: say who waits where and who is gone. */
    private void deadlock() {
        StringBuilder waiting = new StringBuilder();
        StringBuilder exited = new StringBuilder();
        Warp first = null;
        for (Warp w : c.warps) {
            if (w.state == Warp.State.BARRIER) {
                if (first == null) {
                    first = w;
                }
                waiting.append(waiting.isEmpty() ? "" : ", ").append(String.format("warp %d at pc 0x%x%s", w.id,
                        w.barrierPc, w.barrierId < 0 ? "" : " (barrier " + w.barrierId + " of " + w.barrierCount + ")"));
            } else if (w.state == Warp.State.DONE) {
                exited.append(exited.isEmpty() ? "" : ", ").append(w.id);
            }
        }
        if (first == null) {
            throw new IllegalStateException("scheduler found no runnable warp and no barrier");
        }
        String msg = "barrier can never complete: " + waiting
                + (exited.isEmpty() ? "" : "; exited warps: " + exited)
                + (c.warpCount > 1 && exited.isEmpty() ? " (warps wait at different barriers)" : "");
        throw Faults.fault(c, first, FaultKind.BARRIER_DEADLOCK, first.barrierPc, first.mask, -1, msg);
    }
}
