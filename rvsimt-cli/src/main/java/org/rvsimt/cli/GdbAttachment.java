package org.rvsimt.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.rvsimt.core.events.ExecutionConsumer;
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

    /** Listens (a bad or busy address is a user error); the launch will wait for a debugger there. */
    static GdbAttachment listen(String address, PrintWriter err) {
        GdbServer server;
        try {
            server = GdbServer.listen(address, err);
        } catch (IllegalArgumentException e) {
            throw new UserError("--gdb " + e.getMessage());
        }
        GdbAttachment a = new GdbAttachment(server);
        server.serve(a.session);
        return a;
    }

    /**
     * Says on stderr how to attach, in one line: the command to run, with the ELF GDB needs for
     * symbols. A kernel rvsimt compiled or assembled itself (.c, .S) has no ELF on disk, so it is
     * written to a temporary file first.
     */
    void announce(Path kernel, Optional<byte[]> elf, PrintWriter err) {
        Path symbols = isElf(kernel) ? kernel : null;
        if (symbols == null && elf.isPresent()) {
            String name = kernel.getFileName().toString();
            int dot = name.lastIndexOf('.');
            try {
                symbols = Files.createTempFile("rvsimt-" + (dot > 0 ? name.substring(0, dot) : name) + "-", ".elf");
                symbols.toFile().deleteOnExit();
                Files.write(symbols, elf.get());
            } catch (IOException e) {
                throw new UserError("--gdb: cannot write the kernel's ELF for GDB: " + UserError.describe(e));
            }
        }
        err.println("rvsimt: waiting for GDB on " + server.address() + ": gdb-multiarch "
                + (symbols != null ? symbols + " " : "") + "-ex 'target remote " + server.address()
                + "' (the interpreter runs the launch)");
        err.flush();
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

    private static boolean isElf(Path file) {
        try (var in = Files.newInputStream(file)) {
            byte[] magic = in.readNBytes(4);
            return magic.length == 4 && magic[0] == 0x7F && magic[1] == 'E' && magic[2] == 'L' && magic[3] == 'F';
        } catch (IOException e) {
            return false;
        }
    }

    DebugSession session() {
        return session;
    }

    /**
     * The launch's consumer: the debugger's session (when there is one) and {@code other} (when not
     * null) both see every event, the session first, so a stopped launch is stopped for both.
     */
    static ExecutionConsumer alongside(GdbAttachment debugger, ExecutionConsumer other) {
        return ExecutionConsumer.both(debugger == null ? null : debugger.session, other);
    }

    @Override
    public void close() {
        server.close();
    }
}
