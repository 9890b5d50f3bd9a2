package org.rvsimt.spark;

import java.util.List;
import java.util.Map;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.rvsimt.cli.Main;
import org.rvsimt.cli.UserError;
import org.rvsimt.cli.sweep.Combination;
import org.rvsimt.cli.sweep.CombinationRunner;
import org.rvsimt.cli.sweep.Row;
import org.rvsimt.cli.sweep.SweepEngine;
import scala.reflect.ClassTag$;
import scala.runtime.BoxedUnit;

/**
 * Runs a sweep's combinations as Apache Spark tasks, one combination per partition (the unit Spark
 * schedules and, after a lost executor, runs again). The launches' files travel with the job as a broadcast
 * of their bytes; each task returns its row as a value and only this driver writes the result files, in
 * combination order, as rows arrive.
 */
public final class SparkSweepEngine implements SweepEngine {
    private final JavaSparkContext spark;

    /**
     * Connects to {@code master}; {@code settings} are extra Spark settings (a test's executor class path).
     * Settings already given as {@code spark.*} system properties (how spark-submit passes them) are kept.
     */
    public SparkSweepEngine(String master, Map<String, String> settings) {
        this.spark = SparkContexts.open(master, "rvsimt sweep", settings);
    }

    /** The Spark context, for tests that watch the scheduler. */
    SparkContext context() {
        return spark.sc();
    }

    @Override
    public String name() {
        return "spark";
    }

    @Override
    public int workers() {
        return spark.defaultParallelism();
    }

    @Override
    public void run(List<Combination> pending, CombinationRunner runner, RowSink sink) {
        if (pending.isEmpty()) {
            return;
        }
        Broadcast<ShippedFiles> files;
        try {
            files = spark.broadcast(ShippedFiles.of(pending));
        } catch (IllegalArgumentException e) {
            throw new UserError("--spark: " + e.getMessage());
        }
        JavaRDD<Combination> tasks = spark.parallelize(pending, pending.size());
        InOrder rows = new InOrder(sink);
        try {
            spark.sc().runJob(tasks.rdd(), new CombinationTask(files, runner.parameters(), runner.timing()),
                    (Object partition, Row row) -> {
                        rows.arrived((Integer) partition, row);
                        return BoxedUnit.UNIT;
                    }, ClassTag$.MODULE$.apply(Row.class));
        } catch (Exception e) {   // SparkException is checked but undeclared
            throw new UserError("--spark: the Spark job failed (" + SparkContexts.firstLine(e)
                    + "); the rows written so far are kept: run the same command again to continue", Main.INTERNAL);
        } finally {
            files.destroy();
        }
    }

    /** Hands rows on in partition (= combination) order; Spark reports them in the order they finish. */
    private static final class InOrder {
        private final RowSink sink;
        private final java.util.TreeMap<Integer, Row> waiting = new java.util.TreeMap<>();
        private int next;

        InOrder(RowSink sink) {
            this.sink = sink;
        }

        synchronized void arrived(int partition, Row row) {
            waiting.put(partition, row);
            while (!waiting.isEmpty() && waiting.firstKey() == next) {
                sink.accept(waiting.pollFirstEntry().getValue());
                next++;
            }
        }
    }

    @Override
    public void close() {
        spark.stop();
    }
}
