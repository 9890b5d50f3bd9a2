package org.rvsimt.cli;

import java.io.PrintWriter;
import org.rvsimt.core.events.ExecutionConsumer;
import org.rvsimt.core.events.ExecutionListener;
import org.rvsimt.core.events.ExecutionListeners;
import org.rvsimt.device.gdb.DebugSession;
import org.rvsimt.device.gdb.GdbServer;

/**
 * {@code --gdb HOST:PORT}: a GDB stub listening for one debugger, and the debug session the launch
 * reports to. The launch starts stopped, so it waits for the debugger (docs/debugging.md).
 */
final class GdbAttachment implements AutoCloseable {
    private final GdbServer server;
    private final DebugSession session = new DebugSession();

    private GdbAttachment(GdbServer server) {
        this.server = server;
    }

    /** Listens and says where, on stderr: the one line a user needs to attach. */
    static GdbAttachment listen(String address, PrintWriter err) {
        GdbServer server;
        try {
            server = GdbServer.listen(address, err);
        } catch (IllegalArgumentException e) {
            throw new UserError("--gdb " + e.getMessage());
        }
        err.println("rvsimt: waiting for GDB on " + server.address() + " (target remote " + server.address()
                + "); the interpreter runs the launch");
        err.flush();
        GdbAttachment a = new GdbAttachment(server);
        server.serve(a.session);
        return a;
    }

    /** serve --gdb: one listening port; every launch of every device waits for a debugger of its own. */
    static ExecutionConsumer forEveryLaunch(String address, PrintWriter log) {
        GdbServer server;
        try {
            server = GdbServer.listen(address, log);
        } catch (IllegalArgumentException e) {
            throw new UserError("--gdb " + e.getMessage());
        }
        log.println("rvsimt serve: GDB stub on " + server.address() + ": each launch waits for a debugger there");
        log.flush();
        return server.everyLaunch();
    }

    DebugSession session() {
        return session;
    }

    /**
     * The launch's consumer: the debugger's session (when there is one) and {@code other} (when not
     * null) both see every event, the session first, so a stopped launch is stopped for both.
     */
    static ExecutionConsumer alongside(GdbAttachment debugger, ExecutionConsumer other) {
        if (debugger == null) {
            return other;
        }
        if (other == null) {
            return debugger.session;
        }
        DebugSession first = debugger.session;
        return new ExecutionConsumer() {
            @Override
            public ExecutionListener listener(int hostThread, int hostThreads) {
                return ExecutionListeners.both(first.listener(hostThread, hostThreads),
                        other.listener(hostThread, hostThreads));
            }

            @Override
            public void launchEnd(boolean faulted) {
                other.launchEnd(faulted);
                first.launchEnd(faulted);
            }
        };
    }

    @Override
    public void close() {
        server.close();
    }
}
