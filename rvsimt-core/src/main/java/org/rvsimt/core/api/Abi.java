package org.rvsimt.core.api;

import java.util.Locale;

/** How threads start. The label is the manifest's {@code abi:} spelling. */
public enum Abi {
    /** a0 = argument block, sp = top of the private stack, other registers 0. */
    NATIVE,
    /**
     * The seed's: all registers 0, ids read from the seed's window at 0x8000_0000 (every load there
     * answers), misaligned loads and stores performed.
     */
    SEED;

    /** Reports spell a constant as its name in lower case. */
    private final String label = name().toLowerCase(Locale.ROOT);

    public String label() {
        return label;
    }

    @Override
    public String toString() {
        return label;
    }
}
