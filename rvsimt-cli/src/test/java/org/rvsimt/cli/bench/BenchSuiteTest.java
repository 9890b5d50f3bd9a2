package org.rvsimt.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.rvsimt.cli.Main;

/** Every bench case at its tiny size, on both engine names, against its Java reference; the report formats. */
class BenchSuiteTest {
    private static final BenchKernels FILES = new BenchKernels(BenchKernels.locate(null));

    static Stream<Arguments> casesAndEngines() {
        List<Arguments> out = new ArrayList<>();
        for (BenchCase c : BenchRunner.allCases()) {
            for (String e : List.of("interp", "jit")) {
                out.add(Arguments.of(c.name(), e));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("casesAndEngines")
    void tinyCaseMatchesItsReference(String name, String engine) {
        BenchReport report = new BenchRunner(FILES, null)
                .run(new BenchRunner.Plan(false, List.of(engine), List.of(1, 2), List.of(name), false, Tier.TINY));
        assertThat(report.rows()).hasSize(2);
        for (BenchRow r : report.rows()) {
            assertThat(r.error()).as("%s %s x%d", name, engine, r.threads()).isNull();
            assertThat(r.check().pass()).as("%s %s x%d: %s %s", name, engine, r.threads(), r.check().what(),
                    r.check().detail()).isTrue();
            assertThat(r.engineRan()).isIn("interp", "jit");
            assertThat(r.best().warpInstructions()).isPositive();
            assertThat(r.best().laneInstructions()).isGreaterThanOrEqualTo(r.best().warpInstructions());
            assertThat(r.best().simtEfficiency()).isBetween(0.01, 1.0);
            assertThat(r.runs()).isPositive();
        }
        // Counters do not depend on the host thread count.
        assertThat(report.rows().get(0).best().laneInstructions()).isEqualTo(report.rows().get(1).best().laneInstructions());
    }

    @Test
    void nativeProgramsComputeTheSameAsTheDevice() {
        assumeTrue(Files.isExecutable(NativeRunner.GCC), "no /usr/bin/gcc");
        BenchReport report = new BenchRunner(FILES, null)
                .run(new BenchRunner.Plan(false, List.of("interp"), List.of(1), List.of(), true, Tier.TINY));
        assertThat(report.rows()).hasSize(BenchRunner.allCases().size());
        for (BenchRow r : report.rows()) {
            assertThat(r.nativeResult().ok()).as("%s: %s", r.caseName(), r.nativeResult().status()).isTrue();
            assertThat(r.nativeResult().seconds()).as(r.caseName()).isPositive();
            assertThat(r.nativeChecksumOk()).as("%s: native checksum %s", r.caseName(), r.nativeResult().checksum())
                    .isTrue();
            assertThat(r.slowdown()).as(r.caseName()).isPositive();
        }
    }

    @Test
    void jsonIsOneDocumentWithEveryColumn() throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(new String[] {"bench", "--first-launch", "1", "--size", "tiny", "--json", "--case", "saxpy", "--case", "cnn",
            "--threads", "1,2", "--no-native"}, new PrintWriter(out), new PrintWriter(err));
        assertThat(code).as(err.toString()).isEqualTo(Main.OK);
        JsonNode doc = new ObjectMapper().readTree(out.toString());
        assertThat(doc.isObject()).isTrue();
        assertThat(doc.path("machine").path("cores").asInt()).isPositive();
        assertThat(doc.path("machine").path("jvm").asText()).isNotEmpty();
        assertThat(doc.path("machine").path("os_arch").asText()).isNotEmpty();
        assertThat(doc.path("mode").asText()).isEqualTo("tiny");
        assertThat(doc.path("all_ok").asBoolean()).isTrue();
        JsonNode rows = doc.path("rows");
        assertThat(rows.size()).isEqualTo(2 * 2 * 2);
        for (JsonNode r : rows) {
            for (String f : List.of("case", "size", "size_tier", "engine", "engine_ran", "threads", "warp_instructions",
                "lane_instructions", "wall_ms", "lane_instructions_per_second", "simt_efficiency", "native_ms",
                "slowdown_vs_native", "check", "timed_runs", "run_ms")) {
                assertThat(r.has(f)).as("row has %s: %s", f, r).isTrue();
            }
            assertThat(r.path("status").asText()).isEqualTo("ok");
            assertThat(r.path("lane_instructions").asLong()).isPositive();
            assertThat(r.path("native_status").asText()).isEqualTo("off");
            assertThat(r.path("check").path("pass").asBoolean()).isTrue();
        }
        JsonNode cnn = rows.get(rows.size() - 1);
        assertThat(cnn.path("case").asText()).isEqualTo("cnn");
        assertThat(cnn.path("forward_ms").asDouble()).isPositive();
        assertThat(cnn.path("total_ms").asDouble()).isGreaterThanOrEqualTo(cnn.path("forward_ms").asDouble());
        assertThat(doc.path("targets").isArray()).isTrue();
        // --first-launch 1: each case, engine and asked thread count ran once more in a fresh process (the same
        // java and class path, without the Vector API module: there is no launcher beside a class path of directories).
        JsonNode first = doc.path("first_launch");
        assertThat(first.size()).isEqualTo(2 * 2 * 2);
        assertThat(first.findValuesAsText("threads")).containsOnly("1", "2");
        for (JsonNode f : first) {
            assertThat(f.path("status").asText()).as("first launch %s", f).isEqualTo("ok");
            assertThat(f.path("runs").asInt()).isEqualTo(1);
            assertThat(f.path("launch_ms_median").asDouble()).isPositive();
            // The command started a JVM, opened a device and uploaded before the launch: it took longer.
            assertThat(f.path("command_ms_median").asDouble()).isGreaterThan(f.path("launch_ms_median").asDouble());
            if (f.path("case").asText().equals("saxpy")) {
                assertThat(f.path("size").asText()).as("the size given (tiny)").isEqualTo(rows.get(0).path("size").asText());
            }
        }
    }

    @Test
    void tableHasTheColumnsAndTheMachine() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(new String[] {"bench", "--first-launch", "0", "--size", "tiny", "--case", "mandelbrot", "--engine", "interp",
            "--threads", "1", "--no-native"}, new PrintWriter(out), new PrintWriter(err));
        assertThat(code).as(err.toString()).isEqualTo(Main.OK);
        String table = out.toString();
        assertThat(table).contains("machine:").contains(" cores").contains("Java ")
                .contains("case").contains("size").contains("engine").contains("thr").contains("warp-instr")
                .contains("lane-instr").contains("wall ms").contains("lane-instr/s").contains("SIMT eff")
                .contains("native ms").contains("vs native").contains("mandelbrot").contains("64x64 it64");
        assertThat(err.toString()).contains("bench: mandelbrot");
    }

    @Test
    void vectorRowsReportTheirSpeedupOverTheScalarRow() throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(new String[] {"bench", "--first-launch", "0", "--size", "tiny", "--json", "--case", "saxpy", "--case",
            "saxpy_rvv", "--engine", "interp", "--threads", "1", "--no-native"}, new PrintWriter(out), new PrintWriter(err));
        assertThat(code).as(err.toString()).isEqualTo(Main.OK);
        JsonNode doc = new ObjectMapper().readTree(out.toString());
        JsonNode rows = doc.path("rows");
        JsonNode scalar = rows.get(0);
        JsonNode vector = rows.get(1);
        assertThat(scalar.path("case").asText()).isEqualTo("saxpy");
        assertThat(scalar.has("speedup_vs_scalar")).isFalse();
        assertThat(vector.path("scalar_case").asText()).isEqualTo("saxpy");
        // The speed-up is the scalar row's best wall time over the vector row's, recomputed here.
        double want = scalar.path("wall_ms").asDouble() / vector.path("wall_ms").asDouble();
        assertThat(vector.path("speedup_vs_scalar").asDouble()).isCloseTo(want, org.assertj.core.data.Offset.offset(1e-9));
        JsonNode vs = doc.path("vs_scalar");
        assertThat(vs.size()).isEqualTo(1);
        assertThat(vs.get(0).path("case").asText()).isEqualTo("saxpy_rvv");
        assertThat(vs.get(0).path("speedup").asDouble()).isCloseTo(want, org.assertj.core.data.Offset.offset(1e-9));

        StringWriter table = new StringWriter();
        code = Main.execute(new String[] {"bench", "--first-launch", "0", "--size", "tiny", "--case", "saxpy", "--case", "saxpy_rvv",
            "--engine", "interp", "--threads", "1", "--no-native"}, new PrintWriter(table), new PrintWriter(err));
        assertThat(code).as(err.toString()).isEqualTo(Main.OK);
        assertThat(table.toString()).contains("vs scalar").contains("vector/matrix vs scalar")
                .containsPattern("saxpy_rvv +vs saxpy +interp +x1 +4K +[0-9.]+x");
    }

    /**
     * The OpenCL rows: an OpenCL program of kernels/opencl on rvsimt (through the OpenCL driver,
     * built by make) and on POCL's CPU device (Debian pocl-opencl-icd, which CI installs), in one
     * run; table on stdout and JSON in a file from that run. The times are not checked, the ratio is
     * their quotient and both platforms' outputs agree.
     */
    @Test
    void openClRowsCompareRvsimtWithPocl(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        java.nio.file.Path json = dir.resolve("bench.json");
        int code = Main.execute(new String[] {"bench", "--first-launch", "0", "--size", "tiny", "--case", "saxpy",
            "--engine", "jit", "--threads", "1", "--no-native", "--opencl", "vecadd", "--json-file", json.toString()},
                new PrintWriter(out), new PrintWriter(err));
        assertThat(code).as(out + "\n" + err).isEqualTo(Main.OK);
        JsonNode cl = new ObjectMapper().readTree(json.toFile()).path("opencl");
        assertThat(cl.path("status").asText()).as(cl.toString()).isEqualTo("ok");
        assertThat(cl.path("repeat").asInt()).isEqualTo(1);
        JsonNode row = cl.path("rows").get(0);
        assertThat(cl.path("rows").size()).isEqualTo(1);
        assertThat(row.path("program").asText()).isEqualTo("vecadd");
        assertThat(row.path("launches").asInt()).isEqualTo(1);
        assertThat(row.path("outputs_agree").asBoolean()).isTrue();
        double rv = row.path("rvsimt_ms").asDouble();
        double pocl = row.path("pocl_ms").asDouble();
        assertThat(rv).isPositive();
        assertThat(pocl).isPositive();
        assertThat(row.path("ratio").asDouble()).isCloseTo(rv / pocl, org.assertj.core.data.Offset.offset(1e-9 * rv / pocl));
        assertThat(out.toString()).contains("OpenCL (kernels/opencl through rvsimt's OpenCL driver vs POCL's CPU device")
                .containsPattern("\\n  vecadd +1 +[0-9.]+ +[0-9.]+ +[0-9]+x  agree\\n");
        assertThat(err.toString()).contains("bench: opencl: vecadd on rvsimt and POCL");
    }

    /** Without the checkout's OpenCL files the rows are skipped with the reason (the bench still succeeds). */
    @Test
    void openClRowsSayWhyTheyAreSkipped(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        OpenClRows.Result r = OpenClRows.run(dir, List.of("vecadd"), 1);
        assertThat(r.status()).isEqualTo("skipped");
        assertThat(r.reason()).contains(dir.resolve("clients/opencl/Makefile").toString());
        assertThat(r.ok()).isTrue();
        assertThat(OpenClRows.table(r)).contains("skipped: no " + dir.resolve("clients/opencl/Makefile"));
        OpenClRows.Result noPyOpenCl = OpenClRows.parse(new BenchProcess.Outcome(1, "",
                "ModuleNotFoundError: No module named 'pyopencl'"), 1);
        assertThat(noPyOpenCl.status()).isEqualTo("skipped");
        assertThat(noPyOpenCl.reason()).contains("python3-pyopencl");
        OpenClRows.Result crashed = OpenClRows.parse(new BenchProcess.Outcome(1, "", "SystemExit: no OpenCL platform"), 1);
        assertThat(crashed.status()).isEqualTo("failed");
        assertThat(crashed.ok()).isFalse();
    }

    @Test
    void badFlagsAreOneLineErrors() {
        for (String[] args : List.of(new String[] {"bench", "--engine", "gpu"}, new String[] {"bench", "--case", "nope"},
                new String[] {"bench", "--threads", "0"}, new String[] {"bench", "--threads", "x"},
                new String[] {"bench", "--size", "huge"}, new String[] {"bench", "--opencl", "nope"})) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code = Main.execute(args, new PrintWriter(out), new PrintWriter(err));
            assertThat(code).as(String.join(" ", args)).isEqualTo(Main.BAD_INPUT);
            assertThat(err.toString().lines().toList()).as(err.toString()).hasSize(1);
            assertThat(err.toString()).startsWith("rvsimt: ").doesNotContain("Exception");
        }
    }
}
