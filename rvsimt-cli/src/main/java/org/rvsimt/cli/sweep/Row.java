package org.rvsimt.cli.sweep;

import java.util.Map;

/**
 * One combination's result: columns in output order (parameters first), values typed for JSON (numbers, strings,
 * booleans, null: all serializable, so a row can come back from a cluster's executor).
 */
public record Row(int index, Map<String, Object> values) implements java.io.Serializable {
    public String status() {
        return String.valueOf(values.get("status"));
    }
}
