package org.rvsimt.core.memory;

/**
 * A memory access that the contract forbids (out of bounds, misaligned, read-only register). Thrown
 * by the slow path of an access; the engine adds pc, block, warp and lane and stops the launch.
 */
public final class MemoryFault extends RuntimeException {
    public enum Kind { OUT_OF_BOUNDS, MISALIGNED, READ_ONLY }

    private final Kind kind;
    private final int address;

    public MemoryFault(Kind kind, int address, String message) {
        super(message, null, false, false);
        this.kind = kind;
        this.address = address;
    }

    public Kind kind() {
        return kind;
    }

    public int address() {
        return address;
    }
}
