package org.rvsimt.core.api;

/** How threads start. The label is the manifest's {@code abi:} spelling. */
public enum Abi {
    /** a0 = argument block, sp = top of the private stack, other registers 0. */
    NATIVE("native"),
    /**
     * The seed's: all registers 0, ids read from the seed's window at 0x8000_0000 (every load there
     * answers), misaligned loads and stores performed.
     */
    SEED("seed");

    private final String label;

    Abi(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    @Override
    public String toString() {
        return label;
    }
}
