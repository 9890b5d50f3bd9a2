package org.rvsimt.timing.model;

/** A resident warp in a compute unit: its recorded stream, its scoreboard and what it waits for. */
final class WarpSlot {
    /** What a register's pending write waits for (the scoreboard's stall reason), in its entry's low bits. */
    static final int SB_WAIT = 0;
    static final int SB_SHORT = 1;
    static final int SB_LONG = 2;
    static final int KIND_BITS = 2;
    static final int KIND_MASK = (1 << KIND_BITS) - 1;

    int[] stream;
    int pos;
    int end;
    BlockSlot block;
    int scheduler;
    /** The warp's number in its block. */
    int warp;
    /** The warp's place in its scheduler's list. */
    int index;
    /** The cycle its scheduler's {@link WakeQueue} holds it for (-1: not queued; -2: retired). */
    long queuedAt = -1;
    /** Its own dependencies are met: it waits only for the pipe {@link #key}, since cycle {@link #since}. */
    boolean eligible;
    int key;
    /** The pipe's busy cycles (as its scheduler saw them) when the warp became eligible. */
    long busyAtStart;
    long age;
    /** Started (from the block's start, or spawned) and not finished. */
    boolean running;
    boolean exited;
    boolean atBarrier;
    long barrierUntil;
    long fetchReady;
    StallReason fetchReason = StallReason.NO_INSTRUCTION;
    long drainUntil;
    int lastLine = -1;
    int lastPcId;
    /**
     * Per register: the cycle its pending write is done, shifted left by {@link #KIND_BITS}, with
     * what it waits for ({@link #SB_WAIT}...) in the low bits: one array, so a scoreboard check touches
     * one cold line per register, not two.
     */
    final long[] regReady = new long[64];
    /** The reason and wake-up time of this cycle's classification. */
    StallReason reason;
    long wake;
    /** The cycle {@link #reason} began; its warp-cycles are charged when it ends. */
    long since;

    /**
     * The next instruction's header, pc id and sources, copied out of the stream when the warp
     * reaches it: the scheduler re-examines waiting warps often, and the stream is large and cold.
     */
    int head;
    int headPcId;
    int headSources;

    void loadHead() {
        if (pos + 2 < end) {
            head = stream[pos];
            headPcId = stream[pos + 1];
            headSources = stream[pos + 2];
        }
    }

    void reset(BlockSlot b, int[] s, int size, int sched, long a) {
        block = b;
        stream = s;
        pos = 0;
        end = size;
        scheduler = sched;
        age = a;
        running = false;
        exited = false;
        atBarrier = false;
        barrierUntil = 0;
        fetchReady = 0;
        drainUntil = 0;
        lastLine = -1;
        reason = StallReason.NO_INSTRUCTION;
        wake = 0;
        java.util.Arrays.fill(regReady, 0);
    }
}
