package org.rvsimt.timing.record;

/**
 * One block's recorded warps: each warp's stream (see {@link StreamFormat}), whether the warp ran
 * from the block's start (the others are spawned), and the registers the block's code used.
 */
public final class BlockTrace {
    public final long block;
    public final IntBuffer[] streams;
    public final boolean[] initial;
    /** Bit r: x register r (1..31) or f register r-32 was read or written. */
    public long registersUsed;
    public long laneInstructions;
    public long warpInstructions;
    /** The pc ids of the launch when the block ended: its stream holds only ids below it. */
    public int pcIdLimit;

    /** @param capacity each warp's expected stream length (growing a long stream by doubling costs copies) */
    BlockTrace(long block, int warps, int[] capacity) {
        this.block = block;
        this.streams = new IntBuffer[warps];
        this.initial = new boolean[warps];
        for (int i = 0; i < warps; i++) {
            streams[i] = new IntBuffer(i < capacity.length ? capacity[i] : 256);
        }
    }

    public int warps() {
        return streams.length;
    }
}
