package org.rvsimt.spark;

import java.util.List;
import java.util.Map;
import org.apache.spark.SparkConf;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.rvsimt.cli.Main;

/** Starts the Spark context of a sweep or a split launch, with rvsimt's defaults for a laptop and a cluster. */
final class SparkContexts {
    private SparkContexts() { }

    /** The master URLs Spark accepts (its documentation's "Master URLs" table). */
    private static final java.util.regex.Pattern MASTER = java.util.regex.Pattern.compile(
            "local(\\[(\\d+|\\*)(,\\d+)?])?|local-cluster\\[\\d+,\\d+,\\d+]|spark://[^/\\s]+|yarn|k8s://\\S+");

    /**
     * Connects to {@code master}; {@code settings} are extra Spark settings (a test's executor class path).
     * Settings already given as {@code spark.*} system properties (how spark-submit passes them) are kept.
     */
    static JavaSparkContext open(String master, String appName, Map<String, String> settings) {
        if (!MASTER.matcher(master).matches()) {
            // Checked here: Spark's own refusal comes with a logged stack trace.
            throw new IllegalArgumentException("expected local, local[N], local[*], spark://HOST:PORT, yarn or k8s://URL, got '"
                    + master + "'");
        }
        SparkConf conf = new SparkConf().setMaster(master).setIfMissing("spark.app.name", appName)
                .setIfMissing("spark.ui.enabled", "false");
        if (onLoopback(master)) {
            // A laptop or a test: nothing needs to reach this driver from another host.
            conf.setIfMissing("spark.driver.host", "127.0.0.1").setIfMissing("spark.driver.bindAddress", "127.0.0.1");
        }
        if (!master.startsWith("local")) {
            String jars = ownJars();
            if (!jars.isEmpty()) {
                conf.setIfMissing("spark.jars", jars);   // executors of a real cluster have no rvsimt classes
            }
        }
        settings.forEach(conf::set);
        try {
            return new JavaSparkContext(new SparkContext(conf));
        } catch (Exception e) {   // Scala throws SparkException, a checked exception, undeclared
            throw new IllegalArgumentException("cannot start Spark on '" + master + "': " + firstLine(e));
        }
    }

    static boolean onLoopback(String master) {
        return master.startsWith("local") || master.matches("spark://(127\\.0\\.0\\.1|localhost)(:\\d+)?");
    }

    /** The jar files holding rvsimt's and this module's classes (none when they are class folders). */
    private static String ownJars() {
        java.util.Set<String> jars = new java.util.LinkedHashSet<>();
        for (Class<?> c : List.of(Main.class, SparkContexts.class)) {
            var source = c.getProtectionDomain().getCodeSource();
            if (source != null && source.getLocation().getPath().endsWith(".jar")) {
                jars.add(source.getLocation().toString());
            }
        }
        return String.join(",", jars);
    }

    static String firstLine(Throwable e) {
        String m = e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
        return m.strip().lines().findFirst().orElse(m);
    }
}
