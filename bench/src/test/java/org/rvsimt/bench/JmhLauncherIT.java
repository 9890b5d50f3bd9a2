package org.rvsimt.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench/jmh}, the documented way to run the JMH micro-benchmarks, runs one short benchmark
 * (a forked JVM with the Vector API module, as every benchmark here) with nothing on stderr: no
 * incubator-module warning from the fork, no sun.misc.Unsafe warnings from JMH itself. Runs after
 * package (the pom's integration-test execution), when benchmarks.jar exists.
 */
class JmhLauncherIT {
    @TempDir
    Path dir;

    @Test
    void aBenchmarkRunPrintsNothingOnStderr() throws Exception {
        Path script = Path.of("jmh").toAbsolutePath();
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        ProcessBuilder pb = new ProcessBuilder(script.toString(), "DecodeBenchmark.linearScan", "-p", "mix=uniform",
                "-wi", "0", "-i", "1", "-r", "100ms", "-f", "1").redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process p = pb.start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("bench/jmh finished").isTrue();
        String stdout = Files.readString(out, StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as("exit code; stdout:%n%s", stdout).isZero();
        assertThat(Files.readString(err, StandardCharsets.UTF_8)).as("stderr").isEmpty();
        assertThat(stdout).contains("Iteration   1:").containsPattern("# VM options: .*--add-modules=jdk.incubator.vector")
                .doesNotContain("WARNING");
    }
}
