package org.rvsimt.web;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** Small response and request helpers over the JDK's HTTP exchange. */
final class Http {
    private Http() { }

    static void send(HttpExchange x, int code, String contentType, byte[] body) throws IOException {
        x.getResponseHeaders().set("Content-Type", contentType);
        x.getResponseHeaders().set("Cache-Control", "no-store");
        x.getResponseHeaders().set("X-Content-Type-Options", "nosniff");
        boolean head = x.getRequestMethod().equals("HEAD");
        x.sendResponseHeaders(code, head ? -1 : body.length == 0 ? -1 : body.length);
        if (!head && body.length > 0) {
            try (OutputStream out = x.getResponseBody()) {
                out.write(body);
            }
        }
        x.close();
    }

    static void text(HttpExchange x, int code, String message) throws IOException {
        send(x, code, "text/plain; charset=utf-8", (message + "\n").getBytes(StandardCharsets.UTF_8));
    }

    static void json(HttpExchange x, int code, Object value) throws IOException {
        send(x, code, "application/json", Json.write(value).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * The request body if it is at most {@code limit} bytes, else null (the caller answers 413);
     * reads at most {@code limit + 1} bytes whatever the client sends or claims.
     */
    static byte[] body(HttpExchange x, int limit) throws IOException {
        String length = x.getRequestHeaders().getFirst("Content-Length");
        if (length != null) {
            try {
                if (Long.parseLong(length.trim()) > limit) {
                    return null;
                }
            } catch (NumberFormatException e) {
                return null;
            }
        }
        InputStream in = x.getRequestBody();
        byte[] b = in.readNBytes(limit + 1);
        return b.length > limit ? null : b;
    }
}
