package org.rvsimt.core.fault;

import java.util.List;

/**
 * A fault that stops a launch (kinds in docs/cli.md): what happened, where, and to whom.
 *
 * @param kind        what went wrong
 * @param pc          faulting instruction's address
 * @param instruction its disassembly
 * @param block       block index (x, y, z)
 * @param warp        warp within the block
 * @param lanes       every lane of the warp that faulted at this instruction (bit per lane)
 * @param address     memory address involved (of the first faulting lane), or -1
 * @param message     one line for people, about the first faulting lane when it names one
 * @param recent      the faulting warp's last instructions, oldest first (the flight recorder), or empty
 */
public record KernelFault(FaultKind kind, int pc, String instruction, int[] block, int warp, long lanes, long address,
                          String message, List<Step> recent) implements java.io.Serializable {

    public KernelFault {
        recent = List.copyOf(recent);
    }

    public KernelFault(FaultKind kind, int pc, String instruction, int[] block, int warp, long lanes, long address,
                       String message) {
        this(kind, pc, instruction, block, warp, lanes, address, message, List.of());
    }

    /**
     * One instruction of the flight-recorder tail.
     *
     * @param wrote the register it wrote and the value ("a0 = 0x00000010 (lane 3)"), or empty
     */
    public record Step(int pc, String instruction, long mask, String wrote) implements java.io.Serializable { }

    /** Thrown inside the engine and caught by the launch. */
    public static final class Signal extends RuntimeException {
        private final KernelFault fault;

        public Signal(KernelFault fault) {
            super(fault.message(), null, false, false);
            this.fault = fault;
        }

        public KernelFault fault() {
            return fault;
        }
    }

    /** How many lanes faulted. */
    public int laneCount() {
        return Long.bitCount(lanes);
    }

    /** The lowest faulting lane (the one the message and address describe), or -1 when no lane is named. */
    public int firstLane() {
        return lanes == 0 ? -1 : Long.numberOfTrailingZeros(lanes);
    }

    public String summary() {
        return String.format("%s at pc 0x%08x (%s), block (%d,%d,%d) warp %d lanes 0x%x%s%s: %s", kind, pc, instruction,
                block[0], block[1], block[2], warp, lanes, laneCount() > 1 ? " (" + laneCount() + " lanes)" : "",
                address >= 0 ? String.format(" address 0x%08x", address) : "", message);
    }
}
