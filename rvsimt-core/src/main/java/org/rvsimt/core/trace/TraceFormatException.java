package org.rvsimt.core.trace;

/** A trace file or record stream that does not follow the format; the message names the byte offset. */
public final class TraceFormatException extends Exception {
    private static final long serialVersionUID = 1L;

    private final long offset;

    public TraceFormatException(String message, long offset) {
        super(message);
        this.offset = offset;
    }

    /** Byte offset in the file (or stream) where the problem was found. */
    public long offset() {
        return offset;
    }
}
