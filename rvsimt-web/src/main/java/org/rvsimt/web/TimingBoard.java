package org.rvsimt.web;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.rvsimt.core.api.Launch;
import org.rvsimt.core.exec.program.Program;
import org.rvsimt.device.DeviceModel;
import org.rvsimt.device.LaunchTiming;
import org.rvsimt.observe.SourceLines;
import org.rvsimt.timing.report.PcCounters;
import org.rvsimt.timing.report.TimingReport;
import org.rvsimt.timing.report.TimingReportFormat;

/**
 * The launch view's performance panel (timing.js): for each launch a client asked to time, the
 * model's report (the object of {@code rvsimt run --timing --json}) and the kernel's listing with
 * each instruction's stall warp-cycles. Published live as {@code timing} events, kept for the last
 * {@link #KEPT} timed launches, and counted by the metrics.
 */
final class TimingBoard {
    static final int KEPT = 10;

    private final EventHub hub;
    private final Consumer<TimingReport> metrics;
    private final ArrayDeque<Map<String, Object>> kept = new ArrayDeque<>();

    TimingBoard(EventHub hub, Consumer<TimingReport> metrics) {
        this.hub = hub;
        this.metrics = metrics;
    }

    /** {@code inner}, then this board, for every launch of device {@code device}. */
    DeviceModel.LaunchObserver observer(int device, DeviceModel.LaunchObserver inner) {
        return LaunchEnd.after(inner, (seq, launch, o) -> {
            if (o.diagnostics() != null && o.diagnostics().timing() != null) {
                timed(device + "." + seq, launch, o.diagnostics().timing(), o.diagnostics().lines());
            }
        });
    }

    private void timed(String id, Launch launch, LaunchTiming t, SourceLines lines) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("launch", id);
        m.put("kernel", launch.name());
        TimingReport r = t.report();
        if (r == null) {
            m.put("error", t.error());
        } else {
            metrics.accept(r);
            m.put("timing", TimingReportFormat.toMap(r, TimingReportFormat.SourcePlaces.of(lines)));
            m.put("listing", listing(launch.kernel().program(), r, lines));
        }
        synchronized (this) {
            kept.addFirst(m);
            while (kept.size() > KEPT) {
                kept.removeLast();
            }
        }
        hub.publish("timing", m);
    }

    /**
     * Every instruction of the kernel in address order: {@code [pc, disassembly, executed, stall
     * warp-cycles, top stall reason or null, source place or null]}.
     */
    private static List<Object[]> listing(Program p, TimingReport r, SourceLines lines) {
        Map<Integer, PcCounters> byPc = new HashMap<>();
        for (PcCounters c : r.perPc()) {
            byPc.put(c.pc(), c);
        }
        List<Object[]> rows = new ArrayList<>();
        for (int pc : LaunchBoard.pcs(p)) {
            PcCounters c = byPc.get(pc);
            rows.add(new Object[] {pc, p.disassemble(pc), c == null ? 0 : c.executed(), c == null ? 0 : c.stallCycles(),
                    c == null || c.topStall() == null ? null : c.topStall().label(),
                    lines.at(pc).map(SourceLines.Place::text).orElse(null)});
        }
        return rows;
    }

    /** Newest first. */
    synchronized List<Map<String, Object>> snapshot() {
        return new ArrayList<>(kept);
    }
}
