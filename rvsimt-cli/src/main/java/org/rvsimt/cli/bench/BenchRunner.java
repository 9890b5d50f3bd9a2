package org.rvsimt.cli.bench;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.DeviceConfig;
import org.rvsimt.core.api.DeviceException;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.core.api.LaunchResult;
import org.rvsimt.isa.asm.AsmException;

/**
 * Runs the suite: for every case, engine and thread count one row. A row opens a device, uploads
 * the inputs, runs untimed until HotSpot has settled on the simulator's code ({@link WarmUp}), then times up
 * to {@link Workload#repetitions()} runs (fewer once {@link #TIMED_BUDGET_NANOS} is spent) and
 * keeps the fastest; the output of the last run is checked against the Java reference, and its
 * checksum against the native program's.
 */
public final class BenchRunner {
    /** Stop repeating a row's timed runs once they took this long in total (at least one run). */
    static final long TIMED_BUDGET_NANOS = 3_000_000_000L;
    /** Short rows keep repeating (up to {@link #MAX_RUNS}) until their timed runs took this long. */
    static final long SHORT_ROW_NANOS = 1_000_000_000L;
    static final int MAX_RUNS = 10;

    /**
     * What to run.
     *
     * @param quick     QUICK sizes for every engine
     * @param engines   "interp", "jit"
     * @param threads   host thread counts
     * @param cases     case names, empty for all
     * @param nativeOn  build and run the gcc -O2 programs
     * @param tier      a size tier for every row (tests), or null to choose by mode and engine
     * @param firstLaunchRuns fresh processes per case and engine for the first-launch figures (0: none)
     * @param firstLaunchThreads the host thread counts of the first launches
     * @param openClPrograms programs of kernels/opencl for the OpenCL rows (empty: none)
     */
    public record Plan(boolean quick, List<String> engines, List<Integer> threads, List<String> cases,
                       boolean nativeOn, Tier tier, int firstLaunchRuns, List<Integer> firstLaunchThreads,
                       List<String> openClPrograms) {
        public Plan(boolean quick, List<String> engines, List<Integer> threads, List<String> cases, boolean nativeOn,
                    Tier tier) {
            this(quick, engines, threads, cases, nativeOn, tier, 0, List.of(), List.of());
        }

        /**
         * The first launches' thread counts: the ones asked for with --threads, else (the default)
         * all cores, as {@code rvsimt run} has it.
         */
        public static List<Integer> firstLaunchThreads(List<Integer> asked, boolean askedExplicitly, int cores) {
            return askedExplicitly ? List.copyOf(asked) : List.of(cores);
        }

        /** Timed runs per OpenCL program and platform: one for the tests' tiny size, three for --quick. */
        int openClRepeat() {
            return tier == Tier.TINY ? 1 : quick ? 3 : 5;
        }
    }

    private final BenchKernels files;
    private final PrintWriter progress;

    public BenchRunner(BenchKernels files, PrintWriter progress) {
        this.files = files;
        this.progress = progress;
    }

    /** Every case, in report order. */
    public static List<BenchCase> allCases() {
        return List.of(new SaxpyCase(false), new SaxpyCase(true), new SgemmCase(SgemmCase.Variant.NAIVE),
                new SgemmCase(SgemmCase.Variant.TILED), new SgemmCase(SgemmCase.Variant.REG), new SgemmCase(SgemmCase.Variant.MMA),
                new Conv2dCase(false), new Conv2dCase(true), new SoftmaxCase(false), new SoftmaxCase(true),
                new ReluI8Case(false), new ReluI8Case(true),
                new BitonicCase(), new MandelbrotCase(), new CnnCase());
    }

    public static List<BenchCase> select(List<String> names) {
        if (names == null || names.isEmpty()) {
            return allCases();
        }
        List<BenchCase> out = new ArrayList<>();
        for (String n : names) {
            BenchCase c = allCases().stream().filter(x -> x.name().equals(n.toLowerCase(Locale.ROOT))).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("no case '" + n + "' (cases: "
                            + String.join(", ", allCases().stream().map(BenchCase::name).toList()) + ")"));
            if (!out.contains(c)) {
                out.add(c);
            }
        }
        return out;
    }

    /**
     * Which engine a device asked for {@code engine} really runs: a one-instruction launch.
     * Until the JIT lands, "jit" reports "interp".
     */
    public static String probe(String engine) {
        try (Device d = Device.open(DeviceConfig.defaults().withEngine(engine).withThreads(1).withVram(2L << 20))) {
            Kernel k = Kernel.fromAssembly("        .globl probe\nprobe:  ret\n", "probe.S");
            LaunchResult r = d.launch(k, Dim3.of(1), Dim3.of(1), 0);
            return r.engine().label();
        } catch (AsmException | DeviceException e) {
            return "?";
        }
    }

    /** The size tier of a row. */
    static Tier tierFor(Plan plan, String engine, Map<String, String> ran) {
        if (plan.tier() != null) {
            return plan.tier();
        }
        if (plan.quick()) {
            return Tier.QUICK;
        }
        // The nominal sizes are for a compiling engine; an engine that turns out to be the
        // interpreter gets the interpreter's sizes, so the suite stays within its time budget.
        String e = TimingRows.engineOf(engine);
        return e.equals("interp") || !e.equals(ran.get(engine)) ? Tier.INTERP : Tier.FULL;
    }

    public BenchReport run(Plan plan) {
        long t0 = System.nanoTime();
        Double startLoad = BenchReport.loadAverage();
        Map<String, String> ran = new LinkedHashMap<>();
        for (String e : plan.engines()) {
            ran.put(e, probe(TimingRows.engineOf(e)));
        }
        List<BenchRow> rows = new ArrayList<>();
        try (NativeRunner natives = new NativeRunner(files)) {
            for (BenchCase c : select(plan.cases())) {
                Map<Tier, Workload> workloads = new HashMap<>();
                Map<String, NativeRunner.Result> nativeResults = new HashMap<>();
                for (String engine : plan.engines()) {
                    Tier tier = tierFor(plan, engine, ran);
                    Workload w;
                    try {
                        w = workloads.computeIfAbsent(tier, t -> c.workload(t, files));
                    } catch (BenchFailure f) {
                        for (int threads : plan.threads()) {
                            rows.add(failed(c, "?", tier, engine, threads, f.getMessage()));
                        }
                        continue;
                    }
                    NativeRunner.Result nat = null;
                    if (plan.nativeOn()) {
                        nat = nativeResults.computeIfAbsent(w.size(), t -> {
                            say("%-12s %-22s native gcc -O2 ...", c.name(), w.size());
                            return natives.run(c.nativeName(), w.nativeRepetitions(), w.nativeArgs());
                        });
                    }
                    for (int threads : plan.threads()) {
                        BenchRow row = runRow(c, w, tier, engine, threads, nat);
                        rows.add(row);
                        say("%-12s %-22s %-6s x%d: %s", c.name(), w.size(), engine, threads, summary(row));
                    }
                }
            }
            List<FirstLaunch.Result> first = new ArrayList<>();
            if (plan.firstLaunchRuns() > 0) {
                // At the interpreter's size for every engine, so the engines' first launches compare.
                Tier tier = plan.tier() != null ? plan.tier() : plan.quick() ? Tier.QUICK : Tier.INTERP;
                for (BenchCase c : select(plan.cases())) {
                    for (String engine : plan.engines()) {
                        for (int threads : plan.firstLaunchThreads()) {
                            FirstLaunch.Result r = FirstLaunch.measure(files, c, tier, engine, threads, plan.firstLaunchRuns());
                            first.add(r);
                            say("%-12s %-22s %-6s x%d first launch: %s", c.name(), r.size(), engine, threads,
                                    r.error() != null ? "ERROR " + r.error() : "launch " + FirstLaunch.format(r.launchMedian())
                                            + " ms, command " + FirstLaunch.format(r.commandMedian()) + " ms (medians of "
                                            + r.launchMs().size() + ")");
                        }
                    }
                }
            }
            OpenClRows.Result openCl = null;
            if (!plan.openClPrograms().isEmpty()) {
                say("opencl: %s on rvsimt and POCL ...", String.join(", ", plan.openClPrograms()));
                openCl = OpenClRows.run(files.benchDir().getParent(), plan.openClPrograms(), plan.openClRepeat());
                say("opencl: %s", openCl.status().equals("ok") ? openCl.rows().size() + " programs"
                        : openCl.status() + ": " + openCl.reason());
            }
            return new BenchReport(rows, ran, plan, natives.version(), System.nanoTime() - t0,
                    startLoad, first, openCl);
        }
    }

    private BenchRow runRow(BenchCase c, Workload w, Tier tier, String engine, int threads, NativeRunner.Result nat) {
        long start = System.nanoTime();
        DeviceConfig config = DeviceConfig.defaults().withEngine(TimingRows.engineOf(engine)).withThreads(threads)
                .withVram(w.vramBytes());
        try (Device d = Device.open(config)) {
            d.setStatistics(false);                // rows time the engines, not the statistics' counting
            TimingRows.attach(d, engine, config.warpSize());
            w.upload(d);
            if (tier != Tier.TINY) {               // the tiny size is for tests: no warm-up, one timed run
                // Untimed warm-up runs until HotSpot has settled on the engine's code (WarmUp says why).
                new WarmUp().run(() -> {
                    w.reset(d);
                    w.run(d);
                });
            }
            Workload.Run best = null;
            List<Long> times = new ArrayList<>();
            long spent = 0;
            int want = tier == Tier.TINY ? 1 : w.repetitions();
            int most = tier == Tier.TINY ? 1 : Math.max(MAX_RUNS, want);
            while (times.size() < most && (times.isEmpty()
                    || (times.size() < want ? spent < TIMED_BUDGET_NANOS : spent < SHORT_ROW_NANOS))) {
                w.reset(d);
                Workload.Run r = w.run(d);
                times.add(r.wallNanos());
                spent += r.wallNanos();
                if (best == null || r.wallNanos() < best.wallNanos()) {
                    best = r;
                }
            }
            Check check = w.check(d);
            Boolean checksumOk = null;
            if (nat != null && nat.ok()) {
                double mine = w.checksum(d);
                double tol = w.checksumTolerance() * Math.max(1, Math.abs(nat.checksum()));
                checksumOk = Math.abs(mine - nat.checksum()) <= tol;
            }
            return new BenchRow(c.name(), w.size(), tier, engine, best.engine(), threads, best, times, check, nat,
                    checksumOk, System.nanoTime() - start, w.extras(), null);
        } catch (BenchFailure | DeviceException e) {
            return failed(c, w.size(), tier, engine, threads, e.getMessage());
        } catch (RuntimeException e) {
            // An engine bug must not hide the other rows: report it on this one.
            StackTraceElement[] st = e.getStackTrace();
            return failed(c, w.size(), tier, engine, threads, "internal error: " + e
                    + (st.length > 0 ? " at " + st[0] : ""));
        }
    }

    private static BenchRow failed(BenchCase c, String size, Tier tier, String engine, int threads, String why) {
        return new BenchRow(c.name(), size, tier, engine, "?", threads, null, List.of(), null, null, null, 0, Map.of(),
                why);
    }

    private static String summary(BenchRow r) {
        if (r.error() != null) {
            return "ERROR " + r.error();
        }
        return String.format(Locale.ROOT, "%.1f ms, %s lane-instr/s, check %s%s", r.wallMs(),
                BenchReport.si(r.laneRate()), r.check().pass() ? "ok" : "FAILED (" + r.check().detail() + ")",
                Boolean.FALSE.equals(r.nativeChecksumOk()) ? ", native checksum MISMATCH" : "");
    }

    private void say(String format, Object... args) {
        if (progress != null) {
            progress.println("bench: " + String.format(Locale.ROOT, format, args));
            progress.flush();
        }
    }
}
