package org.rvsimt.core.api;

import java.util.List;
import org.rvsimt.core.fault.KernelFault;

/**
 * What a launch did.
 *
 * @param engine              engine that ran it
 * @param warpInstructions    instructions issued, counted once per warp
 * @param laneInstructions    instructions summed over active lanes
 * @param warpSize            lanes per warp, for the efficiency figure
 * @param wallNanos           host time of the launch
 * @param console             printf lines, prefixed by block and thread, in block order
 * @param exitCode            first non-zero exit code (ecall 93) in block order, else 0
 * @param fault               the fault that stopped the launch, or for a launch that ran to the end with a
 *                            non-zero exit code the {@code exit_code} fault; null when it succeeded
 * @param statistics          instruction mix, hottest pcs, divergence, memory traffic, barrier waits; null
 *                            when the device counts none ({@link Device#setStatistics})
 */
public record LaunchResult(Engine engine, long warpInstructions, long laneInstructions, int warpSize, long wallNanos,
                           List<String> console, int exitCode, KernelFault fault, LaunchStatistics statistics) {

    public boolean ok() {
        return fault == null;
    }

    /** {@code ok} or {@code fault}; checks of the outputs are the caller's. */
    public LaunchStatus status() {
        return ok() ? LaunchStatus.OK : LaunchStatus.FAULT;
    }

    /** Average active lanes per warp-instruction over the warp size (Nsight's warp execution efficiency). */
    public double simtEfficiency() {
        return warpInstructions == 0 ? 0 : (double) laneInstructions / ((double) warpInstructions * warpSize);
    }

    public double laneInstructionsPerSecond() {
        return wallNanos == 0 ? 0 : laneInstructions * 1e9 / wallNanos;
    }
}
