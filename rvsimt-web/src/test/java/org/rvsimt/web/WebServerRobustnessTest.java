package org.rvsimt.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The HTTP server under load and abuse: it keeps answering, and never blocks one client on another. */
@Timeout(90)
class WebServerRobustnessTest {

    @Test
    void answersTwoHundredConcurrentRequests() throws Exception {
        try (WebFixture f = new WebFixture()) {
            List<CompletableFuture<HttpResponse<String>>> all = new ArrayList<>();
            String[] paths = {"/", "/metrics", "/api/state", "/app.js"};
            for (int i = 0; i < 200; i++) {
                all.add(f.http.sendAsync(HttpRequest.newBuilder(URI.create(f.base() + paths[i % paths.length]))
                        .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString()));
            }
            for (CompletableFuture<HttpResponse<String>> r : all) {
                assertThat(r.get().statusCode()).isEqualTo(200);
            }
        }
    }

    @Test
    void refusesATenMegabyteBodyAndKeepsServing() throws Exception {
        try (WebFixture f = new WebFixture()) {
            String big = "x".repeat(10 << 20);
            HttpResponse<String> r = f.post("/api/sampling", "application/json", big);
            assertThat(r.statusCode()).isEqualTo(413);
            // A body nobody asked for, sent raw and without waiting: the server may cut us off.
            try (Socket s = new Socket("127.0.0.1", f.port())) {
                s.setSoTimeout(10_000);
                OutputStream out = s.getOutputStream();
                out.write(("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: " + (10 << 20) + "\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
                byte[] chunk = new byte[1 << 16];
                for (int i = 0; i < 160; i++) {
                    out.write(chunk);
                }
            } catch (IOException expected) {
                // connection reset by the server: acceptable, as long as it goes on serving
            }
            assertThat(f.get("/api/state").statusCode()).isEqualTo(200);
        }
    }

    @Test
    void answersOnlyLoopbackHostNames() throws Exception {
        try (WebFixture f = new WebFixture()) {
            for (String host : new String[] {"evil.example", "evil.example:" + f.port(), "10.0.0.1", "[::2]:80"}) {
                assertThat(rawGet(f, host)).as(host).startsWith("HTTP/1.1 403");
            }
            for (String host : new String[] {"127.0.0.1:" + f.port(), "localhost:" + f.port(), "LOCALHOST", "[::1]:80"}) {
                assertThat(rawGet(f, host)).as(host).startsWith("HTTP/1.1 200");
            }
        }
        assertThat(WebServer.loopbackHost("127.0.0.1.evil.example")).isFalse();
    }

    private static String rawGet(WebFixture f, String host) throws IOException {
        try (Socket s = new Socket("127.0.0.1", f.port())) {
            s.setSoTimeout(5_000);
            s.getOutputStream().write(("GET /api/state HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            return new String(s.getInputStream().readNBytes(20), StandardCharsets.ISO_8859_1);
        }
    }

    @Test
    void survivesGarbageAndMalformedRequests() throws Exception {
        try (WebFixture f = new WebFixture()) {
            String[] garbage = {"\u0000\u0001\u0002garbage\r\n\r\n", "GET\r\n\r\n", "GET / HTTP/9.9\r\n\r\n",
                "GET /" + "a".repeat(100_000) + " HTTP/1.1\r\nHost: x\r\n\r\n",
                "GET / HTTP/1.1\r\n" + "X-Long: " + "b".repeat(1 << 20) + "\r\n\r\n", "GET / HTTP/1.1\r\nHost"};
            for (String g : garbage) {
                try (Socket s = new Socket("127.0.0.1", f.port())) {
                    s.setSoTimeout(5_000);
                    s.getOutputStream().write(g.getBytes(StandardCharsets.ISO_8859_1));
                    s.shutdownOutput();
                    InputStream in = s.getInputStream();
                    String reply = new String(in.readNBytes(200), StandardCharsets.ISO_8859_1);
                    // The JDK server is lenient about versions; what matters is an orderly answer or none.
                    assertThat(reply).as("reply to %.40s", g).satisfiesAnyOf(
                            x -> assertThat(x).isEmpty(), x -> assertThat(x).startsWith("HTTP/1.1 "));
                } catch (IOException cutOff) {
                    // closing the connection is a fine answer to garbage
                }
            }
            assertThat(f.get("/nothing").statusCode()).isEqualTo(404);
            assertThat(f.http.send(HttpRequest.newBuilder(URI.create(f.base() + "/metrics"))
                    .DELETE().build(), HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(405);
            assertThat(f.post("/api/sampling", "text/plain", "{\"every\": 5}").statusCode()).isEqualTo(415);
            assertThat(f.post("/api/sampling", "application/json", "{every").body()).startsWith("POST /api/sampling: not JSON");
            assertThat(f.post("/api/sampling", "application/json", "{\"every\": 0}").body())
                    .isEqualTo("POST /api/sampling: field 'every': sampling period 0 is not 1..1000000\n");
            assertThat(f.post("/api/sampling", "application/json", "{}").statusCode()).isEqualTo(400);
            assertThat(f.post("/api/sampling", "application/json", "{\"every\": 50}").body()).isEqualTo("{\"every\":50}");
            assertThat(f.get("/api/state").body()).contains("\"sampling\":50");
        }
    }

    @Test
    void aClientThatStopsReadingNeitherBlocksOthersNorTheTracer() throws Exception {
        try (WebFixture f = new WebFixture(); Socket stalled = new Socket("127.0.0.1", f.port());
             Socket live = new Socket("127.0.0.1", f.port())) {
            stalled.setReceiveBufferSize(4096);
            LiveTracerTest.SseClient.open(stalled);            // and never read again
            BufferedReader reader = LiveTracerTest.SseClient.open(live);
            LiveTracerTest.SseClient.next(reader, "hello");
            f.post("/api/sampling", "application/json", "{\"every\": 1}");
            // Far more frames than the stalled client's queue and socket buffers hold, each as big as a
            // batch of instruction rows (the tracer's own rate budget would take minutes to send them).
            String rows = "[12345,0,0,64,\"ffffffff\",\"addi a0, a0, 1\"],".repeat(200);
            long t0 = System.nanoTime();
            for (int i = 0; i < 3000; i++) {
                f.web.hub().publish("rows", java.util.Map.of("device", 1, "launch", i, "rows", rows));
                while (live.getInputStream().available() > 0) {
                    reader.readLine();      // the live reader keeps up, as a browser would
                }
            }
            long elapsedMs = (System.nanoTime() - t0) / 1_000_000;
            assertThat(elapsedMs).as("the producer never waited for the stalled client").isLessThan(20_000);
            assertThat(f.get("/api/state").statusCode()).isEqualTo(200);
            f.post("/api/sampling", "application/json", "{\"every\": 7}");
            assertThat(LiveTracerTest.SseClient.next(reader, "sampling")).isEqualTo("{\"every\":7}");
            PrometheusText m = new PrometheusText(f.get("/metrics").body());
            assertThat(m.value("rvsimt_trace_records_dropped_total{stage=\"web\"}")).isPositive();
            assertThat(m.value("rvsimt_web_clients")).isEqualTo(2);
        }
    }

    @Test
    void forgetsClientsThatDisconnectMidStream() throws Exception {
        try (WebFixture f = new WebFixture()) {
            for (int i = 0; i < 5; i++) {
                try (Socket s = new Socket("127.0.0.1", f.port())) {
                    LiveTracerTest.SseClient.next(LiveTracerTest.SseClient.open(s), "hello");
                }
            }
            // The server notices a closed stream at its next write: a launch event or the keepalive.
            long deadline = System.nanoTime() + 3 * EventStream.KEEPALIVE_MILLIS * 1_000_000;
            double clients;
            do {
                f.run(MetricsTest.STRAIGHT, 1, 32);
                Thread.sleep(100);
                clients = new PrometheusText(f.get("/metrics").body()).value("rvsimt_web_clients");
            } while (clients > 0 && System.nanoTime() < deadline);
            assertThat(clients).isZero();
            assertThat(f.get("/").body()).contains("<title>rvsimt live</title>");
        }
    }
}
