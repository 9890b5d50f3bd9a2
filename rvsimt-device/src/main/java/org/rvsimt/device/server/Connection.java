package org.rvsimt.device.server;

import static org.rvsimt.device.protocol.Protocol.*;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import org.rvsimt.device.DeviceError;
import org.rvsimt.device.DeviceModel;
import org.rvsimt.timing.TimingSession;
import org.rvsimt.device.RegisterMap;
import org.rvsimt.device.protocol.Frame;
import org.rvsimt.device.protocol.FrameReader;
import org.rvsimt.device.protocol.PayloadReader;
import org.rvsimt.device.protocol.PayloadWriter;
import org.rvsimt.device.protocol.ProtocolException;

/**
 * One client. A virtual thread reads requests and answers them in order; frames that are not an
 * immediate answer (interrupts, the reply to LAUNCH when its kernel ends) go through a bounded
 * queue drained by a second virtual thread, so the device never waits on a client's socket. A
 * client that lets that queue overflow is disconnected.
 */
final class Connection {
    private static final int ASYNC_LIMIT = 1024;
    private static final int MAX_MESSAGE_TEXT = 2048;
    private static final int MAX_CONSOLE = 64 << 10;
    private static final byte[] POISON = new byte[0];

    private final DeviceServer server;
    private final SocketChannel channel;
    private final int id;
    private final boolean tcp;
    private final FrameReader reader;
    private final ReentrantLock writeLock = new ReentrantLock();
    private final LinkedBlockingQueue<byte[]> async = new LinkedBlockingQueue<>();
    private final AtomicInteger asyncCount = new AtomicInteger();
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile boolean greeted;
    private volatile DeviceModel device;
    private boolean ownDevice;
    private Thread readerThread;
    private Thread writerThread;
    private ScheduledFuture<?> handshakeTimer;

    Connection(DeviceServer server, SocketChannel channel, int id, boolean tcp) {
        this.server = server;
        this.channel = channel;
        this.id = id;
        this.tcp = tcp;
        this.reader = new FrameReader(channel);
    }

    void start() {
        writerThread = Thread.ofVirtual().name("rvsimt-client-" + id + "-out").start(this::writeLoop);
        readerThread = Thread.ofVirtual().name("rvsimt-client-" + id).start(this::readLoop);
        try {
            handshakeTimer = server.timers().schedule(() -> {
                if (!greeted) {
                    close();
                }
            }, server.options().handshakeMillis(), TimeUnit.MILLISECONDS);
        } catch (RuntimeException e) {
            close();      // the server is stopping
        }
    }

    // ================================================================== I/O

    private void readLoop() {
        try {
            while (!closed.get()) {
                FrameReader.Header h = reader.readHeader();
                if (h == null) {
                    break;
                }
                long max = greeted ? server.maxPayload() : MAX_HANDSHAKE_PAYLOAD;
                if (h.length() > max) {
                    sendError(h.tag(), h.type(), E_TOO_LARGE, "payload_length " + h.length() + " is over the bound of "
                            + max + " bytes" + (greeted ? " (VRAM size + " + PAYLOAD_SLACK + ")" : " before HELLO"));
                    break;
                }
                byte[] payload = reader.readPayload((int) h.length());
                handle(h, payload);
            }
        } catch (EOFException e) {
            sendError(0, 0, E_TRUNCATED, "truncated frame: " + e.getMessage());
        } catch (IOException e) {
            // the connection is gone or was closed by the server
        } finally {
            close();
        }
    }

    private void writeLoop() {
        try {
            while (true) {
                byte[] f = async.take();
                if (f == POISON) {
                    return;
                }
                asyncCount.decrementAndGet();
                write(f);
            }
        } catch (InterruptedException e) {
            // closing
        }
    }

    /** Queues a frame sent outside the request/reply order. Never blocks. */
    void pushAsync(byte[] frame) {
        if (closed.get() || !greeted) {
            return;
        }
        if (asyncCount.incrementAndGet() > ASYNC_LIMIT) {
            server.options().log().accept("client " + id + " does not read its notifications; disconnecting it");
            close();
            return;
        }
        async.offer(frame);
    }

    private void write(byte[] frame) {
        writeLock.lock();
        try {
            ByteBuffer b = ByteBuffer.wrap(frame);
            while (b.hasRemaining()) {
                channel.write(b);
            }
        } catch (IOException e) {
            close();
        } finally {
            writeLock.unlock();
        }
    }

    private void sendError(int tag, int requestType, int code, String message) {
        if (closed.get()) {
            return;
        }
        String m = message == null ? "" : message.length() > MAX_MESSAGE_TEXT ? message.substring(0, MAX_MESSAGE_TEXT) : message;
        write(new PayloadWriter().u32(code).u16(requestType).str(m).frame(ERROR, tag));
    }

    /** Closes the socket, releases a claim and the client's own device (cancelling its kernel). */
    void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        try {
            channel.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        if (handshakeTimer != null) {
            handshakeTimer.cancel(false);
        }
        async.offer(POISON);
        if (readerThread != null && Thread.currentThread() != readerThread) {
            readerThread.interrupt();      // it may wait for another client's claim
        }
        DeviceAccess access = server.sharedAccess();
        if (access != null) {
            access.release(this);
        }
        DeviceModel d = device;
        if (ownDevice && d != null) {
            DeviceModel.Dispatch running = d.current();
            d.close();
            if (running != null) {
                running.outcome().whenComplete((o, x) -> server.deviceClosed());
            } else {
                server.deviceClosed();
            }
        }
        server.removed(this);
    }

    // ================================================================== requests

    private void handle(FrameReader.Header h, byte[] payload) {
        Frame f = new Frame(h.type(), h.flags(), h.tag(), payload, 0, payload.length);
        try {
            if (h.flags() != 0) {
                throw new ProtocolException(E_BAD_ARGUMENT, "header flags must be 0, got 0x" + Integer.toHexString(h.flags()));
            }
            if (!greeted) {
                if (h.type() != HELLO) {
                    throw new ProtocolException(E_HANDSHAKE, "the first request must be HELLO, got " + typeName(h.type()),
                            true);
                }
                hello(f);
                return;
            }
            byte[] reply = serve(f);
            if (reply != null) {
                write(reply);
            }
        } catch (ProtocolException e) {
            sendError(h.tag(), h.type(), e.code(), e.getMessage());
            if (e.fatal()) {
                close();
            }
        } catch (DeviceError e) {
            sendError(h.tag(), h.type(), code(e.reason()), e.getMessage());
        } catch (InterruptedException e) {
            close();
        } catch (RuntimeException | OutOfMemoryError e) {
            server.options().log().accept("internal error serving " + typeName(h.type()) + " for client " + id + ": " + e);
            sendError(h.tag(), h.type(), E_INTERNAL, "internal error: " + e);
        }
    }

    private static int code(DeviceError.Reason r) {
        return switch (r) {
            case OUT_OF_RANGE -> E_OUT_OF_RANGE;
            case DMA_FAULT -> E_DMA_FAULT;
            case BAD_ARGUMENT -> E_BAD_ARGUMENT;
            case BAD_KERNEL -> E_BAD_KERNEL;
            case BUSY -> E_BUSY;
        };
    }

    private void hello(Frame f) throws ProtocolException {
        PayloadReader r = f.reader();
        int magic = r.u32("magic");
        int major = r.u16("major");
        int minor = r.u16("minor");
        int flags = r.u32("flags");
        int tokenLen = r.u16("token_len");
        byte[] token = r.bytes(tokenLen, "token");
        r.end("HELLO");
        if (magic != MAGIC) {
            throw new ProtocolException(E_VERSION, String.format("bad magic 0x%08x (expected 0x%08x, \"RVSD\")", magic,
                    MAGIC), true);
        }
        if (major != MAJOR) {
            throw new ProtocolException(E_VERSION, "protocol " + major + "." + minor + " is not supported: this server "
                    + "speaks " + MAJOR + "." + MINOR, true);
        }
        if (flags != 0) {
            throw new ProtocolException(E_BAD_ARGUMENT, "HELLO flags must be 0");
        }
        String expected = server.options().token();
        if (tcp && expected != null
                && !MessageDigest.isEqual(expected.getBytes(StandardCharsets.UTF_8), token)) {
            throw new ProtocolException(E_AUTH, tokenLen == 0 ? "this server needs a token" : "wrong token", true);
        }
        if (server.isClosed()) {
            throw new ProtocolException(E_SHUTTING_DOWN, "server is shutting down", true);
        }
        DeviceModel d = server.sharedDevice();
        if (d == null) {
            try {
                d = server.newDevice();
            } catch (OutOfMemoryError e) {
                throw new ProtocolException(E_INTERNAL, "not enough memory for another device", true);
            }
            ownDevice = true;
            d.setInterruptSink(irq -> pushAsync(interruptFrame(irq)));
        }
        device = d;
        greeted = true;
        if (handshakeTimer != null) {
            handshakeTimer.cancel(false);
        }
        if (closed.get()) {        // closed while we were creating the device
            if (ownDevice) {
                d.close();
                server.deviceClosed();
            }
            return;
        }
        write(new PayloadWriter().u32(MAGIC).u16(MAJOR).u16(MINOR).u32(id)
                .u32(server.sharedDevice() != null ? SERVER_SHARED_DEVICE : 0).u64(d.vramSize())
                .u32((int) server.maxPayload()).u32(RegisterMap.DEV_ID_VALUE).u32(RegisterMap.DEV_VERSION_VALUE)
                .u32(d.devCaps()).frame(HELLO | REPLY_BIT, f.tag()));
    }

    private interface DeviceCall<T> {
        T call(DeviceModel d) throws ProtocolException;
    }

    /** Runs one device access, waiting first while another client holds a claim on a shared device. */
    private <T> T access(DeviceCall<T> call) throws ProtocolException, InterruptedException {
        DeviceAccess a = server.sharedAccess();
        if (a == null) {
            return call.call(device);
        }
        a.enter(this);
        try {
            return call.call(device);
        } finally {
            a.exit();
        }
    }

    private byte[] serve(Frame f) throws ProtocolException, InterruptedException {
        PayloadReader r = f.reader();
        int tag = f.tag();
        int reply = f.type() | REPLY_BIT;
        switch (f.type()) {
            case HELLO -> throw new ProtocolException(E_HANDSHAKE, "HELLO was already answered");
            case MMIO_READ -> {
                int bar = r.u8("bar");
                int width = r.u8("width");
                int reserved = r.u16("reserved");
                long offset = r.u32("offset") & 0xFFFF_FFFFL;
                r.end("MMIO_READ");
                reservedZero(reserved);
                DeviceModel.MmioResult m = access(d -> d.mmioRead(bar, offset, width));
                return new PayloadWriter().u32(m.status()).u64(m.value()).frame(reply, tag);
            }
            case MMIO_WRITE -> {
                int bar = r.u8("bar");
                int width = r.u8("width");
                int reserved = r.u16("reserved");
                long offset = r.u32("offset") & 0xFFFF_FFFFL;
                long value = r.u64("value");
                r.end("MMIO_WRITE");
                reservedZero(reserved);
                int status = access(d -> d.mmioWrite(bar, offset, width, value, id));
                return new PayloadWriter().u32(status).frame(reply, tag);
            }
            case VRAM_READ -> {
                long address = r.u64("address");
                long length = r.u32("length") & 0xFFFF_FFFFL;
                r.end("VRAM_READ");
                checkVram(address, length, "VRAM read");
                PayloadWriter w = new PayloadWriter((int) length);
                int at = w.reserve((int) length);
                access(d -> {
                    d.vramRead(address, w.array(), at, (int) length);
                    return null;
                });
                return w.frame(reply, tag);
            }
            case VRAM_WRITE -> {
                long address = r.u64("address");
                int at = r.position();
                int length = r.remaining();
                access(d -> {
                    d.vramWrite(address, f.data(), at, length);
                    return null;
                });
                return new PayloadWriter().frame(reply, tag);
            }
            case DMA_TO_DEVICE -> {
                long address = r.u64("vram_address");
                int flags = r.u32("flags");
                dmaFlags(flags);
                int at = r.position();
                int length = r.remaining();
                int status = access(d -> d.dmaToDevice(address, f.data(), at, length, flags, id));
                return new PayloadWriter().u32(status).frame(reply, tag);
            }
            case DMA_FROM_DEVICE -> {
                long address = r.u64("vram_address");
                long length = r.u32("length") & 0xFFFF_FFFFL;
                int flags = r.u32("flags");
                r.end("DMA_FROM_DEVICE");
                dmaFlags(flags);
                boolean fits = address >= 0 && address <= device.vramSize() && length <= device.vramSize() - address;
                PayloadWriter w = new PayloadWriter(fits ? (int) length : 0);
                int at = fits ? w.reserve((int) length) : 0;
                // An out-of-range transfer is refused by the DMA engine itself (which records the fault).
                access(d -> d.dmaFromDevice(address, fits ? w.array() : new byte[0], at,
                        (int) Math.min(length, Integer.MAX_VALUE), flags, id));
                return w.frame(reply, tag);
            }
            case RESET -> {
                int flags = r.u32("flags");
                r.end("RESET");
                if ((flags & ~1) != 0) {
                    throw new ProtocolException(E_BAD_ARGUMENT, "RESET flags 0x" + Integer.toHexString(flags)
                            + ": only bit 0 (zero VRAM) is defined");
                }
                access(d -> {
                    d.reset((flags & 1) != 0);
                    return null;
                });
                return new PayloadWriter().frame(reply, tag);
            }
            case LOAD_KERNEL -> {
                int format = r.u32("format");
                long address = r.u64("load_address");
                int at = r.position();
                int length = r.remaining();
                DeviceModel.LoadedKernel k = access(d -> d.loadKernel(format, address, f.data(), at, length));
                return new PayloadWriter().u64(k.entry()).u64(k.start()).u64(k.end()).frame(reply, tag);
            }
            case LAUNCH -> {
                launch(r, tag, false);
                return null;
            }
            case LAUNCH_CHECKED -> {
                launch(r, tag, true);
                return null;
            }
            case CLAIM -> {
                long timeout = r.u32("timeout_ms") & 0xFFFF_FFFFL;
                r.end("CLAIM");
                DeviceAccess a = server.sharedAccess();
                if (a != null && !a.claim(this, timeout)) {
                    throw new ProtocolException(E_BUSY, "another client holds the device (waited " + timeout + " ms)");
                }
                return new PayloadWriter().frame(reply, tag);
            }
            case RELEASE -> {
                r.end("RELEASE");
                DeviceAccess a = server.sharedAccess();
                if (a != null && !a.release(this)) {
                    throw new ProtocolException(E_BAD_ARGUMENT, "RELEASE without a claim");
                }
                return new PayloadWriter().frame(reply, tag);
            }
            case PING -> {
                if (f.length() > MAX_HANDSHAKE_PAYLOAD) {
                    throw new ProtocolException(E_BAD_LENGTH, "PING payload of " + f.length() + " bytes (at most "
                            + MAX_HANDSHAKE_PAYLOAD + ")");
                }
                return new PayloadWriter(f.length()).bytes(f.data(), f.offset(), f.length()).frame(reply, tag);
            }
            case BUILD_PROGRAM -> {
                String options = r.str("options", MAX_HANDSHAKE_PAYLOAD);
                String source = new String(f.data(), r.position(), r.remaining(), StandardCharsets.UTF_8);
                org.rvsimt.device.opencl.ProgramBuilder.Result b =
                        org.rvsimt.device.opencl.ProgramBuilder.build(source, options, device.vramSize());
                PayloadWriter w = new PayloadWriter(b.container().length + b.log().length() + 16)
                        .u32(b.status().code()).str(b.log());
                return w.bytes(b.container(), 0, b.container().length).frame(reply, tag);
            }
            case BUILD_KERNEL -> {
                String name = r.str("file_name", MAX_HANDSHAKE_PAYLOAD);
                byte[] source = java.util.Arrays.copyOfRange(f.data(), r.position(), r.position() + r.remaining());
                SourceBuilder.Result b = SourceBuilder.build(name, source, device.vramSize());
                PayloadWriter w = new PayloadWriter(b.elf().length + 256).u32(b.error() == null ? 0 : 1)
                        .str(b.error() == null ? "" : b.error()).u32(b.functions().size());
                for (SourceBuilder.Symbol sym : b.functions()) {
                    w.str(sym.name()).u32(sym.address());
                }
                return w.bytes(b.elf(), 0, b.elf().length).frame(reply, tag);
            }
            default -> throw new ProtocolException(E_UNKNOWN_TYPE, "unknown request type " + typeName(f.type()));
        }
    }

    private void launch(PayloadReader r, int tag, boolean checked) throws ProtocolException, InterruptedException {
        long kernel = r.u64("kernel_address");
        long args = r.u64("args_address");
        int[] grid = {r.u32("grid.x"), r.u32("grid.y"), r.u32("grid.z")};
        int[] block = {r.u32("block.x"), r.u32("block.y"), r.u32("block.z")};
        int shared = r.u32("shared_bytes");
        int flags = r.u32("dispatch_flags");
        int size = r.u32("kernel_size");
        long timeout = r.u32("timeout_ms") & 0xFFFF_FFFFL;
        DeviceModel.CheckRequest checks = null;
        int options = 0;
        String gpu = "";
        if (checked) {          // LAUNCH_CHECKED: LAUNCH's 1.0 fields, then the checks (no timing options)
            checks = LaunchCheckRequest.read(r);
            r.end("LAUNCH_CHECKED");
        } else {
            // minor 1: the launch options and the GPU preset follow; a minor-0 client sends neither
            options = r.remaining() > 0 ? r.u32("launch_options") : 0;
            gpu = r.remaining() > 0 ? r.str("gpu", 64) : "";
            r.end("LAUNCH");
        }
        DeviceModel.CheckRequest request = checks;
        if ((flags & ~(RegisterMap.DISPATCH_SEED_ABI | 1)) != 0) {
            throw new ProtocolException(E_BAD_ARGUMENT, "dispatch_flags 0x" + Integer.toHexString(flags)
                    + ": only bits 0 and 1 (SEED_ABI) are defined");
        }
        if ((options & ~LAUNCH_TIMING) != 0) {
            throw new ProtocolException(E_BAD_ARGUMENT, "launch_options 0x" + Integer.toHexString(options)
                    + ": only bit 0 (timing) is defined");
        }
        TimingSession timing = (options & LAUNCH_TIMING) != 0 ? TimingRequest.session(gpu) : null;
        DeviceModel.Dispatch d = access(m -> request != null
                ? m.launch(kernel, args, grid, block, shared, flags, size, id, request)
                : m.launch(kernel, args, grid, block, shared, flags, size, id, timing));
        ScheduledFuture<?> timer = null;
        if (timeout > 0 && !d.outcome().isDone()) {
            timer = server.timers().schedule(() -> d.cancel("launch did not finish within " + timeout + " ms"),
                    timeout, TimeUnit.MILLISECONDS);
        }
        ScheduledFuture<?> t = timer;
        d.outcome().whenComplete((o, x) -> {
            if (t != null) {
                t.cancel(false);
            }
            if (o != null) {
                pushAsync(checked ? LaunchCheckRequest.reply(launchReplyFields(o), o, tag)
                        : launchReplyFields(o).str(TimingRequest.json(o.diagnostics() == null ? null
                                : o.diagnostics().timing()))
                                .frame(LAUNCH | REPLY_BIT, tag));
            }
        });
    }

    /** LAUNCH's reply fields of protocol 1.0 (LAUNCH adds the timing report, LAUNCH_CHECKED the findings). */
    private static PayloadWriter launchReplyFields(DeviceModel.Outcome o) {
        String console = String.join("\n", o.console());
        if (console.length() > MAX_CONSOLE) {
            console = console.substring(0, MAX_CONSOLE);
        }
        return new PayloadWriter(128).u32(o.result()).u32(o.seq()).u32(o.errorStatus()).u32(o.irqStatus())
                .u32(org.rvsimt.device.FaultKinds.code(o.faultKind())).u32(o.faultPc()).u64(o.faultAddress())
                .u64(o.warpInstructions()).u64(o.laneInstructions()).u64(o.wallNanos()).str(o.faultKind())
                .str(o.message()).str(console);
    }

    static byte[] interruptFrame(DeviceModel.Interrupt irq) {
        return new PayloadWriter().u32(irq.vector()).u32(irq.cause()).u32(irq.irqStatus()).u32(irq.origin())
                .u32(irq.dispatchSeq()).u32(irq.result()).frame(INTERRUPT, 0);
    }

    private static void reservedZero(int reserved) throws ProtocolException {
        if (reserved != 0) {
            throw new ProtocolException(E_BAD_ARGUMENT, "reserved field must be 0");
        }
    }

    private static void dmaFlags(int flags) throws ProtocolException {
        if ((flags & ~RegisterMap.DMA_IRQ_EN) != 0) {
            throw new ProtocolException(E_BAD_ARGUMENT, "DMA flags 0x" + Integer.toHexString(flags)
                    + ": only bit 2 (IRQ_EN) is defined");
        }
    }

    private void checkVram(long address, long length, String what) {
        long size = device.vramSize();
        if (address < 0 || address > size || length > size - address) {
            throw new DeviceError(DeviceError.Reason.OUT_OF_RANGE, String.format("%s [0x%x, 0x%x) is outside VRAM [0, 0x%x)",
                    what, address, address + length, size));
        }
    }
}
