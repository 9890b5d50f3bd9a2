package org.rvsimt.core.fault;

import java.util.Locale;

/**
 * Why a launch stopped (or, for {@link #EXIT_CODE}, failed). The label is the spelling of the
 * {@code --json} report, the trace and the web UI; {@link #toString()} returns it too, so text and
 * JSON written through either keep that spelling.
 */
public enum FaultKind {
    ILLEGAL_INSTRUCTION,
    OUT_OF_BOUNDS,
    MISALIGNED,
    BARRIER_DEADLOCK,
    DIVERGENT_BARRIER,
    WATCHDOG,
    EXIT_CODE,
    STACK_OVERFLOW,
    /** The launch was cancelled from outside (a device reset, a timeout of the device server). */
    CANCELLED;

    /** Reports spell a constant as its name in lower case. */
    private final String label = name().toLowerCase(Locale.ROOT);

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
