package org.rvsimt.core.trace;

import org.rvsimt.core.events.ExecutionListener;
import org.rvsimt.core.events.InstructionEvent;
import org.rvsimt.core.events.LaneRegisters;

/**
 * The trace writer as a consumer of execution events: turns one host thread's events into the
 * records of its {@link TraceChannel}. Every instruction event advances the issue clock by one, and
 * its record is stamped with the end of that issue slot.
 *
 * <p>A record with lane values needs the instruction's results, which exist only after it ran: such
 * a record waits until the host thread's next event (the warp's next instruction comes later, so
 * its registers still hold the results then).
 */
public final class TraceEventWriter implements ExecutionListener {
    private final TraceChannel channel;
    private final boolean laneValues;
    private final int[] values = new int[64];
    // The record waiting for its results (laneValues only).
    private boolean pending;
    private int pendingPc;
    private int pendingWord;
    private long pendingBlock;
    private int pendingWarp;
    private long pendingMask;
    private int pendingRegister;
    private boolean pendingFloat;
    private LaneRegisters pendingRegisters;

    public TraceEventWriter(TraceChannel channel) {
        this.channel = channel;
        this.laneValues = channel.wantsLaneValues();
    }

    @Override
    public void instruction(InstructionEvent e) {
        flush();
        channel.advance(1);
        if (!channel.wantsInstruction(e.pc(), e.block(), e.warp())) {
            return;
        }
        if (!laneValues) {
            channel.instruction(e.pc(), e.word(), e.block(), e.warp(), e.mask(), null, 0);
            return;
        }
        pending = true;
        pendingPc = e.pc();
        pendingWord = e.word();
        pendingBlock = e.block();
        pendingWarp = e.warp();
        pendingMask = e.mask();
        pendingRegister = e.destination();
        pendingFloat = e.destinationFloat();
        pendingRegisters = e.registers();
    }

    /** Writes the waiting record with each active lane's result. */
    private void flush() {
        if (!pending) {
            return;
        }
        pending = false;
        int n = 0;
        if (pendingRegister >= 0) {
            for (long mm = pendingMask; mm != 0; mm &= mm - 1) {
                int lane = Long.numberOfTrailingZeros(mm);
                values[n++] = pendingFloat ? pendingRegisters.f(pendingRegister, lane)
                        : pendingRegisters.x(pendingRegister, lane);
            }
        }
        channel.instruction(pendingPc, pendingWord, pendingBlock, pendingWarp, pendingMask,
                pendingRegister >= 0 ? values : null, n);
    }

    @Override
    public void blockBegin(long block, int x, int y, int z, int warps) {
        flush();
        channel.blockBegin(block, x, y, z, warps);
    }

    @Override
    public void blockEnd(long block, long warpInstructions, long laneInstructions) {
        flush();
        channel.blockEnd(block, warpInstructions, laneInstructions);
    }

    @Override
    public void divergence(long block, int warp, int pc, long taken, long notTaken) {
        flush();
        channel.divergence(block, warp, pc, taken, notTaken);
    }

    @Override
    public void reconvergence(long block, int warp, int pc, long mask) {
        flush();
        channel.reconvergence(block, warp, pc, mask);
    }

    @Override
    public void barrierArrive(long block, int warp, int pc, int id) {
        flush();
        channel.barrierWait(block, warp, pc, id);
    }

    @Override
    public void barrierRelease(long block, int id) {
        flush();
        channel.barrierRelease(block, id);
    }

    @Override
    public void warpExit(long block, int warp, int pc) {
        flush();
        channel.warpDone(block, warp, pc);
    }

    @Override
    public void fault(long block, int warp, int pc, String kind, long lanes, long address) {
        flush();
        channel.fault(block, warp, pc, kind, lanes, address);
    }
}
