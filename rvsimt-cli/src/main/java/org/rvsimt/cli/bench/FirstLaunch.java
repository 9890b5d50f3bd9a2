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
 * one launch. For a case and engine, a new process, started as the launcher starts {@code rvsimt run}
 * ({@link #childStart}), opens a device, uploads the inputs and runs the case once, without warm-up; it reports
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
        ChildStart start = childStart();
        for (int i = 0; i < runs; i++) {
            List<String> cmd = new ArrayList<>(start.command());
            cmd.addAll(List.of("bench", CHILD_FLAG, "--case", c.name(), "--engine", engine, "--threads",
                    Integer.toString(threads), "--size", tier.label(), "--bench-dir", files.benchDir().toString()));
            try {
                Path out = Files.createTempFile("rvsimt-first-launch", ".json");
                Path err = Files.createTempFile("rvsimt-first-launch", ".err");
                try {
                    long t0 = System.nanoTime();
                    ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile());
                    pb.environment().putAll(start.environment());
                    Process p = pb.start();
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
            java.lang.management.ThreadMXBean cpuClock = ManagementFactory.getThreadMXBean();
            long cpu0 = cpuClock.getCurrentThreadCpuTime();
            Workload.Run r = w.run(d);
            double threadCpuMs = (cpuClock.getCurrentThreadCpuTime() - cpu0) / 1e6;
            long t0 = System.nanoTime();
            Check check = w.check(d);
            double checkMs = (System.nanoTime() - t0) / 1e6;
            return Map.of("case", c.name(), "size", w.size(), "engine_ran", r.engine(), "launch_ms", r.wallNanos() / 1e6,
                    "lane_instructions", r.laneInstructions(), "check_ms", checkMs, "pass", check.pass(),
                    "launch_cpu_ms", r.cpuNanos() / 1e6, "launch_thread_cpu_ms", threadCpuMs);
        }
    }

    private static final String VECTOR_MODULE = "--add-modules=jdk.incubator.vector";
    /** Where the launcher runs the jar from, relative to the repository root it sits in. */
    private static final Path LAUNCHER_JAR = Path.of("rvsimt-cli", "target", "rvsimt.jar");

    /**
     * How a first-launch child starts: the command up to bench's arguments, and the environment
     * variables it gets on top of this process's.
     */
    record ChildStart(List<String> command, Map<String, String> environment) { }

    /** The child's start for this JVM ({@link #childStart(String, String, List, String)}). */
    static ChildStart childStart() {
        return childStart(System.getProperty("java.class.path"), System.getProperty("java.home"),
                ManagementFactory.getRuntimeMXBean().getInputArguments(), System.getenv("RVSIMT_HOST_SIMD"));
    }

    /**
     * The child starts as a user's {@code rvsimt run} does, so that its figures are the user's. When
     * this process runs the jar of a clone's {@code ./rvsimt} launcher, the child is that launcher
     * (its JDK lookup and JVM options, its AOT cache, and its own time in the command's), told to run
     * this JDK, not to rebuild, and to leave out the Vector API module unless {@code RVSIMT_HOST_SIMD=on}
     * (which adds it to run too): the launcher adds the module to bench, and a JVM with it cannot use
     * the cache. Otherwise (tests, a jar elsewhere) it is this JVM's java and options, without the
     * module and the launcher's stderr descriptor, with the AOT cache beside the jar as the launcher
     * would use it (there, and newer than the jar).
     *
     * @param classPath  this JVM's class path
     * @param javaHome   this JVM's java.home
     * @param jvmOptions this JVM's options
     * @param hostSimd   the RVSIMT_HOST_SIMD environment variable, or null
     */
    static ChildStart childStart(String classPath, String javaHome, List<String> jvmOptions, String hostSimd) {
        boolean simd = "on".equals(hostSimd);
        Path jar = Path.of(classPath).toAbsolutePath().normalize();
        if (jar.endsWith(LAUNCHER_JAR) && jar.getNameCount() > LAUNCHER_JAR.getNameCount()) {
            Path launcher = jar.getRoot().resolve(jar.subpath(0, jar.getNameCount() - LAUNCHER_JAR.getNameCount()))
                    .resolve("rvsimt");
            if (Files.isRegularFile(launcher) && Files.isExecutable(launcher)) {
                return new ChildStart(List.of(launcher.toString()), Map.of("JAVA_HOME", javaHome,
                        "RVSIMT_NO_BUILD", "1", "RVSIMT_HOST_SIMD", simd ? "on" : "off"));
            }
        }
        List<String> cmd = new ArrayList<>(List.of(Path.of(javaHome, "bin", "java").toString()));
        for (String a : jvmOptions) {
            boolean notInRun = a.startsWith("-Drvsimt.stderr.fd=") || (!simd && a.equals(VECTOR_MODULE))
                    || a.startsWith("-XX:AOTCache=") || a.equals("-Xlog:aot=off") || a.equals("-Xlog:cds=off");
            if (!notInRun) {
                cmd.add(a);
            }
        }
        Path cache = jar.resolveSibling("rvsimt.aot");
        if (!simd && newer(cache, jar)) {
            cmd.addAll(List.of("-XX:AOTCache=" + cache, "-Xlog:aot=off", "-Xlog:cds=off"));
        }
        cmd.addAll(List.of("-cp", classPath, "org.rvsimt.cli.Main"));
        return new ChildStart(cmd, Map.of());
    }

    private static boolean newer(Path file, Path than) {
        try {
            return Files.isRegularFile(file) && Files.isRegularFile(than)
                    && Files.getLastModifiedTime(file).compareTo(Files.getLastModifiedTime(than)) > 0;
        } catch (IOException e) {
            return false;
        }
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
