package org.rvsimt.device.gdb;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.rvsimt.core.events.ExecutionConsumer;
import org.rvsimt.core.events.ExecutionListener;

/**
 * The listening side of the GDB stub: one TCP port, one debugger at a time. A connection debugs
 * the oldest launch that waits for a debugger; any other connection (while a debugger is attached,
 * or when no launch waits) is told why it is refused and closed. For {@code rvsimt run} the port
 * closes when the debugger leaves (detach, kill, disconnect, or the launch's end); for a device
 * server it stays open for the next launch.
 */
public final class GdbServer implements AutoCloseable {
    private final ServerSocket socket;
    private final PrintWriter log;
    private Thread acceptor;
    /** Launches that wait for a debugger, oldest first. */
    private final List<DebugSession> waiting = new ArrayList<>();
    private Thread serving;                 // the attached debugger's thread, or null
    private DebugSession servingSession;
    private boolean oneLaunch;              // rvsimt run: the port closes after the first session

    private GdbServer(ServerSocket socket, PrintWriter log) {
        this.socket = socket;
        this.log = log;
    }

    /**
     * Listens on {@code address} ("HOST:PORT", ":PORT" or "PORT"; the host defaults to 127.0.0.1,
     * port 0 picks a free one).
     *
     * @throws IllegalArgumentException with a one-line message when the address is malformed or taken
     */
    public static GdbServer listen(String address, PrintWriter log) {
        int colon = address.lastIndexOf(':');
        String host = colon <= 0 ? "127.0.0.1" : address.substring(0, colon);
        String portText = colon < 0 ? address : address.substring(colon + 1);
        int port;
        try {
            port = Integer.parseInt(portText);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + address + "': expected HOST:PORT, e.g. 127.0.0.1:1234");
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("'" + address + "': port must be 0..65535");
        }
        try {
            ServerSocket s = new ServerSocket();
            s.setReuseAddress(true);
            s.bind(new InetSocketAddress(InetAddress.getByName(host), port), 1);
            return new GdbServer(s, log);
        } catch (IOException e) {
            throw new IllegalArgumentException("'" + address + "': cannot listen: " + e.getMessage());
        }
    }

    /** The address a debugger connects to ({@code target remote HOST:PORT}). */
    public String address() {
        return socket.getInetAddress().getHostAddress() + ":" + socket.getLocalPort();
    }

    /**
     * Starts accepting for one launch: the first debugger serves {@code session} on a thread of its
     * own, and the port closes when it is done. Returns at once; the launch itself waits (it starts
     * stopped) until the debugger lets it run.
     */
    public void serve(DebugSession session) {
        synchronized (this) {
            waiting.add(session);
            oneLaunch = true;
        }
        startAccepting();
    }

    /**
     * For a device server: every launch of a device given this consumer waits for a debugger of
     * its own (each launch is one GDB session: GDB sees the launch's end as the program's exit).
     */
    public ExecutionConsumer everyLaunch() {
        startAccepting();
        return new ExecutionConsumer() {
            private final ThreadLocal<DebugSession> current = new ThreadLocal<>();

            @Override
            public ExecutionListener listener(int hostThread, int hostThreads) {
                if (hostThread == 0) {     // asked for in order, on the launching thread: a new launch
                    DebugSession s = new DebugSession();
                    current.set(s);
                    synchronized (GdbServer.this) {
                        waiting.add(s);
                    }
                    log.println("rvsimt serve: a launch waits for GDB on " + address());
                    log.flush();
                }
                return current.get().listener(hostThread, hostThreads);
            }

            @Override
            public void launchEnd(boolean faulted) {
                DebugSession s = current.get();
                current.remove();
                s.launchEnd(faulted);
                synchronized (GdbServer.this) {
                    waiting.remove(s);
                }
                awaitDebugger(s);
            }
        };
    }

    private synchronized void startAccepting() {
        if (acceptor == null) {
            acceptor = Thread.ofPlatform().daemon().name("rvsimt-gdb-accept").start(this::accept);
        }
    }

    private void accept() {
        while (!socket.isClosed()) {
            Socket s;
            try {
                s = socket.accept();
            } catch (IOException e) {
                return;                // closed
            }
            DebugSession session;
            String refusal;
            synchronized (this) {
                session = serving == null && !waiting.isEmpty() ? waiting.remove(0) : null;
                refusal = serving != null ? "another debugger is attached to this launch (one connection at a time)"
                        : "no launch is waiting for a debugger";
                if (session != null) {
                    serving = Thread.ofPlatform().daemon().name("rvsimt-gdb").unstarted(() -> debug(s, session));
                    servingSession = session;
                    serving.start();
                }
            }
            if (session == null) {
                refuse(s, refusal);
            }
        }
    }

    private void debug(Socket s, DebugSession session) {
        try {
            s.setTcpNoDelay(true);
            new GdbStub(new RspChannel(s), session, log).serve();
        } catch (IOException e) {
            session.detach();
        } finally {
            boolean last;
            synchronized (this) {
                serving = null;
                servingSession = null;
                last = oneLaunch;
                notifyAll();
            }
            if (last) {
                closeSocket();
            }
        }
    }

    /** After a launch's end: gives its debugger a moment to receive the exit reply. */
    private void awaitDebugger(DebugSession session) {
        long end = System.currentTimeMillis() + 5000;
        synchronized (this) {
            while (servingSession == session && System.currentTimeMillis() < end) {
                try {
                    wait(50);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    /** Tells a second debugger why not, as an error reply to whatever it sends first, and hangs up. */
    private void refuse(Socket s, String reason) {
        String why = "E.rvsimt: " + reason;
        log.println("rvsimt: refused a GDB connection from " + s.getRemoteSocketAddress() + ": " + reason);
        log.flush();
        try (s; OutputStream out = s.getOutputStream()) {
            int sum = 0;
            for (byte b : why.getBytes(StandardCharsets.US_ASCII)) {
                sum += b & 0xFF;
            }
            out.write(("$" + why + "#" + String.format("%02x", sum & 0xFF)).getBytes(StandardCharsets.US_ASCII));
            out.flush();
        } catch (IOException e) {
            // it hung up first
        }
    }

    private void closeSocket() {
        try {
            socket.close();
        } catch (IOException e) {
            // already closed
        }
    }

    /**
     * After the launch: gives the debugger's thread a moment to send the exit reply, then closes
     * the port.
     */
    @Override
    public void close() {
        Thread t;
        synchronized (this) {
            t = serving;
        }
        if (t != null) {
            try {
                t.join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        closeSocket();
    }
}
