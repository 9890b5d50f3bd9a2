package org.rvsimt.device.gdb;

import java.io.EOFException;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.rvsimt.isa.Csrs;

/**
 * Serves one debugger connection for one launch: reads packets, answers them from the stopped
 * launch ({@link DebugSession}), and reports stops. The packets are those of the GDB manual's
 * appendix E ("Remote Protocol", sections Packets, Stop Reply Packets, General Query Packets); a
 * packet that does not parse gets {@code E01}, an unknown one the empty reply, as the manual asks.
 */
final class GdbStub {
    private static final String ERROR = "E01";
    private static final HexFormat HEX = HexFormat.of();

    private final RspChannel channel;
    private final DebugSession session;
    private final PrintWriter log;
    private long generalThread;       // Hg: registers and memory
    private long continueThread;      // Hc: what 's' steps
    private DebugSession.Stop lastStop;

    GdbStub(RspChannel channel, DebugSession session, PrintWriter log) {
        this.channel = channel;
        this.session = session;
        this.log = log;
    }

    /**
     * Serves until the debugger detaches, kills, disconnects or the launch ends. A debugger that
     * vanishes is treated as a detach: the launch runs on without stops.
     */
    void serve() {
        try {
            while (true) {
                byte[] packet = channel.read();
                if (packet == RspChannel.INTERRUPT) {
                    continue;          // already stopped: nothing to interrupt
                }
                if (!handle(new String(packet, StandardCharsets.ISO_8859_1))) {
                    return;
                }
            }
        } catch (EOFException | SocketException e) {
            session.detach();
        } catch (IOException e) {
            log.println("rvsimt: GDB connection failed (" + e.getMessage() + "); the launch continues without the debugger");
            log.flush();
            session.detach();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            session.detach();
        } finally {
            channel.close();
        }
    }

    /** Answers one packet; false when the session is over. */
    private boolean handle(String p) throws IOException, InterruptedException {
        if (p.isEmpty()) {
            channel.send("");
            return true;
        }
        char c = p.charAt(0);
        String args = p.substring(1);
        switch (c) {
            case '?' -> channel.send(stopReply(waitForStop()));
            case 'g' -> channel.send(readRegisters());
            case 'G' -> channel.send(writeRegisters(args));
            case 'p' -> channel.send(readRegister(args));
            case 'P' -> channel.send(writeRegister(args));
            case 'm' -> channel.send(readMemory(args));
            case 'M' -> channel.send(writeMemory(args, true));
            case 'X' -> channel.send(writeMemory(args, false));
            case 'Z', 'z' -> channel.send(breakpoint(c == 'Z', args));
            case 'H' -> channel.send(setThread(args));
            case 'T' -> channel.send(parseThread(args).flatMap(session::thread).isPresent() ? "OK" : ERROR);
            case 'c', 'C' -> {
                return resume(Resume.ALL, current());
            }
            case 's', 'S' -> {
                return resume(Resume.STEP, continueThread > 0 ? continueThread : current());
            }
            case 'v' -> {
                return verbose(p);
            }
            case 'q', 'Q' -> {
                String reply = query(p);
                if (reply != null) {
                    channel.send(reply);
                }
            }
            case 'D' -> {
                channel.send("OK");
                session.detach();
                return false;
            }
            case 'k' -> {
                session.kill();
                return false;
            }
            default -> channel.send("");
        }
        return true;
    }

    // ------------------------------------------------------------------ running and stopping

    private boolean verbose(String p) throws IOException, InterruptedException {
        if (p.equals("vCont?")) {
            channel.send("vCont;c;C;s;S");
            return true;
        }
        if (!p.startsWith("vCont;")) {
            channel.send("");          // vMustReplyEmpty and every other v packet we do not have
            return true;
        }
        // A step anywhere steps that thread's warp and holds everything else ('vCont;s:T;c' means
        // "step T"). Continuing one thread only ('vCont;c:T', GDB's software single step on RISC-V)
        // runs that thread's warp alone; a bare 'c' runs everything.
        long only = 0;
        boolean all = false;
        for (String action : p.substring(6).split(";")) {
            if (action.isEmpty()) {
                continue;
            }
            char a = action.charAt(0);
            int colon = action.indexOf(':');
            long t = colon < 0 ? -1 : parseThread(action.substring(colon + 1)).orElse(-2L);
            if (a != 'c' && a != 'C' && a != 's' && a != 'S' || t == -2L) {
                channel.send(ERROR);
                return true;
            }
            if (a == 's' || a == 'S') {
                return resume(Resume.STEP, t <= 0 ? current() : t);
            }
            if (t <= 0) {
                all = true;
            } else if (only == 0) {
                only = t;
            }
        }
        return all || only == 0 ? resume(Resume.ALL, current()) : resume(Resume.ONE, only);
    }

    private enum Resume { ALL, ONE, STEP }

    /** Resumes as asked and waits for the next stop or the launch's end. */
    private boolean resume(Resume how, long thread) throws IOException, InterruptedException {
        boolean ok = switch (how) {
            case ALL -> {
                session.resume(thread);
                yield true;
            }
            case ONE -> session.continueOnly(thread);
            case STEP -> session.step(thread);
        };
        if (!ok) {
            channel.send(ERROR);
            return true;
        }
        while (true) {
            Optional<DebugSession.Stop> stop = session.awaitStop(100);
            if (stop.isPresent()) {
                channel.send(stopReply(stop.get()));
                return true;
            }
            if (session.finished()) {
                channel.send(session.faulted() ? "W01" : "W00");
                return false;
            }
            if (channel.pollInterrupt(20)) {
                session.interrupt();
            }
        }
    }

    /** The current stop, waiting for the launch's first instruction if it has not come yet. */
    private DebugSession.Stop waitForStop() throws InterruptedException, IOException {
        while (true) {
            Optional<DebugSession.Stop> stop = session.awaitStop(100);
            if (stop.isPresent()) {
                return stop.get();
            }
            if (session.finished()) {
                return null;
            }
        }
    }

    private String stopReply(DebugSession.Stop stop) {
        if (stop == null) {
            return session.faulted() ? "W01" : "W00";
        }
        lastStop = stop;
        generalThread = stop.thread();
        continueThread = stop.thread();
        return String.format("T%02xthread:%x;", stop.signal(), stop.thread());
    }

    /** The thread registers and memory refer to: Hg's, else the one the last stop named. */
    private long current() {
        if (generalThread > 0 && session.thread(generalThread).isPresent()) {
            return generalThread;
        }
        return lastStop != null ? lastStop.thread() : -1;
    }

    private Optional<LaneThread> currentThread() {
        return session.thread(current());
    }

    private String setThread(String args) {
        if (args.length() < 2) {
            return ERROR;
        }
        Optional<Long> t = parseThread(args.substring(1));
        if (t.isEmpty() || t.get() > 0 && session.thread(t.get()).isEmpty()) {
            return ERROR;
        }
        switch (args.charAt(0)) {
            case 'g' -> generalThread = t.get();
            case 'c' -> continueThread = t.get();
            default -> {
                return ERROR;
            }
        }
        return "OK";
    }

    // ------------------------------------------------------------------ registers

    private String readRegisters() {
        Optional<LaneThread> t = currentThread();
        if (t.isEmpty()) {
            return ERROR;
        }
        StringBuilder s = new StringBuilder(33 * 8);
        for (int r = 0; r <= TargetDescription.PC; r++) {
            s.append(word(register(t.get(), r).orElse(0L).intValue()));
        }
        return s.toString();     // short of the f registers: GDB reads those with 'p'
    }

    private String writeRegisters(String hex) {
        Optional<LaneThread> t = currentThread();
        if (t.isEmpty() || hex.length() < 33 * 8 || hex.length() % 8 != 0) {
            return ERROR;
        }
        int[] values = new int[hex.length() / 8];
        for (int r = 0; r < values.length; r++) {
            Optional<Integer> v = parseWord(hex.substring(8 * r, 8 * r + 8));
            if (v.isEmpty()) {
                return ERROR;
            }
            values[r] = v.get();
        }
        if (values[TargetDescription.PC] != t.get().pc()) {
            return ERROR;      // the warp's pc is shared by its lanes; rvsimt does not move it
        }
        for (int r = 1; r < 32; r++) {
            t.get().state().setX(t.get().warp(), r, t.get().lane(), values[r]);
        }
        for (int r = TargetDescription.F0; r < Math.min(values.length, TargetDescription.F0 + 32); r++) {
            t.get().state().setF(t.get().warp(), r - TargetDescription.F0, t.get().lane(), values[r]);
        }
        return "OK";
    }

    private String readRegister(String args) {
        Optional<Integer> n = parseHex(args).map(Long::intValue);
        Optional<LaneThread> t = currentThread();
        if (n.isEmpty() || t.isEmpty()) {
            return ERROR;
        }
        return register(t.get(), n.get()).map(v -> word(v.intValue())).orElse(ERROR);
    }

    private String writeRegister(String args) {
        int eq = args.indexOf('=');
        Optional<LaneThread> t = currentThread();
        if (eq < 0 || t.isEmpty()) {
            return ERROR;
        }
        Optional<Integer> n = parseHex(args.substring(0, eq)).map(Long::intValue);
        Optional<Integer> v = parseWord(args.substring(eq + 1));
        if (n.isEmpty() || v.isEmpty()) {
            return ERROR;
        }
        LaneThread lt = t.get();
        int r = n.get();
        if (r >= 0 && r < 32) {
            lt.state().setX(lt.warp(), r, lt.lane(), v.get());
            return "OK";
        }
        if (r >= TargetDescription.F0 && r < TargetDescription.F0 + 32) {
            lt.state().setF(lt.warp(), r - TargetDescription.F0, lt.lane(), v.get());
            return "OK";
        }
        if (r == TargetDescription.PC && v.get() == lt.pc()) {
            return "OK";           // GDB writes the pc back unchanged after some steps
        }
        return ERROR;              // a moved pc or a CSR: read-only here
    }

    /** Register {@code r} of the lane (GDB's numbering, see {@link TargetDescription}), or empty. */
    private static Optional<Long> register(LaneThread t, int r) {
        if (r >= 0 && r < 32) {
            return Optional.of((long) t.registers().x(r, t.lane()));
        }
        if (r == TargetDescription.PC) {
            return Optional.of((long) t.pc());
        }
        if (r >= TargetDescription.F0 && r < TargetDescription.F0 + 32) {
            return Optional.of((long) t.registers().f(r - TargetDescription.F0, t.lane()));
        }
        int csr = r - TargetDescription.CSR0;
        if (csr == Csrs.FFLAGS || csr == Csrs.FRM || csr == Csrs.FCSR || TargetDescription.SIMT_CSRS.contains(csr)) {
            if (csr == Csrs.THREAD_MASK) {
                return Optional.of(t.mask() & 0xFFFF_FFFFL);
            }
            long v = t.state().csr(t.warp(), t.lane(), csr);
            return v == Long.MIN_VALUE ? Optional.empty() : Optional.of(v);
        }
        return Optional.empty();
    }

    // ------------------------------------------------------------------ memory

    private String readMemory(String args) {
        long[] al = addressLength(args);
        Optional<LaneThread> t = currentThread();
        if (al == null || t.isEmpty() || al[1] > RspChannel.MAX_PACKET / 2) {
            return ERROR;
        }
        StringBuilder s = new StringBuilder();
        for (long i = 0; i < al[1]; i++) {
            int b = t.get().state().peek(t.get().warp(), t.get().lane(), (int) (al[0] + i));
            if (b < 0) {
                break;             // a partial read ends at the first unmapped byte
            }
            s.append(String.format("%02x", b));
        }
        return s.isEmpty() && al[1] > 0 ? ERROR : s.toString();
    }

    /** M (hex data) or X (binary data). */
    private String writeMemory(String args, boolean hexData) {
        int colon = args.indexOf(':');
        Optional<LaneThread> t = currentThread();
        long[] al = colon < 0 ? null : addressLength(args.substring(0, colon));
        if (al == null || t.isEmpty()) {
            return ERROR;
        }
        String data = args.substring(colon + 1);
        byte[] bytes;
        if (hexData) {
            if (data.length() != 2 * al[1]) {
                return ERROR;
            }
            try {
                bytes = HEX.parseHex(data);
            } catch (IllegalArgumentException e) {
                return ERROR;
            }
        } else {
            bytes = data.getBytes(StandardCharsets.ISO_8859_1);
            if (bytes.length != al[1]) {
                return ERROR;
            }
        }
        for (int i = 0; i < bytes.length; i++) {
            if (!t.get().state().poke(t.get().warp(), t.get().lane(), (int) (al[0] + i), bytes[i])) {
                return ERROR;
            }
        }
        return "OK";
    }

    /** "ADDR,LENGTH" in hex, with the address a 32-bit one; null when malformed. */
    private static long[] addressLength(String args) {
        int comma = args.indexOf(',');
        if (comma < 0) {
            return null;
        }
        Optional<Long> a = parseHex(args.substring(0, comma));
        Optional<Long> n = parseHex(args.substring(comma + 1));
        if (a.isEmpty() || n.isEmpty() || a.get() > 0xFFFF_FFFFL || n.get() > 0xFFFF_FFFFL) {
            return null;
        }
        return new long[] {a.get(), n.get()};
    }

    // ------------------------------------------------------------------ breakpoints

    private String breakpoint(boolean insert, String args) {
        String[] parts = args.split(",");
        if (parts.length < 3) {
            return ERROR;
        }
        if (!parts[0].equals("0")) {
            return "";             // hardware breakpoints and watchpoints: not supported
        }
        Optional<Long> pc = parseHex(parts[1]);
        if (pc.isEmpty() || pc.get() > 0xFFFF_FFFFL || parseHex(parts[2]).isEmpty()) {
            return ERROR;
        }
        if (insert) {
            session.insertBreakpoint(pc.get().intValue());
        } else {
            session.removeBreakpoint(pc.get().intValue());
        }
        return "OK";
    }

    // ------------------------------------------------------------------ queries

    private String query(String p) throws InterruptedException, IOException {
        if (p.startsWith("qSupported")) {
            return "PacketSize=4000;qXfer:features:read+;QStartNoAckMode+;vContSupported+";
        }
        if (p.equals("QStartNoAckMode")) {
            channel.send("OK");
            channel.noAck();
            return null;
        }
        if (p.startsWith("qXfer:features:read:")) {
            return features(p.substring("qXfer:features:read:".length()));
        }
        if (p.equals("qfThreadInfo")) {
            waitForStop();
            StringBuilder s = new StringBuilder("m");
            List<LaneThread> all = session.threads();
            for (int i = 0; i < all.size(); i++) {
                s.append(i == 0 ? "" : ",").append(Long.toHexString(all.get(i).id()));
            }
            return all.isEmpty() ? "l" : s.toString();
        }
        if (p.equals("qsThreadInfo")) {
            return "l";
        }
        if (p.startsWith("qThreadExtraInfo,")) {
            return parseThread(p.substring("qThreadExtraInfo,".length())).flatMap(session::thread)
                    .map(t -> HEX.formatHex(t.name().getBytes(StandardCharsets.UTF_8))).orElse(ERROR);
        }
        if (p.equals("qC")) {
            long t = current();
            return t > 0 ? "QC" + Long.toHexString(t) : ERROR;
        }
        if (p.equals("qAttached")) {
            return "1";            // the launch existed before the debugger: detaching lets it run on
        }
        if (p.startsWith("qRcmd,")) {
            return monitor(p.substring("qRcmd,".length()));
        }
        if (p.startsWith("qSymbol")) {
            return "OK";
        }
        return "";
    }

    private String features(String rest) {
        int colon = rest.lastIndexOf(':');
        long[] al = colon < 0 ? null : addressLength(rest.substring(colon + 1));
        if (al == null) {
            return ERROR;
        }
        String text = TargetDescription.ANNEXES.get(rest.substring(0, colon));
        if (text == null) {
            return "E00";          // no such annex
        }
        int from = (int) Math.min(al[0], text.length());
        int to = (int) Math.min(text.length(), from + al[1]);
        return (to == text.length() ? "l" : "m") + text.substring(from, to);
    }

    private String monitor(String hex) throws IOException {
        String command;
        try {
            command = new String(HEX.parseHex(hex), StandardCharsets.UTF_8).trim();
        } catch (IllegalArgumentException e) {
            return ERROR;
        }
        String text = MonitorCommands.run(command, session, currentThread());
        for (int i = 0; i < text.length(); i += 512) {
            String part = text.substring(i, Math.min(text.length(), i + 512));
            channel.send("O" + HEX.formatHex(part.getBytes(StandardCharsets.UTF_8)));
        }
        return "OK";
    }

    // ------------------------------------------------------------------ parsing

    private static String word(int v) {
        return String.format("%02x%02x%02x%02x", v & 0xFF, v >>> 8 & 0xFF, v >>> 16 & 0xFF, v >>> 24 & 0xFF);
    }

    /** A register value as GDB sends it: 4 bytes, little-endian, in hex. */
    private static Optional<Integer> parseWord(String hex) {
        if (hex.length() != 8) {
            return Optional.empty();
        }
        try {
            byte[] b = HEX.parseHex(hex);
            return Optional.of((b[0] & 0xFF) | (b[1] & 0xFF) << 8 | (b[2] & 0xFF) << 16 | (b[3] & 0xFF) << 24);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static Optional<Long> parseHex(String s) {
        if (s.isEmpty() || s.length() > 16) {
            return Optional.empty();
        }
        try {
            return Optional.of(Long.parseUnsignedLong(s, 16));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** A thread id: hex, "0" (any) or "-1" (all); an optional "pP.tid" process part is ignored. */
    private static Optional<Long> parseThread(String s) {
        if (s.startsWith("p")) {
            int dot = s.indexOf('.');
            if (dot < 0) {
                return Optional.empty();
            }
            s = s.substring(dot + 1);
        }
        if (s.equals("-1")) {
            return Optional.of(-1L);
        }
        return parseHex(s).filter(v -> v <= Long.MAX_VALUE / 2);
    }
}
