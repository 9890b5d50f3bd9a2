package org.rvsimt.device.protocol;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ReadableByteChannel;
import java.util.Arrays;

/**
 * Reads frames from a blocking channel. The payload buffer grows with the bytes that actually
 * arrive (1 MiB steps), so a header that promises a large payload costs memory only once the
 * payload is sent.
 */
public final class FrameReader {
    /** A frame header as read from the wire. */
    public record Header(long length, int type, int flags, int tag) { }

    private static final int STEP = 1 << 20;

    private final ReadableByteChannel channel;
    private final ByteBuffer header = ByteBuffer.allocate(Protocol.HEADER_BYTES).order(ByteOrder.LITTLE_ENDIAN);

    public FrameReader(ReadableByteChannel channel) {
        this.channel = channel;
    }

    /** The next header, or null at a clean end of stream; {@link EOFException} inside a header. */
    public Header readHeader() throws IOException {
        header.clear();
        while (header.hasRemaining()) {
            int n = channel.read(header);
            if (n < 0) {
                if (header.position() == 0) {
                    return null;
                }
                throw new EOFException("connection closed after " + header.position() + " bytes of a frame header");
            }
        }
        header.flip();
        long len = header.getInt() & 0xFFFF_FFFFL;
        int type = header.getShort() & 0xFFFF;
        int flags = header.getShort() & 0xFFFF;
        int tag = header.getInt();
        return new Header(len, type, flags, tag);
    }

    /** Reads exactly {@code length} payload bytes (the caller has bounded {@code length}). */
    public byte[] readPayload(int length) throws IOException {
        byte[] buf = new byte[Math.min(length, STEP)];
        int got = 0;
        while (got < length) {
            if (got == buf.length) {
                buf = Arrays.copyOf(buf, (int) Math.min(length, (long) buf.length * 2));
            }
            int n = channel.read(ByteBuffer.wrap(buf, got, buf.length - got));
            if (n < 0) {
                throw new EOFException("connection closed after " + got + " of " + length + " payload bytes");
            }
            got += n;
        }
        return buf;
    }

    /** Reads and drops {@code length} bytes (the payload of a frame that is refused but not fatal). */
    public void skip(long length) throws IOException {
        ByteBuffer b = ByteBuffer.allocate((int) Math.min(length, 64 << 10));
        long left = length;
        while (left > 0) {
            b.clear().limit((int) Math.min(left, b.capacity()));
            int n = channel.read(b);
            if (n < 0) {
                throw new EOFException("connection closed inside a payload");
            }
            left -= n;
        }
    }
}
