package org.rvsimt.cli.sweep;

import java.util.List;

/**
 * Runs a sweep's combinations somewhere: in this process ({@link EmbeddedEngine}) or, later, on a
 * cluster. An engine only decides where {@link CombinationRunner#run} executes; rows are pure values
 * of their combination, so an engine may retry one, and it hands them to the sink in the list's
 * order whatever order they finish in.
 */
public interface SweepEngine {
    /** A short name for messages and the docs ({@code embedded}). */
    String name();

    /** Runs every combination of {@code pending}, delivering their rows to {@code sink} in list order. */
    void run(List<Combination> pending, CombinationRunner runner, RowSink sink) throws InterruptedException;

    /** Receives rows in combination order, one call at a time. */
    interface RowSink {
        void accept(Row row);
    }
}
