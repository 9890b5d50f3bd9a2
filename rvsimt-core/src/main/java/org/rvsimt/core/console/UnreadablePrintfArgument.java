package org.rvsimt.core.console;

/** A printf whose format, argument list or {@code %s} string lies outside mapped memory. */
public final class UnreadablePrintfArgument extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int address;

    UnreadablePrintfArgument(int address, String what) {
        super(String.format("printf %s at 0x%08x is outside mapped memory", what, address));
        this.address = address;
    }

    /** The first address that could not be read. */
    public int address() {
        return address;
    }
}
