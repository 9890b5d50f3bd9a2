package org.rvsimt.core.exec;

import java.util.List;

/**
 * A fault that stops a launch (kinds in docs/cli.md): what happened, where, and to whom.
 *
 * @param kind        contract name: illegal_instruction, out_of_bounds, misaligned, barrier_deadlock,
 *                    divergent_barrier, watchdog, exit_code, stack_overflow
 * @param pc          faulting instruction's address
 * @param instruction its disassembly
 * @param block       block index (x, y, z)
 * @param warp        warp within the block
 * @param lanes       lanes that faulted (bit per lane)
 * @param address     memory address involved, or -1
 * @param message     one line for people
 * @param recent      the faulting warp's last instructions, oldest first (the flight recorder), or empty
 */
public record KernelFault(String kind, int pc, String instruction, int[] block, int warp, long lanes, long address,
                          String message, List<Step> recent) {

    public KernelFault {
        recent = List.copyOf(recent);
    }

    public KernelFault(String kind, int pc, String instruction, int[] block, int warp, long lanes, long address,
                       String message) {
        this(kind, pc, instruction, block, warp, lanes, address, message, List.of());
    }

    /**
     * One instruction of the flight-recorder tail.
     *
     * @param wrote the register it wrote and the value ("a0 = 0x00000010 (lane 3)"), or empty
     */
    public record Step(int pc, String instruction, long mask, String wrote) { }

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

    public String summary() {
        return String.format("%s at pc 0x%08x (%s), block (%d,%d,%d) warp %d lanes 0x%x%s: %s", kind, pc, instruction,
                block[0], block[1], block[2], warp, lanes, address >= 0 ? String.format(" address 0x%08x", address) : "",
                message);
    }
}
