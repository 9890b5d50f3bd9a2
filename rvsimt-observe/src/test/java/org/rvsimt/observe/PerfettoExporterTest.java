package org.rvsimt.observe;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Checks the export against the rules of the Trace Event Format (Google's "Trace Event Format" document, as ui.perfetto.dev reads it). */
class PerfettoExporterTest {

    @TempDir
    Path dir;

    private JsonNode export() throws Exception {
        Path f = dir.resolve("t.rvtrace");
        SampleTrace.write(f);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (PerfettoExporter p = new PerfettoExporter(out)) {
            TraceReader.read(f, p);
        }
        return new ObjectMapper().readTree(out.toByteArray());
    }

    @Test
    void everyEventFollowsTheFormatRules() throws Exception {
        JsonNode root = export();
        assertThat(root.isObject()).isTrue();
        assertThat(root.get("traceEvents").isArray()).isTrue();
        Set<String> phases = Set.of("X", "i", "C", "M");
        Set<String> metadata = Set.of("process_name", "thread_name", "process_sort_index", "thread_sort_index");
        Map<String, List<long[]>> slicesByTrack = new HashMap<>();
        for (JsonNode e : root.get("traceEvents")) {
            assertThat(e.get("name").isTextual()).as("name is a string: %s", e).isTrue();
            String ph = e.get("ph").asText();
            assertThat(phases).as("phase of %s", e).contains(ph);
            assertThat(e.get("pid").isIntegralNumber()).as("pid of %s", e).isTrue();
            assertThat(e.get("tid").isIntegralNumber()).as("tid of %s", e).isTrue();
            switch (ph) {
                case "M" -> {
                    assertThat(metadata).contains(e.get("name").asText());
                    JsonNode args = e.get("args");
                    assertThat(args.has("name") ? args.get("name").isTextual() : args.get("sort_index").isInt())
                            .as("metadata args of %s", e).isTrue();
                }
                case "X" -> {
                    assertThat(e.get("ts").isNumber() && e.get("ts").asLong() >= 0).as("ts of %s", e).isTrue();
                    assertThat(e.get("dur").isNumber() && e.get("dur").asLong() >= 0).as("dur of %s", e).isTrue();
                    slicesByTrack.computeIfAbsent(e.get("pid") + "/" + e.get("tid"), k -> new ArrayList<>())
                            .add(new long[] {e.get("ts").asLong(), e.get("ts").asLong() + e.get("dur").asLong()});
                }
                case "i" -> {
                    assertThat(e.get("ts").isNumber()).isTrue();
                    assertThat(Set.of("g", "p", "t")).contains(e.get("s").asText());
                }
                case "C" -> {
                    assertThat(e.get("ts").isNumber()).isTrue();
                    assertThat(e.get("args").isObject()).isTrue();
                    e.get("args").forEach(v -> assertThat(v.isNumber()).as("counter series of %s", e).isTrue());
                }
                default -> throw new AssertionError(ph);
            }
        }
        // Complete events of one track must nest; ours never overlap at all.
        slicesByTrack.forEach((track, slices) -> {
            slices.sort((a, b) -> Long.compare(a[0], b[0]));
            for (int i = 1; i < slices.size(); i++) {
                assertThat(slices.get(i)[0]).as("track %s slice %d starts after the previous ends", track, i)
                        .isGreaterThanOrEqualTo(slices.get(i - 1)[1]);
            }
        });
    }

    @Test
    void tracksSlicesCountersAndInstantsSayWhatHappened() throws Exception {
        JsonNode root = export();
        List<JsonNode> events = new ArrayList<>();
        root.get("traceEvents").forEach(events::add);
        assertThat(events).anySatisfy(e -> {
            assertThat(e.get("name").asText()).isEqualTo("thread_name");
            assertThat(e.get("args").get("name").asText()).isEqualTo("block 0 warp 0");
        });
        assertThat(events).anySatisfy(e -> assertThat(e.get("args").path("name").asText()).isEqualTo("compute unit 1"));
        // Warp 0 of block 0: addi; beq ends the first run, lw starts the next one.
        assertThat(events).anySatisfy(e -> {
            assertThat(e.get("ph").asText()).isEqualTo("X");
            assertThat(e.get("name").asText()).isEqualTo("0x00001000");
            assertThat(e.get("args").get("instructions").asInt()).isEqualTo(2);
            assertThat(e.get("args").get("end_pc").asText()).isEqualTo("0x00001004");
            assertThat(e.get("args").get("code").asText()).contains("addi a0, a0, 1").contains("beq a0, a1");
            assertThat(e.get("ts").asLong()).isZero();
            assertThat(e.get("dur").asLong()).isEqualTo(2);
        });
        assertThat(events).anySatisfy(e -> {
            assertThat(e.get("ph").asText()).isEqualTo("C");
            assertThat(e.get("args").get("lanes").asInt()).isEqualTo(16);
        });
        for (String instant : List.of("barrier wait", "barrier release", "divergence", "reconvergence",
                "fault: out_of_bounds", "warp done")) {
            assertThat(events).as(instant).anySatisfy(e -> {
                assertThat(e.get("ph").asText()).isEqualTo("i");
                assertThat(e.get("name").asText()).isEqualTo(instant);
            });
        }
        assertThat(events).anySatisfy(e -> {
            assertThat(e.get("name").asText()).isEqualTo("launch 7 demo.S");
            assertThat(e.get("dur").asLong()).isEqualTo(8);
        });
        assertThat(root.get("otherData").get("clock").asText()).contains("1 us");
    }
}
