package org.rvsimt.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.rvsimt.cli.sweep.CombinationRunner;
import org.rvsimt.cli.sweep.EmbeddedEngine;
import org.rvsimt.cli.sweep.Row;
import org.rvsimt.cli.sweep.Sweep;
import org.rvsimt.cli.sweep.SweepEngine;
import org.rvsimt.cli.sweep.SweepFileException;
import org.rvsimt.cli.sweep.SweepOutput;
import org.rvsimt.cli.sweep.SweepReader;
import org.rvsimt.cli.sweep.SweepReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "sweep", mixinStandardHelpOptions = true,
        description = {"Run every combination of a sweep file (launches x device and GPU settings) and write one row each",
            "to BASE.csv and BASE.jsonl, plus an HTML report BASE.html. An interrupted sweep resumes where it stopped.",
            "Exit codes: 0 every row ok, 1 some row failed or faulted, 2 bad input. Format: docs/scale-out.md."})
final class SweepCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "SWEEP.yaml", description = "the sweep file")
    Path file;

    @Option(names = {"-o", "--output"}, paramLabel = "BASE", description = "write BASE.csv, BASE.jsonl and BASE.html "
            + "(default: the sweep's name, in the current folder)")
    Path output;

    @Option(names = "--jobs", paramLabel = "N", description = "combinations run at once (default: cores)")
    Integer jobs;

    @Option(names = "--spark", paramLabel = "MASTER_URL", description = "run the combinations as Apache Spark tasks on "
            + "this master (local[N], spark://HOST:PORT); the ./rvsimt launcher adds the rvsimt-spark module for it")
    String spark;

    @Option(names = "--limit", paramLabel = "N", description = "run at most N more combinations, then stop (resume later)")
    Integer limit;

    @Option(names = "--restart", description = "discard rows already in BASE.jsonl and start over")
    boolean restart;

    @Option(names = "--metric", paramLabel = "COLUMN", description = "the column the HTML report plots "
            + "(default: the sweep's report.metric, else cycles when timed, else warp_instructions)")
    String metric;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (jobs != null && jobs < 1) {
            throw new UserError("--jobs: must be at least 1, got " + jobs);
        }
        if (jobs != null && spark != null) {
            throw new UserError("--jobs: not with --spark (the cluster decides; local[N] gives N cores)");
        }
        if (limit != null && limit < 0) {
            throw new UserError("--limit: must be at least 0, got " + limit);
        }
        Sweep sweep;
        try {
            sweep = SweepReader.read(file);
        } catch (SweepFileException e) {
            throw new UserError(e.getMessage());
        }
        String plotted = metric != null ? metric : sweep.metric();
        Path scratch = Files.createTempDirectory("rvsimt-sweep");
        try {
            CombinationRunner runner = new CombinationRunner(sweep.parameters(), sweep.timing(), scratch);
            if (!runner.columns().contains(plotted)) {
                throw new UserError("--metric: '" + plotted + "' is not a column of this sweep");
            }
            // Connected before the output is touched, so a master that cannot be reached changes no file.
            try (SweepEngine engine = spark != null ? clusterEngine(spark)
                    : new EmbeddedEngine(jobs != null ? jobs : EmbeddedEngine.cores())) {
                Path base = output != null ? output : Path.of(sweep.name());
                SweepOutput results;
                try {
                    results = SweepOutput.open(base, runner.columns(), sweep.combinations(), sweep.parameters(), restart);
                } catch (SweepFileException e) {
                    throw new UserError(e.getMessage());
                }
                int total = sweep.combinations().size();
                int kept = results.rows().size();
                int end = limit == null ? total : (int) Math.min(total, (long) kept + limit);
                List<org.rvsimt.cli.sweep.Combination> pending = sweep.combinations().subList(kept, end);
                long start = System.nanoTime();   // after connecting: the time shown is the combinations' own
                try (results; SweepProgress progress = new SweepProgress(err, Main.interactive, kept, total)) {
                    engine.run(pending, runner, row -> {
                        results.write(row);
                        progress.advance();
                    });
                }
                double seconds = (System.nanoTime() - start) / 1e9;
                Path html = SweepReport.write(base, sweep, runner.columns(), results.rows(), plotted);
                long bad = results.rows().stream().filter(r -> !r.status().equals("ok")).count();
                int done = results.rows().size();
                out.printf(Locale.ROOT, "sweep %s: %d of %d combinations (%d run now, %d kept) in %.2f s (%.1f rows/s, %s engine, "
                        + "%d workers); %d ok, %d not ok%n", sweep.name(), done, total, pending.size(), kept, seconds,
                        pending.isEmpty() ? 0.0 : pending.size() / seconds, engine.name(),
                        engine.workers(), done - bad, bad);
                out.printf("  rows -> %s, %s; report -> %s%n", results.csv(), results.jsonl(), html);
                if (done < total) {
                    out.printf("  %d combinations left: run the same command again to continue%n", total - done);
                }
                return bad == 0 ? Main.OK : Main.FAILED;
            }
        } finally {
            deleteTree(scratch);
        }
    }

    /** The Spark engine, when the launcher put the rvsimt-spark module on the class path. */
    private static SweepEngine clusterEngine(String masterUrl) {
        var provider = java.util.ServiceLoader.load(org.rvsimt.cli.sweep.ClusterEngineProvider.class).findFirst()
                .orElseThrow(() -> new UserError("--spark: the Spark engine (module rvsimt-spark) is not on the class path; "
                        + "run through ./rvsimt, which adds it for --spark, after ./mvnw -Dmaven.test.skip=true package"));
        try {
            return provider.open(masterUrl);
        } catch (IllegalArgumentException e) {
            throw new UserError("--spark: " + e.getMessage());
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (var files = Files.walk(dir)) {
            for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** A one-line progress bar on a terminal; nothing at all otherwise. */
    private static final class SweepProgress implements AutoCloseable {
        private final PrintWriter err;
        private final boolean shown;
        private final int total;
        private final long start = System.nanoTime();
        private int done;

        SweepProgress(PrintWriter err, boolean shown, int done, int total) {
            this.err = err;
            this.shown = shown;
            this.done = done;
            this.total = total;
        }

        void advance() {
            done++;
            if (shown) {
                int width = 30;
                int filled = total == 0 ? width : (int) ((long) done * width / total);
                double s = (System.nanoTime() - start) / 1e9;
                err.printf(Locale.ROOT, "\r[%s%s] %d/%d  %.1f s", "#".repeat(filled), ".".repeat(width - filled), done, total, s);
                err.flush();
            }
        }

        @Override
        public void close() {
            if (shown) {
                err.print("\r" + " ".repeat(60) + "\r");
                err.flush();
            }
        }
    }
}
