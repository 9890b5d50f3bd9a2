package org.rvsimt.cli.sweep;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The result files of a sweep: {@code BASE.csv} and {@code BASE.jsonl}, one row per combination in
 * combination order, each row flushed as it is written. The JSON lines are also the resume record:
 * opening an output that already holds the first rows of the same sweep keeps them (an unfinished
 * last line is dropped) and the sweep continues with the next combination.
 */
public final class SweepOutput implements AutoCloseable {
    private final Path csv;
    private final Path jsonl;
    private final List<String> columns;
    private final List<Row> rows = new ArrayList<>();
    private BufferedWriter csvOut;
    private BufferedWriter jsonOut;

    private SweepOutput(Path base, List<String> columns) {
        this.csv = sibling(base, ".csv");
        this.jsonl = sibling(base, ".jsonl");
        this.columns = List.copyOf(columns);
    }

    static Path sibling(Path base, String suffix) {
        return base.resolveSibling(base.getFileName() + suffix);
    }

    public Path csv() {
        return csv;
    }

    public Path jsonl() {
        return jsonl;
    }

    /** Every row so far: kept ones first, then those written. */
    public List<Row> rows() {
        return rows;
    }

    /**
     * Opens the output for {@code combinations}; with {@code restart} false, rows already in
     * {@code BASE.jsonl} that belong to this sweep are kept. A file holding rows of another sweep is a
     * {@link SweepFileException}.
     */
    public static SweepOutput open(Path base, List<String> columns, List<Combination> combinations, List<String> params,
                                   boolean restart) {
        SweepOutput o = new SweepOutput(base, columns);
        if (!restart && Files.exists(o.jsonl)) {
            o.keep(combinations, params);
        }
        try {
            Path parent = o.csv.toAbsolutePath().getParent();
            Files.createDirectories(parent);
            o.rewrite(o.csv, RowFormat.csvHeader(columns), row -> RowFormat.csv(columns, row));
            o.rewrite(o.jsonl, "", RowFormat::jsonLine);
            o.csvOut = Files.newBufferedWriter(o.csv, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
            o.jsonOut = Files.newBufferedWriter(o.jsonl, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new SweepFileException("cannot write " + o.csv + ": " + e.getMessage());
        }
        return o;
    }

    private void keep(List<Combination> combinations, List<String> params) {
        String text;
        try {
            text = Files.readString(jsonl);
        } catch (IOException e) {
            throw new SweepFileException(jsonl + ": cannot read: " + e.getMessage());
        }
        int end = text.lastIndexOf('\n') + 1;   // a last line without its newline was cut off mid-write
        int i = 0;
        for (String line : text.substring(0, end).split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            String where = jsonl + ": line " + (i + 1);
            JsonNode n;
            try {
                n = RowFormat.json().readTree(line);
            } catch (IOException e) {
                throw new SweepFileException(where + ": not a JSON row; use --restart to start the sweep over");
            }
            if (i >= combinations.size() || !belongs(n, combinations.get(i), params)) {
                throw new SweepFileException(where + ": a row of another sweep (its parameters differ); use --restart "
                        + "to start over, or another --output");
            }
            Map<String, Object> values = new LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                values.put(e.getKey(), ResultColumns.value(e.getValue()));
            }
            rows.add(new Row(i, values));
            i++;
        }
    }

    private boolean belongs(JsonNode n, Combination c, List<String> params) {
        List<String> names = new ArrayList<>();
        n.fieldNames().forEachRemaining(names::add);
        if (!names.equals(columns) || n.path("index").asInt(-1) != c.index() || !n.path("launch").asText().equals(c.launch())) {
            return false;
        }
        for (String p : params) {
            JsonNode want = RowFormat.json().valueToTree(c.values().get(p));
            if (!n.path(p).toString().equals(want.toString())) {
                return false;
            }
        }
        return true;
    }

    private interface Render {
        String of(Map<String, Object> row);
    }

    /** Writes the kept rows through a temporary file, so a crash here loses nothing already kept. */
    private void rewrite(Path file, String header, Render render) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (BufferedWriter w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
            w.write(header);
            for (Row r : rows) {
                w.write(render.of(r.values()));
            }
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
    }

    /** Appends a row to both files and flushes them. */
    public void write(Row row) {
        try {
            csvOut.write(RowFormat.csv(columns, row.values()));
            csvOut.flush();
            jsonOut.write(RowFormat.jsonLine(row.values()));
            jsonOut.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        rows.add(row);
    }

    @Override
    public void close() {
        try {
            if (csvOut != null) {
                csvOut.close();
            }
            if (jsonOut != null) {
                jsonOut.close();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
