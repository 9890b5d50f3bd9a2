package org.rvsimt.web;

import java.util.List;
import java.util.Map;

/**
 * One launch as the page and the history show it.
 *
 * @param state                     running or finished
 * @param status                    status (docs/cli.md) once finished (ok, fault, error), else null
 * @param faultKind                 the fault kind (out_of_bounds, exit_code, cancelled...), or null
 * @param fault                     every field of the engine's fault report (generic, so new fields show), or null
 * @param simtEfficiency            lane-instructions / (warp-instructions x warp size)
 * @param laneInstructionsPerSecond simulated lane-instructions per host second
 */
public record LaunchRecord(int device, int seq, String kernel, int[] grid, int[] block, int warpSize, String state,
                           String status, String faultKind, String message, Map<String, Object> fault,
                           long startedMillis, double wallMs, long warpInstructions, long laneInstructions,
                           double simtEfficiency, double laneInstructionsPerSecond, List<String> console) {

    static LaunchRecord running(int device, int seq, String kernel, int[] grid, int[] block, int warpSize) {
        return new LaunchRecord(device, seq, kernel, grid.clone(), block.clone(), warpSize, "running", null, null, null,
                null, System.currentTimeMillis(), 0, 0, 0, 0, 0, List.of());
    }

    LaunchRecord finished(String status, String faultKind, String message, Map<String, Object> fault, long wallNanos,
                          long warp, long lane, List<String> console) {
        double efficiency = warp == 0 ? 0 : (double) lane / ((double) warp * warpSize);
        double perSecond = wallNanos == 0 ? 0 : lane * 1e9 / wallNanos;
        return new LaunchRecord(device, seq, kernel, grid, block, warpSize, "finished", status, faultKind, message, fault,
                startedMillis, wallNanos / 1e6, warp, lane, efficiency, perSecond, List.copyOf(console));
    }

    /** "device.seq": unique in one server. */
    public String id() {
        return device + "." + seq;
    }
}
