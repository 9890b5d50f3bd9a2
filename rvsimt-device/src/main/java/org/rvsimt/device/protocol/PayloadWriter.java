package org.rvsimt.device.protocol;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** Builds a whole frame (header included) in one array, little-endian. */
public final class PayloadWriter {
    private byte[] buf;
    private int pos = Protocol.HEADER_BYTES;

    public PayloadWriter(int expectedPayload) {
        buf = new byte[Protocol.HEADER_BYTES + Math.max(16, expectedPayload)];
    }

    public PayloadWriter() {
        this(64);
    }

    private void ensure(int n) {
        if (buf.length - pos < n) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, pos + n));
        }
    }

    public PayloadWriter u8(int v) {
        ensure(1);
        buf[pos++] = (byte) v;
        return this;
    }

    public PayloadWriter u16(int v) {
        ensure(2);
        buf[pos++] = (byte) v;
        buf[pos++] = (byte) (v >>> 8);
        return this;
    }

    public PayloadWriter u32(int v) {
        ensure(4);
        buf[pos++] = (byte) v;
        buf[pos++] = (byte) (v >>> 8);
        buf[pos++] = (byte) (v >>> 16);
        buf[pos++] = (byte) (v >>> 24);
        return this;
    }

    public PayloadWriter u64(long v) {
        return u32((int) v).u32((int) (v >>> 32));
    }

    public PayloadWriter str(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        return u32(b.length).bytes(b, 0, b.length);
    }

    public PayloadWriter bytes(byte[] b, int off, int len) {
        ensure(len);
        System.arraycopy(b, off, buf, pos, len);
        pos += len;
        return this;
    }

    /** Reserves {@code n} bytes and returns the offset of the first, for copying straight into the frame. */
    public int reserve(int n) {
        ensure(n);
        int at = pos;
        pos += n;
        return at;
    }

    public byte[] array() {
        return buf;
    }

    public int payloadLength() {
        return pos - Protocol.HEADER_BYTES;
    }

    /** Fills in the header and returns the frame's bytes (exactly sized). */
    public byte[] frame(int type, int tag) {
        int len = payloadLength();
        writeHeader(buf, len, type, 0, tag);
        return pos == buf.length ? buf : Arrays.copyOf(buf, pos);
    }

    public static void writeHeader(byte[] b, int payloadLength, int type, int flags, int tag) {
        b[0] = (byte) payloadLength;
        b[1] = (byte) (payloadLength >>> 8);
        b[2] = (byte) (payloadLength >>> 16);
        b[3] = (byte) (payloadLength >>> 24);
        b[4] = (byte) type;
        b[5] = (byte) (type >>> 8);
        b[6] = (byte) flags;
        b[7] = (byte) (flags >>> 8);
        b[8] = (byte) tag;
        b[9] = (byte) (tag >>> 8);
        b[10] = (byte) (tag >>> 16);
        b[11] = (byte) (tag >>> 24);
    }
}
