package org.rvsimt.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.apache.spark.ExecutorLostFailure;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.rvsimt.cli.Main;
import org.rvsimt.cli.sweep.CombinationRunner;
import org.rvsimt.cli.sweep.Row;
import org.rvsimt.cli.sweep.Sweep;
import org.rvsimt.cli.sweep.SweepReader;

/**
 * Fault tolerance as Spark provides it: a standalone master and one worker, started here as processes on
 * loopback from the module's Maven class path, run a sweep; the test kills the executor process (SIGKILL)
 * after the first rows arrive. The worker starts a new executor, Spark runs the lost tasks again, and the
 * sweep's rows equal those of the embedded engine.
 */
class ExecutorLossTest {
    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    private static final String CLASS_PATH = System.getProperty("java.class.path");
    private static final String JVM_FLAGS = "--add-modules=jdk.incubator.vector --enable-native-access=ALL-UNNAMED "
            + "--sun-misc-unsafe-memory-access=allow";

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aKilledExecutorsTasksRunAgainAndTheSweepCompletesWithTheSameRows(@TempDir Path dir) throws Exception {
        Path file = Path.of("src/test/resources/sweeps/fault_tolerance.yaml").toAbsolutePath();
        Sweep sweep = SweepReader.read(file);
        assertThat(sweep.combinations()).hasSize(24);

        // A Spark "installation" for the worker: the launcher code it uses to start executors wants a jars folder
        // and a Scala version; the executors' classes come from spark.executor.extraClassPath (this class path).
        Path home = Files.createDirectories(dir.resolve("spark-home/jars"));
        Path work = Files.createDirectories(dir.resolve("work"));
        int port = freePort();
        String master = "spark://127.0.0.1:" + port;
        List<Process> daemons = new ArrayList<>();
        try {
            daemons.add(daemon(dir, "master", home.getParent(), "org.apache.spark.deploy.master.Master", "--host", "127.0.0.1",
                    "--port", String.valueOf(port), "--webui-port", String.valueOf(freePort())));
            awaitLine(dir.resolve("master.log"), "I have been elected leader", daemons.get(0));
            daemons.add(daemon(dir, "worker", home.getParent(), "org.apache.spark.deploy.worker.Worker", "--host", "127.0.0.1",
                    "--cores", "2", "--memory", "1g", "--webui-port", String.valueOf(freePort()), "--work-dir", work.toString(),
                    master));
            Process worker = daemons.get(1);
            awaitLine(dir.resolve("worker.log"), "Successfully registered with master", worker);

            List<Row> rows = new ArrayList<>();
            AtomicReference<String> killed = new AtomicReference<>();
            AtomicInteger lostTasks = new AtomicInteger();
            AtomicInteger tasks = new AtomicInteger();
            try (SparkSweepEngine engine = new SparkSweepEngine(master, Map.of(
                    "spark.executor.extraClassPath", CLASS_PATH,
                    "spark.executor.extraJavaOptions", JVM_FLAGS,
                    "spark.executor.memory", "512m",
                    "spark.cores.max", "2"))) {
                engine.context().addSparkListener(new SparkListener() {
                    @Override
                    public void onTaskEnd(SparkListenerTaskEnd end) {
                        tasks.incrementAndGet();
                        if (end.reason() instanceof ExecutorLostFailure) {
                            lostTasks.incrementAndGet();
                        }
                    }
                });
                CombinationRunner runner = new CombinationRunner(sweep.parameters(), sweep.timing(),
                        Files.createDirectories(dir.resolve("gpu")));
                engine.run(sweep.combinations(), runner, row -> {
                    rows.add(row);
                    if (rows.size() == 1) {
                        // At the first row 23 tasks are still to run, two of them running on the executor now.
                        killed.set(killExecutor(worker));
                    }
                });
            }
            assertThat(killed.get()).as("an executor process was found and killed").startsWith("killed");
            assertThat(lostTasks.get()).as("tasks lost with the executor").isPositive();
            assertThat(tasks.get()).as("tasks run, the lost ones twice").isGreaterThan(24);
            // The worker started a second executor for the application (one folder per executor).
            try (Stream<Path> apps = Files.list(work)) {
                Path app = apps.findFirst().orElseThrow();
                try (Stream<Path> executors = Files.list(app)) {
                    assertThat(executors.count()).as("executors started in " + app).isGreaterThanOrEqualTo(2);
                }
            }
            assertThat(rows).hasSize(24);
            StringWriter out = new StringWriter();
            int code = Main.execute(new String[] {"sweep", file.toString(), "-o", dir.resolve("embedded").toString(),
                    "--jobs", "2"}, new PrintWriter(out), new PrintWriter(new StringWriter()));
            assertThat(code).isZero();
            List<String> embedded = Files.readAllLines(dir.resolve("embedded.jsonl"));
            for (int i = 0; i < rows.size(); i++) {
                assertThat(rows.get(i).index()).isEqualTo(i);
                assertThat(rows.get(i).status()).isEqualTo("ok");
                assertThat(new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(rows.get(i).values()))
                        .isEqualTo(embedded.get(i));
            }
        } finally {
            for (Process p : daemons.reversed()) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                p.waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    private static Process daemon(Path dir, String name, Path sparkHome, String mainClass, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(JAVA, "-Xmx256m", "-Dlog4j2.configurationFile="
                + Path.of("src/test/resources/daemon-log4j2.properties").toAbsolutePath()));
        command.addAll(List.of(JVM_FLAGS.split(" ")));
        command.addAll(List.of("-cp", CLASS_PATH, mainClass));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve(name + ".log").toFile());
        pb.environment().put("SPARK_HOME", sparkHome.toString());
        pb.environment().put("SPARK_SCALA_VERSION", "2.13");
        pb.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        return pb.start();
    }

    /** Waits for a daemon's log to show {@code line}; a daemon that dies first fails the test with its log. */
    private static void awaitLine(Path log, String line, Process daemon) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            String text = Files.exists(log) ? Files.readString(log) : "";
            if (text.contains(line)) {
                return;
            }
            assertThat(daemon.isAlive()).as("daemon alive; its log:%n%s", text).isTrue();
            Thread.sleep(200);
        }
        throw new AssertionError("no '" + line + "' in " + log + " within 60 s:\n" + Files.readString(log));
    }

    /** SIGKILL to the worker's executor process (a child JVM running CoarseGrainedExecutorBackend). */
    private static String killExecutor(Process worker) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            Optional<ProcessHandle> executor = worker.descendants().filter(ExecutorLossTest::isExecutor).findFirst();
            if (executor.isPresent()) {
                executor.get().destroyForcibly();
                return "killed " + executor.get().pid();
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                return "interrupted";
            }
        }
        return "no executor process";
    }

    /**
     * Reads /proc: the JDK's ProcessHandle.Info leaves out a command line as long as an executor's (its class
     * path is thousands of characters).
     */
    private static boolean isExecutor(ProcessHandle p) {
        try {
            return Files.readString(Path.of("/proc", String.valueOf(p.pid()), "cmdline")).contains("CoarseGrainedExecutorBackend");
        } catch (IOException e) {
            return false;   // it exited meanwhile
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

}
