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
    void samplesOnAverageEveryNthInstructionAtRandomGapsAndDisassemblesIt() throws Exception {
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

            // A batch is sent when it is 100 ms old, so a slow machine may split rows and events over
            // frames: read them up to the warp's end.
            StringBuilder rows = new StringBuilder();
            StringBuilder warps = new StringBuilder();
            List<Object> sampled = new ArrayList<>();
            while (!warps.toString().contains("\"done\"") || sampled.size() < recorded) {
                String[] e = SseClient.next(in);
                if (e[0].equals("rows")) {
                    rows.append(e[1]);
                    sampled.addAll((List<?>) Json.read(e[1], java.util.Map.class).get("rows"));
                } else if (e[0].equals("warps")) {
                    warps.append(e[1]);
                }
            }
            assertThat(rows).contains("\"launch\":7").contains("addi a0, a0, 1").contains("\"ffffffff\"");
            // Rows carry the issue clock t. At N = 3 the first sample is one of the first 3 instructions
            // (t 0..2) and the next ones follow at gaps of 1..5 (2N - 1).
            assertThat(sampled).hasSize(recorded);
            List<Integer> t = sampled.stream().map(r -> ((Number) ((List<?>) r).get(0)).intValue()).toList();
            assertThat(t.getFirst()).isBetween(0, 2);
            for (int i = 1; i < t.size(); i++) {
                assertThat(t.get(i) - t.get(i - 1)).as("gap before sample %d of %s", i, t).isBetween(1, 5);
            }
            assertThat(recorded).as("samples of 30 instructions at N = 3: %s", t).isBetween(6, 15);
            assertThat(warps.toString()).contains("[0,0,0,\"active\",-1]").contains("[30,0,0,\"barrier\",68]")
                    .contains("[30,0,0,\"done\",72]");
        }
    }

    /**
     * A two-instruction loop sampled at N = 10: a fixed gap of 10 put every sample on the loop's
     * first instruction; random gaps put half on each (binomial: 1000 samples, 50 %, 5 standard
     * deviations is +-8 %).
     */
    @Test
    void aTwoInstructionLoopsSamplesLandOnBothInstructionsInProportion() throws Exception {
        try (WebFixture f = new WebFixture(); Socket s = new Socket("127.0.0.1", f.port())) {
            BufferedReader in = SseClient.open(s);
            SseClient.next(in, "hello");
            f.post("/api/sampling", "application/json", "{\"every\": 10}");
            f.tracer.launchBegin(3, "k", 0x40, new int[] {ADDI_A0_A0_1, ADDI_A0_A0_1}, 0x40, new int[] {1, 1, 1},
                    new int[] {32, 1, 1}, 32, 1);
            TraceChannel c = f.tracer.channel(0);
            int[] perPc = new int[2];
            for (int i = 0; i < 10_000; i++) {
                int pc = 0x40 + 4 * (i & 1);
                if (c.wantsInstruction(pc, 0, 0)) {
                    perPc[i & 1]++;
                }
                c.advance(1);
            }
            f.tracer.launchEnd(3, "ok", 10_000, 320_000, 1000);
            int all = perPc[0] + perPc[1];
            assertThat(all).as("on average every 10th of 10000").isBetween(900, 1100);
            assertThat(perPc[0] / (double) all).as("share of the loop's first instruction").isBetween(0.42, 0.58);
        }
    }

    /** 200 001 warp-instructions in one warp: at the default sampling, 20 000 rows, 10 s of a page's budget. */
    static final String LOOP = """
                li t1, 100000
            1:  addi t1, t1, -1
                bnez t1, 1b
                ret
            """;

    @Test
    void tracesNothingWhileNoBrowserIsConnected() throws Exception {
        try (WebFixture f = new WebFixture()) {
            // Nobody watches: no rows produced, so none dropped (a server left alone counted 148 M).
            assertThat(f.run(LOOP, 1, 32).ok()).isTrue();
            assertThat(drops(f)).isZero();

            // A browser connects: the next launch is traced (and, beyond the page's budget, dropped).
            long afterFirst;
            try (Socket s = new Socket("127.0.0.1", f.port())) {
                BufferedReader in = SseClient.open(s);
                SseClient.next(in, "hello");
                assertThat(f.run(LOOP, 1, 32).ok()).isTrue();
                assertThat(SseClient.next(in, "rows")).contains("addi t1, t1, -1");
                afterFirst = drops(f);
                assertThat(afterFirst).isPositive();
            }
            // It leaves (the server notices at its next write, a keepalive at the latest): tracing stops.
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (metrics(f).value("rvsimt_web_clients") > 0 && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertThat(metrics(f).value("rvsimt_web_clients")).isZero();
            assertThat(f.run(LOOP, 1, 32).ok()).isTrue();
            assertThat(drops(f)).isEqualTo(afterFirst);
        }
    }

    private static PrometheusText metrics(WebFixture f) throws Exception {
        return new PrometheusText(f.get("/metrics").body());
    }

    private static long drops(WebFixture f) throws Exception {
        PrometheusText m = metrics(f);
        return (long) (m.value("rvsimt_trace_records_dropped_total{stage=\"fast\"}")
                + m.value("rvsimt_trace_records_dropped_total{stage=\"slow\"}"));
    }

    @Test
    void dropsAndCountsRowsBeyondWhatAPageCanShow() throws Exception {
        try (WebFixture f = new WebFixture(); Socket s = new Socket("127.0.0.1", f.port())) {
            SseClient.next(SseClient.open(s), "hello");      // a browser watches
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

        /** The name and data of the next event (chunked encoding lines are skipped over). */
        static String[] next(BufferedReader in) throws Exception {
            String line;
            String name = null;
            while ((line = in.readLine()) != null) {
                if (line.startsWith("event: ")) {
                    name = line.substring(7);
                } else if (name != null && line.startsWith("data: ")) {
                    return new String[] {name, line.substring(6)};
                }
            }
            throw new AssertionError("stream ended");
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
