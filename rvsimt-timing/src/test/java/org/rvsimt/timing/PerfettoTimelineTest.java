package org.rvsimt.timing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.timing.config.GpuConfig;
import org.rvsimt.timing.config.OpClass;
import org.rvsimt.timing.model.StallReason;
import org.rvsimt.timing.report.TimingReport;
import org.rvsimt.timing.timeline.PerfettoTimeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.rvsimt.timing.TimingHarness.config;
import static org.rvsimt.timing.TimingHarness.kernel;
import static org.rvsimt.timing.TimingHarness.run;

/**
 * The Perfetto export of the model's timeline: a warp's slices at the cycles the configuration
 * predicts, and every file well-formed Trace Event JSON as ui.perfetto.dev's importer requires
 * (Google's "Trace Event Format": a {@code traceEvents} array of objects with {@code ph}, {@code
 * pid}, {@code tid}, {@code ts} in microseconds; "X" events with a {@code dur}, slices of one
 * thread properly nested; "C" counters with numeric args; "M" metadata naming processes and threads).
 */
class PerfettoTimelineTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A slice of a track, as the file has it. */
    record Slice(String name, long ts, long dur, JsonNode args) { }

    @Test
    void oneWarpsDependentFmaChainIssuesEveryFmaLatency() throws IOException {
        GpuConfig c = config("""
                compute_units: 1
                schedulers_per_cu: 1
                latency: {fma: 7}
                l2: {latency: 50}
                """);
        Kernel k = kernel("chain.S", null);
        int entry = k.symbol("chain").orElseThrow();
        assertThat(entry / 128).as("the five instructions share one code line").isEqualTo((entry + 16) / 128);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        TimingReport r;
        try (PerfettoTimeline p = new PerfettoTimeline(out, "chain", pc -> "insn@" + pc)) {
            r = run(c, k, p, 1, 32).report();
            p.finish(r);
        }
        JsonNode doc = wellFormed(out.toByteArray());
        Map<String, List<Slice>> tracks = slicesByTrack(doc);
        long fetch = c.l2().latency();      // the first fetch of the code line misses to the L2
        long fma = c.latencyOf(OpClass.FMA);
        List<Slice> warp = tracks.get("compute unit 0/scheduler 0: block 0 warp 0");
        assertThat(warp).extracting(Slice::name, Slice::ts, Slice::dur).containsExactly(
                org.assertj.core.groups.Tuple.tuple("no_instruction", 0L, fetch),
                org.assertj.core.groups.Tuple.tuple("issue", fetch, 1L),
                org.assertj.core.groups.Tuple.tuple("wait", fetch + 1, fma - 1),
                org.assertj.core.groups.Tuple.tuple("issue", fetch + fma, 1L),
                org.assertj.core.groups.Tuple.tuple("wait", fetch + fma + 1, fma - 1),
                org.assertj.core.groups.Tuple.tuple("issue", fetch + 2 * fma, 1L),
                org.assertj.core.groups.Tuple.tuple("wait", fetch + 2 * fma + 1, fma - 1),
                // the last FMA and the return, back to back
                org.assertj.core.groups.Tuple.tuple("issue", fetch + 3 * fma, 2L));
        assertThat(warp.get(0).args().get("pc").asText()).isEqualTo(String.format("0x%08x", entry));
        assertThat(warp.get(0).args().get("instruction").asText()).isEqualTo("insn@" + entry);
        assertThat(warp.get(2).args().get("pc").asText()).isEqualTo(String.format("0x%08x", entry + 4));
        Slice last = warp.get(7);
        assertThat(last.args().get("first_pc").asText()).isEqualTo(String.format("0x%08x", entry + 12));
        assertThat(last.args().get("last_pc").asText()).isEqualTo(String.format("0x%08x", entry + 16));
        assertThat(last.args().get("instructions").asInt()).isEqualTo(2);
        List<Slice> launch = tracks.get("GPU/launch");
        assertThat(launch).hasSize(1);
        assertThat(launch.get(0).name()).isEqualTo("chain on test.yaml");
        assertThat(launch.get(0).dur()).isEqualTo(fetch + 3 * fma + 2).isEqualTo(r.cycles());

        // One interval per cycle at this length: IPC 1 in the 5 issue cycles, 0 elsewhere; one resident warp.
        Map<Long, Double> ipc = counter(doc, 1, "IPC", "ipc");
        assertThat(ipc.values().stream().mapToDouble(Double::doubleValue).sum()).isCloseTo(5.0, within(1e-9));
        for (long t : new long[] {fetch, fetch + fma, fetch + 2 * fma, fetch + 3 * fma, fetch + 3 * fma + 1}) {
            assertThat(ipc.get(t)).as("IPC at cycle %d", t).isEqualTo(1.0);
        }
        assertThat(counter(doc, 1, "resident warps", "warps").get(fetch + 5)).isEqualTo(1.0);
    }

    /**
     * Many warps, loads and stalls of several kinds: each warp's slices cover its life without gaps,
     * and the slices' cycles by name add up to the report's warp-cycles by state; DRAM bytes per
     * cycle over the intervals add up to the bytes read.
     */
    @Test
    void slicesAccountForEveryWarpCycleOfTheReport() throws IOException {
        GpuConfig c = config("compute_units: 2\n");
        Kernel k = kernel("stream.S", null);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        TimingReport r;
        try (PerfettoTimeline p = new PerfettoTimeline(out, "stream", Integer::toHexString)) {
            r = run(c, k, p, 4, 256, 8, new int[4 * 8 * 32 * 8]).report();
            p.finish(r);
        }
        JsonNode doc = wellFormed(out.toByteArray());
        Map<String, Long> byState = new TreeMap<>();
        int warps = 0;
        for (Map.Entry<String, List<Slice>> e : slicesByTrack(doc).entrySet()) {
            if (e.getKey().startsWith("GPU/")) {
                continue;
            }
            warps++;
            List<Slice> s = e.getValue();
            for (int i = 1; i < s.size(); i++) {
                assertThat(s.get(i).ts()).as("%s: slice %d starts where the one before ended", e.getKey(), i)
                        .isEqualTo(s.get(i - 1).ts() + s.get(i - 1).dur());
            }
            for (Slice x : s) {
                byState.merge(x.name().equals("issue") ? StallReason.SELECTED.label() : x.name(), x.dur(), Long::sum);
            }
        }
        assertThat(warps).isEqualTo(4 * 8);
        Map<String, Long> expected = new TreeMap<>();
        r.stalls().forEach((reason, cycles) -> {
            if (cycles > 0) {
                expected.put(reason.label(), cycles);
            }
        });
        assertThat(byState).isEqualTo(expected);
        double dram = 0;
        long width = 0;
        Map<Long, Double> perCycle = counter(doc, 0, "DRAM bytes per cycle", "bytes");
        List<Long> ts = new ArrayList<>(perCycle.keySet());
        width = ts.get(1) - ts.get(0);
        for (double v : perCycle.values()) {
            dram += v * width;
        }
        assertThat(dram).isCloseTo(r.dramReadBytes(), within(1e-6));
        assertThat(ts.size()).isBetween(2, 512);
    }

    /** Parses the file and checks the Trace Event Format's rules for every event; returns the document. */
    static JsonNode wellFormed(byte[] file) throws IOException {
        JsonNode doc = JSON.readTree(file);
        assertThat(doc.isObject()).isTrue();
        assertThat(doc.get("traceEvents").isArray()).isTrue();
        Set<String> metadata = Set.of("process_name", "process_sort_index", "thread_name", "thread_sort_index");
        for (JsonNode e : doc.get("traceEvents")) {
            assertThat(e.get("name").isTextual()).as("%s", e).isTrue();
            assertThat(e.get("pid").isIntegralNumber() && e.get("tid").isIntegralNumber()).as("%s", e).isTrue();
            String ph = e.get("ph").asText();
            switch (ph) {
                case "X" -> {
                    assertThat(e.get("ts").isIntegralNumber() && e.get("ts").asLong() >= 0).as("%s", e).isTrue();
                    assertThat(e.get("dur").isIntegralNumber() && e.get("dur").asLong() > 0).as("%s", e).isTrue();
                }
                case "C" -> {
                    assertThat(e.get("ts").asLong()).as("%s", e).isNotNegative();
                    assertThat(e.get("args").size()).isPositive();
                    e.get("args").forEach(v -> assertThat(v.isNumber()).as("%s", e).isTrue());
                }
                case "M" -> {
                    assertThat(metadata).contains(e.get("name").asText());
                    JsonNode a = e.get("args");
                    assertThat(a.has("name") ? a.get("name").isTextual() : a.get("sort_index").isIntegralNumber())
                            .as("%s", e).isTrue();
                }
                default -> throw new AssertionError("unexpected phase " + ph + ": " + e);
            }
        }
        return doc;
    }

    /**
     * The "X" slices of every thread track, keyed "process name/thread name", sorted by start; checks
     * that slices of one track do not overlap (they would have to nest).
     */
    static Map<String, List<Slice>> slicesByTrack(JsonNode doc) {
        Map<Integer, String> processes = new HashMap<>();
        Map<String, String> threads = new HashMap<>();
        for (JsonNode e : doc.get("traceEvents")) {
            if (e.get("ph").asText().equals("M") && e.get("name").asText().equals("process_name")) {
                processes.put(e.get("pid").asInt(), e.get("args").get("name").asText());
            }
            if (e.get("ph").asText().equals("M") && e.get("name").asText().equals("thread_name")) {
                threads.put(e.get("pid").asInt() + "/" + e.get("tid").asInt(), e.get("args").get("name").asText());
            }
        }
        Map<String, List<Slice>> tracks = new TreeMap<>();
        for (JsonNode e : doc.get("traceEvents")) {
            if (e.get("ph").asText().equals("X")) {
                int pid = e.get("pid").asInt();
                String thread = threads.get(pid + "/" + e.get("tid").asInt());
                assertThat(processes).containsKey(pid);
                assertThat(thread).as("the track of %s is named", e).isNotNull();
                tracks.computeIfAbsent(processes.get(pid) + "/" + thread, x -> new ArrayList<>())
                        .add(new Slice(e.get("name").asText(), e.get("ts").asLong(), e.get("dur").asLong(), e.get("args")));
            }
        }
        for (Map.Entry<String, List<Slice>> t : tracks.entrySet()) {
            t.getValue().sort(Comparator.comparingLong(Slice::ts));
            for (int i = 1; i < t.getValue().size(); i++) {
                Slice a = t.getValue().get(i - 1);
                assertThat(t.getValue().get(i).ts()).as("%s: slices overlap", t.getKey()).isGreaterThanOrEqualTo(a.ts() + a.dur());
            }
        }
        return tracks;
    }

    /** The samples of counter {@code name} of process {@code pid}: series {@code key} by timestamp. */
    static Map<Long, Double> counter(JsonNode doc, int pid, String name, String key) {
        Map<Long, Double> m = new TreeMap<>();
        for (JsonNode e : doc.get("traceEvents")) {
            if (e.get("ph").asText().equals("C") && e.get("pid").asInt() == pid && e.get("name").asText().equals(name)) {
                m.put(e.get("ts").asLong(), e.get("args").get(key).asDouble());
            }
        }
        return m;
    }
}
