package org.rvsimt.core.exec.simt;

import org.rvsimt.core.exec.BlockContext;
import org.rvsimt.core.exec.fault.Faults;
import org.rvsimt.core.exec.observe.Observation;
import org.rvsimt.core.exec.program.Program;
import org.rvsimt.core.fault.FaultKind;
import org.rvsimt.isa.Operation.Standalone;

/**
 * The SIMT operations of a block as every engine and unit performs them: divergence (reported to the
 * event listener, where the statistics count it), reconvergence, barrier arrival (by instruction or by
 * a store to the barrier register) and the Vortex warp-control instructions. {@link Divergence}
 * keeps the reconvergence stack itself; this class adds what the block around the warp needs.
 */
public final class SimtControl {
    private SimtControl() { }

    /** Reports a divergent branch or jump at index {@code i}. */
    public static void diverged(BlockContext c, Warp w, int i, int pc, long taken, long notTaken) {
        c.events.divergence(c.blockLinear, w.id, pc, taken, notTaken);
    }

    /**
     * A conditional branch at {@code pc} (index {@code i}) whose active lanes {@code m} disagree: counts
     * and reports the divergence, then runs the {@code taken} lanes or the others first.
     */
    public static void branch(BlockContext c, Warp w, Program p, int i, int pc, long m, long taken, int target) {
        w.pc = pc;
        w.mask = m;
        diverged(c, w, i, pc, taken, m & ~taken);
        Divergence.branch(p.flow, w, pc, taken, target);
    }

    /**
     * The warp, at {@code pc} with lanes {@code m}, reached the reconvergence pc on top of its stack:
     * pops it (reporting the reconvergence) and leaves the warp's pc and mask where it continues.
     * False when no lanes are left to run on this path.
     */
    public static boolean reconverge(BlockContext c, Warp w, int pc, long m) {
        w.pc = pc;
        w.mask = m;
        if (!Divergence.reconverge(w)) {
            return false;
        }
        Observation.reconverged(c, w, pc, m);
        return true;
    }

    /**
     * After a store at {@code storePc} by lanes {@code m}: when it was to the barrier register, the
     * warp arrives at the block's barrier and continues at {@code nextPc} once released. Returns
     * whether it did (the engine then ends the warp's turn).
     */
    public static boolean storeBarrier(BlockContext c, Warp w, int storePc, int nextPc, long m) {
        if (!c.inFlight.barrierRequested) {
            return false;
        }
        c.inFlight.barrierRequested = false;
        w.pc = nextPc;
        w.mask = m;
        enterBarrier(c, w, storePc, -1, c.warpCount);
        return true;
    }

    public static void enterBarrier(BlockContext c, Warp w, int pc, int id, int count) {
        if (w.diverged() && id < 0) {
            throw Faults.fault(c, w, FaultKind.DIVERGENT_BARRIER, pc, w.mask, -1, String.format(
                    "barrier reached by lanes 0x%x while lanes 0x%x of the warp are on another path",
                    w.mask, w.lanes & ~w.exited & ~w.mask));
        }
        w.state = Warp.State.BARRIER;
        w.barrierId = id;
        w.barrierPc = pc;
        w.barrierCount = count;
    }

    /**
     * The lanes of {@code m} whose register (row offset {@code row}) has bit 0 set, or clear when
     * {@code negated}: vx_split's and vx_pred's condition (their .n forms negate it).
     */
    private static long lanesWhose(int[] x, int row, long m, boolean negated) {
        int neg = negated ? 1 : 0;
        long out = 0;
        for (long mm = m; mm != 0; mm &= mm - 1) {
            int l = Long.numberOfTrailingZeros(mm);
            if (((x[row + l] & 1) ^ neg) != 0) {
                out |= 1L << l;
            }
        }
        return out;
    }

    private static int lastLane(long m) {
        return 63 - Long.numberOfLeadingZeros(m);
    }

    public static void execute(BlockContext c, Warp w, Program p, int i) {
        int width = w.width;
        int[] x = w.x;
        int pc = w.pc;
        long m = w.mask;
        int last = lastLane(m);
        int v1 = x[p.rs1[i] * width + last];
        int v2 = x[p.rs2[i] * width + last];
        switch (p.form[i]) {
            case TMC -> {
                long next = Integer.toUnsignedLong(v1) & w.lanes & ~w.exited;
                if (width == 64) {
                    next = (v1 == -1 ? -1L : Integer.toUnsignedLong(v1)) & w.lanes & ~w.exited;
                }
                w.pc = p.next(pc);
                if (next == 0) {
                    Divergence.exitLanes(w, w.lanes & ~w.exited);
                    w.state = Warp.State.DONE;
                } else {
                    w.mask = next;
                }
            }
            case WSPAWN -> {
                for (int k = 1; k < Math.min(v1, c.warpCount); k++) {
                    if (c.warps[k].state == Warp.State.DONE) {
                        c.startWarp(c.warps[k], v2, 1L);
                        if (c.warps[k].state != Warp.State.DONE) {
                            c.events.warpStart(c.blockLinear, k, v2, c.warps[k].mask);
                        }
                    }
                }
                w.pc = p.next(pc);
            }
            case SPLIT -> {
                long then = lanesWhose(x, p.rs1[i] * width, m, p.op[i] == Standalone.SPLIT_N);
                int depth = w.stack.size;
                int rdo = p.rd[i] * width;
                for (long mm = m; mm != 0; mm &= mm - 1) {
                    x[rdo + Long.numberOfTrailingZeros(mm)] = depth;
                }
                Divergence.split(w, then, p.next(pc));
            }
            case JOIN -> Divergence.join(w, v1, pc);
            case BAR -> {
                w.pc = p.next(pc);
                enterBarrier(c, w, pc, v1 & 0x7FFFFFFF, v2);
            }
            case PRED -> {
                long pred = lanesWhose(x, p.rs1[i] * width, m, p.op[i] == Standalone.PRED_N);
                long fallback = Integer.toUnsignedLong(v2) & w.lanes & ~w.exited;
                w.mask = pred != 0 ? pred : fallback;
                w.pc = p.next(pc);
                if (w.mask == 0) {
                    Divergence.pathDone(w);
                }
            }
            default -> throw new IllegalStateException();
        }
    }
}
