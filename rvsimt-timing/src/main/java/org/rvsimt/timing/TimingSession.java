package org.rvsimt.timing;

import org.rvsimt.core.events.ExecutionConsumer;
import org.rvsimt.timing.config.GpuConfig;
import org.rvsimt.timing.model.CycleModel;
import org.rvsimt.timing.record.BlockSource;
import org.rvsimt.timing.record.TraceRecorder;
import org.rvsimt.timing.report.TimingReport;
import org.rvsimt.timing.timeline.TimelineListener;

/**
 * Timing one launch: attach {@link #consumer()} to the launch's events, run it, then {@link #report}.
 *
 * <pre>{@code
 * TimingSession t = new TimingSession(GpuConfigReader.preset("volta"));
 * gpu.launch(launch.toBuilder().events(t.consumer()).build());
 * TimingReport r = t.report(32, launch.sharedBytes());
 * }</pre>
 */
public final class TimingSession {
    private final GpuConfig config;
    private final TraceRecorder recorder;

    public TimingSession(GpuConfig config) {
        this.config = config;
        this.recorder = new TraceRecorder(config);
    }

    public GpuConfig config() {
        return config;
    }

    /** The consumer to attach to the launch. */
    public ExecutionConsumer consumer() {
        return recorder;
    }

    /**
     * Runs the cycle model on what the launch recorded.
     *
     * @param warpSize       lanes per warp of the functional run
     * @param sharedPerBlock shared-memory bytes per block
     * @throws IllegalArgumentException when a block does not fit a compute unit of the configuration
     */
    public TimingReport report(int warpSize, int sharedPerBlock) {
        return report(warpSize, sharedPerBlock, null);
    }

    /**
     * {@link #report(int, int)}, telling {@code timeline} (null: nothing) what every warp did when,
     * for a timeline view such as {@link org.rvsimt.timing.timeline.PerfettoTimeline}.
     */
    public TimingReport report(int warpSize, int sharedPerBlock, TimelineListener timeline) {
        return new CycleModel(config, BlockSource.of(recorder.blocks(), recorder.pcs()), warpSize, sharedPerBlock,
                recorder::flops).timeline(timeline).run();
    }
}
