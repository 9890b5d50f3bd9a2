package org.rvsimt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rvsimt sweep}: the bundled example's rows against analytic counts and the kernel's reference
 * output, the row order under different worker counts, resuming an interrupted sweep, failing
 * combinations as rows, the files read by Python's csv and json modules, and bad sweep files.
 */
class SweepCliTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    static Path repoRoot() {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            if (Files.isRegularFile(d.resolve("kernels/include/rvsimt.h"))) {
                return d;
            }
        }
        throw new AssertionError("kernels/include/rvsimt.h not found");
    }

    static List<JsonNode> rows(Path jsonl) throws Exception {
        List<JsonNode> out = new ArrayList<>();
        for (String line : Files.readAllLines(jsonl)) {
            out.add(JSON.readTree(line));
        }
        return out;
    }

    @Test
    void bundledExampleRowsResumeAndOrder() throws Exception {
        Path example = repoRoot().resolve("kernels/sweeps/saxpy_warp_sizes.yaml");
        Path full = dir.resolve("full");
        Cli.Result r = Cli.run("sweep", example.toString(), "-o", full.toString());
        assertThat(r.err()).as("stderr on success").isEmpty();
        assertThat(r.code()).as(r.out()).isZero();
        assertThat(r.out()).contains("8 of 8 combinations").contains("8 ok, 0 not ok");
        List<JsonNode> rows = rows(Path.of(full + ".jsonl"));
        assertThat(rows).hasSize(8);
        int[] warps = {8, 8, 16, 16, 32, 32, 64, 64};
        String[] gpus = {"volta", "vortex"};
        for (int i = 0; i < 8; i++) {
            JsonNode row = rows.get(i);
            assertThat(row.get("index").asInt()).isEqualTo(i);
            assertThat(row.get("warp_size").asInt()).isEqualTo(warps[i]);
            assertThat(row.get("gpu").asText()).isEqualTo(gpus[i % 2]);
            assertThat(row.get("status").asText()).isEqualTo("ok");
            // the manifest's check compares with expected/out.bin, computed by the reference in Java
            assertThat(row.get("checks_passed").asInt()).isEqualTo(1);
            // 1024 threads, all active, 26 instructions each (saxpy.S: no divergence on n = 1024)
            assertThat(row.get("lane_instructions").asLong()).isEqualTo(1024L * 26);
            assertThat(row.get("warp_instructions").asLong()).isEqualTo(1024L * 26 / warps[i]);
            // saxpy reads x and y and writes out: 3 x 4 KiB of distinct data reach DRAM at least once
            assertThat(row.get("dram_bytes").asLong()).isGreaterThanOrEqualTo(3 * 4096);
            assertThat(row.get("cycles").asLong()).isPositive();
            assertThat(row.get("ipc").asDouble()).isPositive();
        }
        // a row is what a single `run` of that combination reports
        JsonNode single = Cli.run("run", repoRoot().resolve("kernels/saxpy/launch.yaml").toString(), "--json", "--threads", "1",
                "--warp-size", "16", "--timing", "--gpu", "vortex").json();
        assertThat(rows.get(3).get("cycles").asLong()).isEqualTo(single.at("/timing/cycles").asLong());
        assertThat(rows.get(3).get("l1_hit_rate").asDouble()).isEqualTo(single.at("/timing/l1/hit_rate").asDouble());
        assertThat(Path.of(full + ".html")).isRegularFile();

        // Interrupted after three rows on one worker, the last line cut off mid-write; resumed on three
        // workers: the same files as the uninterrupted run.
        Path part = dir.resolve("part");
        Cli.Result first = Cli.run("sweep", example.toString(), "-o", part.toString(), "--jobs", "1", "--limit", "3");
        assertThat(first.code()).isZero();
        assertThat(first.out()).contains("3 of 8 combinations").contains("5 combinations left");
        assertThat(Files.readAllLines(Path.of(part + ".jsonl"))).hasSize(3);
        Files.writeString(Path.of(part + ".jsonl"), "{\"index\":3,\"launch\":\"../sax", StandardOpenOption.APPEND);
        Cli.Result resumed = Cli.run("sweep", example.toString(), "-o", part.toString(), "--jobs", "3");
        assertThat(resumed.err()).isEmpty();
        assertThat(resumed.out()).contains("8 of 8 combinations (5 run now, 3 kept)");
        for (String ext : List.of(".csv", ".jsonl")) {
            assertThat(Files.readString(Path.of(part + ext))).as(ext).isEqualTo(Files.readString(Path.of(full + ext)));
        }

        // A sweep process killed while it runs (SIGTERM after its first row), then resumed: the same files.
        Path killed = dir.resolve("killed");
        String java = ProcessHandle.current().info().command().orElseThrow();
        Process run = new ProcessBuilder(java, "--add-modules=jdk.incubator.vector", "-cp", System.getProperty("java.class.path"),
                "org.rvsimt.cli.Main", "sweep", example.toString(), "-o", killed.toString(), "--jobs", "1")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        Path killedRows = Path.of(killed + ".jsonl");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (run.isAlive() && System.nanoTime() < deadline
                && (!Files.exists(killedRows) || Files.readAllLines(killedRows).isEmpty())) {
            Thread.sleep(20);
        }
        run.destroy();
        assertThat(run.waitFor(30, TimeUnit.SECONDS)).isTrue();
        int before = Files.readAllLines(killedRows).size();
        assertThat(run.exitValue()).as("killed, not finished").isEqualTo(143);   // 128 + SIGTERM
        assertThat(before).isBetween(1, 7);
        Cli.Result afterKill = Cli.run("sweep", example.toString(), "-o", killed.toString());
        assertThat(afterKill.out()).contains("8 of 8 combinations (" + (8 - before) + " run now, " + before + " kept)");
        for (String ext : List.of(".csv", ".jsonl")) {
            assertThat(Files.readString(Path.of(killed + ext))).as(ext).isEqualTo(Files.readString(Path.of(full + ext)));
        }

        // both files as Python's standard csv and json modules read them (pandas and DuckDB read the same)
        Process p = new ProcessBuilder("/usr/bin/python3", "-c", String.join("\n",
                "import csv, json, sys",
                "c = list(csv.DictReader(open(sys.argv[1], newline='')))",
                "j = [json.loads(l) for l in open(sys.argv[2])]",
                "assert [int(r['warp_instructions']) for r in c] == [r['warp_instructions'] for r in j]",
                "assert [float(r['ipc']) for r in c] == [r['ipc'] for r in j]",
                "assert all(r['error'] == '' for r in c) and all(r['error'] is None for r in j)",
                "print(len(c), len(j), sum(int(r['cycles']) for r in c))"), full + ".csv", full + ".jsonl")
                .redirectErrorStream(true).start();
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        String py = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        long cycles = rows.stream().mapToLong(x -> x.get("cycles").asLong()).sum();
        assertThat(py).isEqualTo("8 8 " + cycles);
        assertThat(p.exitValue()).isZero();
    }

    @Test
    void failingAndFaultingCombinationsAreRows() throws Exception {
        Cli.write(dir, "spin.S", ".globl spin\nspin:\n    j spin\n");
        Path sweep = Cli.write(dir, "s.yaml", String.join("\n",
                "launches:",
                "  - {kernel: spin.S, grid: 1, block: 32}",
                "  - {manifest: " + repoRoot().resolve("kernels/saxpy/launch.yaml") + ", name: saxpy}",
                "combinations:",
                "  - {warp_size: 100, watchdog: 1000}",
                "  - {warp_size: 32, watchdog: 1000, engine: interp}",
                ""));
        Cli.Result r = Cli.run("sweep", sweep.toString(), "-o", dir.resolve("out").toString());
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(Main.FAILED);
        assertThat(r.err()).isEmpty();
        List<JsonNode> rows = rows(dir.resolve("out.jsonl"));
        assertThat(rows).extracting(x -> x.get("launch").asText()).containsExactly("spin.S", "spin.S", "saxpy", "saxpy");
        assertThat(rows).extracting(x -> x.get("status").asText()).containsExactly("error", "fault", "error", "ok");
        assertThat(rows.get(0).get("error").asText()).contains("--warp-size");
        assertThat(rows.get(0).get("exit_code").asInt()).isEqualTo(Main.BAD_INPUT);
        assertThat(rows.get(1).get("fault_kind").asText()).isEqualTo("watchdog");
        assertThat(rows.get(1).get("error").asText()).startsWith("watchdog at 0x00000000");
        // the spinning warp is stopped after exactly its budget of 1000 warp-instructions
        assertThat(rows.get(1).get("warp_instructions").asLong()).isEqualTo(1000);
        assertThat(rows.get(3).get("checks_passed").asInt()).isEqualTo(1);
        assertThat(r.out()).contains("1 ok, 3 not ok");
    }

    @Test
    void gpuKeysTimeWithTheChangedConfiguration() throws Exception {
        String saxpy = repoRoot().resolve("kernels/saxpy/launch.yaml").toString();
        Path sweep = Cli.write(dir, "g.yaml", "launches: [" + saxpy + "]\n"
                + "parameters: {engine: [interp], gpu: [vortex], gpu.compute_units: [1, 4], gpu.scheduler: [gto]}\n");
        Cli.Result r = Cli.run("sweep", sweep.toString(), "-o", dir.resolve("g").toString());
        assertThat(r.code()).as(r.out() + r.err()).isZero();
        List<JsonNode> rows = rows(dir.resolve("g.jsonl"));
        assertThat(rows).extracting(x -> x.get("gpu.compute_units").asInt()).containsExactly(1, 4);
        // the same configuration written by hand as the GPU file format documents it (docs/timing.md)
        for (int i = 0; i < 2; i++) {
            Path gpu = Cli.write(dir, "cu" + i + ".yaml", "base: vortex\ncompute_units: " + (i == 0 ? 1 : 4)
                    + "\nscheduler: gto\n");
            JsonNode single = Cli.run("run", saxpy, "--json", "--threads", "1", "--engine", "interp", "--timing", "--gpu",
                    gpu.toString()).json();
            assertThat(rows.get(i).get("cycles").asLong()).isEqualTo(single.at("/timing/cycles").asLong());
            assertThat(rows.get(i).get("occupancy_achieved").asDouble())
                    .isEqualTo(single.at("/timing/occupancy/achieved").asDouble());
        }
        // 4 blocks on one compute unit take longer than one block on each of four
        assertThat(rows.get(0).get("cycles").asLong()).isGreaterThan(rows.get(1).get("cycles").asLong());
    }

    @Test
    void badSweepFilesAreOneLineNamingTheField() throws Exception {
        String saxpy = repoRoot().resolve("kernels/saxpy/launch.yaml").toString();
        String[][] cases = {
            {"launches: [" + saxpy + "]\nwarps: [1]\n", "warps: unknown field"},
            {"parameters: {warp_size: [8]}\n", "launches: required"},
            {"launches: [nope.yaml]\n", "launches[0]: nope.yaml: no such file"},
            {"launches: [" + saxpy + "]\nparameters: {warpsize: [8]}\n", "parameters.warpsize: unknown parameter"},
            {"launches: [" + saxpy + "]\nparameters: {warp_size: 8}\n", "parameters.warp_size: must be a non-empty list"},
            {"launches: [" + saxpy + "]\nparameters: {engine: [jit, fast]}\n", "parameters.engine[1]: must be one of interp, jit"},
            {"launches: [" + saxpy + "]\nparameters: {grid: [[1, 2, 3, 4]]}\n", "parameters.grid[0]: must be an integer"},
            {"launches: [" + saxpy + "]\nparameters: {gpu.l1.ways: [0]}\n", "l1.ways: must be an integer"},
            {"launches: [" + saxpy + "]\nparameters: {gpu.l9.ways: [4]}\n", "l9: unknown key"},
            {"launches: [" + saxpy + "]\nparameters: {gpu: [fermi]}\n", "parameters.gpu[0]: 'fermi' is neither a preset"},
            {"launches: [" + saxpy + "]\nparameters: {warp_size: [8]}\ncombinations: [{warp_size: 8}]\n", "combinations: give either"},
            {"launches: [" + saxpy + "]\nreport: {metric: cycles}\n", "report.metric: 'cycles' is not a result column"},
            {"launches: [" + saxpy + "]\nlaunches: [" + saxpy + "]\n", "malformed YAML: Duplicate field 'launches'"},
            {"launches: [" + saxpy + "\n", "malformed YAML"},
        };
        for (String[] c : cases) {
            Path f = Cli.write(dir, "bad.yaml", c[0]);
            Cli.run("sweep", f.toString(), "-o", dir.resolve("never").toString()).badInput("bad.yaml", c[1]);
        }
        assertThat(dir.resolve("never.csv")).doesNotExist();
        // rows of another sweep in the output are not resumed over
        Path a = Cli.write(dir, "a.yaml", "launches: [" + saxpy + "]\nparameters: {engine: [interp], warp_size: [32]}\n");
        Path b = Cli.write(dir, "b.yaml", "launches: [" + saxpy + "]\nparameters: {engine: [interp], warp_size: [16]}\n");
        assertThat(Cli.run("sweep", a.toString(), "-o", dir.resolve("ab").toString()).code()).isZero();
        Cli.run("sweep", b.toString(), "-o", dir.resolve("ab").toString()).badInput("ab.jsonl: line 1", "--restart");
        Cli.Result restarted = Cli.run("sweep", b.toString(), "-o", dir.resolve("ab").toString(), "--restart");
        assertThat(restarted.code()).isZero();
        assertThat(rows(dir.resolve("ab.jsonl"))).singleElement().satisfies(x -> assertThat(x.get("warp_size").asInt()).isEqualTo(16));
        Cli.run("sweep", b.toString(), "--jobs", "0").badInput("--jobs");
    }
}
