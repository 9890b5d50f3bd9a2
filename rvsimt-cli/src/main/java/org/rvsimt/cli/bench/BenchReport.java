package org.rvsimt.cli.bench;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The suite's results as a table for people and one JSON document for scripts. */
public final class BenchReport {
    private final List<BenchRow> rows;
    private final Map<String, String> enginesRan;
    private final BenchRunner.Plan plan;
    private final String gcc;
    private final long totalNanos;
    private final Double startLoad;

    private final List<FirstLaunch.Result> firstLaunches;
    private final OpenClRows.Result openCl;

    BenchReport(List<BenchRow> rows, Map<String, String> enginesRan, BenchRunner.Plan plan, String gcc, long totalNanos,
                Double startLoad, List<FirstLaunch.Result> firstLaunches, OpenClRows.Result openCl) {
        this.startLoad = startLoad;
        this.openCl = openCl;
        this.firstLaunches = List.copyOf(firstLaunches);
        this.rows = List.copyOf(rows);
        this.enginesRan = enginesRan;
        this.plan = plan;
        this.gcc = gcc;
        this.totalNanos = totalNanos;
    }

    public List<BenchRow> rows() {
        return rows;
    }

    public boolean allOk() {
        return rows.stream().allMatch(BenchRow::ok)
                && firstLaunches.stream().allMatch(f -> f.error() == null && f.check())
                && (openCl == null || openCl.ok());
    }

    /** The OpenCL rows, or null when the plan had none. */
    OpenClRows.Result openCl() {
        return openCl;
    }

    public List<FirstLaunch.Result> firstLaunches() {
        return firstLaunches;
    }

    // ------------------------------------------------------------------ machine

    Map<String, Object> machine() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("cores", Runtime.getRuntime().availableProcessors());
        m.put("cpu", cpuModel());
        m.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version"));
        m.put("os_arch", System.getProperty("os.arch"));
        m.put("jvm", Runtime.version().toString());
        m.put("jvm_name", System.getProperty("java.vm.name") + " (" + System.getProperty("java.vm.vendor") + ")");
        m.put("max_heap_mib", Runtime.getRuntime().maxMemory() >> 20);
        m.put("gcc", gcc);
        m.put("load_average_at_start", startLoad);
        m.put("load_average_at_end", loadAverage());
        return m;
    }

    /** The 1-minute load average (other processes on the machine make the figures unreliable), or null. */
    static Double loadAverage() {
        double l = java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        return l < 0 ? null : l;
    }

    private static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: leave it out
        }
        return "unknown";
    }

    String sizesNote() {
        if (plan.tier() != null) {
            return plan.tier().label() + " sizes for every row";
        }
        if (plan.quick()) {
            return "quick sizes for every row (--quick)";
        }
        return "full sizes for the jit, smaller 'interp' sizes for the interpreter (and for a jit that reports "
                + "it ran the interpreter); lane-instr/s is comparable across sizes, times are not";
    }

    String timingNote() {
        if (plan.tier() == Tier.TINY) {
            return "tiny sizes are for tests: no warm-up, one timed run per row";
        }
        return "untimed warm-up runs until HotSpot has settled (its compilers busy at most 5% of a run; at most 10 s of "
                + "CPU or 30 runs), then the best (fastest) of 3 timed runs (fewer once 3 s are spent, more, up to "
                + "10, while under 1 s; the CNN: at least 20 forward passes); native: best of its repetitions, timed "
                + "inside the program";
    }

    // ------------------------------------------------------------------ table

    public String table() {
        StringBuilder sb = new StringBuilder();
        Map<String, Object> m = machine();
        sb.append(String.format(Locale.ROOT, "rvsimt bench: %d rows in %.1f s%n", rows.size(), totalNanos / 1e9));
        sb.append(String.format(Locale.ROOT, "machine: %s cores, %s, %s %s, Java %s (%s), %s%n", m.get("cores"),
                m.get("cpu"), m.get("os"), m.get("os_arch"), m.get("jvm"), m.get("jvm_name"), gcc));
        if (startLoad != null && startLoad > 1.0) {
            sb.append(String.format(Locale.ROOT, "warning: load average %.2f on %s cores when the suite started: other "
                    + "processes share the machine, so the times below are not reliable%n", startLoad, m.get("cores")));
        }
        sb.append("sizes:   ").append(sizesNote()).append('\n');
        sb.append("timing:  ").append(timingNote()).append('\n');
        for (Map.Entry<String, String> e : enginesRan.entrySet()) {
            if (!e.getKey().equals(e.getValue())) {
                sb.append("note:    engine '").append(e.getKey()).append("' reports that '").append(e.getValue())
                        .append("' ran its launches (shown as ").append(e.getKey()).append(">").append(e.getValue())
                        .append(")\n");
            }
        }
        sb.append('\n');
        String[] head = {"case", "size", "engine", "thr", "warp-instr", "lane-instr", "wall ms", "lane-instr/s",
            "SIMT eff", "native ms", "vs native", "vs scalar", "check"};
        List<String[]> cells = new ArrayList<>();
        cells.add(head);
        for (BenchRow r : rows) {
            String engine = r.engine().equals(r.engineRan()) || r.engineRan().equals("?") ? r.engine()
                    : r.engine() + ">" + r.engineRan();
            if (r.best() == null) {
                cells.add(new String[] {r.caseName(), r.size(), engine, Integer.toString(r.threads()), "-", "-", "-", "-",
                    "-", "-", "-", "-", "ERROR"});
                continue;
            }
            Workload.Run b = r.best();
            String nat = r.nativeResult() == null ? "-" : r.nativeResult().ok()
                    ? fixed(r.nativeResult().seconds() * 1e3) : "n/a";
            String slow = Double.isNaN(r.slowdown()) ? (r.nativeResult() == null ? "-" : "n/a")
                    : String.format(Locale.ROOT, "%.1fx", r.slowdown());
            String check = r.check().pass() ? "ok" : "FAIL";
            if (Boolean.FALSE.equals(r.nativeChecksumOk())) {
                check += " (native sum differs)";
            }
            cells.add(new String[] {r.caseName(), r.size(), engine, Integer.toString(r.threads()),
                si(b.warpInstructions()), si(b.laneInstructions()), fixed(r.wallMs()), si(r.laneRate()),
                String.format(Locale.ROOT, "%.3f", b.simtEfficiency()), nat, slow, vsScalarCell(r), check});
        }
        int[] width = new int[head.length];
        for (String[] row : cells) {
            for (int i = 0; i < row.length; i++) {
                width[i] = Math.max(width[i], row[i].length());
            }
        }
        for (String[] row : cells) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.length; i++) {
                boolean left = i <= 2 || i == row.length - 1;
                String f = "%" + (left ? "-" : "") + width[i] + "s";
                line.append(String.format(f, row[i])).append(i < row.length - 1 ? "  " : "");
            }
            sb.append(line.toString().stripTrailing()).append('\n');
        }
        for (BenchRow r : rows) {
            if (r.error() != null) {
                sb.append("error: ").append(r.caseName()).append(' ').append(r.engine()).append(" x").append(r.threads())
                        .append(": ").append(r.error()).append('\n');
            } else if (!r.check().pass()) {
                sb.append("check failed: ").append(r.caseName()).append(' ').append(r.engine()).append(" x")
                        .append(r.threads()).append(": ").append(r.check().what()).append(": ").append(r.check().detail())
                        .append('\n');
            }
        }
        if (!firstLaunches.isEmpty()) {
            sb.append(String.format(Locale.ROOT, "%nfirst launch (a fresh process runs the case once, no warm-up; medians "
                    + "of %d; command = process start to exit, without the reference check):%n",
                    firstLaunches.get(0).launchMs().isEmpty() ? 0 : plan.firstLaunchRuns()));
            for (FirstLaunch.Result f : firstLaunches) {
                FirstLaunch.Result interp = firstLaunches.stream()
                        .filter(o -> o.caseName().equals(f.caseName()) && o.engine().equals("interp")).findFirst().orElse(null);
                String vsInterp = interp == null || f == interp || interp.error() != null || f.error() != null ? ""
                        : String.format(Locale.ROOT, "  launch %.2fx interp's", f.launchMedian() / interp.launchMedian());
                sb.append(String.format(Locale.ROOT, "  %-12s %-14s %-6s x%-2d %s%n", f.caseName(), f.size(), f.engine(),
                        f.threads(), f.error() != null ? "ERROR " + f.error()
                        : String.format(Locale.ROOT, "launch %8s ms  command %8s ms  check %s%s",
                                FirstLaunch.format(f.launchMedian()), FirstLaunch.format(f.commandMedian()),
                                f.check() ? "ok" : "FAIL", vsInterp)));
            }
        }
        List<ScalarComparison> vs = scalarComparisons();
        if (!vs.isEmpty()) {
            sb.append("\nvector/matrix vs scalar (scalar wall ms / vector wall ms, same engine, threads and size):\n");
            int sizeWidth = vs.stream().mapToInt(c -> c.row().size().length()).max().orElse(1);
            for (ScalarComparison c : vs) {
                sb.append(String.format(Locale.ROOT, "  %-12s vs %-12s %-6s x%-2d %-" + sizeWidth + "s  %s%n",
                        c.row().caseName(), c.scalar().caseName(), c.row().engine(), c.row().threads(), c.row().size(),
                        c.verdict()));
            }
        }
        List<BenchRow> cnn = rows.stream().filter(r -> r.caseName().equals("cnn") && r.best() != null).toList();
        if (!cnn.isEmpty()) {
            sb.append("\ncnn (one forward pass = input upload, 7 launches, readback of 10 probabilities; checked to 1e-4):\n");
            for (BenchRow r : cnn) {
                sb.append(String.format(Locale.ROOT, "  %-6s x%d: forward %.3f ms (best of %d), row total %.1f ms "
                        + "(setup %.2f ms, warm-up, %d forward passes, check); class %s p=%.4f, max err %.2e%n",
                        r.engine(), r.threads(), r.wallMs(), r.runs(), r.rowNanos() / 1e6,
                        ((Number) r.extras().getOrDefault("setup_ms", 0.0)).doubleValue(), r.runs() + 1,
                        r.extras().get("predicted_class"), ((Number) r.extras().getOrDefault("probability", 0f)).doubleValue(),
                        r.check().error()));
            }
        }
        if (openCl != null) {
            sb.append(OpenClRows.table(openCl));
        }
        List<Map<String, Object>> targets = targets();
        if (!targets.isEmpty()) {
            sb.append("\ntargets (for information):\n");
            for (Map<String, Object> t : targets) {
                sb.append(String.format(Locale.ROOT, "  %-58s %-12s %s%n", t.get("target"), t.get("measured"),
                        t.get("status")));
            }
        }
        return sb.toString();
    }

    // ------------------------------------------------------------------ vector/matrix vs scalar

    /** A vector or matrix row and the scalar row it is measured against. */
    record ScalarComparison(BenchRow row, BenchRow scalar) {
        /** How many times faster the vector row is (below 1: slower). */
        double speedup() {
            return scalar.wallMs() / row.wallMs();
        }

        String verdict() {
            double s = speedup();
            return s >= 1 ? String.format(Locale.ROOT, "%.2fx faster", s)
                    : String.format(Locale.ROOT, "%.2fx (slower: %.2fx the scalar time)", s, 1 / s);
        }
    }

    /** The scalar row a vector/matrix row compares with (same engine, threads and size), or null. */
    private BenchRow scalarRowOf(BenchRow r) {
        String scalar = BenchRunner.allCases().stream().filter(c -> c.name().equals(r.caseName())).findFirst()
                .map(BenchCase::scalarName).orElse(null);
        if (scalar == null || r.best() == null) {
            return null;
        }
        return rows.stream().filter(s -> s.caseName().equals(scalar) && s.engine().equals(r.engine())
                && s.threads() == r.threads() && s.size().equals(r.size()) && s.best() != null).findFirst()
                .orElse(null);
    }

    List<ScalarComparison> scalarComparisons() {
        List<ScalarComparison> out = new ArrayList<>();
        for (BenchRow r : rows) {
            BenchRow s = scalarRowOf(r);
            if (s != null) {
                out.add(new ScalarComparison(r, s));
            }
        }
        return out;
    }

    private String vsScalarCell(BenchRow r) {
        BenchRow s = scalarRowOf(r);
        return s == null ? "-" : String.format(Locale.ROOT, "%.2fx", new ScalarComparison(r, s).speedup());
    }

    // ------------------------------------------------------------------ targets

    private BenchRow find(String caseName, String engine, int threads) {
        return rows.stream().filter(r -> r.caseName().equals(caseName) && r.engine().equals(engine)
                && r.threads() == threads && r.best() != null).findFirst().orElse(null);
    }

    /** The speed targets, evaluated on the rows there are. */
    List<Map<String, Object>> targets() {
        List<Map<String, Object>> out = new ArrayList<>();
        rate(out, "jit 1 thread sgemm_tiled >= 3 G lane-instr/s", find("sgemm_tiled", "jit", 1), 3e9);
        rate(out, "jit 1 thread saxpy >= 1 G lane-instr/s", find("saxpy", "jit", 1), 1e9);
        rate(out, "interp 1 thread sgemm_naive >= 500 M lane-instr/s", find("sgemm_naive", "interp", 1), 5e8);
        rate(out, "interp 1 thread sgemm_tiled >= 500 M lane-instr/s", find("sgemm_tiled", "interp", 1), 5e8);
        rate(out, "jit 1 thread sgemm_reg >= 3 G lane-instr/s", find("sgemm_reg", "jit", 1), 3e9);
        for (String engine : List.of("jit", "interp")) {
            for (String c : List.of("sgemm_naive", "sgemm_tiled", "sgemm_reg", "conv2d")) {
                BenchRow one = find(c, engine, 1);
                BenchRow two = find(c, engine, 2);
                if (one != null && two != null) {
                    double s = two.laneRate() / one.laneRate();
                    add(out, engine + " " + c + " 2 threads >= 1.8x 1 thread", String.format(Locale.ROOT, "%.2fx", s),
                            s >= 1.8, two);
                }
            }
        }
        for (String c : List.of("sgemm_tiled", "sgemm_reg")) {
            for (int threads : plan.threads()) {
                BenchRow r = find(c, "jit", threads);
                if (r != null && !Double.isNaN(r.slowdown())) {
                    add(out, "jit " + c + " x" + threads + " <= 10x slower than gcc -O2",
                            String.format(Locale.ROOT, "%.1fx", r.slowdown()), r.slowdown() <= 10, r);
                }
            }
        }
        return out;
    }

    private static void rate(List<Map<String, Object>> out, String name, BenchRow r, double goal) {
        if (r != null) {
            add(out, name, si(r.laneRate()), r.laneRate() >= goal, r);
        }
    }

    private static void add(List<Map<String, Object>> out, String name, String measured, boolean met, BenchRow r) {
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("target", name);
        t.put("measured", measured);
        t.put("met", met);
        String status = met ? "met" : "not met";
        if (!r.engine().equals(r.engineRan())) {
            status += " (engine '" + r.engine() + "' ran '" + r.engineRan() + "')";
        }
        t.put("status", status);
        out.add(t);
    }

    // ------------------------------------------------------------------ JSON

    public Map<String, Object> toMap() {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("tool", "rvsimt bench");
        doc.put("machine", machine());
        doc.put("mode", plan.tier() != null ? plan.tier().label() : plan.quick() ? "quick" : "full");
        doc.put("sizes", sizesNote());
        doc.put("timing", timingNote());
        doc.put("engines", plan.engines());
        doc.put("engines_ran", enginesRan);
        doc.put("threads", plan.threads());
        doc.put("total_seconds", totalNanos / 1e9);
        doc.put("all_ok", allOk());
        List<Map<String, Object>> list = new ArrayList<>();
        for (BenchRow r : rows) {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("case", r.caseName());
            o.put("size", r.size());
            o.put("size_tier", r.tier().label());
            o.put("engine", r.engine());
            o.put("engine_ran", r.engineRan());
            o.put("threads", r.threads());
            o.put("status", r.error() != null ? "error" : r.ok() ? "ok" : "check_failed");
            if (r.error() != null) {
                o.put("error", r.error());
            }
            Workload.Run b = r.best();
            o.put("launches", b == null ? null : b.launches());
            o.put("warp_instructions", b == null ? null : b.warpInstructions());
            o.put("lane_instructions", b == null ? null : b.laneInstructions());
            o.put("wall_ms", num(r.wallMs()));
            o.put("cpu_ms", b == null || b.cpuNanos() < 0 ? null : num(b.cpuNanos() / 1e6));
            o.put("lane_instructions_per_second", num(r.laneRate()));
            o.put("simt_efficiency", b == null ? null : num(b.simtEfficiency()));
            o.put("timed_runs", r.runs());
            o.put("wall_ms_median", num(r.medianMs()));
            o.put("run_ms", r.runNanos().stream().map(t -> t / 1e6).toList());
            o.put("row_ms", num(r.rowNanos() / 1e6));
            NativeRunner.Result n = r.nativeResult();
            o.put("native_ms", n == null || !n.ok() ? null : num(n.seconds() * 1e3));
            o.put("native_status", n == null ? "off" : n.status());
            o.put("native_checksum", n == null || !n.ok() ? null : num(n.checksum()));
            o.put("native_checksum_ok", r.nativeChecksumOk());
            o.put("slowdown_vs_native", num(r.slowdown()));
            BenchRow scalar = scalarRowOf(r);
            if (scalar != null) {
                o.put("scalar_case", scalar.caseName());
                o.put("speedup_vs_scalar", num(new ScalarComparison(r, scalar).speedup()));
            }
            if (r.check() != null) {
                Map<String, Object> c = new LinkedHashMap<>();
                c.put("pass", r.check().pass());
                c.put("what", r.check().what());
                c.put("error", num(r.check().error()));
                c.put("tolerance", r.check().tol());
                if (!r.check().detail().isEmpty()) {
                    c.put("detail", r.check().detail());
                }
                o.put("check", c);
            }
            if (!r.extras().isEmpty()) {
                o.putAll(r.extras());
                if (r.caseName().equals("cnn")) {
                    o.put("forward_ms", num(r.wallMs()));
                    o.put("total_ms", num(r.rowNanos() / 1e6));
                }
            }
            list.add(o);
        }
        Map<String, Object> cases = new LinkedHashMap<>();
        for (BenchCase c : BenchRunner.select(plan.cases())) {
            cases.put(c.name(), c.description());
        }
        doc.put("cases", cases);
        doc.put("rows", list);
        doc.put("targets", targets());
        List<Map<String, Object>> vs = new ArrayList<>();
        for (ScalarComparison c : scalarComparisons()) {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("case", c.row().caseName());
            o.put("scalar_case", c.scalar().caseName());
            o.put("engine", c.row().engine());
            o.put("threads", c.row().threads());
            o.put("size", c.row().size());
            o.put("wall_ms", num(c.row().wallMs()));
            o.put("scalar_wall_ms", num(c.scalar().wallMs()));
            o.put("speedup", num(c.speedup()));
            vs.add(o);
        }
        doc.put("vs_scalar", vs);
        List<Map<String, Object>> first = new ArrayList<>();
        for (FirstLaunch.Result f : firstLaunches) {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("case", f.caseName());
            o.put("size", f.size());
            o.put("engine", f.engine());
            o.put("threads", f.threads());
            o.put("status", f.error() != null ? "error" : f.check() ? "ok" : "check_failed");
            if (f.error() != null) {
                o.put("error", f.error());
            }
            o.put("runs", f.launchMs().size());
            o.put("launch_ms_median", num(f.launchMedian()));
            o.put("command_ms_median", num(f.commandMedian()));
            o.put("launch_ms", f.launchMs());
            o.put("command_ms", f.commandMs());
            first.add(o);
        }
        doc.put("first_launch", first);
        if (openCl != null) {
            doc.put("opencl", OpenClRows.json(openCl));
        }
        return doc;
    }

    public String json() {
        try {
            return new ObjectMapper().writeValueAsString(toMap());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Double num(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) ? null : v;
    }

    // ------------------------------------------------------------------ formatting

    static String fixed(double ms) {
        if (Double.isNaN(ms)) {
            return "-";
        }
        return ms >= 100 ? String.format(Locale.ROOT, "%.0f", ms) : ms >= 1 ? String.format(Locale.ROOT, "%.1f", ms)
                : String.format(Locale.ROOT, "%.3f", ms);
    }

    /** 1234567 -> "1.23M". */
    static String si(double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        String[] units = {"", "K", "M", "G", "T"};
        int u = 0;
        while (Math.abs(v) >= 1000 && u < units.length - 1) {
            v /= 1000;
            u++;
        }
        return u == 0 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.2f%s", v, units[u]);
    }
}
