package org.rvsimt.cli.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.rvsimt.core.api.DeviceConfig;
import org.rvsimt.device.server.DeviceServer;
import org.rvsimt.device.server.ServerOptions;

/**
 * The bench's OpenCL rows: programs of {@code kernels/opencl} run by one PyOpenCL host program
 * ({@code clients/opencl/bench/ndrange_bench.py}) on rvsimt, through its OpenCL driver, and on
 * POCL's CPU device, in the same run, so the ratio to a real OpenCL implementation is measured on
 * the machine at hand. The driver is built into a temporary folder (make), the ocl-icd loader sees
 * it and POCL's ICD (OCL_ICD_VENDORS), and its devices are connections to a device server in this
 * process, configured as the driver's private server is (a JIT device with 129 MiB of VRAM).
 * Without POCL, PyOpenCL, make or the driver's sources the rows are skipped, with the reason.
 */
public final class OpenClRows {
    /** The programs of a default run: the bench cases' kinds plus a few that stress other paths. */
    public static final List<String> DEFAULT_PROGRAMS = List.of("vecadd", "saxpy", "sgemm_naive", "sgemm_tiled", "transpose",
            "reduction", "histogram", "conv2d", "bitonic_sort", "mandelbrot", "nbody", "black_scholes");
    static final Path PYTHON = Path.of("/usr/bin/python3");            // Debian's, where python3-pyopencl installs
    static final Path POCL_ICD = Path.of("/etc/OpenCL/vendors/pocl.icd");
    /** As the driver's private server (clients/opencl/src/server_link.c): the full profile's 128 MiB plus program images. */
    static final long VRAM = 129L << 20;
    private static final long BUILD_SECONDS = 300;
    private static final long RUN_SECONDS = 1800;

    /** One program on both platforms: NDRange wall times (median of the timed runs) and whether the outputs agree. */
    record Row(String program, int launches, double rvsimtMs, double poclMs, boolean outputsAgree) {
        double ratio() {
            return rvsimtMs / poclMs;
        }
    }

    /**
     * The rows, or why there are none.
     *
     * @param status  "ok", "skipped" (a prerequisite is missing: not a failure) or "failed"
     * @param reason  why skipped or failed, else null
     * @param repeat  timed runs per program and platform
     */
    record Result(String status, String reason, int repeat, List<Row> rows) {
        static Result skipped(String why) {
            return new Result("skipped", why, 0, List.of());
        }

        static Result failed(String why) {
            return new Result("failed", why, 0, List.of());
        }

        boolean ok() {
            return !status.equals("failed") && rows.stream().allMatch(Row::outputsAgree);
        }
    }

    private OpenClRows() { }

    /** Runs {@code programs} with {@code repeat} timed runs each, from the repository {@code repo}. */
    static Result run(Path repo, List<String> programs, int repeat) {
        Path script = repo.resolve("clients/opencl/bench/ndrange_bench.py");
        Path driver = repo.resolve("rvsimt-frontend/src/test/resources/org/rvsimt/frontend/opencl/pocl_driver.py");
        Path kernels = repo.resolve("kernels/opencl");
        for (Path need : List.of(repo.resolve("clients/opencl/Makefile"), script, driver, kernels)) {
            if (!Files.exists(need)) {
                return Result.skipped("no " + need + " (the OpenCL rows need rvsimt's source checkout)");
            }
        }
        if (!Files.isExecutable(PYTHON)) {
            return Result.skipped("no " + PYTHON + " (Debian python3 with python3-pyopencl and python3-numpy)");
        }
        if (!Files.isRegularFile(POCL_ICD)) {
            return Result.skipped("POCL is not installed (no " + POCL_ICD + ": Debian pocl-opencl-icd)");
        }
        Path tmp = null;
        try {
            tmp = Files.createTempDirectory("rvsimt-bench-opencl");
            Path icd = tmp.resolve("icd");
            BenchProcess.Outcome make = BenchProcess.run(List.of("make", "-s", "-C", repo.resolve("clients/opencl").toString(),
                    "OUT=" + icd), Map.of(), BUILD_SECONDS);
            if (make.exitCode() != 0) {
                return Result.skipped("cannot build the OpenCL driver (make -C clients/opencl; needs gcc, "
                        + "ocl-icd-opencl-dev and opencl-headers): " + make.stderrLast());
            }
            Path vendors = Files.createDirectories(tmp.resolve("vendors"));
            Files.copy(icd.resolve("rvsimt.icd"), vendors.resolve("rvsimt.icd"));
            Files.copy(POCL_ICD, vendors.resolve("pocl.icd"));
            ServerOptions options = ServerOptions.unix(tmp.resolve("gpu.sock"))
                    .withDevice(DeviceConfig.defaults().withVram(VRAM)).withLog(line -> { });
            try (DeviceServer server = DeviceServer.start(options)) {
                List<String> cmd = new ArrayList<>(List.of(PYTHON.toString(), script.toString(), "--json", "--repeat",
                        Integer.toString(repeat), driver.toString(), kernels.toString()));
                cmd.addAll(programs);
                BenchProcess.Outcome o = BenchProcess.run(cmd, Map.of("OCL_ICD_VENDORS", vendors.toString(),
                        "RVSIMT_OPENCL_SERVER", "unix:" + server.socketPath()), RUN_SECONDS);
                return parse(o, repeat);
            }
        } catch (IOException e) {
            return Result.failed(e.getMessage());
        } finally {
            if (tmp != null) {
                org.rvsimt.frontend.ToolRun.deleteTree(tmp);
            }
        }
    }

    /** The script's JSON document (printed also when outputs differ, exit code 1), or why there is none. */
    static Result parse(BenchProcess.Outcome o, int repeat) {
        if (o.stderrLast().contains("No module named")) {
            return Result.skipped("PyOpenCL or numpy is missing from " + PYTHON + " (Debian python3-pyopencl, "
                    + "python3-numpy): " + o.stderrLast());
        }
        JsonNode doc;
        try {
            doc = new ObjectMapper().readTree(o.stdout());
        } catch (IOException e) {
            doc = null;
        }
        if (doc == null || !doc.path("rows").isArray()) {
            return Result.failed("ndrange_bench.py exited with " + o.exitCode() + ": " + o.stderrLast());
        }
        List<Row> rows = new ArrayList<>();
        for (JsonNode r : doc.path("rows")) {
            rows.add(new Row(r.path("program").asText(), r.path("launches").asInt(), r.path("rvsimt_ms").asDouble(),
                    r.path("pocl_ms").asDouble(), r.path("outputs_agree").asBoolean()));
        }
        return new Result("ok", null, repeat, rows);
    }

    /** The table's section. */
    static String table(Result r) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%nOpenCL (kernels/opencl through rvsimt's "
                + "OpenCL driver vs POCL's CPU device, same run; NDRange wall time from the first enqueue to clFinish, "
                + "median of %d after a warm-up):%n", r.repeat()));
        if (!r.status().equals("ok")) {
            return sb.append("  ").append(r.status()).append(": ").append(r.reason()).append('\n').toString();
        }
        sb.append(String.format(Locale.ROOT, "  %-14s %8s %11s %11s %12s  %s%n", "program", "launches", "rvsimt ms",
                "POCL ms", "rvsimt/POCL", "outputs"));
        for (Row row : r.rows()) {
            sb.append(String.format(Locale.ROOT, "  %-14s %8d %11s %11s %11.0fx  %s%n", row.program(), row.launches(),
                    BenchReport.fixed(row.rvsimtMs()), BenchReport.fixed(row.poclMs()), row.ratio(),
                    row.outputsAgree() ? "agree" : "DIFFER"));
        }
        return sb.toString();
    }

    /** The JSON document's {@code opencl} object. */
    static Map<String, Object> json(Result r) {
        Map<String, Object> o = new java.util.LinkedHashMap<>();
        o.put("status", r.status());
        if (r.reason() != null) {
            o.put("reason", r.reason());
        }
        o.put("repeat", r.repeat());
        o.put("timing", "NDRange wall time: all of a program's launches from the first enqueue to clFinish, median of "
                + "the timed runs after one warm-up run; rvsimt through its OpenCL driver (JIT device), POCL's CPU device");
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Row row : r.rows()) {
            Map<String, Object> m = new java.util.LinkedHashMap<>();
            m.put("program", row.program());
            m.put("launches", row.launches());
            m.put("rvsimt_ms", row.rvsimtMs());
            m.put("pocl_ms", row.poclMs());
            m.put("ratio", Double.isFinite(row.ratio()) ? row.ratio() : null);
            m.put("outputs_agree", row.outputsAgree());
            rows.add(m);
        }
        o.put("rows", rows);
        return o;
    }
}
