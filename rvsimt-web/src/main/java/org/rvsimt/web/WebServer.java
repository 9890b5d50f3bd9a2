package org.rvsimt.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/**
 * The HTTP side: the JDK's server with a virtual thread per request, so long event streams and
 * slow clients never hold up other requests. Routes: the page ({@code /}, {@code /app.js},
 * {@code /app.css}), {@code /metrics}, {@code /api/state}, {@code /api/events} (server-sent
 * events) and {@code POST /api/sampling}.
 */
final class WebServer implements AutoCloseable {
    /** The only request body the server reads is a sampling setting, a few bytes of JSON. */
    static final int MAX_BODY = 1024;

    static {
        // The JDK server otherwise waits forever for a request that never completes (a client that
        // sends half a header line); its default limits on header count and size stay as they are.
        if (System.getProperty("sun.net.httpserver.maxReqTime") == null) {
            System.setProperty("sun.net.httpserver.maxReqTime", "20");
        }
    }

    private final HttpServer server;
    private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
    private final StaticFiles files = new StaticFiles();
    private final EventHub hub;
    private final WebMetrics metrics;
    private final Sampling sampling;
    private final Supplier<Map<String, Object>> state;
    private final FirstPage page;
    private final Supplier<FirstPage.State> pageState;

    WebServer(InetSocketAddress address, EventHub hub, WebMetrics metrics, Sampling sampling,
              Supplier<Map<String, Object>> state, Supplier<FirstPage.State> pageState) throws IOException {
        this.hub = hub;
        this.metrics = metrics;
        this.sampling = sampling;
        this.state = state;
        this.page = new FirstPage(files.get("/").bytes());
        this.pageState = pageState;
        server = HttpServer.create(address, 256);
        server.setExecutor(threads);
        server.createContext("/", this::handle);
        server.start();
    }

    InetSocketAddress address() {
        return server.getAddress();
    }

    private void handle(HttpExchange x) throws IOException {
        try {
            route(x);
        } catch (IOException e) {
            x.close();       // the client went away mid-answer
        } catch (RuntimeException e) {
            // A bug must cost one request, not the server, and never print a trace on the terminal.
            try {
                Http.text(x, 500, "internal error: " + e);
            } catch (IOException | RuntimeException ignored) {
                x.close();
            }
        }
    }

    private void route(HttpExchange x) throws IOException {
        String host = x.getRequestHeaders().getFirst("Host");
        if (server.getAddress().getAddress().isLoopbackAddress() && host != null && !loopbackHost(host)) {
            // A page of another site that re-points its DNS name at 127.0.0.1 (DNS rebinding) still
            // sends its own name as Host: a loopback server answers only to loopback names.
            Http.text(x, 403, "host '" + host + "' is not this loopback server");
            return;
        }
        String path = x.getRequestURI().getPath();
        String method = x.getRequestMethod();
        boolean read = method.equals("GET") || method.equals("HEAD");
        StaticFiles.File f = files.get(path);
        if (f != null || path.equals("/metrics") || path.equals("/api/state") || path.equals("/api/events")) {
            if (!read) {
                x.getResponseHeaders().set("Allow", "GET, HEAD");
                Http.text(x, 405, method + " " + path + ": only GET and HEAD");
                return;
            }
            if (f != null && files.isPage(path)) {
                Http.send(x, 200, f.contentType(), page.render(pageState.get()));
            } else if (f != null) {
                Http.send(x, 200, f.contentType(), f.bytes());
            } else if (path.equals("/metrics")) {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                metrics.write(out);
                Http.send(x, 200, WebMetrics.CONTENT_TYPE, out.toByteArray());
            } else if (path.equals("/api/state")) {
                Http.json(x, 200, state.get());
            } else {
                EventStream.serve(x, hub, Map.of("sampling", sampling.every()));
            }
            return;
        }
        if (path.equals("/api/sampling")) {
            if (!method.equals("POST")) {
                x.getResponseHeaders().set("Allow", "POST");
                Http.text(x, 405, method + " " + path + ": only POST");
                return;
            }
            setSampling(x);
            return;
        }
        Http.text(x, 404, "no page at " + path);
    }

    /** localhost, 127.x.y.z or [::1], with or without a port. */
    static boolean loopbackHost(String host) {
        String h = host.trim().toLowerCase(java.util.Locale.ROOT);
        if (h.startsWith("[")) {
            int close = h.indexOf(']');
            return close > 0 && h.substring(1, close).equals("::1");
        }
        int colon = h.indexOf(':');
        String name = colon >= 0 ? h.substring(0, colon) : h;
        return name.equals("localhost") || name.matches("127\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}");
    }

    /**
     * {@code {"every": N}} as application/json: a type that a page of another site cannot send
     * without a CORS preflight, which this server never grants.
     */
    private void setSampling(HttpExchange x) throws IOException {
        String type = x.getRequestHeaders().getFirst("Content-Type");
        if (type == null || !type.toLowerCase(java.util.Locale.ROOT).startsWith("application/json")) {
            Http.text(x, 415, "POST /api/sampling: send application/json such as {\"every\": 10}");
            return;
        }
        byte[] body = Http.body(x, MAX_BODY);
        if (body == null) {
            Http.text(x, 413, "POST /api/sampling: body over " + MAX_BODY + " bytes");
            return;
        }
        int every;
        try {
            SamplingRequest r = Json.read(new String(body, StandardCharsets.UTF_8), SamplingRequest.class);
            if (r == null || r.every() == null) {
                Http.text(x, 400, "POST /api/sampling: field 'every' is missing");
                return;
            }
            every = r.every();
            sampling.set(every);
        } catch (JsonProcessingException e) {
            Http.text(x, 400, "POST /api/sampling: not JSON of the form {\"every\": N}: "
                    + e.getOriginalMessage().lines().findFirst().orElse(""));
            return;
        } catch (IllegalArgumentException e) {
            Http.text(x, 400, "POST /api/sampling: field 'every': " + e.getMessage());
            return;
        }
        hub.publish("sampling", Map.of("every", every));
        Http.json(x, 200, Map.of("every", every));
    }

    record SamplingRequest(Integer every) { }

    @Override
    public void close() {
        hub.endAll();
        server.stop(0);
        threads.shutdownNow();
    }
}
