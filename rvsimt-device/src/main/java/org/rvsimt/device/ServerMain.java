package org.rvsimt.device;

import java.nio.file.Path;
import java.util.Locale;
import org.rvsimt.core.api.DeviceConfig;
import org.rvsimt.device.server.DeviceServer;
import org.rvsimt.device.server.ServerOptions;

/**
 * A minimal stand-alone entry point for the device server ({@code java -cp ... org.rvsimt.device.ServerMain
 * --socket PATH}); {@code rvsimt serve} is the full command. Flags: {@code --socket PATH},
 * {@code --listen HOST:PORT}, {@code --allow-remote}, {@code --token T}, {@code --shared-device},
 * {@code --vram SIZE}, {@code --engine interp|jit}, {@code --threads N}, {@code --watchdog N},
 * {@code --max-clients N}. Runs until SIGTERM/SIGINT, which remove the socket file.
 */
public final class ServerMain {
    private ServerMain() { }

    public static void main(String[] args) throws Exception {
        ServerOptions o;
        try {
            o = parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("rvsimt serve: " + e.getMessage());
            System.exit(2);
            return;
        }
        DeviceServer server;
        try {
            server = DeviceServer.start(o);
        } catch (java.io.IOException e) {
            System.err.println("rvsimt serve: " + e.getMessage());
            System.exit(2);
            return;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(server::close, "rvsimt-serve-shutdown"));
        server.awaitClosed();
    }

    static ServerOptions parse(String[] args) {
        Path socket = null;
        String host = null;
        int port = 0;
        boolean remote = false;
        String token = null;
        boolean shared = false;
        DeviceConfig config = DeviceConfig.defaults();
        long watchdog = org.rvsimt.core.api.LaunchOptions.DEFAULT_WATCHDOG;
        int maxClients = ServerOptions.DEFAULT_MAX_CLIENTS;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--socket" -> socket = Path.of(value(args, ++i, a));
                case "--listen" -> {
                    Object[] hp = ServerOptions.parseHostPort(value(args, ++i, a));
                    host = (String) hp[0];
                    port = (Integer) hp[1];
                }
                case "--allow-remote" -> remote = true;
                case "--token" -> token = value(args, ++i, a);
                case "--shared-device" -> shared = true;
                case "--vram" -> config = config.withVram(parseSize(value(args, ++i, a)));
                case "--engine" -> config = config.withEngine(value(args, ++i, a));
                case "--threads" -> config = config.withThreads(Integer.parseInt(value(args, ++i, a)));
                case "--watchdog" -> watchdog = Long.parseLong(value(args, ++i, a));
                case "--max-clients" -> maxClients = Integer.parseInt(value(args, ++i, a));
                default -> throw new IllegalArgumentException("unknown flag " + a);
            }
        }
        return new ServerOptions(socket, host, port, remote, token, shared, config, watchdog, maxClients, 10_000, null);
    }

    private static String value(String[] args, int i, String flag) {
        if (i >= args.length) {
            throw new IllegalArgumentException(flag + " needs a value");
        }
        return args[i];
    }

    /** Sizes such as 64MiB, 4m, 1048576 or 0x100000. */
    public static long parseSize(String s) {
        String t = s.trim().replace("_", "").toLowerCase(Locale.ROOT);
        long scale = 1;
        String[][] suffixes = {{"kib", "10"}, {"mib", "20"}, {"gib", "30"}, {"k", "10"}, {"m", "20"}, {"g", "30"}};
        if (!t.startsWith("0x")) {
            for (String[] suf : suffixes) {
                if (t.endsWith(suf[0])) {
                    scale = 1L << Integer.parseInt(suf[1]);
                    t = t.substring(0, t.length() - suf[0].length()).trim();
                    break;
                }
            }
        }
        try {
            long v = t.startsWith("0x") ? Long.parseLong(t.substring(2), 16) : Long.parseLong(t);
            return Math.multiplyExact(v, scale);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException("'" + s + "' is not a size (e.g. 64MiB)");
        }
    }
}
