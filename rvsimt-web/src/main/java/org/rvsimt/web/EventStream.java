package org.rvsimt.web;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * One browser's server-sent-events stream: drains its {@link ClientQueue} onto the response. Runs
 * on the request's own (virtual) thread, so a browser that stops reading blocks only itself; its
 * queue then fills and the hub drops frames for it. A comment line every few seconds notices
 * browsers that went away without closing the connection.
 */
final class EventStream {
    static final long KEEPALIVE_MILLIS = 5_000;

    private EventStream() { }

    static void serve(HttpExchange x, EventHub hub, Map<String, Object> hello) throws IOException {
        ClientQueue q = hub.subscribe();
        if (q == null) {
            Http.text(x, 503, "too many live streams open; close a tab and reload");
            return;
        }
        try {
            x.getResponseHeaders().set("Content-Type", "text/event-stream; charset=utf-8");
            x.getResponseHeaders().set("Cache-Control", "no-store");
            x.sendResponseHeaders(200, 0);
            OutputStream out = x.getResponseBody();
            // retry: the browser reconnects after 1 s if the server restarts.
            write(out, "retry: 1000\n" + EventHub.frame("hello", Json.write(hello)));
            while (true) {
                String frame = q.poll(KEEPALIVE_MILLIS);
                if (frame == ClientQueue.END) {
                    break;
                }
                write(out, frame != null ? frame : ": keepalive\n\n");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            // the browser went away: the normal end of a stream
        } finally {
            hub.unsubscribe(q);
            x.close();
        }
    }

    private static void write(OutputStream out, String s) throws IOException {
        out.write(s.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }
}
