package org.rvsimt.core.exec.observe;

import org.rvsimt.core.events.ExecutionListener;
import org.rvsimt.core.events.InstructionEvent;
import org.rvsimt.core.events.InstructionEvents;
import org.rvsimt.core.events.InstructionRun;
import org.rvsimt.core.exec.BlockContext;
import org.rvsimt.core.exec.interp.LaneOps;
import org.rvsimt.core.exec.program.Program;

/**
 * What one host thread's blocks executed, per instruction: the counts behind a launch's statistics
 * (instruction mix, hottest pcs, divergence per branch, memory traffic, barrier waits), kept by a
 * listener of the launch's execution events. It counts from the summary channel, which costs two
 * array increments per issued run (a compiled block is counted by its first instruction, and the
 * counts are spread over the block's instructions when the launch ends), and asks for each
 * instruction's first execution only, to learn which memory space its loads and stores address.
 */
public final class Profile implements ExecutionListener {
    private final BlockContext c;
    private final int base;
    final long[] warpAt;          // warp-instructions issued at each instruction index (runs of one)
    final long[] laneAt;          // lane-instructions at each index (runs of one)
    final long[] blockRuns;       // runs of several instructions (compiled blocks), by the first index
    final long[] blockLanes;      // active lanes summed over those runs
    final int[] blockLength;      // instructions in the run starting at an index
    final long[] divergedAt;      // divergent branches or jumps at each index
    /**
     * The memory space each load/store addressed the first time it ran (by its first active lane).
     * Counting the space of every access cost a fifth of a tiled sgemm's time; a pc that addresses
     * one space throughout, as GPU code does, gets exact byte counts this way.
     */
    final byte[] spaceAt;
    static final byte UNSEEN = 0;
    public static final byte GLOBAL = 1;
    public static final byte SHARED = 2;
    public static final byte OTHER = 3;
    long barrierWait;             // warp-instruction issue slots of its block a warp spent waiting at barriers

    // The barrier clock: issue slots of the running block so far (all warps), and per warp the
    // barrier it waits at (NOT_WAITING when none) and the clock when it arrived.
    private static final int NOT_WAITING = Integer.MIN_VALUE;
    private long blockIssued;
    private final int[] waitingAt;
    private final long[] waitingSince;

    /** The profile of the host thread whose blocks {@code c} runs. */
    public Profile(BlockContext c) {
        this.c = c;
        Program p = c.spec.program();
        int length = p.length;
        base = p.base;
        warpAt = new long[length];
        laneAt = new long[length];
        blockRuns = new long[length];
        blockLanes = new long[length];
        blockLength = new int[length];
        divergedAt = new long[length];
        spaceAt = new byte[length];
        waitingAt = new int[c.warpCount];
        waitingSince = new long[c.warpCount];
    }

    @Override
    public InstructionEvents instructionEvents() {
        return InstructionEvents.FIRST_RUN;
    }

    @Override
    public void blockBegin(long block, int x, int y, int z, int warps) {
        blockIssued = 0;
        java.util.Arrays.fill(waitingAt, NOT_WAITING);
    }

    @Override
    public void issue(long block, int warp, InstructionRun run, long mask) {
        int i = (run.startPc() - base) >>> 1;
        int n = run.length();
        blockIssued += n;
        if (n == 1) {
            warpAt[i]++;
            laneAt[i] += Long.bitCount(mask);
        } else {
            blockRuns[i]++;
            blockLanes[i] += Long.bitCount(mask);
            blockLength[i] = n;
        }
    }

    /** Notes the space of a load/store on its first run, from its first active lane's address. */
    @Override
    public void instruction(InstructionEvent e) {
        if (e.accessCount() > 0) {
            int i = (e.pc() - base) >>> 1;
            if (spaceAt[i] == UNSEEN) {
                spaceAt[i] = LaneOps.space(c, e.accessAddress(0));
            }
        }
    }

    @Override
    public void divergence(long block, int warp, int pc, long taken, long notTaken) {
        divergedAt[(pc - base) >>> 1]++;
    }

    @Override
    public void barrierArrive(long block, int warp, int pc, int id) {
        waitingAt[warp] = id;
        waitingSince[warp] = blockIssued;
    }

    @Override
    public void barrierRelease(long block, int id) {
        for (int w = 0; w < waitingAt.length; w++) {
            if (waitingAt[w] == id) {
                barrierWait += blockIssued - waitingSince[w];
                waitingAt[w] = NOT_WAITING;
            }
        }
    }

    /** Lane-instructions and warp-instructions per index with compiled blocks spread over their instructions. */
    long[][] perInstruction(Program p) {
        int n = warpAt.length;
        long[] warp = warpAt.clone();
        long[] lane = laneAt.clone();
        for (int i = 0; i < n; i++) {
            if (blockRuns[i] != 0) {
                int k = i;
                for (int c = 0; c < blockLength[i] && k < n; c++, k += p.size[k] / 2) {
                    warp[k] += blockRuns[i];
                    lane[k] += blockLanes[i];
                }
            }
        }
        return new long[][] {warp, lane};
    }
}
