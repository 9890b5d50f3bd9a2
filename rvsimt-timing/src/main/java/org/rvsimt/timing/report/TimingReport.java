package org.rvsimt.timing.report;

import org.rvsimt.timing.model.StallReason;

import java.util.List;
import java.util.Map;

/**
 * The performance model's answer for one launch, with Nsight Compute's names where one exists.
 * IPC is per compute unit and active cycle (sm__inst_executed.avg.per_cycle_active).
 *
 * @param gpu                 the configuration's name
 * @param clockMhz            its core clock
 * @param cycles              from the first dispatch to the last warp's end
 * @param warpInstructions    warp-instructions executed
 * @param issueSlots          issue slots used: instructions plus the extra passes of memory
 *                            instructions (one per extra 128-byte line, one per bank conflict)
 * @param activeCycles        cycles summed over compute units with at least one resident block
 * @param schedulersPerCu     issue slots per compute unit and cycle
 * @param stalls              warp-cycles by state
 * @param theoreticalOccupancy resident warps the limits allow over warp slots
 * @param achievedOccupancy   average resident warps over warp slots, in active cycles
 * @param limiter             the resource that limits resident blocks
 * @param blocksPerCu         resident blocks the limits allow
 * @param registersPerThread  registers the kernel's code uses
 * @param l1Accesses          L1 sector lookups of loads
 * @param l1Hits              of them hits
 * @param l2Accesses          L2 sector accesses (L1 misses, stores, atomics)
 * @param l2Hits              of them hits
 * @param globalRequests      global and local memory warp-instructions
 * @param sectors             sectors they touched
 * @param dramReadBytes       bytes read from DRAM
 * @param dramWriteBytes      bytes written to DRAM (evictions and the final write-back)
 * @param sharedRequests      shared-memory warp-instructions
 * @param bankConflicts       extra shared-memory passes
 * @param atomicSerialized    atomic lane operations that waited for another lane on the same address
 * @param flops               floating-point operations (FMA = 2)
 * @param peakFlopsPerCycle   the configuration's FMA peak
 * @param peakBytesPerCycle   the configuration's DRAM bandwidth
 * @param perPc               source counters, most stalled first
 */
public record TimingReport(String gpu, double clockMhz, long cycles, long warpInstructions, long issueSlots,
                           long activeCycles, int schedulersPerCu, Map<StallReason, Long> stalls,
                           double theoreticalOccupancy, double achievedOccupancy, String limiter, int blocksPerCu,
                           int registersPerThread, long l1Accesses, long l1Hits, long l2Accesses, long l2Hits,
                           long globalRequests, long sectors, long dramReadBytes, long dramWriteBytes,
                           long sharedRequests, long bankConflicts, long atomicSerialized, long flops,
                           double peakFlopsPerCycle, double peakBytesPerCycle, List<PcCounters> perPc) {

    public double durationMicros() {
        return cycles / clockMhz;
    }

    public double executedIpc() {
        return activeCycles == 0 ? 0 : (double) warpInstructions / activeCycles;
    }

    public double issuedIpc() {
        return activeCycles == 0 ? 0 : (double) issueSlots / activeCycles;
    }

    /** Issue slots that issued an instruction, over all slots (schedulers x active cycles). */
    public double issueSlotUtilization() {
        return executedIpc() / schedulersPerCu;
    }

    public double l1HitRate() {
        return l1Accesses == 0 ? 0 : (double) l1Hits / l1Accesses;
    }

    public double l2HitRate() {
        return l2Accesses == 0 ? 0 : (double) l2Hits / l2Accesses;
    }

    public double sectorsPerRequest() {
        return globalRequests == 0 ? 0 : (double) sectors / globalRequests;
    }

    public long dramBytes() {
        return dramReadBytes + dramWriteBytes;
    }

    /** GB/s at the configured clock. */
    public double dramBandwidth() {
        return cycles == 0 ? 0 : dramBytes() / durationMicros() / 1e3;
    }

    public double arithmeticIntensity() {
        return dramBytes() == 0 ? 0 : (double) flops / dramBytes();
    }

    public double gflops() {
        return cycles == 0 ? 0 : flops / durationMicros() / 1e3;
    }

    public double peakGflops() {
        return peakFlopsPerCycle * clockMhz / 1e3;
    }

    public double peakBandwidth() {
        return peakBytesPerCycle * clockMhz / 1e3;
    }

    /** Warp-cycles of all states (including selected). */
    public long warpCycles() {
        return stalls.values().stream().mapToLong(Long::longValue).sum();
    }
}
