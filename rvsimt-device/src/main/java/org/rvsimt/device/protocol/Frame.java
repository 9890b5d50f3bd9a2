package org.rvsimt.device.protocol;

/** One frame: header fields and the payload {@code data[offset, offset + length)}. */
public record Frame(int type, int flags, int tag, byte[] data, int offset, int length) {

    public static Frame of(int type, int tag, byte[] payload) {
        return new Frame(type, 0, tag, payload, 0, payload.length);
    }

    public PayloadReader reader() {
        return new PayloadReader(data, offset, length);
    }

    /** The payload as a fresh array. */
    public byte[] payload() {
        return java.util.Arrays.copyOfRange(data, offset, offset + length);
    }
}
