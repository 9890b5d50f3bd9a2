package org.rvsimt.timing.config;

import java.util.Map;

/**
 * Every parameter of the performance model (docs/timing.md lists them with their meaning).
 *
 * @param name            the preset's or file's name, for the report
 * @param computeUnits    compute units (SMs)
 * @param warpsPerCu      resident warps per compute unit
 * @param blocksPerCu     resident blocks per compute unit
 * @param registersPerCu  32-bit registers per compute unit, shared by the resident threads
 * @param schedulersPerCu warp schedulers per compute unit; warp slot w belongs to scheduler w mod S
 * @param scheduler       the schedulers' policy
 * @param clockMhz        core clock, for durations and bandwidths
 * @param latency         cycles from issue to result, per pipe
 * @param initiation      cycles before the same scheduler's pipe takes the next instruction
 * @param shared          shared memory
 * @param l1              the L1 data cache of each compute unit
 * @param l2              the L2 shared by all compute units
 * @param dram            device memory
 */
public record GpuConfig(String name, int computeUnits, int warpsPerCu, int blocksPerCu, int registersPerCu,
                        int schedulersPerCu, SchedulerPolicy scheduler, double clockMhz,
                        Map<OpClass, Integer> latency, Map<OpClass, Integer> initiation,
                        SharedConfig shared, CacheConfig l1, CacheConfig l2, DramConfig dram) {
    public GpuConfig {
        latency = Map.copyOf(latency);
        initiation = Map.copyOf(initiation);
    }

    public int latencyOf(OpClass c) {
        return latency.get(c);
    }

    public int initiationOf(OpClass c) {
        return initiation.get(c);
    }

    /** A copy with another name (a file based on a preset). */
    public GpuConfig named(String n) {
        return new GpuConfig(n, computeUnits, warpsPerCu, blocksPerCu, registersPerCu, schedulersPerCu, scheduler,
                clockMhz, latency, initiation, shared, l1, l2, dram);
    }
}
