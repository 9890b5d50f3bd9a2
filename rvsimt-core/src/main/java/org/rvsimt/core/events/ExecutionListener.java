package org.rvsimt.core.events;

/**
 * What one host thread of a launch reports. Blocks are identified by their linear index, warps by
 * their index in the block, lanes by bit in a mask (lane l is bit l). Every method has an empty
 * default, so a consumer overrides what it needs.
 *
 * <p>Order, for each warp: {@link #warpStart}, then per run of straight-line instructions {@link #issue}
 * before the first of them executes, per warp-instruction {@link #instruction} before it executes
 * (if the listener asks for it, {@link #instructionEvents}), followed by what that instruction caused
 * ({@link #divergence}, {@link #fault}); a
 * {@link #reconvergence} comes before the first instruction of the merged lanes. {@link
 * #barrierArrive} and {@link #warpExit} follow the instruction that caused them, once the warp stopped
 * issuing. Warps of a block interleave (a quantum at a time) and blocks follow each other.
 */
public interface ExecutionListener {
    /** A block starts on this host thread; {@code x, y, z} is its index, {@code warps} its warp count. */
    default void blockBegin(long block, int x, int y, int z, int warps) { }

    /** A block ended with its instruction counts (a block that faulted reports its fault instead). */
    default void blockEnd(long block, long warpInstructions, long laneInstructions) { }

    /** A warp starts at {@code pc} with lanes {@code mask} (at block start, or woken by vx_wspawn). */
    default void warpStart(long block, int warp, int pc, long mask) { }

    /**
     * The summary channel: the warp is about to issue the instructions of {@code run}, one after the
     * other, with lanes {@code mask} (a compiled block reports its whole block here, the interpreter
     * each instruction). Summed over a launch these are its warp-instructions ({@code run.length()}
     * each) and lane-instructions ({@code run.length()} times the active lanes); the exception is a
     * fault part-way through a run, after which the rest of it does not execute. This is the cheap
     * way to count: it costs the engines one call per compiled block run, and it reaches every
     * listener, whatever {@link #instructionEvents} says.
     */
    default void issue(long block, int warp, InstructionRun run, long mask) { }

    /**
     * Which {@link #instruction} events this listener needs; asked once per launch, before any
     * block runs. Every one unless the listener says otherwise; a listener that counts from
     * {@link #issue} says {@link InstructionEvents#NONE}, and a launch whose listeners need no
     * instruction events runs compiled blocks without event code.
     */
    default InstructionEvents instructionEvents() {
        return InstructionEvents.EVERY;
    }

    /**
     * A warp-instruction is about to execute. The event object is reused: copy what you keep. A
     * consumer may block here (a debugger stopping before the instruction); the warp resumes when it
     * returns.
     */
    default void instruction(InstructionEvent e) { }

    /** A branch or indirect jump at {@code pc} split the warp: {@code taken} lanes go first. */
    default void divergence(long block, int warp, int pc, long taken, long notTaken) { }

    /** Lanes met again at {@code pc}; {@code mask} is the warp's active mask from here on. */
    default void reconvergence(long block, int warp, int pc, long mask) { }

    /** The warp waits at barrier {@code id} (-1: the block-wide barrier) reached by the instruction at {@code pc}. */
    default void barrierArrive(long block, int warp, int pc, int id) { }

    /** Barrier {@code id} of the block released its waiting warps. */
    default void barrierRelease(long block, int id) { }

    /** The warp has no running lanes left; {@code pc} is where it stopped. */
    default void warpExit(long block, int warp, int pc) { }

    /**
     * The instruction at {@code pc} faulted ({@code kind} as in the fault report: out_of_bounds,
     * misaligned, ...), for lanes {@code lanes}; {@code address} is the memory address, or -1.
     */
    default void fault(long block, int warp, int pc, String kind, long lanes, long address) { }
}
