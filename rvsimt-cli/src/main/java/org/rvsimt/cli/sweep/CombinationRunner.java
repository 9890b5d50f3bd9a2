package org.rvsimt.cli.sweep;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rvsimt.cli.Main;

/**
 * Runs one combination as {@code rvsimt run ... --json} inside this process and turns what it
 * printed into a row. Going through the command rather than around it keeps a sweep row and a
 * single run the same thing: the same manifest reading, checks, faults and timing report. Every
 * failure, including an unexpected one, becomes a row with its error.
 */
public final class CombinationRunner {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final List<String> parameters;
    private final boolean timing;
    private final java.nio.file.Path scratch;
    private final java.util.concurrent.ConcurrentHashMap<String, java.nio.file.Path> gpuFiles = new java.util.concurrent.ConcurrentHashMap<>();

    /** {@code scratch}: a folder for the GPU configuration files of combinations that change GPU keys. */
    public CombinationRunner(List<String> parameters, boolean timing, java.nio.file.Path scratch) {
        this.parameters = List.copyOf(parameters);
        this.timing = timing;
        this.scratch = scratch;
    }

    /** The swept parameters, in column order (what a runner on another machine is built from). */
    public List<String> parameters() {
        return parameters;
    }

    public boolean timing() {
        return timing;
    }

    /** Every column of this sweep's rows, in order. */
    public List<String> columns() {
        List<String> c = new java.util.ArrayList<>();
        c.add("index");
        c.add("launch");
        c.addAll(parameters);
        c.addAll(ResultColumns.names(timing));
        return c;
    }

    public Row run(Combination c) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code;
        try {
            List<String> args = new java.util.ArrayList<>(c.runArgs());
            if (c.gpuYaml() != null) {
                args.add("--gpu");
                args.add(gpuFile(c.gpuYaml()).toString());
            }
            code = Main.execute(args.toArray(String[]::new), new PrintWriter(out), new PrintWriter(err));
        } catch (Throwable t) {   // a row, never a lost sweep
            return errorRow(c, "internal error: " + t);
        }
        JsonNode json = null;
        List<String> lines = out.toString().lines().filter(l -> l.startsWith("{")).toList();
        if (!lines.isEmpty()) {
            try {
                json = JSON.readTree(lines.get(lines.size() - 1));
            } catch (java.io.IOException e) {
                json = null;
            }
        }
        return row(c, ResultColumns.of(json, code, err.toString(), timing));
    }

    /** The file holding a GPU configuration, written once per distinct configuration. */
    private java.nio.file.Path gpuFile(String yaml) {
        return gpuFiles.computeIfAbsent(yaml, y -> {
            try {
                java.nio.file.Path f = java.nio.file.Files.createTempFile(scratch, "gpu-", ".yaml");
                java.nio.file.Files.writeString(f, y);
                return f;
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }

    public Row errorRow(Combination c, String message) {
        return row(c, ResultColumns.of(null, Main.INTERNAL, message, timing));
    }

    private Row row(Combination c, Map<String, Object> results) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("index", c.index());
        v.put("launch", c.launch());
        for (String p : parameters) {
            v.put(p, c.values().get(p));
        }
        v.putAll(results);
        return new Row(c.index(), v);
    }
}
