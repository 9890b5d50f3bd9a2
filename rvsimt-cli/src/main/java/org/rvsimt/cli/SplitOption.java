package org.rvsimt.cli;

import java.util.List;
import org.rvsimt.cli.split.BlockRange;
import org.rvsimt.cli.split.MergedLaunch;
import org.rvsimt.cli.split.RangeResult;
import org.rvsimt.cli.split.SplitEngine;
import org.rvsimt.cli.split.SplitEngineProvider;
import org.rvsimt.cli.split.SplitLaunch;
import org.rvsimt.cli.split.SplitRefused;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.Launch;
import org.rvsimt.core.api.LaunchResult;

/**
 * {@code run --spark MASTER_URL [--split N]}: one launch's blocks split into N contiguous ranges that run as
 * Spark tasks, their memory writes merged back into this device (docs/scale-out.md, "Large launches"). Kept
 * apart from {@link RunCommand}, which only swaps the launch for this and then checks the results as usual.
 */
final class SplitOption implements AutoCloseable {
    private final SplitEngine engine;
    private final int parts;

    private SplitOption(SplitEngine engine, int parts) {
        this.engine = engine;
        this.parts = parts;
    }

    /**
     * The option for the flags, or null without {@code --spark}. {@code others} are the flags given that a split
     * launch cannot honour (they watch or time one device's run), refused by name.
     */
    static SplitOption of(String master, Integer split, List<String> others) {
        if (master == null) {
            if (split != null) {
                throw new UserError("--split: needs --spark MASTER_URL");
            }
            return null;
        }
        if (!others.isEmpty()) {
            throw new UserError("--spark: not with " + others.getFirst() + " (it watches one device's run of every block)");
        }
        if (split != null && (split < 1 || split > 1 << 16)) {
            throw new UserError("--split: must be 1..65536, got " + split);
        }
        SplitEngineProvider provider = java.util.ServiceLoader.load(SplitEngineProvider.class).findFirst()
                .orElseThrow(() -> new UserError("--spark: the Spark engine (module rvsimt-spark) is not on the class path; "
                        + "run through ./rvsimt, which adds it for --spark, after ./mvnw -Dmaven.test.skip=true package"));
        try {
            return new SplitOption(provider.open(master), split != null ? split : 0);
        } catch (IllegalArgumentException e) {
            throw new UserError("--spark: " + e.getMessage());
        }
    }

    /** Runs {@code launch} as block ranges on the cluster and leaves the merged memory in {@code device}. */
    LaunchResult launch(Device device, Launch launch) {
        SplitLaunch job;
        try {
            job = SplitLaunch.of(device.config(), launch, device.memory());
        } catch (IllegalArgumentException e) {
            throw new UserError("--spark: " + e.getMessage());
        }
        List<BlockRange> ranges = BlockRange.split(job.blockCount(), parts > 0 ? parts : engine.workers());
        long t0 = System.nanoTime();
        List<RangeResult> results = engine.run(job, ranges);
        MergedLaunch m;
        try {
            m = MergedLaunch.of(job.input(), results);
        } catch (SplitRefused e) {
            throw new UserError("--spark: cannot split this launch: " + e.getMessage());
        }
        long wall = System.nanoTime() - t0;
        System.arraycopy(m.memory(), 0, device.memory(), 0, m.memory().length);
        return new LaunchResult(device.config().engine(), m.warpInstructions(), m.laneInstructions(),
                device.config().warpSize(), wall, m.console(), m.exitCode(), m.fault(), m.statistics());
    }

    @Override
    public void close() {
        engine.close();
    }
}
