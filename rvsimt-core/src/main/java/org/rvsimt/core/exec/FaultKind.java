package org.rvsimt.core.exec;

/**
 * Why a launch stopped (or, for {@link #EXIT_CODE}, failed). The label is the spelling of the
 * {@code --json} report, the trace and the web UI; {@link #toString()} returns it too, so text and
 * JSON written through either keep that spelling.
 */
public enum FaultKind {
    ILLEGAL_INSTRUCTION("illegal_instruction"),
    OUT_OF_BOUNDS("out_of_bounds"),
    MISALIGNED("misaligned"),
    BARRIER_DEADLOCK("barrier_deadlock"),
    DIVERGENT_BARRIER("divergent_barrier"),
    WATCHDOG("watchdog"),
    EXIT_CODE("exit_code"),
    STACK_OVERFLOW("stack_overflow"),
    /** The launch was cancelled from outside (a device reset, a timeout of the device server). */
    CANCELLED("cancelled");

    private final String label;

    FaultKind(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** The kind with this label, or null. */
    public static FaultKind ofLabel(String label) {
        for (FaultKind k : values()) {
            if (k.label.equals(label)) {
                return k;
            }
        }
        return null;
    }

    /** Faults of the kernel's memory accesses. */
    public boolean isMemoryFault() {
        return this == OUT_OF_BOUNDS || this == MISALIGNED || this == STACK_OVERFLOW;
    }

    @Override
    public String toString() {
        return label;
    }
}
