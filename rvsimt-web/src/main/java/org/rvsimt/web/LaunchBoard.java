package org.rvsimt.web;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.Launch;
import org.rvsimt.core.api.LaunchStatus;
import org.rvsimt.core.fault.KernelFault;
import org.rvsimt.core.exec.program.Program;
import org.rvsimt.device.DeviceModel;

/**
 * Launch status and history of every device: fed by the devices' launch observers, read by
 * {@code /api/state}, published live as {@code launch} events, counted by the metrics.
 */
final class LaunchBoard {
    static final int HISTORY = 100;
    /** Longest kernel listing sent to the page (instructions); the heat view of longer kernels is cut. */
    static final int LISTING_LIMIT = 4096;

    private final EventHub hub;
    private final Consumer<LaunchRecord> onFinished;
    private final Map<String, LaunchRecord> running = new LinkedHashMap<>();
    private final ArrayDeque<LaunchRecord> history = new ArrayDeque<>();
    private Map<String, Object> latestListing;

    LaunchBoard(EventHub hub, Consumer<LaunchRecord> onFinished) {
        this.hub = hub;
        this.onFinished = onFinished;
    }

    DeviceModel.LaunchObserver observer(int device, int warpSize) {
        return new DeviceModel.LaunchObserver() {
            @Override
            public void launchStarted(int seq, Launch launch) {
                started(device, seq, launch, warpSize);
            }

            @Override
            public void launchFinished(int seq, Launch launch, DeviceModel.Outcome o, KernelFault fault) {
                finished(device, seq, o, fault);
            }
        };
    }

    private void started(int device, int seq, Launch launch, int warpSize) {
        Dim3 g = launch.grid();
        Dim3 b = launch.block();
        LaunchRecord r = LaunchRecord.running(device, seq, launch.name(), new int[] {g.x(), g.y(), g.z()},
                new int[] {b.x(), b.y(), b.z()}, warpSize);
        Map<String, Object> listing = listing(device, seq, launch.kernel().program());
        synchronized (this) {
            running.put(r.id(), r);
            latestListing = listing;
        }
        hub.publish("launch", Map.of("launch", r, "listing", listing));
    }

    private void finished(int device, int seq, DeviceModel.Outcome o, KernelFault fault) {
        LaunchRecord r;
        synchronized (this) {
            LaunchRecord start = running.remove(device + "." + seq);
            if (start == null) {
                return;     // started before the board was attached
            }
            r = start.finished(status(o).label(), o.ok() ? null : o.faultKind(), o.message(), faultFields(o, fault),
                    o.wallNanos(), o.warpInstructions(), o.laneInstructions(), o.console());
            history.addFirst(r);
            while (history.size() > HISTORY) {
                history.removeLast();
            }
        }
        onFinished.accept(r);
        hub.publish("launch", Map.of("launch", r));
    }

    /** As in docs/cli.md: ok, fault (any fault kind, exit codes included) or error (the engine itself failed). */
    static LaunchStatus status(DeviceModel.Outcome o) {
        if (o.ok()) {
            return LaunchStatus.OK;
        }
        return o.faultKind().equals("internal") ? LaunchStatus.ERROR : LaunchStatus.FAULT;
    }

    private static Map<String, Object> faultFields(DeviceModel.Outcome o, KernelFault fault) {
        if (fault != null) {
            return Json.fields(fault);
        }
        if (o.ok()) {
            return null;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kind", o.faultKind());
        m.put("message", o.message());
        return m;
    }

    private static Map<String, Object> listing(int device, int seq, Program p) {
        List<Object[]> lines = new ArrayList<>();
        for (int pc : pcs(p)) {
            lines.add(new Object[] {pc, p.disassemble(pc)});
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("device", device);
        m.put("seq", seq);
        m.put("lines", lines);
        return m;
    }

    /** The pcs of the kernel's instructions in address order, at most {@link #LISTING_LIMIT} of them. */
    static List<Integer> pcs(Program p) {
        List<Integer> pcs = new ArrayList<>();
        for (int pc = p.base(); pc < p.end() && pcs.size() < LISTING_LIMIT; pc = p.next(pc)) {
            pcs.add(pc);
        }
        return pcs;
    }

    synchronized int runningCount() {
        return running.size();
    }

    /** The launches running now, the history (newest first) and the latest launch's listing (or null). */
    record Snapshot(List<LaunchRecord> running, List<LaunchRecord> history, Map<String, Object> listing) { }

    synchronized Snapshot snapshot() {
        return new Snapshot(new ArrayList<>(running.values()), new ArrayList<>(history), latestListing);
    }
}
