package org.rvsimt.cli.sweep;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rvsimt.timing.model.StallReason;

/**
 * The result columns of a sweep row and where each comes from in {@code rvsimt run --json}
 * (docs/cli.md, docs/timing.md). The set is fixed per sweep (timing columns only when the sweep is
 * timed), so a CSV header can be written before the first row and every row has every column.
 * Host wall time is left out on purpose: a row is a function of its combination alone, so a resumed
 * or re-run sweep gives the same file.
 */
public final class ResultColumns {
    private ResultColumns() { }

    /** Columns every row has, from the launch's JSON by dotted path (null: computed below). */
    private static final String[][] BASE = {
        {"status", null}, {"exit_code", null}, {"error", null},
        {"checks_passed", null}, {"checks_failed", null}, {"findings", null},
        {"warp_instructions", "warp_instructions"}, {"lane_instructions", "lane_instructions"},
        {"simt_efficiency", "simt_efficiency"},
        {"global_read_bytes", "stats.memory_bytes.global.read"}, {"global_written_bytes", "stats.memory_bytes.global.written"},
        {"shared_read_bytes", "stats.memory_bytes.shared.read"}, {"shared_written_bytes", "stats.memory_bytes.shared.written"},
        {"divergent_branches", null}, {"barrier_wait_slots", "stats.barrier_wait_slots"},
        {"fault_kind", "fault.kind"}, {"fault_pc", "fault.pc"},
    };

    private static final String[][] TIMING = {
        {"cycles", "timing.cycles"}, {"duration_us", "timing.duration_us"}, {"ipc", "timing.ipc"},
        {"issue_slot_utilization", "timing.issue_slot_utilization"},
        {"occupancy_achieved", "timing.occupancy.achieved"}, {"occupancy_theoretical", "timing.occupancy.theoretical"},
        {"occupancy_limiter", "timing.occupancy.limiter"},
        {"l1_hit_rate", "timing.l1.hit_rate"}, {"l2_hit_rate", "timing.l2.hit_rate"},
        {"dram_bytes", "timing.dram.bytes"}, {"dram_bandwidth_gbps", "timing.dram.bandwidth_gbps"},
        {"sectors_per_request", "timing.sectors_per_request"}, {"shared_bank_conflicts", "timing.shared.bank_conflicts"},
        {"atomics_serialized", "timing.atomics_serialized"},
    };

    /** The result column names, in output order. */
    public static List<String> names(boolean timing) {
        List<String> out = new ArrayList<>();
        for (String[] c : BASE) {
            out.add(c[0]);
        }
        if (timing) {
            for (String[] c : TIMING) {
                out.add(c[0]);
            }
            for (StallReason s : StallReason.values()) {
                out.add("stall_" + s.label());
            }
        }
        return out;
    }

    /**
     * The result columns of one launch: {@code json} is its {@code run --json} object (null when it
     * printed none), {@code exitCode} its exit code and {@code stderr} what it printed there.
     */
    public static Map<String, Object> of(JsonNode json, int exitCode, String stderr, boolean timing) {
        Map<String, Object> o = new LinkedHashMap<>();
        for (String name : names(timing)) {
            o.put(name, null);
        }
        o.put("exit_code", exitCode);
        if (json == null) {
            o.put("status", "error");
            o.put("error", firstLine(stderr.isBlank() ? "no result (exit code " + exitCode + ")" : stderr));
            return o;
        }
        o.put("status", text(json.get("status")));
        for (String[] c : BASE) {
            if (c[1] != null) {
                o.put(c[0], value(at(json, c[1])));
            }
        }
        JsonNode checks = json.get("checks");
        if (checks != null && checks.isArray()) {
            int pass = 0;
            for (JsonNode c : checks) {
                pass += c.path("pass").asBoolean() ? 1 : 0;
            }
            o.put("checks_passed", pass);
            o.put("checks_failed", checks.size() - pass);
        }
        JsonNode findings = json.get("findings");
        if (findings != null) {
            o.put("findings", findingCount(findings));
        }
        JsonNode divergence = at(json, "stats.divergence");
        if (divergence != null && divergence.isArray()) {
            o.put("divergent_branches", divergence.size());
        }
        String error = null;
        if (json.hasNonNull("message")) {
            error = json.get("message").asText();
        } else if (json.has("fault")) {
            JsonNode f = json.get("fault");
            error = f.path("kind").asText() + " at " + f.path("pc").asText() + ": " + f.path("message").asText();
        } else if (!stderr.isBlank()) {
            error = stderr;
        }
        o.put("error", error == null ? null : firstLine(error));
        if (timing) {
            for (String[] c : TIMING) {
                o.put(c[0], value(at(json, c[1])));
            }
            for (StallReason s : StallReason.values()) {
                o.put("stall_" + s.label(), value(at(json, "timing.stalls." + s.label())));
            }
        }
        return o;
    }

    /** Error-level findings of {@code --check} (their JSON is a list, or an object holding one). */
    private static int findingCount(JsonNode findings) {
        if (findings.isArray()) {
            return findings.size();
        }
        JsonNode list = findings.path("findings");
        if (list.isArray()) {
            return list.size();
        }
        JsonNode errors = findings.path("errors");
        return errors.isNumber() ? errors.asInt() : 0;
    }

    static String firstLine(String s) {
        String line = s.strip().lines().findFirst().orElse("");
        return line.startsWith("rvsimt: ") ? line.substring(8) : line;
    }

    private static JsonNode at(JsonNode n, String path) {
        for (String p : path.split("\\.")) {
            if (n == null) {
                return null;
            }
            n = n.get(p);
        }
        return n;
    }

    private static String text(JsonNode n) {
        return n == null || n.isNull() ? null : n.asText();
    }

    /** A JSON leaf as a Java value rows can hold; non-finite numbers become null (JSON has none). */
    static Object value(JsonNode n) {
        if (n == null || n.isNull() || n.isContainerNode()) {
            return null;
        }
        if (n.isIntegralNumber()) {
            return n.asLong();
        }
        if (n.isNumber()) {
            double d = n.asDouble();
            return Double.isFinite(d) ? d : null;
        }
        if (n.isBoolean()) {
            return n.asBoolean();
        }
        return n.asText();
    }
}
