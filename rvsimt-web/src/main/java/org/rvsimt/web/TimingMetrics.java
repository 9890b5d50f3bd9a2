package org.rvsimt.web;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import org.rvsimt.timing.model.StallReason;
import org.rvsimt.timing.report.TimingReport;

/**
 * The performance model's metrics of timed launches (docs/web-ui.md): counters summed over them and
 * gauges of the last one, each named after the Nsight Compute metric it stands for (Prometheus
 * names cannot hold Nsight's dots and double underscores, so the names are rvsimt's own and the
 * help text gives Nsight's).
 */
final class TimingMetrics {
    private final Counter launches;
    private final Counter cycles;
    private final Counter warpInstructions;
    private final Counter stallCycles;
    private final Counter dramBytes;
    private final Counter bankConflicts;
    private final Gauge lastCycles;
    private final Gauge lastSeconds;
    private final Gauge lastIpc;
    private final Gauge lastIssuedIpc;
    private final Gauge lastOccupancy;
    private final Gauge lastL1;
    private final Gauge lastL2;
    private final Gauge lastSectors;
    private final Gauge lastDram;
    private final Gauge lastConflicts;
    private final Gauge lastStalls;

    TimingMetrics(PrometheusRegistry registry) {
        launches = Counter.builder().name("rvsimt_timing_launches_total")
                .help("Launches timed by the performance model, by GPU configuration").labelNames("gpu")
                .register(registry);
        cycles = Counter.builder().name("rvsimt_timing_cycles_total")
                .help("Model cycles of timed launches (Nsight gpc__cycles_elapsed.max, summed)").register(registry);
        warpInstructions = Counter.builder().name("rvsimt_timing_warp_instructions_total")
                .help("Warp-instructions the model issued (Nsight smsp__inst_executed.sum)").register(registry);
        stallCycles = Counter.builder().name("rvsimt_timing_stall_warp_cycles_total")
                .help("Warp-cycles by warp state (Nsight smsp__pcsamp_warps_issue_stalled_<reason>)")
                .labelNames("reason").register(registry);
        dramBytes = Counter.builder().name("rvsimt_timing_dram_bytes_total")
                .help("DRAM bytes by direction (Nsight dram__bytes_read.sum, dram__bytes_write.sum)")
                .labelNames("direction").register(registry);
        bankConflicts = Counter.builder().name("rvsimt_timing_shared_bank_conflicts_total")
                .help("Extra shared-memory passes (Nsight l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum)")
                .register(registry);
        lastCycles = gauge(registry, "cycles", "Model cycles (Nsight gpc__cycles_elapsed.max)");
        lastSeconds = gauge(registry, "duration_seconds", "Cycles at the configuration's clock (Nsight gpu__time_duration.sum)");
        lastIpc = gauge(registry, "ipc",
                "Warp-instructions executed per compute unit and active cycle (Nsight sm__inst_executed.avg.per_cycle_active)");
        lastIssuedIpc = gauge(registry, "issued_ipc",
                "Issue slots used per compute unit and active cycle (Nsight sm__inst_issued.avg.per_cycle_active)");
        lastOccupancy = Gauge.builder().name("rvsimt_timing_last_launch_occupancy")
                .help("Resident warps over warp slots, achieved (Nsight sm__warps_active.avg.pct_of_peak_sustained_active"
                        + " / 100) and theoretical (sm__maximum_warps_per_active_cycle_pct / 100)")
                .labelNames("kind").register(registry);
        lastL1 = gauge(registry, "l1_hit_ratio", "L1 sector hit rate of loads (Nsight l1tex__t_sector_hit_rate.pct / 100)");
        lastL2 = gauge(registry, "l2_hit_ratio", "L2 sector hit rate (Nsight lts__t_sector_hit_rate.pct / 100)");
        lastSectors = gauge(registry, "sectors_per_request",
                "Unique 32-byte sectors per global memory instruction (Nsight l1tex__average_t_sectors_per_request)");
        lastDram = gauge(registry, "dram_bytes", "DRAM bytes read and written (Nsight dram__bytes.sum)");
        lastConflicts = gauge(registry, "shared_bank_conflicts",
                "Extra shared-memory passes (Nsight l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum)");
        lastStalls = Gauge.builder().name("rvsimt_timing_last_launch_stall_warp_cycles")
                .help("Warp-cycles by warp state (Nsight smsp__pcsamp_warps_issue_stalled_<reason>)")
                .labelNames("reason").register(registry);
        for (StallReason r : StallReason.values()) {
            // every state from the start, so a query by reason finds its series before the first launch
            stallCycles.labelValues(r.label());
        }
    }

    private static Gauge gauge(PrometheusRegistry registry, String name, String help) {
        return Gauge.builder().name("rvsimt_timing_last_launch_" + name).help(help + ", last timed launch")
                .register(registry);
    }

    void launchTimed(TimingReport r) {
        launches.labelValues(r.gpu()).inc();
        cycles.inc(r.cycles());
        warpInstructions.inc(r.warpInstructions());
        r.stalls().forEach((reason, v) -> {
            stallCycles.labelValues(reason.label()).inc(v);
            lastStalls.labelValues(reason.label()).set(v);
        });
        dramBytes.labelValues("read").inc(r.dramReadBytes());
        dramBytes.labelValues("write").inc(r.dramWriteBytes());
        bankConflicts.inc(r.bankConflicts());
        lastCycles.set(r.cycles());
        lastSeconds.set(r.durationMicros() / 1e6);
        lastIpc.set(r.executedIpc());
        lastIssuedIpc.set(r.issuedIpc());
        lastOccupancy.labelValues("achieved").set(r.achievedOccupancy());
        lastOccupancy.labelValues("theoretical").set(r.theoreticalOccupancy());
        lastL1.set(r.l1HitRate());
        lastL2.set(r.l2HitRate());
        lastSectors.set(r.sectorsPerRequest());
        lastDram.set(r.dramBytes());
        lastConflicts.set(r.bankConflicts());
    }
}
