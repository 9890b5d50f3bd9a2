package org.rvsimt.timing;

import org.rvsimt.core.events.ExecutionConsumer;
import org.rvsimt.core.events.ExecutionListener;
import org.rvsimt.timing.config.GpuConfig;
import org.rvsimt.timing.model.CycleModel;
import org.rvsimt.timing.record.TraceRecorder;
import org.rvsimt.timing.report.TimingReport;

import java.util.ArrayList;
import java.util.List;

/**
 * Times every launch of a device it is attached to ({@code Device.setEvents}): each launch is
 * recorded, and at its end the cycle model runs on it (inside the launch, so a launch's wall time
 * includes the model). The device does not tell a consumer a launch's shared-memory size, so
 * occupancy here ignores shared memory; use {@link TimingSession} for a single launch.
 */
public final class TimingConsumer implements ExecutionConsumer {
    private final GpuConfig config;
    private final int warpSize;
    private TraceRecorder recorder;
    private final List<TimingReport> reports = new ArrayList<>();

    public TimingConsumer(GpuConfig config, int warpSize) {
        this.config = config;
        this.warpSize = warpSize;
    }

    @Override
    public synchronized ExecutionListener listener(int hostThread, int hostThreads) {
        if (recorder == null) {
            recorder = new TraceRecorder(config);
        }
        return recorder.listener(hostThread, hostThreads);
    }

    @Override
    public synchronized void launchEnd(boolean faulted) {
        TraceRecorder r = recorder;
        recorder = null;
        if (r != null && !faulted) {
            reports.add(new CycleModel(config, r.blocks(), r.pcs(), warpSize, 0, r.flops()).run());
        }
    }

    /** The reports of the launches so far, in launch order. */
    public synchronized List<TimingReport> reports() {
        return List.copyOf(reports);
    }
}
