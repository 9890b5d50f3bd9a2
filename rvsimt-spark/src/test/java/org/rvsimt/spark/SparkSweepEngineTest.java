package org.rvsimt.spark;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.rvsimt.cli.Main;
import org.rvsimt.cli.sweep.Combination;
import org.rvsimt.cli.sweep.CombinationRunner;
import org.rvsimt.cli.sweep.Row;
import org.rvsimt.cli.sweep.Sweep;
import org.rvsimt.cli.sweep.SweepReader;

/** The Spark engine against the embedded one: the same sweep gives byte-identical result files. */
class SparkSweepEngineTest {
    private static final Path REPO = Path.of("..").toAbsolutePath().normalize();
    private static final ObjectMapper JSON = new ObjectMapper();

    private record Run(int code, String out, String err) { }

    private static Run sweep(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<String> line = new ArrayList<>(List.of("sweep"));
        line.addAll(List.of(args));
        int code = Main.execute(line.toArray(String[]::new), new PrintWriter(out), new PrintWriter(err));
        return new Run(code, out.toString(), err.toString());
    }

    /**
     * The bundled example sweep, embedded and through the spark-submit main class, run the way spark-submit
     * runs it: a JVM with the application's class path and the master as the spark.master system property.
     */
    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void bundledSweepGivesTheSameFilesEmbeddedAndThroughSparkSubmitsMainClass(@TempDir Path dir) throws Exception {
        String file = REPO.resolve("kernels/sweeps/saxpy_warp_sizes.yaml").toString();
        Run embedded = sweep(file, "-o", dir.resolve("embedded").toString(), "--jobs", "2");
        assertThat(embedded.err()).isEmpty();
        assertThat(embedded.code()).isZero();
        Process submitted = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-modules=jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED",
                "--sun-misc-unsafe-memory-access=allow", "-cp", System.getProperty("java.class.path"),
                "-Dspark.master=local[2]", "-Dspark.submit.deployMode=client", SparkSweepMain.class.getName(),
                file, "-o", dir.resolve("spark").toString())
                .redirectOutput(dir.resolve("out.txt").toFile()).redirectError(dir.resolve("err.txt").toFile()).start();
        try {
            assertThat(submitted.waitFor(120, TimeUnit.SECONDS)).as("spark-submit's run finished in time").isTrue();
        } finally {
            submitted.destroyForcibly();
        }
        String err = Files.readString(dir.resolve("err.txt")).replace("WARNING: Using incubator modules: jdk.incubator.vector\n", "");
        assertThat(err).isEmpty();
        assertThat(submitted.exitValue()).isZero();
        assertThat(Files.readString(dir.resolve("out.txt"))).contains("8 of 8 combinations", "spark engine, 2 workers",
                "8 ok, 0 not ok");
        for (String suffix : List.of(".csv", ".jsonl")) {
            assertThat(Files.readAllBytes(dir.resolve("spark" + suffix)))
                    .isEqualTo(Files.readAllBytes(dir.resolve("embedded" + suffix)));
        }
        // Each row ran saxpy and matched the library's expected output (computed by Java reference code).
        List<String> lines = Files.readAllLines(dir.resolve("spark.jsonl"));
        assertThat(lines).hasSize(8);
        for (int i = 0; i < lines.size(); i++) {
            JsonNode row = JSON.readTree(lines.get(i));
            assertThat(row.get("index").asInt()).isEqualTo(i);
            assertThat(row.get("status").asText()).isEqualTo("ok");
            assertThat(row.get("checks_passed").asInt()).isEqualTo(1);
            assertThat(row.get("warp_size").asInt()).isEqualTo(List.of(8, 16, 32, 64).get(i / 2));
            assertThat(row.get("cycles").asLong()).isPositive();
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void errorRowsMatchTooThroughTheSparkFlag(@TempDir Path dir) throws IOException {
        String file = Path.of("src/test/resources/sweeps/mixed.yaml").toAbsolutePath().toString();
        Run embedded = sweep(file, "-o", dir.resolve("embedded").toString(), "--jobs", "1");
        Run spark = sweep(file, "-o", dir.resolve("spark").toString(), "--spark", "local[1]");
        assertThat(embedded.code()).isEqualTo(Main.FAILED);
        assertThat(spark.code()).isEqualTo(Main.FAILED);
        assertThat(spark.err()).isEmpty();
        assertThat(spark.out()).contains("spark engine, 1 workers");
        for (String suffix : List.of(".csv", ".jsonl")) {
            assertThat(Files.readString(dir.resolve("spark" + suffix))).isEqualTo(Files.readString(dir.resolve("embedded" + suffix)));
        }
        List<JsonNode> rows = new ArrayList<>();
        for (String l : Files.readAllLines(dir.resolve("spark.jsonl"))) {
            rows.add(JSON.readTree(l));
        }
        assertThat(rows).extracting(r -> r.get("status").asText()).containsExactly("ok", "error", "error", "error");
        assertThat(rows.get(2).get("error").asText()).isEqualTo("launch.yaml: args[2].file: x_missing.bin: no such file");
    }

    @Test
    void aMasterSparkDoesNotKnowIsOneLineBeforeAnyFileIsWritten(@TempDir Path dir) {
        String file = REPO.resolve("kernels/sweeps/saxpy_warp_sizes.yaml").toString();
        Run bad = sweep(file, "-o", dir.resolve("b").toString(), "--spark", "bogus");
        assertThat(bad.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(bad.err()).isEqualTo("rvsimt: --spark: expected local, local[N], local[*], spark://HOST:PORT, yarn or "
                + "k8s://URL, got 'bogus'" + System.lineSeparator());
        assertThat(dir.resolve("b.jsonl")).doesNotExist();
        Run both = sweep(file, "-o", dir.resolve("b").toString(), "--spark", "local[2]", "--jobs", "2");
        assertThat(both.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(both.err()).startsWith("rvsimt: --jobs: not with --spark");
        StringWriter err = new StringWriter();
        assertThat(SparkSweepMain.run(new String[] {file}, new PrintWriter(new StringWriter()), new PrintWriter(err)))
                .isEqualTo(Main.BAD_INPUT);
        assertThat(err.toString()).startsWith("rvsimt: no Spark master: run this class through spark-submit");
    }

    /** The files really travel: the task runs after the originals are gone (as on another machine). */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aTaskRunsFromTheShippedBytesWithoutTheDriversFiles(@TempDir Path dir) throws IOException {
        Path saxpy = dir.resolve("kernels/saxpy");
        Files.createDirectories(saxpy.resolve("expected"));
        for (String f : List.of("launch.yaml", "saxpy.S", "expected/out.bin")) {
            Files.copy(REPO.resolve("kernels/saxpy").resolve(f), saxpy.resolve(f));
        }
        Path sweepFile = dir.resolve("s.yaml");
        Files.writeString(sweepFile, "launches: [kernels/saxpy/launch.yaml]\nparameters: {warp_size: [32]}\n");
        Sweep sweep = SweepReader.read(sweepFile);
        ShippedFiles shipped = ShippedFiles.of(sweep.combinations());
        assertThat(shipped.count()).isEqualTo(3);
        try (var all = Files.walk(dir)) {
            for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
                if (!p.equals(dir)) {
                    Files.delete(p);
                }
            }
        }
        Path root = shipped.root();
        Combination c = shipped.relocate(sweep.combinations().get(0), root);
        assertThat(c.runArgs().get(1)).startsWith(root.toString());
        Row row = new CombinationRunner(sweep.parameters(), sweep.timing(), Files.createDirectories(dir.resolve("gpu"))).run(c);
        assertThat(row.status()).isEqualTo("ok");
        assertThat(row.values().get("checks_passed")).isEqualTo(1);
    }
}
