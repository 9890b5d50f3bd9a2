package org.rvsimt.device.gdb;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * The listening side of the GDB stub: one TCP port, one debugger at a time. The first connection
 * debugs the launch; any other connection while it lasts is told why it is refused and closed.
 * After the debugger leaves (detach, kill, disconnect, or the launch's end) the port is closed.
 */
public final class GdbServer implements AutoCloseable {
    private final ServerSocket socket;
    private final PrintWriter log;
    private Thread acceptor;
    private volatile Thread serving;

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
     * Starts accepting: the first debugger serves {@code session} on a thread of its own. Returns at
     * once; the launch itself waits (it starts stopped) until the debugger lets it run.
     */
    public synchronized void serve(DebugSession session) {
        acceptor = Thread.ofPlatform().daemon().name("rvsimt-gdb-accept").start(() -> accept(session));
    }

    private void accept(DebugSession session) {
        while (!socket.isClosed()) {
            Socket s;
            try {
                s = socket.accept();
            } catch (IOException e) {
                return;                // closed
            }
            if (serving == null) {
                serving = Thread.ofPlatform().daemon().name("rvsimt-gdb").start(() -> {
                    try {
                        s.setTcpNoDelay(true);
                        new GdbStub(new RspChannel(s), session, log).serve();
                    } catch (IOException e) {
                        session.detach();
                    } finally {
                        closeSocket();
                    }
                });
            } else {
                refuse(s);
            }
        }
    }

    /** Tells a second debugger why not, as an error reply to whatever it sends first, and hangs up. */
    private void refuse(Socket s) {
        String why = "E.rvsimt: another debugger is attached to this launch (one connection at a time)";
        log.println("rvsimt: refused a second GDB connection from " + s.getRemoteSocketAddress()
                + ": another debugger is attached");
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
        Thread t = serving;
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
