package org.rvsimt.device.server;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.rvsimt.device.DeviceModel;
import org.rvsimt.device.ProgramCache;
import org.rvsimt.device.protocol.PayloadWriter;
import org.rvsimt.device.protocol.Protocol;

/**
 * {@code rvsimt serve}: the device protocol (docs/protocol.md) on a Unix domain socket and/or a TCP
 * port. One virtual thread reads each connection; dispatches run on a pool of platform threads.
 * With per-client devices (the default) every connection gets a fresh device when its HELLO
 * succeeds and loses it when it disconnects; with a shared device all connections drive one device,
 * serialised by {@link DeviceAccess}.
 */
public final class DeviceServer implements AutoCloseable {
    private final ServerOptions options;
    private final ProgramCache programs = new ProgramCache(64);
    private final ExecutorService dispatchers;
    private final ScheduledExecutorService timers;
    private final Set<Connection> connections = ConcurrentHashMap.newKeySet();
    private final AtomicInteger nextClient = new AtomicInteger();
    private final AtomicInteger liveDevices = new AtomicInteger();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final CountDownLatch stopped = new CountDownLatch(1);
    private final List<ServerSocketChannel> listeners = new ArrayList<>();
    private final Consumer<DeviceModel> onNewDevice;
    private final DeviceModel shared;
    private final DeviceAccess sharedAccess;
    private Path socketPath;
    private Object socketKey;
    private InetSocketAddress tcpAddress;

    private DeviceServer(ServerOptions options, Consumer<DeviceModel> onNewDevice) {
        this.options = options;
        this.onNewDevice = onNewDevice;
        AtomicInteger n = new AtomicInteger();
        ThreadFactory daemons = r -> {
            Thread t = new Thread(r, "rvsimt-dispatch-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
        this.dispatchers = Executors.newCachedThreadPool(daemons);
        this.timers = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "rvsimt-serve-timer");
            t.setDaemon(true);
            return t;
        });
        if (options.sharedDevice()) {
            shared = newDevice();
            sharedAccess = new DeviceAccess(shared::busy);
            shared.setInterruptSink(irq -> {
                byte[] frame = Connection.interruptFrame(irq);
                for (Connection c : connections) {
                    c.pushAsync(frame);
                }
            });
        } else {
            shared = null;
            sharedAccess = null;
        }
    }

    /** Binds the listeners and starts accepting. */
    public static DeviceServer start(ServerOptions options) throws IOException {
        return start(options, device -> { });
    }

    /**
     * The same, handing every device the server creates (the shared one, or each client's) to
     * {@code onNewDevice} before any client uses it: how the web UI observes launches.
     */
    public static DeviceServer start(ServerOptions options, Consumer<DeviceModel> onNewDevice) throws IOException {
        DeviceServer s = new DeviceServer(options, onNewDevice);
        try {
            if (options.socket() != null) {
                s.bindUnix(options.socket());
            }
            if (options.listenHost() != null) {
                s.bindTcp(options.listenHost(), options.listenPort());
            }
        } catch (IOException | RuntimeException e) {
            s.close();
            throw e;
        }
        for (ServerSocketChannel l : s.listeners) {
            Thread.ofPlatform().daemon(true).name("rvsimt-accept").start(() -> s.acceptLoop(l));
        }
        return s;
    }

    private void bindUnix(Path requested) throws IOException {
        Path path = requested.toAbsolutePath();
        if (Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
            if (!Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).isOther()) {
                throw new IOException(path + " exists and is not a socket; not replacing it");
            }
            boolean alive;
            try (SocketChannel probe = SocketChannel.open(UnixDomainSocketAddress.of(path))) {
                alive = probe.isConnected();
            } catch (IOException e) {
                alive = false;
            }
            if (alive) {
                throw new IOException(path + " is in use by a running server");
            }
            Files.deleteIfExists(path);    // a stale socket of a server that is gone
        }
        ServerSocketChannel ch = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        listeners.add(ch);
        // Bind in a private directory, restrict the socket to its owner, then move it into place,
        // so no other user can connect in the moment between bind and chmod.
        Path dir = null;
        try {
            dir = Files.createTempDirectory(path.getParent(), ".rvsimt-",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            Path tmp = dir.resolve("s");
            ch.bind(UnixDomainSocketAddress.of(tmp));
            Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-------"));
            Files.move(tmp, path, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | UnsupportedOperationException e) {
            if (ch.getLocalAddress() != null) {
                throw e instanceof IOException io ? io : new IOException(e);
            }
            ch.bind(UnixDomainSocketAddress.of(path));    // e.g. the temporary path was too long
            Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rw-------"));
        } finally {
            if (dir != null) {
                try {
                    Files.deleteIfExists(dir.resolve("s"));
                    Files.deleteIfExists(dir);
                } catch (IOException ignored) {
                    // best effort
                }
            }
        }
        socketPath = path;
        socketKey = Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).fileKey();
        options.log().accept("listening on unix:" + path);
    }

    private void bindTcp(String host, int port) throws IOException {
        ServerSocketChannel ch = ServerSocketChannel.open();
        listeners.add(ch);
        ch.setOption(StandardSocketOptions.SO_REUSEADDR, true);
        ch.bind(new InetSocketAddress(host, port));
        tcpAddress = (InetSocketAddress) ch.getLocalAddress();
        options.log().accept("listening on tcp:" + tcpAddress.getAddress().getHostAddress() + ":" + tcpAddress.getPort()
                + (options.token() != null ? " (token required)" : ""));
    }

    private void acceptLoop(ServerSocketChannel listener) {
        while (!closed.get()) {
            SocketChannel ch;
            try {
                ch = listener.accept();
            } catch (ClosedChannelException e) {
                return;
            } catch (IOException e) {
                if (closed.get()) {
                    return;
                }
                options.log().accept("accept failed: " + e.getMessage());
                sleepQuietly(50);
                continue;
            }
            boolean isTcp = isTcp(ch);
            try {
                if (isTcp) {
                    ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
                }
            } catch (IOException ignored) {
                // not fatal
            }
            if (connections.size() >= options.maxClients() || closed.get()) {
                refuse(ch, closed.get() ? Protocol.E_SHUTTING_DOWN : Protocol.E_SERVER_FULL,
                        closed.get() ? "server is shutting down" : "server full: " + options.maxClients() + " clients");
                continue;
            }
            Connection c = new Connection(this, ch, nextClient.incrementAndGet(), isTcp);
            connections.add(c);
            if (closed.get()) {
                c.close();
                continue;
            }
            c.start();
        }
    }

    private static boolean isTcp(SocketChannel ch) {
        try {
            return ch.getLocalAddress() instanceof InetSocketAddress;
        } catch (IOException e) {
            return false;
        }
    }

    private static void refuse(SocketChannel ch, int code, String message) {
        try (ch) {
            byte[] f = new PayloadWriter().u32(code).u16(0).str(message).frame(Protocol.ERROR, 0);
            ch.configureBlocking(false);     // never wait on a client that does not read
            ch.write(java.nio.ByteBuffer.wrap(f));
        } catch (IOException ignored) {
            // it is gone anyway
        }
    }

    private static void sleepQuietly(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    // ----- what connections need

    ServerOptions options() {
        return options;
    }

    DeviceModel newDevice() {
        DeviceModel d = new DeviceModel(options.device(), options.watchdog(), programs, dispatchers);
        onNewDevice.accept(d);
        liveDevices.incrementAndGet();
        return d;
    }

    void deviceClosed() {
        liveDevices.decrementAndGet();
    }

    DeviceModel sharedDevice() {
        return shared;
    }

    DeviceAccess sharedAccess() {
        return sharedAccess;
    }

    ScheduledExecutorService timers() {
        return timers;
    }

    void removed(Connection c) {
        connections.remove(c);
    }

    boolean isClosed() {
        return closed.get();
    }

    /** Largest payload accepted after HELLO: VRAM plus the fixed part of the largest message. */
    long maxPayload() {
        return options.device().vramBytes() + Protocol.PAYLOAD_SLACK;
    }

    // ----- for tests and the command

    public Path socketPath() {
        return socketPath;
    }

    public InetSocketAddress tcpAddress() {
        return tcpAddress;
    }

    public int connectionCount() {
        return connections.size();
    }

    /** Devices alive: per-client devices whose client is connected or whose kernel still runs, plus the shared one. */
    public int liveDevices() {
        return liveDevices.get();
    }

    public ProgramCache programs() {
        return programs;
    }

    /** Blocks until {@link #close} has run. */
    public void awaitClosed() throws InterruptedException {
        stopped.await();
    }

    /** Stops listening, removes the socket file, closes every connection and cancels running kernels. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        for (ServerSocketChannel l : listeners) {
            try {
                l.close();
            } catch (IOException ignored) {
                // closing
            }
        }
        removeSocketFile();
        for (Connection c : connections) {
            c.close();
        }
        if (shared != null) {
            shared.close();
            deviceClosed();
        }
        dispatchers.shutdownNow();
        timers.shutdownNow();
        stopped.countDown();
    }

    private void removeSocketFile() {
        if (socketPath == null) {
            return;
        }
        try {
            // Only our own socket: another server may have replaced the file since.
            Object key = Files.readAttributes(socketPath, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).fileKey();
            if (key == null || key.equals(socketKey)) {
                Files.deleteIfExists(socketPath);
            }
        } catch (IOException ignored) {
            // already gone
        }
    }

    boolean awaitDispatchers(long ms) throws InterruptedException {
        return dispatchers.awaitTermination(ms, TimeUnit.MILLISECONDS);
    }
}
