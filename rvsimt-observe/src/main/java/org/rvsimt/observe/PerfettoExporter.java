package org.rvsimt.observe;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.rvsimt.core.trace.DropReport;
import org.rvsimt.core.trace.TraceFormat;
import org.rvsimt.core.trace.TraceListener;
import org.rvsimt.core.trace.TraceRecord;

/**
 * Chrome Trace Event JSON, as ui.perfetto.dev and chrome://tracing open it (Google's Trace Event
 * Format): one process per host thread (compute unit) plus process 0 for the device, one thread
 * track per warp named "block B warp W", a complete event ("X") per run of consecutive instructions
 * of a warp (a basic block as far as the trace saw it: the run ends at a branch or jump, or where
 * sampling skipped; back-to-back passes over the same run, a loop, make one slice whose
 * {@code passes} arg counts them, which keeps a long trace's export small), a counter ("C") of the warp's active lanes, instants ("i") for barriers,
 * divergence, reconvergence, warp ends and faults, and name metadata ("M"). Timestamps are the issue
 * clock with one issue = 1 us.
 */
public final class PerfettoExporter implements TraceListener, AutoCloseable {
    /** Disassembly lines kept in a slice's args; longer runs say how many were left out. */
    private static final int MAX_LISTED = 32;
    private static final int DEVICE_PID = 0;

    /** A run of consecutive instructions on one warp track, not yet written. */
    private static final class Run {
        long start;
        long last;
        int startPc;
        int lastPc;
        int count;
        boolean endsFlow;
        final List<String> code = new ArrayList<>();
    }

    /**
     * A closed run waiting for its track's next run: when that is another pass over the same
     * instructions starting where this one ended, the two become one slice.
     */
    private static final class Slice {
        final Run run;
        long end;
        int passes = 1;

        Slice(Run run, long end) {
            this.run = run;
            this.end = end;
        }

        boolean continuedBy(Run next, long nextStart) {
            return nextStart == end && next.startPc == run.startPc && next.lastPc == run.lastPc
                    && next.count == run.count;
        }
    }

    private record WarpKey(long launch, int source, long block, int warp) { }

    private final TraceEventJson json;
    private final Map<WarpKey, Integer> tids = new HashMap<>();
    private final Map<Integer, Run> runs = new HashMap<>();
    private final Map<Integer, Slice> pending = new HashMap<>();
    private final Map<Integer, Integer> lanes = new HashMap<>();
    private final Set<Integer> namedPids = new HashSet<>();
    private final Map<String, Long> openBlocks = new HashMap<>();
    private long launchId;
    private long launchStart;
    private String kernel = "";
    private int nextTid = 1;
    private long fastDropped;
    private long slowDropped;

    public PerfettoExporter(OutputStream out) {
        try {
            json = new TraceEventJson(out);
            json.processName(DEVICE_PID, "device", DEVICE_PID);
            json.threadName(DEVICE_PID, 0, "launches", 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void record(int source, TraceRecord r) {
        try {
            int pid = source == TraceFormat.SOURCE_TRACER ? DEVICE_PID : source + 1;
            if (pid != DEVICE_PID && namedPids.add(pid)) {
                json.processName(pid, "compute unit " + source, pid);
                json.threadName(pid, 0, "blocks", 0);
            }
            switch (r) {
                case TraceRecord.Instruction i -> instruction(pid, source, i);
                case TraceRecord.LaunchBegin l -> {
                    launchId = l.launchId();
                    launchStart = l.time();
                    kernel = l.kernel();
                }
                case TraceRecord.LaunchEnd l -> {
                    closeRuns();
                    complete("launch " + l.launchId() + " " + kernel, "launch", launchStart,
                            Math.max(0, l.time() - launchStart), DEVICE_PID, 0, Map.of("status", l.status(),
                                    "warp_instructions", l.warpInstructions(), "lane_instructions", l.laneInstructions()));
                }
                case TraceRecord.BlockBegin b -> openBlocks.put(pid + ":" + b.block(), b.time());
                case TraceRecord.BlockEnd b -> {
                    Long start = openBlocks.remove(pid + ":" + b.block());
                    if (start != null) {
                        complete("block " + b.block(), "block", start, Math.max(0, b.time() - start), pid, 0,
                                Map.of("warp_instructions", b.warpInstructions(), "lane_instructions", b.laneInstructions()));
                    }
                }
                case TraceRecord.Divergence d -> instant("divergence", d.time(), pid, tid(source, d.block(), d.warp(), pid),
                        "t", Map.of("pc", RecordText.hex(d.pc()), "taken", Long.toHexString(d.taken()),
                                "not_taken", Long.toHexString(d.notTaken())));
                case TraceRecord.Reconvergence c -> instant("reconvergence", c.time(), pid,
                        tid(source, c.block(), c.warp(), pid), "t", Map.of("pc", RecordText.hex(c.pc()),
                                "mask", Long.toHexString(c.mask())));
                case TraceRecord.BarrierWait w -> instant("barrier wait", w.time(), pid, tid(source, w.block(), w.warp(), pid),
                        "t", Map.of("pc", RecordText.hex(w.pc()), "barrier", w.id()));
                case TraceRecord.BarrierRelease b -> instant("barrier release", b.time(), pid, 0, "p",
                        Map.of("block", b.block(), "barrier", b.id()));
                case TraceRecord.WarpDone d -> instant("warp done", d.time(), pid, tid(source, d.block(), d.warp(), pid), "t",
                        Map.of("pc", RecordText.hex(d.pc())));
                case TraceRecord.Fault f -> instant("fault: " + f.kind(), f.time(), pid,
                        tid(source, f.block(), f.warp(), pid), "g", Map.of("pc", RecordText.hex(f.pc()), "kind", f.kind(),
                                "lanes", Long.toHexString(f.lanes()),
                                "address", f.address() < 0 ? "-" : "0x" + Long.toHexString(f.address())));
                case TraceRecord.RegisterAccess a -> instant(a.write() ? "register write" : "register read", a.time(),
                        DEVICE_PID, 0, "p", Map.of("offset", RecordText.hex(a.offset()), "value", RecordText.hex(a.value())));
                case TraceRecord.Dma d -> instant("dma", d.time(), DEVICE_PID, 0, "p", Map.of("source",
                        "0x" + Long.toHexString(d.source()), "destination", "0x" + Long.toHexString(d.destination()),
                        "bytes", d.bytes()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void instruction(int pid, int source, TraceRecord.Instruction i) throws IOException {
        int tid = tid(source, i.block(), i.warp(), pid);
        Run run = runs.get(tid);
        if (run != null && (run.endsFlow || i.pc() != run.lastPc + 4)) {
            closeRun(tid, run, i.time());
            run = null;
        }
        if (run == null) {
            run = new Run();
            run.start = i.time();
            run.startPc = i.pc();
            runs.put(tid, run);
        }
        run.last = i.time();
        run.lastPc = i.pc();
        run.count++;
        run.endsFlow = i.controlFlow();
        if (run.code.size() < MAX_LISTED) {
            run.code.add(RecordText.hex(i.pc()) + ": " + RecordText.disassemble(i.word(), i.pc()));
        }
        int active = i.activeLanes();
        Integer before = lanes.put(tid, active);
        if (before == null || before != active) {
            json.counter("active lanes", i.time(), pid, tid, "t" + tid, Map.of("lanes", active));
        }
    }

    /** Ends a run no later than the next thing on its track, so slices of a track never overlap. */
    private void closeRun(int tid, Run run, long next) throws IOException {
        long end = Math.max(run.start, Math.min(run.last + 1, next));
        Slice before = pending.get(tid);
        if (before != null && before.continuedBy(run, run.start)) {
            before.passes++;
            before.end = end;
            return;
        }
        if (before != null) {
            writeSlice(tid, before);
        }
        pending.put(tid, new Slice(run, end));
    }

    private void writeSlice(int tid, Slice slice) throws IOException {
        Run run = slice.run;
        Map<String, Object> args = new java.util.LinkedHashMap<>();
        args.put("start_pc", RecordText.hex(run.startPc));
        args.put("end_pc", RecordText.hex(run.lastPc));
        args.put("instructions", run.count * slice.passes);
        if (slice.passes > 1) {
            args.put("passes", slice.passes);
        }
        List<String> code = new ArrayList<>(run.code);
        if (run.count > code.size()) {
            code.add("... " + (run.count - code.size()) + " more");
        }
        args.put("code", String.join("\n", code));
        int pid = pidOf(tid);
        String name = RecordText.hex(run.startPc) + (slice.passes > 1 ? " x" + slice.passes : "");
        complete(name, "instructions", run.start, slice.end - run.start, pid, tid, args);
    }

    private final Map<Integer, Integer> pidByTid = new HashMap<>();

    private int pidOf(int tid) {
        return pidByTid.get(tid);
    }

    private void closeRuns() throws IOException {
        for (Map.Entry<Integer, Run> e : runs.entrySet()) {
            closeRun(e.getKey(), e.getValue(), Long.MAX_VALUE);
        }
        for (Map.Entry<Integer, Slice> e : pending.entrySet()) {
            writeSlice(e.getKey(), e.getValue());
        }
        runs.clear();
        pending.clear();
        lanes.clear();
    }

    private int tid(int source, long block, int warp, int pid) throws IOException {
        WarpKey k = new WarpKey(launchId, source, block, warp);
        Integer t = tids.get(k);
        if (t == null) {
            t = nextTid++;
            tids.put(k, t);
            pidByTid.put(t, pid);
            json.threadName(pid, t, "block " + block + " warp " + warp, t);
        }
        return t;
    }

    private void complete(String name, String cat, long ts, long dur, int pid, int tid, Map<String, ?> args)
            throws IOException {
        json.complete(name, cat, ts, dur, pid, tid, args);
    }

    private void instant(String name, long ts, int pid, int tid, String scope, Map<String, ?> args) throws IOException {
        json.instant(name, "simt", ts, pid, tid, scope, args);
    }

    @Override
    public void drops(DropReport d) {
        fastDropped += d.totalFast();
        slowDropped += d.totalSlow();
    }

    @Override
    public void end(long fast, long slow, long listener) {
        fastDropped = fast;
        slowDropped = slow;
    }

    /** Writes what is still open and the closing brackets; call once after the trace was read. */
    @Override
    public void close() {
        try {
            closeRuns();
            Map<String, Object> other = new java.util.LinkedHashMap<>();
            other.put("format", "rvsimt trace " + TraceFormat.VERSION_MAJOR + "." + TraceFormat.VERSION_MINOR);
            other.put("clock", "issue clock of each compute unit: 1 warp-instruction issue = 1 us");
            other.put("fast_records_dropped", fastDropped);
            other.put("slow_records_dropped", slowDropped);
            json.close(other);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "PerfettoExporter(%d tracks)", tids.size());
    }
}
