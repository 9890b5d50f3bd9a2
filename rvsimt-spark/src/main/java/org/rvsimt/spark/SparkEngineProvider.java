package org.rvsimt.spark;

import java.util.Map;
import org.rvsimt.cli.sweep.ClusterEngineProvider;
import org.rvsimt.cli.sweep.SweepEngine;

/** Registers the Spark engine for {@code rvsimt sweep --spark MASTER_URL} (found by ServiceLoader). */
public final class SparkEngineProvider implements ClusterEngineProvider {
    @Override
    public SweepEngine open(String masterUrl) {
        return new SparkSweepEngine(masterUrl, Map.of());
    }
}
