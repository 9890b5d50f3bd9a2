package org.rvsimt.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.rvsimt.core.api.DeviceConfig;
import org.rvsimt.core.api.DeviceException;
import org.rvsimt.core.events.ExecutionConsumer;
import org.rvsimt.core.api.LaunchOptions;
import org.rvsimt.device.server.DeviceServer;
import org.rvsimt.device.server.ServerOptions;
import org.rvsimt.web.HttpAddress;
import org.rvsimt.web.WebUi;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code rvsimt serve}: the simulated GPU as a device server (docs/protocol.md, docs/device.md). */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = {"Run the simulated GPU as a device server: the register-level device of docs/device.md, "
            + "driven over the binary protocol of docs/protocol.md on a Unix socket and/or loopback TCP.",
            "Runs until SIGTERM or SIGINT, which remove the socket file. Exit codes: 2 bad flags or a socket "
            + "that cannot be bound."})
final class ServeCommand implements Callable<Integer> {

    @Option(names = "--socket", paramLabel = "PATH", description = "Unix domain socket to listen on (mode 0600)")
    Path socket;

    @Option(names = "--listen", paramLabel = "HOST:PORT", description = "TCP address to listen on; loopback only "
            + "unless --allow-remote (PORT alone means 127.0.0.1:PORT; port 0 picks a free port)")
    String listen;

    @Option(names = "--allow-remote", description = "allow --listen (needs --token) and --http on a non-loopback "
            + "address")
    boolean allowRemote;

    @Option(names = "--token", paramLabel = "SECRET", description = "secret every TCP client must send in HELLO")
    String token;

    @Option(names = "--http", paramLabel = "HOST:PORT|off", description = "live web UI and Prometheus /metrics "
            + "(default 127.0.0.1:8080; loopback only unless --allow-remote; port 0 picks a free port; 'off' disables "
            + "it; docs/web-ui.md)")
    String http = HttpAddress.DEFAULT;

    @Option(names = "--shared-device", description = "all clients share one device (default: each client gets "
            + "its own device, created at HELLO and dropped when it disconnects)")
    boolean sharedDevice;

    @Option(names = "--max-clients", paramLabel = "N", description = "connections at once (default 64)")
    int maxClients = ServerOptions.DEFAULT_MAX_CLIENTS;

    @Option(names = "--vram", paramLabel = "SIZE", description = "VRAM of each device (default 64MiB)")
    String vram;

    @Option(names = "--warp-size", paramLabel = "N", description = "lanes per warp, 1..64 (default 32)")
    Integer warpSize;

    @Option(names = "--vlen", paramLabel = "BITS", description = "RVV VLEN of every lane: a power of two, 64..1024 "
            + "(default 128)")
    Integer vlen;

    @Option(names = "--isa", paramLabel = "ISA", description = "extensions every device executes, e.g. "
            + "rv32imaf_zba_zbb (default: all rvsimt implements)")
    String isa;

    @Option(names = "--compute-units", paramLabel = "N", description = "compute units (default 4)")
    Integer computeUnits;

    @Option(names = "--threads", paramLabel = "N", description = "host threads per launch (default: cores)")
    Integer threads;

    @Option(names = "--engine", paramLabel = "interp|jit", description = "execution engine (default jit)")
    String engine;

    @Option(names = "--sfu", paramLabel = "exact|fast", description = "SFU accuracy mode (default exact)")
    String sfu;

    @Option(names = "--stack", paramLabel = "BYTES", description = "private stack per thread (default 4096)")
    String stack;

    @Option(names = "--watchdog", paramLabel = "N", description = "instruction budget per warp of each dispatch "
            + "(default 100000000)")
    Long watchdog;

    @Option(names = "--gdb", paramLabel = "HOST:PORT", description = "every launch waits for a debugger "
            + "(gdb-multiarch: target remote HOST:PORT) and runs under it, on the interpreter (docs/debugging.md)")
    String gdb;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        if (socket == null && listen == null) {
            throw new UserError("serve: give --socket PATH and/or --listen HOST:PORT");
        }
        ServerOptions options;
        try {
            DeviceConfig config = DeviceConfig.defaults();
            if (vram != null) {
                config = config.withVram(size("--vram", vram));
            }
            if (warpSize != null) {
                config = config.withWarpSize(warpSize);
            }
            if (computeUnits != null) {
                config = config.withComputeUnits(computeUnits);
            }
            if (vlen != null) {
                if (!DeviceConfig.validVlen(vlen)) {
                    throw new UserError("serve: --vlen: must be a power of two between " + DeviceConfig.MIN_VLEN
                            + " and " + DeviceConfig.MAX_VLEN + ", got " + vlen);
                }
                config = config.withVlen(vlen);
            }
            if (threads != null) {
                config = config.withThreads(threads);
            }
            if (isa != null) {
                config = config.withIsa(IsaFlag.parse("serve: --isa", isa));
            }
            if (engine != null) {
                config = config.withEngine(engine.toLowerCase(Locale.ROOT));
            }
            if (gdb != null) {
                config = config.withEngine("interp");     // stops before each instruction, edits registers
            }
            if (sfu != null) {
                String s = sfu.toLowerCase(Locale.ROOT);
                if (!s.equals("exact") && !s.equals("fast")) {
                    throw new UserError("--sfu: expected exact or fast, got '" + sfu + "'");
                }
                config = config.withFastSfu(s.equals("fast"));
            }
            if (stack != null) {
                long b = size("--stack", stack);
                if (b > Integer.MAX_VALUE) {
                    throw new UserError("--stack: " + stack + " is too large");
                }
                config = config.withStackBytes((int) b);
            }
            String host = null;
            int port = 0;
            if (listen != null) {
                Object[] hp = ServerOptions.parseHostPort(listen);
                host = (String) hp[0];
                port = (Integer) hp[1];
            }
            // Where the server listens is the command's output: stdout (stderr is for problems).
            PrintWriter log = spec.commandLine().getOut();
            options = new ServerOptions(socket, host, port, allowRemote, token, sharedDevice, config,
                    watchdog != null ? watchdog : LaunchOptions.DEFAULT_WATCHDOG, maxClients, 10_000, line -> {
                        log.println("rvsimt serve: " + line);
                        log.flush();
                    });
        } catch (DeviceException | IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
        WebUi web = startWeb(options);
        ExecutionConsumer debugger = gdb == null ? null : GdbAttachment.forEveryLaunch(gdb, spec.commandLine().getOut());
        DeviceServer server;
        try {
            // Every device the server creates reports its launches to the web UI and streams its trace
            // (the UI installs the device's tracer while a browser watches), and to the debugger.
            server = DeviceServer.start(options, m -> {
                if (web != null) {
                    web.attach(m);
                }
                m.setEvents(debugger);
            });
        } catch (IOException e) {
            if (web != null) {
                web.close();
            }
            throw new UserError("serve: " + UserError.describe(e));
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            if (web != null) {
                web.close();
            }
        }, "rvsimt-serve-shutdown"));
        server.awaitClosed();
        return Main.OK;
    }

    /** The web UI on --http, or null for 'off'; a bad or busy address is a user error (exit 2). */
    private WebUi startWeb(ServerOptions options) {
        if (http.trim().equalsIgnoreCase("off")) {
            return null;
        }
        InetSocketAddress address;
        try {
            address = HttpAddress.parse(http, allowRemote);
        } catch (IllegalArgumentException e) {
            throw new UserError("--http: " + e.getMessage());
        }
        try {
            WebUi web = WebUi.start(address);
            InetSocketAddress a = web.address();
            options.log().accept("web UI and /metrics on http://" + a.getHostString() + ":" + a.getPort() + "/");
            return web;
        } catch (IOException e) {
            throw new UserError("--http " + http + ": cannot serve there: " + UserError.describe(e));
        }
    }

    private static long size(String flag, String value) {
        try {
            return Numbers.parse(value);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new UserError(flag + ": '" + value + "' is not a size (e.g. 64MiB)");
        }
    }
}
