package org.rvsimt.spark;

import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.Function;
import org.apache.spark.broadcast.Broadcast;
import org.rvsimt.cli.Main;
import org.rvsimt.cli.UserError;
import org.rvsimt.cli.split.BlockRange;
import org.rvsimt.cli.split.RangeResult;
import org.rvsimt.cli.split.RangeRunner;
import org.rvsimt.cli.split.SplitEngine;
import org.rvsimt.cli.split.SplitLaunch;

/**
 * Runs a split launch's block ranges as Spark tasks, one range per partition: the launch (kernel, device
 * settings, input image) travels once per executor as a broadcast, each task runs its range on one host
 * thread (a task holds one core) and returns what it changed; the driver collects the results in range order
 * and merges them. A task writes nothing, so one Spark runs again after losing an executor changes nothing.
 */
public final class SparkSplitEngine implements SplitEngine {
    private final JavaSparkContext spark;

    public SparkSplitEngine(String master, Map<String, String> settings) {
        this.spark = SparkContexts.open(master, "rvsimt run", settings);
    }

    @Override
    public int workers() {
        return spark.defaultParallelism();
    }

    @Override
    public List<RangeResult> run(SplitLaunch launch, List<BlockRange> ranges) {
        Broadcast<SplitLaunch> shipped = spark.broadcast(launch);
        try {
            return spark.parallelize(ranges, ranges.size()).map(new RangeTask(shipped)).collect();
        } catch (Exception e) {   // SparkException is checked but undeclared
            throw new UserError("--spark: the Spark job failed (" + SparkContexts.firstLine(e) + ")", Main.INTERNAL);
        } finally {
            shipped.destroy();
        }
    }

    /** What a task does on an executor: run its range against the broadcast launch. */
    private record RangeTask(Broadcast<SplitLaunch> launch) implements Function<BlockRange, RangeResult> {
        @Override
        public RangeResult call(BlockRange range) {
            return RangeRunner.run(launch.value(), range, 1);
        }
    }

    @Override
    public void close() {
        spark.stop();
    }
}
