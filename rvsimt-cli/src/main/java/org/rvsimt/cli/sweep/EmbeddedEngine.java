package org.rvsimt.cli.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The default engine: a pool of worker threads in this process, one per core unless told otherwise.
 * Each combination runs its launch on one host thread, so the pool, not the launch, uses the cores.
 * Rows are handed on in combination order: a finished row waits for the ones before it.
 */
public final class EmbeddedEngine implements SweepEngine {
    private final int workers;

    public EmbeddedEngine(int workers) {
        if (workers < 1) {
            throw new IllegalArgumentException("workers must be at least 1");
        }
        this.workers = workers;
    }

    public static int cores() {
        return Runtime.getRuntime().availableProcessors();
    }

    @Override
    public int workers() {
        return workers;
    }

    @Override
    public String name() {
        return "embedded";
    }

    @Override
    public void run(List<Combination> pending, CombinationRunner runner, RowSink sink) throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(workers, r -> {
            Thread t = new Thread(r, "rvsimt-sweep");
            t.setDaemon(true);   // an interrupted sweep must not be kept alive by a running launch
            return t;
        });
        try {
            List<Future<Row>> rows = new ArrayList<>(pending.size());
            for (Combination c : pending) {
                rows.add(pool.submit(() -> runner.run(c)));
            }
            for (int i = 0; i < rows.size(); i++) {
                Row row;
                try {
                    row = rows.get(i).get();
                } catch (ExecutionException e) {
                    // run() turns every failure into a row; this is a last resort so no row is lost
                    row = runner.errorRow(pending.get(i), "internal error: " + e.getCause());
                }
                sink.accept(row);
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
