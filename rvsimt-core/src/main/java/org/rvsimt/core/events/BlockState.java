package org.rvsimt.core.events;

/**
 * The block a host thread runs, as a debugger sees and changes it. Only valid while that host thread
 * is inside one of its listener's callbacks (the thread is stopped there, so nothing else touches
 * the block); one object per host thread, reused from block to block.
 *
 * <p>Warps are numbered within the block, lanes within the warp. For the warp whose instruction
 * event is being delivered, the event's pc and mask are the current ones: {@link #pc} and {@link
 * #mask} hold the values the warp had when it last gave up its turn.
 */
public interface BlockState {
    /** What a warp is doing. */
    enum WarpStatus { READY, BARRIER, DONE }

    long block();

    int blockX();

    int blockY();

    int blockZ();

    int warpCount();

    int warpSize();

    /** Lanes of warp {@code warp} that hold a thread of the block (bit l = lane l). */
    long lanes(int warp);

    /** Lanes whose thread has ended. */
    long exited(int warp);

    WarpStatus status(int warp);

    int pc(int warp);

    long mask(int warp);

    LaneRegisters registers(int warp);

    /** Sets integer register {@code reg} of a lane (writes to x0 are ignored, as in the ISA). */
    void setX(int warp, int reg, int lane, int value);

    /** Sets float register {@code reg} of a lane (raw bits). */
    void setF(int warp, int reg, int lane, int value);

    /** CSR {@code csr} as the lane reads it, or {@link Long#MIN_VALUE} when there is no such CSR. */
    long csr(int warp, int lane, int csr);

    /**
     * The byte at {@code address} as the lane sees memory (VRAM, the argument block, the block's
     * shared memory, the lane's own stack, the read-only ID window), or -1 when nothing is mapped.
     */
    int peek(int warp, int lane, int address);

    /**
     * Writes a byte where the lane would store it: VRAM, the argument block, shared memory or the
     * lane's own stack; false for any other address (device registers are left alone).
     */
    boolean poke(int warp, int lane, int address, byte value);
}
