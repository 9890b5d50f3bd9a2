package org.rvsimt.spark;

import java.io.Serializable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.TaskContext;
import org.apache.spark.broadcast.Broadcast;
import org.rvsimt.cli.sweep.Combination;
import org.rvsimt.cli.sweep.CombinationRunner;
import org.rvsimt.cli.sweep.Row;
import scala.collection.Iterator;

/**
 * What one Spark task does, on an executor: run its partition's combination exactly as the embedded engine
 * would ({@link CombinationRunner}) against the shipped copies of the launch's files, and return the row.
 * The row is the task's only output (nothing is written anywhere the driver reads), so a task Spark runs
 * again after losing an executor just produces the same row again.
 */
final class CombinationTask implements scala.Function2<TaskContext, Iterator<Combination>, Row>, Serializable {
    private static final long serialVersionUID = 1L;
    private final Broadcast<ShippedFiles> files;
    private final ArrayList<String> parameters;
    private final boolean timing;

    CombinationTask(Broadcast<ShippedFiles> files, List<String> parameters, boolean timing) {
        this.files = files;
        this.parameters = new ArrayList<>(parameters);
        this.timing = timing;
    }

    @Override
    public Row apply(TaskContext context, Iterator<Combination> partition) {
        Combination c = partition.next();   // one combination per partition: the unit Spark retries
        ShippedFiles shipped = files.value();
        Path root = shipped.root();
        Row row = runner(parameters, timing).run(shipped.relocate(c, root));
        return new Row(row.index(), onDriver(row.values(), root.toString()));
    }

    /**
     * The row as the driver would have written it: messages that name a shipped file name it by its path on
     * the driver (the copy mirrors that path under {@code root}), so rows match the embedded engine's.
     */
    private static Map<String, Object> onDriver(Map<String, Object> values, String root) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : values.entrySet()) {
            out.put(e.getKey(), e.getValue() instanceof String s ? s.replace(root, "") : e.getValue());
        }
        return out;
    }

    private static final Map<String, CombinationRunner> RUNNERS = new java.util.concurrent.ConcurrentHashMap<>();

    /** One runner (and scratch folder for GPU files) per sweep shape and executor process. */
    private static CombinationRunner runner(List<String> parameters, boolean timing) {
        return RUNNERS.computeIfAbsent(timing + ":" + parameters,
                k -> new CombinationRunner(parameters, timing, ScratchFolders.create("rvsimt-spark-gpu-")));
    }
}
