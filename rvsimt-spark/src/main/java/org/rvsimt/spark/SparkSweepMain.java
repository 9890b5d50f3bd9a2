package org.rvsimt.spark;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import org.rvsimt.cli.Main;

/**
 * The main class for {@code spark-submit} (docs/scale-out.md): its arguments are those of
 * {@code rvsimt sweep} ({@code SWEEP.yaml [-o BASE] ...}). spark-submit passes the cluster's master and
 * settings as {@code spark.*} system properties, which the Spark engine picks up.
 */
public final class SparkSweepMain {
    private SparkSweepMain() { }

    public static void main(String[] args) {
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs the sweep; returns its exit code (what {@code rvsimt sweep} would exit with). */
    static int run(String[] args, PrintWriter out, PrintWriter err) {
        List<String> line = new ArrayList<>(List.of("sweep"));
        line.addAll(List.of(args));
        boolean given = line.stream().anyMatch(a -> a.equals("--spark") || a.startsWith("--spark="));
        if (!given) {
            String master = System.getProperty("spark.master");
            if (master == null) {
                err.println("rvsimt: no Spark master: run this class through spark-submit (which sets spark.master) "
                        + "or give --spark MASTER_URL");
                err.flush();
                return Main.BAD_INPUT;
            }
            line.add("--spark");
            line.add(master);
        }
        return Main.execute(line.toArray(String[]::new), out, err);
    }
}
