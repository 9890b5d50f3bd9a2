package org.rvsimt.cli.sweep;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;

/** How a row is written as a CSV record (RFC 4180) and as one JSON line. */
final class RowFormat {
    private static final ObjectMapper JSON = new ObjectMapper();

    private RowFormat() { }

    static String csvHeader(List<String> columns) {
        StringBuilder b = new StringBuilder();
        for (String c : columns) {
            if (b.length() > 0) {
                b.append(',');
            }
            b.append(csvField(c));
        }
        return b.append("\r\n").toString();
    }

    static String csv(List<String> columns, Map<String, Object> row) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < columns.size(); i++) {
            if (i > 0) {
                b.append(',');
            }
            Object v = row.get(columns.get(i));
            b.append(v == null ? "" : csvField(String.valueOf(v)));
        }
        return b.append("\r\n").toString();
    }

    /** Quoted when it holds a separator, a quote, a line break or edge spaces. */
    static String csvField(String s) {
        boolean quote = s.indexOf(',') >= 0 || s.indexOf('"') >= 0 || s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0
                || !s.equals(s.strip());
        return quote ? '"' + s.replace("\"", "\"\"") + '"' : s;
    }

    static String jsonLine(Map<String, Object> row) {
        try {
            return JSON.writeValueAsString(row) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static ObjectMapper json() {
        return JSON;
    }
}
