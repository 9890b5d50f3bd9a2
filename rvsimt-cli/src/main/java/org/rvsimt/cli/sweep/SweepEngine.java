package org.rvsimt.cli.sweep;

import java.util.List;

/**
 * Runs a sweep's combinations somewhere: in this process ({@link EmbeddedEngine}) or on a cluster (the
 * Spark engine of the rvsimt-spark module, found through {@link ClusterEngineProvider}). An engine only
 * decides where {@link CombinationRunner#run} executes; rows are pure values of their combination, so an
 * engine may retry one, and it hands them to the sink in the list's order whatever order they finish in.
 */
public interface SweepEngine extends AutoCloseable {
    /** A short name for messages and the docs ({@code embedded}, {@code spark}). */
    String name();

    /** How many combinations it runs at once (the summary line shows it). */
    int workers();

    /** Runs every combination of {@code pending}, delivering their rows to {@code sink} in list order. */
    void run(List<Combination> pending, CombinationRunner runner, RowSink sink) throws InterruptedException;

    /** Releases what the engine holds (a cluster connection); the embedded engine holds nothing past run. */
    @Override
    default void close() { }

    /** Receives rows in combination order, one call at a time. */
    interface RowSink {
        void accept(Row row);
    }
}
