package org.rvsimt.cli.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.DeviceConfig;

/**
 * First launches: what a user of {@code rvsimt run} sees, where every command is a fresh JVM and
 * one launch. For a case and engine, a new process (the same java, JVM options and class path as
 * this one) opens a device, uploads the inputs and runs the case once, without warm-up; it reports
 * the launch's wall time, and this process times the whole command from start to exit. The child
 * then checks its output against the Java reference and reports how long that took, which is left
 * out of the command time ({@code rvsimt run} checks against stored values, not by recomputing).
 */
public final class FirstLaunch {
    /** The hidden {@code rvsimt bench} option that makes a process the measured child. */
    public static final String CHILD_FLAG = "--first-launch-child";
    private static final long CHILD_TIMEOUT_SECONDS = 600;

    /**
     * The measurements of one case and engine.
     *
     * @param launchMs  the launch's wall time in each fresh process
     * @param commandMs each process's wall time from start to exit, less its reference check
     * @param check     the output checks all passed
     * @param error     why a child failed, or null
     */
    public record Result(String caseName, String size, String engine, int threads, List<Double> launchMs,
                         List<Double> commandMs, boolean check, String error) {
        public double launchMedian() {
            return median(launchMs);
        }

        public double commandMedian() {
            return median(commandMs);
        }
    }

    private FirstLaunch() { }

    /** Runs {@code runs} fresh processes of one case on one engine and thread count. */
    static Result measure(BenchKernels files, BenchCase c, Tier tier, String engine, int threads, int runs) {
        List<Double> launch = new ArrayList<>();
        List<Double> command = new ArrayList<>();
        String size = "?";
        boolean pass = true;
        for (int i = 0; i < runs; i++) {
            List<String> cmd = new ArrayList<>(javaCommand());
            cmd.addAll(List.of("bench", CHILD_FLAG, "--case", c.name(), "--engine", engine, "--threads",
                    Integer.toString(threads), "--size", tier.label(), "--bench-dir", files.benchDir().toString()));
            try {
                Path out = Files.createTempFile("rvsimt-first-launch", ".json");
                Path err = Files.createTempFile("rvsimt-first-launch", ".err");
                try {
                    long t0 = System.nanoTime();
                    Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
                    if (!p.waitFor(CHILD_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                        p.destroyForcibly();
                        return failed(c, size, engine, threads, "the fresh process did not end in "
                                + CHILD_TIMEOUT_SECONDS + " s");
                    }
                    double wallMs = (System.nanoTime() - t0) / 1e6;
                    String text = Files.readString(out, StandardCharsets.UTF_8).strip();
                    if (p.exitValue() != 0 || text.isEmpty()) {
                        String why = Files.readString(err, StandardCharsets.UTF_8).strip();
                        return failed(c, size, engine, threads, "the fresh process exited with " + p.exitValue()
                                + (why.isEmpty() ? "" : ": " + why.lines().findFirst().orElse("")));
                    }
                    JsonNode r = new ObjectMapper().readTree(text);
                    size = r.path("size").asText(size);
                    launch.add(r.path("launch_ms").asDouble());
                    command.add(wallMs - r.path("check_ms").asDouble());
                    pass &= r.path("pass").asBoolean(false);
                } finally {
                    Files.deleteIfExists(out);
                    Files.deleteIfExists(err);
                }
            } catch (IOException e) {
                return failed(c, size, engine, threads, "cannot run a fresh process: " + e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return failed(c, size, engine, threads, "interrupted");
            }
        }
        return new Result(c.name(), size, engine, threads, launch, command, pass, null);
    }

    /** The child's work: one untimed-warm-up-free run of the case, as one JSON line. */
    public static Map<String, Object> child(BenchKernels files, BenchCase c, Tier tier, String engine, int threads) {
        Workload w = c.workload(tier, files);
        DeviceConfig config = DeviceConfig.defaults().withEngine(engine).withThreads(threads).withVram(w.vramBytes());
        try (Device d = Device.open(config)) {
            w.upload(d);
            w.reset(d);
            Workload.Run r = w.run(d);
            long t0 = System.nanoTime();
            Check check = w.check(d);
            double checkMs = (System.nanoTime() - t0) / 1e6;
            return Map.of("case", c.name(), "size", w.size(), "engine_ran", r.engine(), "launch_ms", r.wallNanos() / 1e6,
                    "lane_instructions", r.laneInstructions(), "check_ms", checkMs, "pass", check.pass());
        }
    }

    /**
     * The launcher's property naming the AOT cache of {@code rvsimt run}'s JVM (empty: none), set when
     * this bench runs with the Vector API module but {@code run} starts without it (and so with the cache).
     */
    static final String RUN_AOT_CACHE = "rvsimt.run.aotCache";
    private static final String VECTOR_MODULE = "--add-modules=jdk.incubator.vector";

    /**
     * The child's command line up to the main class: this JVM's, made into the one the launcher starts
     * for {@code rvsimt run}, so that a first launch measures what a user of run waits for.
     */
    static List<String> javaCommand() {
        String runCache = System.getProperty(RUN_AOT_CACHE);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new ArrayList<>(List.of(java));
        for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            // The launcher's stderr descriptor is not handed to the child (its stderr is a file here).
            boolean notInRun = a.startsWith("-Drvsimt.stderr.fd=")
                    || (runCache != null && (a.equals(VECTOR_MODULE) || a.startsWith("-D" + RUN_AOT_CACHE + "=")));
            if (!notInRun) {
                cmd.add(a);
            }
        }
        if (runCache != null && !runCache.isEmpty()) {
            cmd.addAll(List.of("-XX:AOTCache=" + runCache, "-Xlog:aot=off", "-Xlog:cds=off"));
        }
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), "org.rvsimt.cli.Main"));
        return cmd;
    }

    private static Result failed(BenchCase c, String size, String engine, int threads, String why) {
        return new Result(c.name(), size, engine, threads, List.of(), List.of(), false, why);
    }

    static double median(List<Double> v) {
        if (v.isEmpty()) {
            return Double.NaN;
        }
        double[] t = v.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return t.length % 2 == 1 ? t[t.length / 2] : (t[t.length / 2 - 1] + t[t.length / 2]) / 2;
    }

    static String format(double ms) {
        return Double.isNaN(ms) ? "-" : String.format(Locale.ROOT, "%.1f", ms);
    }
}
