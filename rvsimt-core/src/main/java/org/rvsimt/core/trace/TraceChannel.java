package org.rvsimt.core.trace;

/**
 * The engine's side of tracing for one host thread (one compute unit) of a launch. Each channel is
 * the single producer of its own fast and slow rings, so no method blocks or locks: when a ring is
 * full the record is dropped and counted. Engines hold a channel only while tracing is on (the field
 * is null otherwise), so with tracing off they run no trace code; compiled blocks never contain any.
 *
 * <p>Time in records is the channel's issue clock: {@link #advance} moves it by the warp-instructions
 * this compute unit issued, which makes timelines deterministic and independent of host speed.
 */
public interface TraceChannel {

    // ------------------------------------------------------------------ fast channel

    /** Whether the warp-instruction at {@code pc} is to be recorded (sampling and filters); cheap. */
    boolean wantsInstruction(int pc, long block, int warp);

    /** Whether instruction records should carry the destination value of every active lane. */
    boolean wantsLaneValues();

    /**
     * One warp-instruction. {@code laneValues} holds the destination register's value for each active
     * lane in lane order ({@code valueCount} of them), or is null when values are not recorded or the
     * instruction writes no register.
     */
    void instruction(int pc, int word, long block, int warp, long mask, int[] laneValues, int valueCount);

    /** Advances the issue clock by {@code warpInstructions}. */
    void advance(int warpInstructions);

    // ------------------------------------------------------------------ slow channel

    void blockBegin(long block, int bx, int by, int bz, int warps);

    void blockEnd(long block, long warpInstructions, long laneInstructions);

    /** A branch at {@code pc} split the warp: {@code taken} lanes jump, {@code notTaken} fall through. */
    void divergence(long block, int warp, int pc, long taken, long notTaken);

    /** Lanes {@code mask} of the warp meet again at {@code pc}. */
    void reconvergence(long block, int warp, int pc, long mask);

    /** The warp arrived at barrier {@code id} (-1 = the block-wide barrier) at {@code pc}. */
    void barrierWait(long block, int warp, int pc, int id);

    /** Barrier {@code id} released the warps waiting at it. */
    void barrierRelease(long block, int id);

    /** Every lane of the warp has exited. */
    void warpDone(long block, int warp, int pc);

    /** A fault ended the launch; {@code kind} is a fault kind of docs/cli.md. */
    void fault(long block, int warp, int pc, String kind, long lanes, long address);
}
