package org.rvsimt.cli.sweep;

import java.util.Map;

/** One combination's result: columns in output order (parameters first), values typed for JSON. */
public record Row(int index, Map<String, Object> values) {
    public String status() {
        return String.valueOf(values.get("status"));
    }
}
