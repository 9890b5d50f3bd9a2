package org.rvsimt.web;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.rvsimt.core.api.DeviceConfig;
import org.rvsimt.device.DeviceModel;
import org.rvsimt.device.ProgramCache;
import org.rvsimt.isa.asm.AsmOptions;
import org.rvsimt.isa.asm.Assembler;
import org.rvsimt.timing.TimingSession;
import org.rvsimt.timing.config.GpuConfigReader;

/**
 * A web UI on a free loopback port with one small device attached, and an HTTP client for it. A test
 * class shares one with {@code @RegisterExtension static final WebFixture f = WebFixture.perClass();}.
 */
final class WebFixture implements AutoCloseable, AfterAllCallback {
    static final int CODE = 0x400;

    final ExecutorService pool = Executors.newCachedThreadPool();
    final DeviceModel device = new DeviceModel(DeviceConfig.defaults().withVram(4L << 20).withThreads(1)
            .withWarpSize(32), 1_000_000, new ProgramCache(8), pool);
    final WebUi web;
    final LiveTracer tracer;
    final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    WebFixture() throws IOException {
        web = WebUi.start(new InetSocketAddress("127.0.0.1", 0));
        tracer = web.attach(device);
    }

    /** A fixture closed after the test class that registers it as an extension. */
    static WebFixture perClass() {
        try {
            return new WebFixture();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void afterAll(ExtensionContext context) {
        close();
    }

    String base() {
        return "http://127.0.0.1:" + web.address().getPort();
    }

    int port() {
        return web.address().getPort();
    }

    /** Assembles {@code source}, puts it at {@link #CODE} and runs it to the end. */
    DeviceModel.Outcome run(String source, int blocks, int threads) throws Exception {
        byte[] code = Assembler.assemble(source, "test.S", AsmOptions.defaults()).flatImage();
        device.vramWrite(CODE, code, 0, code.length);
        return device.launch(CODE, 0, new int[] {blocks, 1, 1}, new int[] {threads, 1, 1}, 0, 0, code.length, 1)
                .await(20_000);
    }

    /** {@link #run}, timed by the performance model on {@code gpu} (a preset), with {@code shared} bytes per block. */
    DeviceModel.Outcome runTimed(String source, int blocks, int threads, int shared, String gpu) throws Exception {
        byte[] code = Assembler.assemble(source, "test.S", AsmOptions.defaults()).flatImage();
        device.vramWrite(CODE, code, 0, code.length);
        return device.launch(CODE, 0, new int[] {blocks, 1, 1}, new int[] {threads, 1, 1}, shared, 0, code.length, 1,
                new TimingSession(GpuConfigReader.preset(gpu))).await(20_000);
    }

    HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create(base() + path)).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> post(String path, String contentType, String body) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create(base() + path)).timeout(Duration.ofSeconds(10))
                .header("Content-Type", contentType).POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Override
    public void close() {
        web.close();
        device.close();
        pool.shutdownNow();
    }
}
