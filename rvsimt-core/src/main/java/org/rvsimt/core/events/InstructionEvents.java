package org.rvsimt.core.events;

/**
 * Which per-instruction events ({@link ExecutionListener#instruction}) a listener needs. The
 * summary channel ({@link ExecutionListener#issue}) and the other events reach every listener; the
 * per-instruction events cost the engines far more (an event and each lane's address per
 * instruction, and compiled blocks compiled with a call before each instruction), so a listener that
 * can do with less says so.
 */
public enum InstructionEvents {
    /** None: the listener counts from the summary channel (it is given no instruction events). */
    NONE,
    /**
     * At least the first execution of each instruction on the host thread (what a listener needs to
     * learn, say, the memory space a load addresses). Later executions may be delivered too, when
     * another listener of the launch asks for every one.
     */
    FIRST_RUN,
    /** Every warp-instruction. */
    EVERY;

    /** The larger demand of the two: what two listeners sharing one host thread need together. */
    public InstructionEvents and(InstructionEvents other) {
        return compareTo(other) >= 0 ? this : other;
    }
}
