package org.rvsimt.observe;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.DeviceConfig;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.core.api.LaunchResult;
import org.rvsimt.core.trace.BinaryTracer;
import org.rvsimt.core.trace.TraceOptions;
import org.rvsimt.core.trace.TraceRecord;

/**
 * A file trace is complete: with rings far too small for the launch (128 words, a few records),
 * every warp-instruction and event still reaches the file, and a loop exports as one slice per
 * stretch of passes instead of one per pass (issue 11, item 13).
 */
class CompleteTraceTest {
    /** Each thread runs 2 + 2 * 200 + 1 instructions: li, then 200 passes of (addi, bnez), ret. */
    private static final String LOOP = """
                li t1, 200
            1:  addi t1, t1, -1
                bnez t1, 1b
                ret
            """;

    @TempDir
    Path dir;

    @Test
    void aFileTraceKeepsEveryRecordAndItsLoopsExportAsFewSlices() throws Exception {
        Path f = dir.resolve("loop.rvtrace");
        LaunchResult r;
        try (Device d = Device.open(DeviceConfig.defaults().withThreads(2));
             BinaryTracer t = BinaryTracer.toFile(f, TraceOptions.defaults().withRings(128, 128))) {
            d.setTracer(t);
            r = d.launch(Kernel.fromAssembly(LOOP, "loop.S"), Dim3.of(8), Dim3.of(64), 0);
            assertThat(t.dropped()).containsExactly(0, 0);
        }
        long warpInstructions = 8 * 2 * (1 + 2 * 200 + 1);
        assertThat(r.warpInstructions()).isEqualTo(warpInstructions);
        TraceCollector all = new TraceCollector();
        TraceReader.read(f, all);
        List<TraceRecord> records = all.records();
        assertThat(records.stream().filter(x -> x instanceof TraceRecord.Instruction).count())
                .isEqualTo(warpInstructions);
        assertThat(records.stream().filter(x -> x instanceof TraceRecord.WarpDone).count()).isEqualTo(16);
        assertThat(records.stream().filter(x -> x instanceof TraceRecord.BlockEnd).count()).isEqualTo(8);

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (PerfettoExporter p = new PerfettoExporter(out)) {
            TraceReader.read(f, p);
        }
        JsonNode events = new ObjectMapper().readTree(out.toByteArray()).get("traceEvents");
        long slices = 0;
        long sliced = 0;
        for (JsonNode e : events) {
            if (e.get("ph").asText().equals("X") && e.get("cat").asText().equals("instructions")) {
                slices++;
                sliced += e.get("args").get("instructions").asLong();
            }
        }
        assertThat(sliced).as("slices cover every instruction").isEqualTo(warpInstructions);
        // Per warp: li + the first pass, 199 more passes merged into one slice, ret (the quantum of
        // 2048 instructions is longer than a warp's 402, so nothing interleaves).
        assertThat(slices).isEqualTo(16 * 3);
        assertThat(events).anySatisfy(e -> {
            assertThat(e.get("name").asText()).endsWith(" x199");
            assertThat(e.get("args").get("passes").asInt()).isEqualTo(199);
            assertThat(e.get("args").get("instructions").asInt()).isEqualTo(398);
        });
    }
}
