package org.rvsimt.web;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;

/** The page: plain HTML, CSS and JavaScript from the jar's resources, read once (no build step, no CDN). */
final class StaticFiles {
    record File(byte[] bytes, String contentType) { }

    private static final String ROOT = "/org/rvsimt/web/ui/";
    private final Map<String, File> files = new HashMap<>();

    StaticFiles() {
        add("/", "index.html", "text/html; charset=utf-8");
        add("/app.js", "app.js", "text/javascript; charset=utf-8");
        add("/app.css", "app.css", "text/css; charset=utf-8");
        add("/diagnostics.js", "diagnostics.js", "text/javascript; charset=utf-8");
        add("/timing.js", "timing.js", "text/javascript; charset=utf-8");
    }

    private void add(String path, String resource, String type) {
        try (InputStream in = StaticFiles.class.getResourceAsStream(ROOT + resource)) {
            if (in == null) {
                throw new IllegalStateException("resource " + ROOT + resource + " is missing from the jar");
            }
            files.put(path, new File(in.readAllBytes(), type));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The file served at {@code path}, or null. */
    File get(String path) {
        return files.get(isPage(path) ? "/" : path);
    }

    /** The page itself, a template the server writes the current state into. */
    boolean isPage(String path) {
        return path.equals("/") || path.equals("/index.html");
    }
}
