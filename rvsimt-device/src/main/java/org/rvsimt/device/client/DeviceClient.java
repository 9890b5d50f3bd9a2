package org.rvsimt.device.client;

import static org.rvsimt.device.protocol.Protocol.*;

import java.io.EOFException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.rvsimt.device.protocol.Frame;
import org.rvsimt.device.protocol.PayloadReader;
import org.rvsimt.device.protocol.PayloadWriter;
import org.rvsimt.device.protocol.ProtocolException;

/**
 * A Java client of the device protocol: one request at a time, every read bounded by a timeout.
 * Interrupt notifications that arrive while a reply is awaited are kept for
 * {@link #awaitInterrupt}. Not thread-safe.
 */
public final class DeviceClient implements AutoCloseable {

    /** What HELLO told us about the server and device. */
    public record Hello(int major, int minor, int clientId, int serverFlags, long vramSize, long maxPayload, int devId,
                        int devVersion, int devCaps) { }

    public record Interrupt(int vector, int cause, int irqStatus, int origin, int dispatchSeq, int result) { }

    public record Mmio(int status, long value) { }

    public record Loaded(long entry, long start, long end) { }

    public record LaunchReply(int result, int seq, int errorStatus, int irqStatus, int faultKindCode, int faultPc,
                              long faultAddress, long warpInstructions, long laneInstructions, long wallNanos,
                              String faultKind, String message, String console) {
        public boolean ok() {
            return result == 0;
        }
    }

    /** A region of VRAM a LAUNCH_CHECKED names: a buffer of the client (flags: Protocol.REGION_*). */
    public record CheckRegion(long address, int size, int flags, String name) { }

    /** LAUNCH_CHECKED's reply: the launch's, then what the checks found. */
    public record CheckedLaunchReply(LaunchReply launch, int errors, int warnings, String report, String findingsJson) { }

    /** An ERROR frame from the server. */
    public static final class ServerError extends IOException {
        private static final long serialVersionUID = 1L;

        private final int code;
        private final int requestType;

        public ServerError(int code, int requestType, String message) {
            super("server error " + code + " (" + errorName(code) + "): " + message);
            this.code = code;
            this.requestType = requestType;
        }

        public int code() {
            return code;
        }

        public int requestType() {
            return requestType;
        }
    }

    private final SocketChannel channel;
    private final Selector selector;
    private final ByteBuffer header = ByteBuffer.allocate(HEADER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
    private final Deque<Interrupt> interrupts = new ArrayDeque<>();
    private long timeoutMillis;
    private int nextTag = 1;

    private DeviceClient(SocketChannel channel, long timeoutMillis) throws IOException {
        this.channel = channel;
        this.timeoutMillis = timeoutMillis;
        channel.configureBlocking(false);
        selector = Selector.open();
    }

    public static DeviceClient connect(Path socket, long timeoutMillis) throws IOException {
        return connect(UnixDomainSocketAddress.of(socket), timeoutMillis);
    }

    public static DeviceClient connect(String host, int port, long timeoutMillis) throws IOException {
        return connect(new InetSocketAddress(host, port), timeoutMillis);
    }

    private static DeviceClient connect(SocketAddress address, long timeoutMillis) throws IOException {
        SocketChannel ch = address instanceof UnixDomainSocketAddress
                ? SocketChannel.open(StandardProtocolFamily.UNIX) : SocketChannel.open();
        try {
            ch.connect(address);
            return new DeviceClient(ch, timeoutMillis);
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    public void setTimeout(long millis) {
        this.timeoutMillis = millis;
    }

    // ================================================================== raw frames

    /** Writes bytes as they are (tests use this for malformed frames). */
    public void sendRaw(byte[] bytes) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(bytes);
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        SelectionKey key = channel.register(selector, SelectionKey.OP_WRITE);
        try {
            while (b.hasRemaining()) {
                if (channel.write(b) == 0) {
                    waitFor(deadline, "write");
                }
            }
        } finally {
            key.interestOps(0);
        }
    }

    public int send(int type, byte[] payload) throws IOException {
        int tag = nextTag++;
        if (nextTag == 0) {
            nextTag = 1;
        }
        sendRaw(new PayloadWriter(payload.length).bytes(payload, 0, payload.length).frame(type, tag));
        return tag;
    }

    /** The next frame of any kind, or EOFException if the server closed the connection. */
    public Frame readFrame() throws IOException {
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        header.clear();
        readFully(header, deadline);
        header.flip();
        long len = header.getInt() & 0xFFFF_FFFFL;
        int type = header.getShort() & 0xFFFF;
        int flags = header.getShort() & 0xFFFF;
        int tag = header.getInt();
        if (len > Integer.MAX_VALUE - 16) {
            throw new IOException("server sent a frame of " + len + " bytes");
        }
        ByteBuffer payload = ByteBuffer.allocate((int) len);
        readFully(payload, deadline);
        return new Frame(type, flags, tag, payload.array(), 0, (int) len);
    }

    private void readFully(ByteBuffer b, long deadline) throws IOException {
        SelectionKey key = channel.register(selector, SelectionKey.OP_READ);
        try {
            while (b.hasRemaining()) {
                int n = channel.read(b);
                if (n < 0) {
                    throw new EOFException("server closed the connection");
                }
                if (n == 0) {
                    waitFor(deadline, "read");
                }
            }
        } finally {
            key.interestOps(0);
        }
    }

    private void waitFor(long deadline, String what) throws IOException {
        long left = (deadline - System.nanoTime()) / 1_000_000L;
        if (left <= 0) {
            throw new java.net.SocketTimeoutException(what + " timed out after " + timeoutMillis + " ms");
        }
        selector.select(left);
        selector.selectedKeys().clear();
    }

    /** Sends a request and returns its reply's payload; keeps interrupts that arrive meanwhile. */
    public Frame request(int type, byte[] payload) throws IOException {
        int tag = send(type, payload);
        while (true) {
            Frame f = readFrame();
            if (f.type() == INTERRUPT) {
                interrupts.add(parseInterrupt(f));
                continue;
            }
            if (f.type() == ERROR && (f.tag() == tag || f.tag() == 0)) {
                throw parseError(f);
            }
            if (f.tag() == tag) {
                if (f.type() != (type | REPLY_BIT)) {
                    throw new IOException("reply of type " + typeName(f.type()) + " to " + typeName(type));
                }
                return f;
            }
            throw new IOException("unexpected frame " + typeName(f.type()) + " tag " + f.tag() + " (waiting for tag " + tag + ")");
        }
    }

    public static ServerError parseError(Frame f) {
        try {
            PayloadReader r = f.reader();
            int code = r.u32("code");
            int type = r.u16("request_type");
            String msg = r.str("message", 1 << 20);
            return new ServerError(code, type, msg);
        } catch (ProtocolException e) {
            return new ServerError(-1, 0, "malformed ERROR frame");
        }
    }

    private static Interrupt parseInterrupt(Frame f) throws IOException {
        try {
            PayloadReader r = f.reader();
            return new Interrupt(r.u32("vector"), r.u32("cause"), r.u32("irq_status"), r.u32("origin"), r.u32("seq"),
                    r.u32("result"));
        } catch (ProtocolException e) {
            throw new IOException("malformed INTERRUPT: " + e.getMessage());
        }
    }

    public static String errorName(int code) {
        for (ErrorCode e : ERRORS) {
            if (e.code() == code) {
                return e.name();
            }
        }
        return "?";
    }

    // ================================================================== messages

    public Hello hello(String token) throws IOException {
        byte[] t = token == null ? new byte[0] : token.getBytes(StandardCharsets.UTF_8);
        byte[] p = new PayloadWriter().u32(MAGIC).u16(MAJOR).u16(MINOR).u32(0).u16(t.length).bytes(t, 0, t.length)
                .frame(0, 0);
        Frame f = request(HELLO, java.util.Arrays.copyOfRange(p, HEADER_BYTES, p.length));
        try {
            PayloadReader r = f.reader();
            if (r.u32("magic") != MAGIC) {
                throw new IOException("HELLO reply with bad magic");
            }
            return new Hello(r.u16("major"), r.u16("minor"), r.u32("client_id"), r.u32("flags"), r.u64("vram"),
                    r.u32("max_payload") & 0xFFFF_FFFFL, r.u32("dev_id"), r.u32("dev_version"), r.u32("dev_caps"));
        } catch (ProtocolException e) {
            throw new IOException("malformed HELLO reply: " + e.getMessage());
        }
    }

    private static byte[] payload(PayloadWriter w) {
        byte[] f = w.frame(0, 0);
        return java.util.Arrays.copyOfRange(f, HEADER_BYTES, f.length);
    }

    public Mmio mmioRead(int bar, int width, long offset) throws IOException {
        Frame f = request(MMIO_READ, payload(new PayloadWriter().u8(bar).u8(width).u16(0).u32((int) offset)));
        PayloadReader r = f.reader();
        try {
            return new Mmio(r.u32("status"), r.u64("value"));
        } catch (ProtocolException e) {
            throw new IOException(e.getMessage());
        }
    }

    public int mmioWrite(int bar, int width, long offset, long value) throws IOException {
        Frame f = request(MMIO_WRITE, payload(new PayloadWriter().u8(bar).u8(width).u16(0).u32((int) offset).u64(value)));
        try {
            return f.reader().u32("status");
        } catch (ProtocolException e) {
            throw new IOException(e.getMessage());
        }
    }

    /** A BAR0 register, 4 bytes. */
    public int read32(int offset) throws IOException {
        return (int) mmioRead(0, 4, offset).value();
    }

    /** A BAR0 register write, 4 bytes; returns the MMIO status. */
    public int write32(int offset, int value) throws IOException {
        return mmioWrite(0, 4, offset, value & 0xFFFF_FFFFL);
    }

    public byte[] vramRead(long address, int length) throws IOException {
        return request(VRAM_READ, payload(new PayloadWriter().u64(address).u32(length))).payload();
    }

    public void vramWrite(long address, byte[] data) throws IOException {
        request(VRAM_WRITE, payload(new PayloadWriter(data.length + 8).u64(address).bytes(data, 0, data.length)));
    }

    public int dmaToDevice(long address, byte[] data, int flags) throws IOException {
        Frame f = request(DMA_TO_DEVICE, payload(new PayloadWriter(data.length + 12).u64(address).u32(flags)
                .bytes(data, 0, data.length)));
        try {
            return f.reader().u32("status");
        } catch (ProtocolException e) {
            throw new IOException(e.getMessage());
        }
    }

    public byte[] dmaFromDevice(long address, int length, int flags) throws IOException {
        return request(DMA_FROM_DEVICE, payload(new PayloadWriter().u64(address).u32(length).u32(flags))).payload();
    }

    public void reset(boolean clearVram) throws IOException {
        request(RESET, payload(new PayloadWriter().u32(clearVram ? 1 : 0)));
    }

    public Loaded loadKernel(int format, long loadAddress, byte[] image) throws IOException {
        Frame f = request(LOAD_KERNEL, payload(new PayloadWriter(image.length + 12).u32(format).u64(loadAddress)
                .bytes(image, 0, image.length)));
        try {
            PayloadReader r = f.reader();
            return new Loaded(r.u64("entry"), r.u64("start"), r.u64("end"));
        } catch (ProtocolException e) {
            throw new IOException(e.getMessage());
        }
    }

    public static byte[] launchPayload(long kernel, long args, int[] grid, int[] block, int shared, int flags,
                                       int kernelSize, int timeoutMs) {
        PayloadWriter w = new PayloadWriter().u64(kernel).u64(args);
        for (int g : grid) {
            w.u32(g);
        }
        for (int b : block) {
            w.u32(b);
        }
        return payload(w.u32(shared).u32(flags).u32(kernelSize).u32(timeoutMs));
    }

    public LaunchReply launch(long kernel, long args, int[] grid, int[] block, int shared, int flags, int timeoutMs)
            throws IOException {
        Frame f = request(LAUNCH, launchPayload(kernel, args, grid, block, shared, flags, 0, timeoutMs));
        return parseLaunch(f);
    }

    /** A launch with the sanitizer checks of {@code checks} (Protocol.CHECK_* bits) over {@code regions}. */
    public CheckedLaunchReply launchChecked(long kernel, long args, int[] grid, int[] block, int shared, int flags,
                                            int timeoutMs, int checks, List<CheckRegion> regions) throws IOException {
        byte[] launch = launchPayload(kernel, args, grid, block, shared, flags, 0, timeoutMs);
        PayloadWriter w = new PayloadWriter().bytes(launch, 0, launch.length).u32(checks).u32(regions.size());
        for (CheckRegion c : regions) {
            w.u64(c.address()).u32(c.size()).u32(c.flags()).str(c.name());
        }
        Frame f = request(LAUNCH_CHECKED, payload(w));
        try {
            PayloadReader r = f.reader();
            LaunchReply l = parseLaunch(r);
            return new CheckedLaunchReply(l, r.u32("errors"), r.u32("warnings"), r.str("report", 1 << 24),
                    r.str("findings_json", 1 << 24));
        } catch (ProtocolException e) {
            throw new IOException("malformed LAUNCH_CHECKED reply: " + e.getMessage());
        }
    }

    public static LaunchReply parseLaunch(Frame f) throws IOException {
        try {
            return parseLaunch(f.reader());
        } catch (ProtocolException e) {
            throw new IOException("malformed LAUNCH reply: " + e.getMessage());
        }
    }

    private static LaunchReply parseLaunch(PayloadReader r) throws ProtocolException {
        return new LaunchReply(r.u32("result"), r.u32("seq"), r.u32("error_status"), r.u32("irq_status"),
                r.u32("fault_kind"), r.u32("fault_pc"), r.u64("fault_address"), r.u64("warp"), r.u64("lane"),
                r.u64("wall"), r.str("kind", 1 << 20), r.str("message", 1 << 20), r.str("console", 1 << 20));
    }

    public void claim(int timeoutMs) throws IOException {
        request(CLAIM, payload(new PayloadWriter().u32(timeoutMs)));
    }

    public void release() throws IOException {
        request(RELEASE, new byte[0]);
    }

    public byte[] ping(byte[] data) throws IOException {
        return request(PING, data).payload();
    }

    /** The next interrupt notification (one that arrived earlier, or the next to arrive). */
    public Interrupt awaitInterrupt() throws IOException {
        if (!interrupts.isEmpty()) {
            return interrupts.poll();
        }
        while (true) {
            Frame f = readFrame();
            if (f.type() == INTERRUPT) {
                return parseInterrupt(f);
            }
            throw new IOException("expected an INTERRUPT, got " + typeName(f.type()));
        }
    }

    public Deque<Interrupt> pendingInterrupts() {
        return interrupts;
    }

    public boolean isOpen() {
        return channel.isOpen();
    }

    @Override
    public void close() throws IOException {
        try {
            selector.close();
        } finally {
            channel.close();
        }
    }
}
