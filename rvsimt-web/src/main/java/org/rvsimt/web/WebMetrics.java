package org.rvsimt.web;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.CounterWithCallback;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import org.rvsimt.core.trace.Tracer;
import org.rvsimt.timing.report.TimingReport;

/**
 * The Prometheus metrics of {@code rvsimt serve}, written in text exposition format 0.0.4 by the
 * Prometheus Java client (its counters get the {@code _total} suffix on exposition). The names are
 * a contract: docs/web-ui.md lists them and docs/grafana-rvsimt.json queries them.
 */
public final class WebMetrics {
    public static final String CONTENT_TYPE = PrometheusTextFormatWriter.CONTENT_TYPE;

    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final PrometheusTextFormatWriter writer = PrometheusTextFormatWriter.create();
    private final List<Tracer> tracers = new CopyOnWriteArrayList<>();
    private final Counter launches;
    private final Counter faults;
    private final Counter warpInstructions;
    private final Counter laneInstructions;
    private final Gauge lanePerSecond;
    private final Gauge simtEfficiency;
    private final Gauge wallSeconds;
    private final TimingMetrics timing;

    WebMetrics(IntSupplier runningLaunches, IntSupplier webClients, LongSupplier webDropped, DropCounts live) {
        launches = Counter.builder().name("rvsimt_launches_total")
                .help("Kernel launches that ended, by status (ok, fault, error)").labelNames("status")
                .register(registry);
        faults = Counter.builder().name("rvsimt_faults_total")
                .help("Launches that ended in a fault, by fault kind").labelNames("kind").register(registry);
        warpInstructions = Counter.builder().name("rvsimt_warp_instructions_total")
                .help("Warp-instructions issued (one per warp per instruction)").register(registry);
        laneInstructions = Counter.builder().name("rvsimt_lane_instructions_total")
                .help("Lane-instructions executed (active lanes summed over warp-instructions)").register(registry);
        lanePerSecond = Gauge.builder().name("rvsimt_last_launch_lane_instructions_per_second")
                .help("Simulated lane-instructions per host second of the last launch").register(registry);
        simtEfficiency = Gauge.builder().name("rvsimt_last_launch_simt_efficiency")
                .help("SIMT efficiency of the last launch: lane-instructions / (warp-instructions x warp size)")
                .register(registry);
        wallSeconds = Gauge.builder().name("rvsimt_last_launch_wall_seconds")
                .help("Host time of the last launch in seconds").register(registry);
        GaugeWithCallback.builder().name("rvsimt_launches_running").help("Launches running now")
                .callback(cb -> cb.call(runningLaunches.getAsInt())).register(registry);
        GaugeWithCallback.builder().name("rvsimt_web_clients").help("Browsers connected to the live event stream")
                .callback(cb -> cb.call(webClients.getAsInt())).register(registry);
        CounterWithCallback.builder().name("rvsimt_trace_records_dropped_total")
                .help("Trace records dropped because a consumer fell behind, by stage: the tracers' fast and "
                        + "slow channels, and the live stream of browsers that read too slowly")
                .labelNames("stage")
                .callback(cb -> {
                    long fast = live.rows.sum();
                    long slow = live.events.sum();
                    for (Tracer t : tracers) {
                        long[] d = t.dropped();
                        fast += d[0];
                        slow += d[1];
                    }
                    cb.call(fast, "fast");
                    cb.call(slow, "slow");
                    cb.call(webDropped.getAsLong(), "web");
                }).register(registry);
        timing = new TimingMetrics(registry);
    }

    /** Adds the drops of another tracer of the server (e.g. a binary trace writer) to the counter. */
    public void countDropsOf(Tracer t) {
        tracers.add(t);
    }

    void launchFinished(LaunchRecord r) {
        launches.labelValues(r.status()).inc();
        if (r.faultKind() != null) {
            faults.labelValues(r.faultKind()).inc();
        }
        warpInstructions.inc(r.warpInstructions());
        laneInstructions.inc(r.laneInstructions());
        lanePerSecond.set(r.laneInstructionsPerSecond());
        simtEfficiency.set(r.simtEfficiency());
        wallSeconds.set(r.wallMs() / 1e3);
    }

    /** Counts a launch the performance model timed (its client asked for it). */
    void launchTimed(TimingReport r) {
        timing.launchTimed(r);
    }

    void write(OutputStream out) throws IOException {
        writer.write(out, registry.scrape());
    }
}
