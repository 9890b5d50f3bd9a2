package org.rvsimt.core.exec.observe;

import org.rvsimt.core.events.ExecutionListener;
import org.rvsimt.core.events.InstructionEvents;
import org.rvsimt.core.events.InstructionRun;
import org.rvsimt.core.exec.program.Program;

/**
 * The flight recorder: a listener on the summary channel that keeps each warp's last {@link #DEPTH}
 * issued runs (start pc, instruction count, mask), so a fault report can show what led to the fault
 * ({@link FlightTail}). Every launch has one per host thread, whatever else listens: a run costs it
 * two stores, and it needs no per-instruction events.
 */
public final class FlightRecorder implements ExecutionListener {
    /** Runs kept per warp (a power of two). */
    public static final int DEPTH = 64;

    private final long[][] entries;      // per warp, per entry: start pc << 32 | count, then the mask
    private final int[] next;            // per warp: entries written since it started

    public FlightRecorder(int warps) {
        entries = new long[warps][2 * DEPTH];
        next = new int[warps];
    }

    @Override
    public InstructionEvents instructionEvents() {
        return InstructionEvents.NONE;
    }

    @Override
    public void blockBegin(long block, int x, int y, int z, int warps) {
        java.util.Arrays.fill(next, 0);
    }

    @Override
    public void warpStart(long block, int warp, int pc, long mask) {
        next[warp] = 0;
    }

    @Override
    public void issue(long block, int warp, InstructionRun run, long mask) {
        long[] ring = entries[warp];
        int k = (next[warp]++ & (DEPTH - 1)) << 1;
        ring[k] = (long) run.startPc() << 32 | run.length();
        ring[k + 1] = mask;
    }

    /** Entries kept for {@code warp} (at most {@link #DEPTH}). */
    int kept(int warp) {
        return Math.min(next[warp], DEPTH);
    }

    /** The start pc of the {@code back}-th newest entry of {@code warp} (0: the newest). */
    int startPc(int warp, int back) {
        return (int) (entries[warp][slot(warp, back)] >>> 32);
    }

    int count(int warp, int back) {
        return (int) entries[warp][slot(warp, back)];
    }

    long mask(int warp, int back) {
        return entries[warp][slot(warp, back) + 1];
    }

    private int slot(int warp, int back) {
        return ((next[warp] - 1 - back) & (DEPTH - 1)) << 1;
    }

    /** The last instruction issued by {@code warp}, or {@code otherwise} before its first. */
    public int lastPc(int warp, Program p, int otherwise) {
        if (next[warp] == 0) {
            return otherwise;
        }
        return p.advance(startPc(warp, 0), count(warp, 0) - 1);
    }
}
