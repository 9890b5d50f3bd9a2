package org.rvsimt.web;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import org.rvsimt.device.server.ServerOptions;

/** The address of {@code --http HOST:PORT}: loopback unless remote access is asked for, since the UI has no login. */
public final class HttpAddress {
    public static final String DEFAULT = "127.0.0.1:8080";

    private HttpAddress() { }

    /** {@code HOST:PORT}, {@code [V6]:PORT} or {@code PORT}; throws IllegalArgumentException with a one-line reason. */
    public static InetSocketAddress parse(String spec, boolean allowRemote) {
        Object[] hp = ServerOptions.parseHostPort(spec.trim());
        String host = (String) hp[0];
        int port = (Integer) hp[1];
        InetAddress a;
        try {
            a = InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("'" + spec + "': unknown host " + host);
        }
        if (!allowRemote && !a.isLoopbackAddress()) {
            throw new IllegalArgumentException("refusing to serve the web UI on " + host
                    + ": not a loopback address (the UI has no login; use --allow-remote to serve it anyway)");
        }
        return new InetSocketAddress(a, port);
    }
}
