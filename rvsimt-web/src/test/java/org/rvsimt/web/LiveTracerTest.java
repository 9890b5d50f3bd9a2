package org.rvsimt.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.rvsimt.core.trace.TraceChannel;

/**
 * The live tracer driven as the engine drives a {@link TraceChannel}, read back from the event
 * stream as a browser would.
 */
@Timeout(60)
class LiveTracerTest {
    /** {@code addi a0, a0, 1} as llvm-mc encodes it (llvm-mc -triple=riscv32 -show-encoding). */
    static final int ADDI_A0_A0_1 = 0x00150513;

    @Test
    void samplesEveryNthInstructionAndDisassemblesIt() throws Exception {
        try (WebFixture f = new WebFixture(); Socket s = new Socket("127.0.0.1", f.port())) {
            BufferedReader in = SseClient.open(s);
            SseClient.next(in, "hello");
            f.post("/api/sampling", "application/json", "{\"every\": 3}");
            f.tracer.launchBegin(7, "k", 0, new int[] {ADDI_A0_A0_1}, 0, new int[] {1, 1, 1}, new int[] {32, 1, 1}, 32, 1);
            TraceChannel c = f.tracer.channel(0);
            c.blockBegin(0, 0, 0, 0, 1);
            int recorded = 0;
            for (int i = 0; i < 30; i++) {
                if (c.wantsInstruction(0x40, 0, 0)) {
                    c.instruction(0x40, ADDI_A0_A0_1, 0, 0, 0xFFFF_FFFFL, null, 0);
                    recorded++;
                }
                c.advance(1);
            }
            c.barrierWait(0, 0, 0x44, -1);
            c.warpDone(0, 0, 0x48);
            f.tracer.launchEnd(7, "ok", 30, 960, 1000);
            assertThat(recorded).isEqualTo(10);

            String rows = SseClient.next(in, "rows");
            assertThat(rows).contains("\"launch\":7").contains("addi a0, a0, 1").contains("\"ffffffff\"");
            // Rows carry the issue clock: the 1st, 4th, 7th ... instruction, issued at t = 0, 3, ... 27.
            assertThat(rows).contains("[0,0,0,64,").contains("[3,0,0,64,").contains("[27,0,0,64,")
                    .doesNotContain("[1,0,0,64,").doesNotContain("[2,0,0,64,");
            String warps = SseClient.next(in, "warps");
            assertThat(warps).contains("[0,0,0,\"active\",-1]").contains("[30,0,0,\"barrier\",68]")
                    .contains("[30,0,0,\"done\",72]");
        }
    }

    @Test
    void dropsAndCountsRowsBeyondWhatAPageCanShow() throws Exception {
        try (WebFixture f = new WebFixture()) {
            f.post("/api/sampling", "application/json", "{\"every\": 1}");
            f.tracer.launchBegin(1, "k", 0, new int[] {ADDI_A0_A0_1}, 0, new int[] {1, 1, 1}, new int[] {32, 1, 1}, 32, 1);
            TraceChannel c = f.tracer.channel(0);
            int n = LiveChannel.ROWS_PER_SECOND * 3;
            long t0 = System.nanoTime();
            int recorded = 0;
            for (int i = 0; i < n; i++) {
                if (c.wantsInstruction(0, 0, 0)) {
                    c.instruction(0, ADDI_A0_A0_1, 0, 0, 1, null, 0);
                    recorded++;
                }
            }
            f.tracer.launchEnd(1, "ok", n, n, 1);
            // The loop takes far less than a second, so one budget window applies.
            if (System.nanoTime() - t0 < 900_000_000L) {
                assertThat(recorded).isEqualTo(LiveChannel.ROWS_PER_SECOND);
                assertThat(f.tracer.dropped()[0]).isEqualTo(n - LiveChannel.ROWS_PER_SECOND);
            }
            assertThat(f.tracer.dropped()[0] + recorded).isEqualTo(n);
            PrometheusText m = new PrometheusText(f.get("/metrics").body());
            assertThat(m.value("rvsimt_trace_records_dropped_total{stage=\"fast\"}")).isEqualTo(n - recorded);
        }
    }

    /** A minimal reader of server-sent events over a raw socket. */
    static final class SseClient {
        static BufferedReader open(Socket s) throws Exception {
            s.setSoTimeout(10_000);
            s.getOutputStream().write("GET /api/events HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            return new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
        }

        /** The data of the next event named {@code name} (chunked encoding lines are skipped over). */
        static String next(BufferedReader in, String name) throws Exception {
            String line;
            boolean wanted = false;
            List<String> seen = new ArrayList<>();
            while ((line = in.readLine()) != null) {
                if (line.startsWith("event: ")) {
                    wanted = line.substring(7).equals(name);
                    seen.add(line);
                } else if (wanted && line.startsWith("data: ")) {
                    return line.substring(6);
                }
            }
            throw new AssertionError("stream ended before event " + name + "; saw " + seen);
        }
    }
}
