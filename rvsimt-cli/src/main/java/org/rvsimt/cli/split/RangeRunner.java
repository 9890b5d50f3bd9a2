package org.rvsimt.cli.split;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.LaunchResult;

/**
 * Runs one block range of a split launch (on an executor, or in this process): a fresh device holding the
 * launch's input image runs the range, and the result is what changed in its memory.
 */
public final class RangeRunner {
    private RangeRunner() { }

    /** Runs {@code range} of {@code job} on {@code threads} host threads. */
    public static RangeResult run(SplitLaunch job, BlockRange range, int threads) {
        byte[] input = job.input();
        try (Device device = Device.open(job.config(threads))) {
            byte[] memory = device.memory();
            System.arraycopy(input, 0, memory, 0, input.length);
            AtomicWatch watch = job.hasAtomics() ? new AtomicWatch(input.length) : null;
            LaunchResult r = device.launch(job.launch(range, watch));
            String refusal = watch != null ? watch.refusal() : null;
            Map<Integer, AtomicUpdate> atomics = watch != null && refusal == null ? watch.updates(memory) : new TreeMap<>();
            List<MemoryRun> changed = refusal == null ? MemoryRun.changed(input, memory) : List.of();
            return new RangeResult(range, r.warpInstructions(), r.laneInstructions(), new ArrayList<>(r.console()),
                    r.exitCode(), r.fault(), r.statistics(), new ArrayList<>(changed), atomics, refusal);
        }
    }
}
