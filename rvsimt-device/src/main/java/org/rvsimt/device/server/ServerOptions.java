package org.rvsimt.device.server;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.rvsimt.core.api.DeviceConfig;
import org.rvsimt.core.api.LaunchOptions;

/**
 * How {@code rvsimt serve} runs.
 *
 * @param socket             Unix domain socket path, or null
 * @param listenHost         TCP host, or null for no TCP listener
 * @param listenPort         TCP port (0: any free port)
 * @param allowRemote        allow a TCP host that is not a loopback address (needs a token)
 * @param token              secret every TCP client must present in HELLO, or null
 * @param sharedDevice       all clients share one device instead of one device each
 * @param device             configuration of every device
 * @param watchdog           warp-instruction budget per warp of each dispatch
 * @param maxClients         connections beyond this get SERVER_FULL
 * @param handshakeMillis    a connection that has not completed HELLO by then is closed
 * @param log                where the server's few notices go (one line each; by default stdout)
 */
public record ServerOptions(Path socket, String listenHost, int listenPort, boolean allowRemote, String token,
                            boolean sharedDevice, DeviceConfig device, long watchdog, int maxClients,
                            long handshakeMillis, Consumer<String> log) {

    public static final int DEFAULT_MAX_CLIENTS = 64;

    public ServerOptions {
        if (socket == null && listenHost == null) {
            throw new IllegalArgumentException("nothing to listen on: give --socket PATH and/or --listen HOST:PORT");
        }
        if (listenPort < 0 || listenPort > 65535) {
            throw new IllegalArgumentException("TCP port " + listenPort + " is not 0..65535");
        }
        if (allowRemote && (token == null || token.isEmpty())) {
            throw new IllegalArgumentException("--allow-remote needs --token: remote clients must authenticate");
        }
        if (token != null && token.isEmpty()) {
            throw new IllegalArgumentException("--token must not be empty");
        }
        if (listenHost != null && !allowRemote && !isLoopback(listenHost)) {
            throw new IllegalArgumentException("refusing to listen on " + listenHost
                    + ": not a loopback address (use --allow-remote with --token to accept remote clients)");
        }
        if (maxClients < 1) {
            throw new IllegalArgumentException("max clients must be at least 1, got " + maxClients);
        }
        if (watchdog < 1) {
            throw new IllegalArgumentException("watchdog must be at least 1 instruction, got " + watchdog);
        }
        if (log == null) {
            // Where it listens is the server's output (stdout): stderr stays empty while all is well.
            log = line -> System.out.println("rvsimt serve: " + line);
        }
    }

    public static ServerOptions unix(Path socket) {
        return new ServerOptions(socket, null, 0, false, null, false, DeviceConfig.defaults(),
                LaunchOptions.DEFAULT_WATCHDOG, DEFAULT_MAX_CLIENTS, 10_000, null);
    }

    public static ServerOptions tcp(String host, int port) {
        return new ServerOptions(null, host, port, false, null, false, DeviceConfig.defaults(),
                LaunchOptions.DEFAULT_WATCHDOG, DEFAULT_MAX_CLIENTS, 10_000, null);
    }

    public ServerOptions withSocket(Path p) {
        return new ServerOptions(p, listenHost, listenPort, allowRemote, token, sharedDevice, device, watchdog,
                maxClients, handshakeMillis, log);
    }

    public ServerOptions withListen(String host, int port) {
        return new ServerOptions(socket, host, port, allowRemote, token, sharedDevice, device, watchdog, maxClients,
                handshakeMillis, log);
    }

    public ServerOptions withRemote(boolean allow, String secret) {
        return new ServerOptions(socket, listenHost, listenPort, allow, secret, sharedDevice, device, watchdog,
                maxClients, handshakeMillis, log);
    }

    public ServerOptions withSharedDevice(boolean shared) {
        return new ServerOptions(socket, listenHost, listenPort, allowRemote, token, shared, device, watchdog,
                maxClients, handshakeMillis, log);
    }

    public ServerOptions withDevice(DeviceConfig config) {
        return new ServerOptions(socket, listenHost, listenPort, allowRemote, token, sharedDevice, config, watchdog,
                maxClients, handshakeMillis, log);
    }

    public ServerOptions withWatchdog(long budget) {
        return new ServerOptions(socket, listenHost, listenPort, allowRemote, token, sharedDevice, device, budget,
                maxClients, handshakeMillis, log);
    }

    public ServerOptions withMaxClients(int n) {
        return new ServerOptions(socket, listenHost, listenPort, allowRemote, token, sharedDevice, device, watchdog, n,
                handshakeMillis, log);
    }

    public ServerOptions withHandshakeMillis(long ms) {
        return new ServerOptions(socket, listenHost, listenPort, allowRemote, token, sharedDevice, device, watchdog,
                maxClients, ms, log);
    }

    public ServerOptions withLog(Consumer<String> sink) {
        return new ServerOptions(socket, listenHost, listenPort, allowRemote, token, sharedDevice, device, watchdog,
                maxClients, handshakeMillis, sink);
    }

    static boolean isLoopback(String host) {
        try {
            for (InetAddress a : InetAddress.getAllByName(host)) {
                if (!a.isLoopbackAddress()) {
                    return false;
                }
            }
            return true;
        } catch (UnknownHostException e) {
            return false;
        }
    }

    /** Parses {@code HOST:PORT}, {@code [V6]:PORT} or {@code PORT} (loopback). Returns {host, port}. */
    public static Object[] parseHostPort(String s) {
        String host;
        String port;
        if (s.startsWith("[")) {
            int close = s.indexOf(']');
            if (close < 0 || close + 1 >= s.length() || s.charAt(close + 1) != ':') {
                throw new IllegalArgumentException("'" + s + "' is not [HOST]:PORT");
            }
            host = s.substring(1, close);
            port = s.substring(close + 2);
        } else if (s.indexOf(':') >= 0) {
            int colon = s.lastIndexOf(':');
            host = s.substring(0, colon);
            port = s.substring(colon + 1);
        } else {
            host = "127.0.0.1";
            port = s;
        }
        try {
            int p = Integer.parseInt(port);
            if (p < 0 || p > 65535) {
                throw new NumberFormatException();
            }
            return new Object[] {host.isEmpty() ? "127.0.0.1" : host, p};
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + s + "': port must be a number 0..65535");
        }
    }
}
