package org.rvsimt.timing.timeline;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import org.rvsimt.observe.TraceEventJson;
import org.rvsimt.timing.model.StallReason;
import org.rvsimt.timing.report.TimingReport;

/**
 * The performance model's timeline as Chrome Trace Event JSON for ui.perfetto.dev, in cycles
 * (1 cycle = 1 us of the format's clock): a process per compute unit with a track per warp,
 * named and sorted by scheduler, whose slices say what the warp did cycle by cycle ("issue" runs
 * of back-to-back issued instructions, and each wait as a slice named by its stall reason); a
 * counter track per unit of IPC and resident warps; a "GPU" process with the launch as one slice
 * (the report's numbers in its args) and counters of L1 and L2 hit rates and DRAM bytes per cycle.
 * Counters are averages over equal intervals ({@link CounterBins}: at most 512 per track).
 *
 * <pre>{@code
 * try (PerfettoTimeline p = new PerfettoTimeline(out, "kernel", pc -> disassembly)) {
 *     p.finish(session.report(32, shared, p));
 * }
 * }</pre>
 */
public final class PerfettoTimeline implements TimelineListener, AutoCloseable {
    static final int GPU_PID = 0;
    /** Instructions listed in an issue slice's args; longer runs say how many more. */
    private static final int MAX_LISTED = 16;

    /** A warp's track: its run of back-to-back issues not yet written. */
    private static final class Track {
        final int pid;
        final int tid;
        long runStart = -1;
        long runEnd;
        int firstPc;
        int lastPc;
        int count;
        final List<String> code = new ArrayList<>();

        Track(int pid, int tid) {
            this.pid = pid;
            this.tid = tid;
        }
    }

    private record WarpKey(long block, int warp) { }

    private final TraceEventJson json;
    private final String kernel;
    private final IntFunction<String> instruction;
    private final Map<WarpKey, Track> tracks = new HashMap<>();
    private final Map<Integer, int[]> unitSeries = new LinkedHashMap<>();
    private final CounterBins bins = new CounterBins();
    private final int l1Sectors = bins.add();
    private final int l1Hits = bins.add();
    private final int l2Sectors = bins.add();
    private final int l2Hits = bins.add();
    private final int dramBytes = bins.add();
    private final long[] memoryBefore = new long[5];
    private int nextTid = 1;
    private boolean finished;

    /**
     * @param out         where the JSON goes (closed by {@link #close})
     * @param kernel      the kernel's name, for the launch slice
     * @param instruction the text of the instruction at a pc (disassembly, source place), for slice args
     */
    public PerfettoTimeline(OutputStream out, String kernel, IntFunction<String> instruction) {
        this.kernel = kernel;
        this.instruction = instruction;
        try {
            json = new TraceEventJson(out);
            json.processName(GPU_PID, "GPU", GPU_PID);
            json.threadName(GPU_PID, 0, "launch", 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void warpState(int unit, int scheduler, long block, int warp, StallReason state, int pc, long from,
                          long to) {
        try {
            Track t = tracks.get(new WarpKey(block, warp));
            if (t == null) {
                t = newTrack(unit, scheduler, block, warp);
            }
            int[] s = unitSeries.get(unit);
            bins.span(s[1], from, to, 1);
            if (state == StallReason.SELECTED) {
                bins.span(s[0], from, to, 1);
                if (t.runStart >= 0 && t.runEnd != from) {
                    writeRun(t);
                }
                if (t.runStart < 0) {
                    t.runStart = from;
                    t.firstPc = pc;
                }
                t.runEnd = to;
                t.lastPc = pc;
                t.count += (int) (to - from);
                if (t.code.size() < MAX_LISTED) {
                    t.code.add(text(pc));
                }
                return;
            }
            if (t.runStart >= 0) {
                writeRun(t);
            }
            Map<String, Object> args = new LinkedHashMap<>();
            args.put("pc", hex(pc));
            args.put("instruction", instruction.apply(pc));
            json.complete(state.label(), "stall", from, to - from, t.pid, t.tid, args);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Track newTrack(int unit, int scheduler, long block, int warp) throws IOException {
        int pid = unit + 1;
        if (!unitSeries.containsKey(unit)) {
            unitSeries.put(unit, new int[] {bins.add(), bins.add()});
            json.processName(pid, "compute unit " + unit, pid);
        }
        Track t = new Track(pid, nextTid++);
        tracks.put(new WarpKey(block, warp), t);
        // Sorted by scheduler, then in the order the warps first did something.
        json.threadName(pid, t.tid, "scheduler " + scheduler + ": block " + block + " warp " + warp,
                (long) scheduler << 32 | t.tid);
        return t;
    }

    private void writeRun(Track t) throws IOException {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("first_pc", hex(t.firstPc));
        args.put("last_pc", hex(t.lastPc));
        args.put("instructions", t.count);
        List<String> code = new ArrayList<>(t.code);
        if (t.count > code.size()) {
            code.add("... " + (t.count - code.size()) + " more");
        }
        args.put("code", String.join("\n", code));
        json.complete("issue", "issue", t.runStart, t.runEnd - t.runStart, t.pid, t.tid, args);
        t.runStart = -1;
        t.count = 0;
        t.code.clear();
    }

    @Override
    public void memory(long cycle, long l1Sectors, long l1Hits, long l2Sectors, long l2Hits, long dramBytes) {
        long[] now = {l1Sectors, l1Hits, l2Sectors, l2Hits, dramBytes};
        int[] series = {this.l1Sectors, this.l1Hits, this.l2Sectors, this.l2Hits, this.dramBytes};
        for (int i = 0; i < now.length; i++) {
            if (now[i] != memoryBefore[i]) {
                // Counted during the cycles before this stop: the last cycle stepped.
                bins.at(series[i], Math.max(0, cycle - 1), now[i] - memoryBefore[i]);
                memoryBefore[i] = now[i];
            }
        }
    }

    /** Writes the counters and the launch slice with the report's numbers; call once, after the model ran. */
    public void finish(TimingReport r) {
        try {
            for (Track t : tracks.values()) {
                if (t.runStart >= 0) {
                    writeRun(t);
                }
            }
            long w = bins.width();
            int n = bins.intervals();
            for (Map.Entry<Integer, int[]> e : unitSeries.entrySet()) {
                int pid = e.getKey() + 1;
                for (int i = 0; i < n; i++) {
                    json.counter("IPC", i * w, pid, 0, null, Map.of("ipc", bins.sum(e.getValue()[0], i) / w));
                    json.counter("resident warps", i * w, pid, 0, null,
                            Map.of("warps", bins.sum(e.getValue()[1], i) / w));
                }
                json.counter("IPC", r.cycles(), pid, 0, null, Map.of("ipc", 0.0));
                json.counter("resident warps", r.cycles(), pid, 0, null, Map.of("warps", 0.0));
            }
            for (int i = 0; i < n; i++) {
                ratio("L1 hit rate", i * w, bins.sum(l1Hits, i), bins.sum(l1Sectors, i));
                ratio("L2 hit rate", i * w, bins.sum(l2Hits, i), bins.sum(l2Sectors, i));
                json.counter("DRAM bytes per cycle", i * w, GPU_PID, 0, null, Map.of("bytes", bins.sum(dramBytes, i) / w));
            }
            json.complete(kernel + " on " + r.gpu(), "launch", 0, r.cycles(), GPU_PID, 0, summary(r));
            finished = true;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A hit rate for an interval with accesses (the track keeps its value through intervals without). */
    private void ratio(String name, long ts, double hits, double accesses) throws IOException {
        if (accesses > 0) {
            json.counter(name, ts, GPU_PID, 0, null, Map.of("rate", hits / accesses));
        }
    }

    private static Map<String, Object> summary(TimingReport r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("cycles", r.cycles());
        m.put("duration_us", r.durationMicros());
        m.put("clock_mhz", r.clockMhz());
        m.put("ipc", r.executedIpc());
        m.put("issued_ipc", r.issuedIpc());
        m.put("achieved_occupancy", r.achievedOccupancy());
        m.put("theoretical_occupancy", r.theoreticalOccupancy());
        m.put("l1_hit_rate", r.l1HitRate());
        m.put("l2_hit_rate", r.l2HitRate());
        m.put("dram_bytes", r.dramBytes());
        m.put("bank_conflicts", r.bankConflicts());
        return m;
    }

    private String text(int pc) {
        return hex(pc) + ": " + instruction.apply(pc);
    }

    private static String hex(int pc) {
        return String.format("0x%08x", pc);
    }

    /** Closes the JSON; without {@link #finish} (the model failed) the warps' tracks so far are kept. */
    @Override
    public void close() {
        try {
            Map<String, Object> other = new LinkedHashMap<>();
            other.put("format", "rvsimt timing timeline");
            other.put("clock", "model cycles: 1 cycle = 1 us");
            other.put("complete", finished ? "yes" : "no");
            json.close(other);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
