package org.rvsimt.device;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.rvsimt.core.fault.FaultKind;

/**
 * Numbers for the fault kinds of docs/cli.md as the FAULT_KIND register reports them: the kernel's
 * ({@link FaultKind}, by label) and the device's own ({@code none}, {@code internal},
 * {@code invalid_dispatch}). The numbers are part of the register map and never change.
 */
public final class FaultKinds {
    private FaultKinds() { }

    /** Index = code; 0 is "no fault". Kinds the engine may add later map to {@link #OTHER}. */
    public static final List<String> KINDS = List.of("none", "illegal_instruction", "out_of_bounds", "misaligned",
            "barrier_deadlock", "divergent_barrier", "watchdog", "exit_code", "stack_overflow", "cancelled",
            "internal", "invalid_dispatch");
    public static final int OTHER = 15;

    public static int code(String kind) {
        int i = KINDS.indexOf(kind);
        return i >= 0 ? i : OTHER;
    }

    public static String describe() {
        return IntStream.range(0, KINDS.size()).mapToObj(i -> i + " " + KINDS.get(i)).collect(Collectors.joining(", "))
                + ", " + OTHER + " other";
    }

    /** Faults of the kernel's memory accesses, which also set ERROR_STATUS.VRAM_FAULT. */
    static boolean isMemoryFault(String kind) {
        FaultKind k = FaultKind.ofLabel(kind);
        return k != null && k.isMemoryFault();
    }
}
