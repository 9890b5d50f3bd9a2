package org.rvsimt.device.protocol;

import java.nio.charset.StandardCharsets;

/** Little-endian cursor over a payload; running past its end is the BAD_LENGTH error. */
public final class PayloadReader {
    private final byte[] data;
    private final int end;
    private int pos;

    public PayloadReader(byte[] data, int offset, int length) {
        this.data = data;
        this.pos = offset;
        this.end = offset + length;
    }

    private void need(int n, String what) throws ProtocolException {
        if (end - pos < n) {
            throw new ProtocolException(Protocol.E_BAD_LENGTH, "payload too short: " + what + " needs " + n
                    + " more bytes, " + (end - pos) + " left");
        }
    }

    public int u8(String what) throws ProtocolException {
        need(1, what);
        return data[pos++] & 0xFF;
    }

    public int u16(String what) throws ProtocolException {
        need(2, what);
        int v = (data[pos] & 0xFF) | (data[pos + 1] & 0xFF) << 8;
        pos += 2;
        return v;
    }

    public int u32(String what) throws ProtocolException {
        need(4, what);
        int v = (data[pos] & 0xFF) | (data[pos + 1] & 0xFF) << 8 | (data[pos + 2] & 0xFF) << 16 | (data[pos + 3] & 0xFF) << 24;
        pos += 4;
        return v;
    }

    public long u64(String what) throws ProtocolException {
        long lo = u32(what) & 0xFFFF_FFFFL;
        long hi = u32(what) & 0xFFFF_FFFFL;
        return lo | hi << 32;
    }

    /** {@code u32 length} then that many UTF-8 bytes, at most {@code max}. */
    public String str(String what, int max) throws ProtocolException {
        int n = u32(what);
        if (n < 0 || n > max) {
            throw new ProtocolException(Protocol.E_BAD_LENGTH, what + " of " + Integer.toUnsignedString(n)
                    + " bytes (at most " + max + ")");
        }
        need(n, what);
        String s = new String(data, pos, n, StandardCharsets.UTF_8);
        pos += n;
        return s;
    }

    public byte[] bytes(int n, String what) throws ProtocolException {
        need(n, what);
        byte[] out = java.util.Arrays.copyOfRange(data, pos, pos + n);
        pos += n;
        return out;
    }

    public int position() {
        return pos;
    }

    public int remaining() {
        return end - pos;
    }

    /** The payload must end here: extra bytes are the BAD_LENGTH error too. */
    public void end(String message) throws ProtocolException {
        if (pos != end) {
            throw new ProtocolException(Protocol.E_BAD_LENGTH, message + ": " + (end - pos) + " unexpected bytes after the fields");
        }
    }
}
