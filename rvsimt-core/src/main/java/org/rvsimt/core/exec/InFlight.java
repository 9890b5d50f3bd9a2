package org.rvsimt.core.exec;

/**
 * What the engines, compiled blocks and memory slow paths tell each other about the instruction
 * being executed, outside the values they return: one per host thread, overwritten by every
 * instruction that sets it.
 */
public final class InFlight {
    /** A store hit the barrier register: the engine enters the barrier once the store is done. */
    public boolean barrierRequested;
    /** Offset of an atomic's word in the array {@link BlockMemory#atomicTarget} returned. */
    public int atomicOffset;
    /** The lane whose access a slow path was last asked for (for fault reports). */
    public int faultLane;
    /** The pc of the instruction a compiled block is executing (set before each that may fault). */
    public int jitPc;
    /** Instructions the running engine has executed but not yet added to the warp (for instret). */
    public int uncounted;

    InFlight() { }
}
