package org.rvsimt.web;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rvsimt.core.api.Launch;
import org.rvsimt.device.DeviceModel;
import org.rvsimt.device.LaunchDiagnostics;
import org.rvsimt.observe.SourceProfile;
import org.rvsimt.observe.checks.Check;
import org.rvsimt.observe.checks.CheckResult;

/**
 * The launch view's findings and source view: for each finished launch, what its sanitizer checks
 * found (launches run with LAUNCH_CHECKED) and its instruction counts per source line (kernels
 * loaded as ELF files with DWARF lines). Published live as {@code diagnostics} events and kept for
 * the last {@link LaunchBoard#HISTORY} launches that have either.
 */
final class DiagnosticsBoard {
    /** Source lines sent per launch; a kernel with more has the rest cut. */
    static final int SOURCE_LIMIT = 2000;

    private final EventHub hub;
    private final ArrayDeque<Map<String, Object>> kept = new ArrayDeque<>();

    DiagnosticsBoard(EventHub hub) {
        this.hub = hub;
    }

    /** {@code inner} (the launch board's observer), then this board, for every launch of device {@code device}. */
    DeviceModel.LaunchObserver observer(int device, DeviceModel.LaunchObserver inner) {
        return LaunchEnd.after(inner, (seq, launch, o) -> finished(device, seq, launch, o.diagnostics()));
    }

    private void finished(int device, int seq, Launch launch, LaunchDiagnostics d) {
        if (d == null || d.checks() == null && !d.lines().known()) {
            return;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("launch", device + "." + seq);
        m.put("kernel", launch.name());
        CheckResult c = d.checks();
        m.put("checks", c == null ? null : c.checks().stream().map(Check::label).toList());
        m.put("errors", c == null ? 0 : c.errors());
        m.put("warnings", c == null ? 0 : c.warnings());
        m.put("findings", c == null ? List.of() : c.json(d.lines()));
        List<Map<String, Object>> source = new ArrayList<>();
        for (SourceProfile.Line l : SourceProfile.of(d.statistics(), d.lines())) {
            if (source.size() < SOURCE_LIMIT) {
                source.add(l.toMap());
            }
        }
        m.put("source", source);
        synchronized (this) {
            kept.addFirst(m);
            while (kept.size() > LaunchBoard.HISTORY) {
                kept.removeLast();
            }
        }
        hub.publish("diagnostics", m);
    }

    /** Newest first. */
    synchronized List<Map<String, Object>> snapshot() {
        return new ArrayList<>(kept);
    }
}
