package org.rvsimt.timing;

import org.rvsimt.core.events.ExecutionConsumer;
import org.rvsimt.core.events.ExecutionListener;
import org.rvsimt.timing.config.GpuConfig;
import org.rvsimt.timing.model.CycleModel;
import org.rvsimt.timing.record.BlockSource;
import org.rvsimt.timing.record.TraceRecorder;
import org.rvsimt.timing.report.TimingReport;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * Times every launch of a device it is attached to ({@code Device.setEvents}). The cycle model
 * runs beside the launch on a thread of its own, taking the recorded blocks in index order as the
 * host threads finish them, and the launch's end waits for it (so a launch's wall time includes
 * the model). The model's input and its order are those of a finished recording, so the report is
 * the same as {@link TimingSession}'s; the one thing it assumes early, the first block's register
 * count and warps, is checked at the end, and the model runs again on the whole recording in the
 * rare launch whose later blocks differ. The device does not tell a consumer a launch's
 * shared-memory size, so occupancy here ignores shared memory; use {@link TimingSession} for that.
 */
public final class TimingConsumer implements ExecutionConsumer {
    private final GpuConfig config;
    private final int warpSize;
    private TraceRecorder recorder;
    private BlockSource feed;
    private FutureTask<TimingReport> model;
    private final List<TimingReport> reports = new ArrayList<>();

    public TimingConsumer(GpuConfig config, int warpSize) {
        this.config = config;
        this.warpSize = warpSize;
    }

    @Override
    public synchronized ExecutionListener listener(int hostThread, int hostThreads) {
        if (recorder == null) {
            TraceRecorder r = new TraceRecorder(config);
            BlockSource f = r.feed();
            recorder = r;
            feed = f;
            model = new FutureTask<>(() -> new CycleModel(config, f, warpSize, 0, r::flops).run());
            Thread t = new Thread(model, "rvsimt-timing-model");
            t.setDaemon(true);
            t.start();
        }
        return recorder.listener(hostThread, hostThreads);
    }

    @Override
    public synchronized void launchEnd(boolean faulted) {
        TraceRecorder r = recorder;
        FutureTask<TimingReport> m = model;
        recorder = null;
        model = null;
        if (r == null) {
            return;
        }
        r.endFeed();
        if (faulted) {
            m.cancel(true);
            return;
        }
        TimingReport report = await(m);
        if (!r.matchesAssumed(feed)) {
            report = new CycleModel(config, BlockSource.of(r.blocks(), r.pcs()), warpSize, 0, r::flops).run();
        }
        reports.add(report);
    }

    private static TimingReport await(FutureTask<TimingReport> m) {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return m.get();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The reports of the launches so far, in launch order. */
    public synchronized List<TimingReport> reports() {
        return List.copyOf(reports);
    }
}
