package org.rvsimt.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher starts most commands without the Vector API module (docs/cli.md, host SIMD), so the
 * JIT's plain-Java lane loops are what users run, and the host-SIMD loops what bench's warm rows
 * run: both must leave the device in the same state, bit for bit. Every bench case runs once at its
 * tiny size on the JIT in two fresh JVMs, one with {@code --add-modules=jdk.incubator.vector} and
 * one without; the whole device memory after each launch must hash the same, and each output must
 * match the case's Java reference. The JVM's class-loading log shows that the first JVM did run
 * Vector API code and the second loaded none.
 */
class HostSimdDifferentialTest {
    @TempDir
    static Path dir;

    /** One child's per-case lines ("name sha256 pass"), keyed by case, and its class-loading log. */
    record Child(Map<String, String> digests, Map<String, Boolean> pass, String classLoads) { }

    static Child runChild(boolean vectorModule) throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        Path log = dir.resolve(vectorModule ? "with-module.log" : "without-module.log");
        List<String> cmd = new ArrayList<>(List.of(java));
        if (vectorModule) {
            cmd.add("--add-modules=jdk.incubator.vector");
        }
        // Compiled at once (as the tests' own JVM is): every block's code, SIMD or plain, runs from the start.
        cmd.addAll(List.of("-Drvsimt.jit.compileThreshold=0", "-Xss8m", "-Xlog:class+load=info:file=" + log,
                "-cp", System.getProperty("java.class.path"), HostSimdDigests.class.getName()));
        Path out = dir.resolve(vectorModule ? "with-module.out" : "without-module.out");
        Path err = dir.resolve(vectorModule ? "with-module.err" : "without-module.err");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertThat(p.waitFor(300, TimeUnit.SECONDS)).as("the child finished").isTrue();
        String errText = Files.readString(err, StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(errText).isZero();
        Map<String, String> digests = new TreeMap<>();
        Map<String, Boolean> pass = new TreeMap<>();
        for (String line : Files.readAllLines(out, StandardCharsets.UTF_8)) {
            String[] f = line.split(" ");
            digests.put(f[0], f[1]);
            pass.put(f[0], Boolean.parseBoolean(f[2]));
        }
        return new Child(digests, pass, Files.readString(log, StandardCharsets.UTF_8));
    }

    @Test
    void theJitLeavesTheSameMemoryWithAndWithoutTheVectorApi() throws Exception {
        Child simd = runChild(true);
        Child plain = runChild(false);

        assertThat(simd.classLoads()).as("the module's JVM ran Vector API code")
                .contains("jdk.incubator.vector.FloatVector ");
        assertThat(plain.classLoads()).as("the plain JVM loaded no Vector API class")
                .doesNotContain("jdk.incubator.vector.");

        List<String> cases = BenchRunner.allCases().stream().map(BenchCase::name).sorted().toList();
        assertThat(simd.digests().keySet()).containsExactlyElementsOf(cases);
        assertThat(plain.digests()).isEqualTo(simd.digests());
        for (String c : cases) {
            assertThat(simd.pass().get(c)).as("%s with the module against its reference", c).isTrue();
            assertThat(plain.pass().get(c)).as("%s without the module against its reference", c).isTrue();
        }
    }
}
