package org.rvsimt.spark;

import java.util.Map;
import org.rvsimt.cli.split.SplitEngine;
import org.rvsimt.cli.split.SplitEngineProvider;

/** Registers the Spark engine for {@code rvsimt run --spark MASTER_URL} (found by ServiceLoader). */
public final class SplitProvider implements SplitEngineProvider {
    @Override
    public SplitEngine open(String masterUrl) {
        return new SparkSplitEngine(masterUrl, Map.of());
    }
}
