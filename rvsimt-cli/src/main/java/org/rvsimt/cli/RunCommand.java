package org.rvsimt.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.rvsimt.core.api.Abi;
import org.rvsimt.core.api.Buffer;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.DeviceConfig;
import org.rvsimt.core.api.DeviceException;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.core.api.Launch;
import org.rvsimt.core.api.LaunchOptions;
import org.rvsimt.core.api.LaunchResult;
import org.rvsimt.core.api.LaunchStatus;
import org.rvsimt.core.fault.KernelFault;
import org.rvsimt.core.trace.BinaryTracer;
import org.rvsimt.core.trace.TraceOptions;
import org.rvsimt.frontend.FrontEnd;
import org.rvsimt.frontend.FrontEndException;
import org.rvsimt.frontend.FrontEndOptions;
import org.rvsimt.frontend.FrontEnds;
import org.rvsimt.frontend.KernelBuild;
import org.rvsimt.frontend.KernelSource;
import org.rvsimt.isa.asm.AsmException;
import org.rvsimt.observe.SourceLines;
import org.rvsimt.observe.StatisticsSummary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Launch a kernel from a manifest (launch.yaml) or a kernel file, and check its results.",
            "Exit codes: 0 ok, 1 check failed or fault, 2 bad input.",
            "Manifest fields: docs/manifest.md; output and --json: docs/cli.md; kernel ABI: docs/kernel-abi.md."})
final class RunCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "MANIFEST|KERNEL", description = "launch.yaml/.json, or a .S/.elf/.c kernel")
    Path target;

    @Option(names = "--grid", paramLabel = "X[,Y[,Z]]", description = "override the grid", split = ",")
    List<String> grid;

    @Option(names = "--block", paramLabel = "X[,Y[,Z]]", description = "override the block", split = ",")
    List<String> block;

    @Option(names = "--shared", paramLabel = "BYTES", description = "override shared memory per block")
    String shared;

    @Option(names = "--engine", paramLabel = "interp|jit", description = "execution engine (default jit)")
    String engine = "jit";

    @Option(names = "--threads", paramLabel = "N", description = "host threads running blocks (default: cores)")
    Integer threads;

    @Option(names = "--warp-size", paramLabel = "N", description = "lanes per warp, 1..64 (default 32)")
    Integer warpSize;

    @Option(names = "--vlen", paramLabel = "BITS", description = "RVV VLEN of every lane: a power of two, 64..1024 (default 128)")
    Integer vlen;

    @Option(names = "--isa", paramLabel = "ISA", description = "extensions the device executes, e.g. rv32imaf_zba_zbb "
            + "(default: all rvsimt implements)")
    String isa;

    @Option(names = "--watchdog", paramLabel = "N", description = "instruction budget per warp (default 100000000)")
    Long watchdog;

    @Option(names = "--sfu", paramLabel = "exact|fast", description = "SFU accuracy mode (default exact)")
    String sfu;

    @Option(names = "--cc", paramLabel = "COMPILER", description = "C compiler for .c kernels (default clang-19)")
    String cc;

    @Option(names = "--trace", paramLabel = "FILE", description = "write a binary trace (docs/trace-format.md); read it with 'rvsimt trace'")
    Path trace;

    @Option(names = "--trace-every", paramLabel = "N", description = "with --trace: record one warp-instruction in N")
    Long traceEvery;

    @Option(names = "--trace-pc", paramLabel = "LO:HI", description = "with --trace: only instructions with LO <= pc < HI")
    String tracePc;

    @Option(names = "--trace-warp", paramLabel = "B:W", description = "with --trace: only warp W of linear block B (B or W may be *)")
    String traceWarp;

    @Option(names = "--trace-values", description = "with --trace: record each active lane's destination value")
    boolean traceValues;

    @Option(names = "--exited-arrive", description = "warps that exited count as arrived at block barriers")
    boolean exitedArrive;

    @Option(names = "--check", paramLabel = "CHECK", split = ",", description = "run sanitizer checks: "
            + "memcheck, racecheck, synccheck, initcheck, or all (docs/debugging.md); an error-level finding exits with 1")
    List<String> check;

    @Option(names = "--json", description = "print exactly one JSON object (docs/cli.md)")
    boolean json;

    @Option(names = "--stats", description = "print the launch's profile: instruction mix, hottest instructions, "
            + "divergent branches, memory traffic, barrier waits (always in --json)")
    boolean stats;

    @Option(names = "--timing", description = "also time the launch with the performance model (docs/timing.md)")
    boolean timing;

    @Option(names = "--gpu", paramLabel = "PRESET|FILE.yaml", description = "with --timing: the GPU configuration, "
            + "a preset (volta, vortex) or a YAML file (default volta; implies --timing)")
    String gpu;

    @Option(names = "--perfetto", paramLabel = "OUT.json", description = "write the performance model's timeline "
            + "(tracks in cycles) as Perfetto JSON, gzipped when OUT ends in .gz (implies --timing; docs/timing.md)")
    Path perfetto;

    private TimingOption timingOption;

    @Option(names = "--spark", paramLabel = "MASTER_URL", description = "split the launch's blocks across Apache Spark "
            + "executors (local[N], spark://HOST:PORT, ...) and merge their writes (docs/scale-out.md)")
    String spark;

    @Option(names = "--split", paramLabel = "N", description = "with --spark: block ranges (tasks) to split into "
            + "(default: the cluster's cores)")
    Integer split;

    @Option(names = "--gdb", paramLabel = "HOST:PORT", description = "wait for a debugger (gdb-multiarch: "
            + "target remote HOST:PORT) and run the launch under it, on the interpreter (docs/debugging.md)")
    String gdb;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        return run(spec.commandLine().getOut(), spec.commandLine().getErr());
    }

    /** Runs the command with its fields as set (by picocli, or by {@link PlainRunLine}); returns the exit code. */
    int run(PrintWriter out, PrintWriter err) {
        try {
            return execute(out, err);
        } catch (UserError e) {
            if (json) {
                Map<String, Object> o = new LinkedHashMap<>();
                o.put("status", LaunchStatus.ERROR.label());
                o.put("kernel", target.getFileName().toString());
                o.put("message", e.getMessage());
                out.println(toJson(o));
            }
            throw e;
        }
    }

    private int execute(PrintWriter out, PrintWriter err) {
        TraceOptions traceOptions = traceOptions();
        RunChecks runChecks = RunChecks.parse(check);
        Manifest m = isManifest(target) ? ManifestReader.read(target) : bareKernel(target);
        DeviceConfig config = deviceConfig(m);
        int[] g = grid != null ? new ManifestDims(m.source()).parse(grid, "--grid") : m.grid();
        int[] b = block != null ? new ManifestDims(m.source()).parse(block, "--block") : m.block();
        int sharedBytes = shared != null ? (int) parseLong(shared, "--shared", 0, Device.MAX_SHARED) : m.shared();
        long threadCount = (long) b[0] * b[1] * b[2];
        if (threadCount > Device.MAX_BLOCK_THREADS) {
            throw new UserError((block != null ? "--block" : m.source() + ": block") + ": " + threadCount
                    + " threads per block; at most " + Device.MAX_BLOCK_THREADS);
        }
        if (g[1] > 65535 || g[2] > 65535) {
            throw new UserError((grid != null ? "--grid" : m.source() + ": grid") + ": y and z are at most 65535 (as in CUDA)");
        }
        timingOption = TimingOption.of(timing, gpu, perfetto);
        BinaryTracer tracer = traceOptions != null ? openTracer(traceOptions) : null;
        try (SplitOption splitting = SplitOption.of(spark, split, unsplittable());
             Device device = Device.open(config); GdbAttachment debugger = gdb != null ? GdbAttachment.listen(gdb, err) : null) {
            device.setTracer(tracer);
            KernelBuild build = loadKernel(m, config);
            if (debugger != null) {
                debugger.announce(m.kernel(), build.elf(), err);
            }
            Kernel kernel = build.kernel();
            SourceLines lines = SourceLines.ofElf(build.elf().orElse(null), m.kernel().getFileName().toString());
            Integer entry = null;
            if (m.entry() != null) {
                entry = kernel.symbol(m.entry()).orElseThrow(() -> new UserError(m.source() + ": entry: no symbol '"
                        + m.entry() + "' in " + m.kernel().getFileName()));
            }
            List<Object> words = new ArrayList<>();
            Map<String, Buffer> buffers = new LinkedHashMap<>();
            for (Manifest.Arg a : m.args()) {
                switch (a) {
                    case Manifest.Scalar s -> words.add(s.bits());
                    case Manifest.BufferArg ba -> {
                        byte[] data = LaunchPlan.contents(ba, m.source(), config.vramBytes());
                        Buffer buf;
                        try {
                            buf = ba.at() != null ? device.allocAt(ba.at(), data.length) : device.alloc(data.length);
                        } catch (DeviceException e) {
                            throw new UserError(m.source() + ": " + ba.path() + (ba.at() != null ? ".at" : "") + ": "
                                    + e.getMessage());
                        }
                        buf.write(data);
                        buffers.put(ba.name(), buf);
                        words.add(buf);
                    }
                }
            }
            long budget = watchdog != null ? watchdog : m.watchdog() != null ? m.watchdog() : LaunchOptions.DEFAULT_WATCHDOG;
            if (budget < 1) {
                throw new UserError((watchdog != null ? "--watchdog" : m.source() + ": watchdog") + ": must be at least 1, got "
                        + budget);
            }
            LaunchResult r;
            try (Progress progress = Progress.start(err, !json && Main.interactive && debugger == null)) {
                Launch launch = Launch.builder(kernel, new Dim3(g[0], g[1], g[2]), new Dim3(b[0], b[1], b[2]))
                        .shared(sharedBytes).entry(entry).abi(m.abi()).exitedArrive(exitedArrive).watchdog(budget)
                        .args(words.toArray()).events(GdbAttachment.alongside(debugger,
                                timingOption != null ? timingOption.consumer() : null)).build();
                if (runChecks != null) {
                    launch = runChecks.attach(launch, config.warpSize(), buffers, LaunchPlan.uninitialized(m));
                }
                r = splitting != null ? splitting.launch(device, launch) : device.launch(launch);
            } catch (DeviceException e) {
                throw new UserError(m.source() + ": " + e.getMessage());
            }
            if (timingOption != null && r.ok()) {
                timingOption.finish(config.warpSize(), sharedBytes, kernel.program(), lines,
                        m.kernel().getFileName().toString());
            }
            Map<String, String> outputs = new LinkedHashMap<>();
            List<LaunchPlan.Check> checks = new ArrayList<>();
            for (Manifest.Arg a : m.args()) {
                if (a instanceof Manifest.BufferArg ba && ba.output() != null) {
                    CliFiles.write(ba.output(), buffers.get(ba.name()).readBytes());
                    outputs.put(ba.name(), LaunchPlan.relative(ba.output()));
                }
            }
            if (r.ok()) {
                for (Manifest.Expect e : m.expect()) {
                    Manifest.BufferArg ba = (Manifest.BufferArg) m.args().stream().filter(x -> x.name().equals(e.arg()))
                            .findFirst().orElseThrow();
                    checks.add(LaunchPlan.check(e, ba, buffers.get(ba.name()).readBytes(), m.source()));
                }
            }
            LaunchStatus status = !r.ok() ? LaunchStatus.FAULT
                    : runChecks != null && runChecks.hasErrors() ? LaunchStatus.FINDINGS
                    : checks.stream().allMatch(LaunchPlan.Check::pass) ? LaunchStatus.OK : LaunchStatus.CHECK_FAILED;
            long[] dropped = tracer != null ? finishTrace(tracer) : null;
            report(out, m, g, b, r, checks, outputs, status, dropped, lines, runChecks);
            return status == LaunchStatus.OK ? Main.OK : Main.FAILED;
        } finally {
            if (tracer != null) {
                try {
                    tracer.close();
                } catch (java.io.UncheckedIOException e) {
                    // already reported by finishTrace, or superseded by the error that got us here
                }
            }
        }
    }

    /** The flags given that watch or time one device's run of every block, which a split launch is not. */
    private List<String> unsplittable() {
        List<String> given = new ArrayList<>();
        if (trace != null) {
            given.add("--trace");
        }
        if (gdb != null) {
            given.add("--gdb");
        }
        if (check != null) {
            given.add("--check");
        }
        if (timing || gpu != null || perfetto != null) {
            given.add(timing ? "--timing" : gpu != null ? "--gpu" : "--perfetto");
        }
        if (threads != null) {
            given.add("--threads");
        }
        return given;
    }

    /** The sampling flags as options, or null without --trace (the flags alone are an error). */
    private TraceOptions traceOptions() {
        if (trace == null) {
            if (traceEvery != null || tracePc != null || traceWarp != null || traceValues) {
                throw new UserError("--trace-every, --trace-pc, --trace-warp and --trace-values need --trace FILE");
            }
            return null;
        }
        TraceOptions o = TraceOptions.defaults().withLaneValues(traceValues);
        if (traceEvery != null) {
            if (traceEvery < 1) {
                throw new UserError("--trace-every: must be at least 1, got " + traceEvery);
            }
            o = o.withEveryNth(traceEvery);
        }
        if (tracePc != null) {
            int[] r = pcRange(tracePc, "--trace-pc");
            o = o.withPcRange(r[0], r[1]);
        }
        if (traceWarp != null) {
            String[] bw = traceWarp.split(":", -1);
            if (bw.length != 2) {
                throw new UserError("--trace-warp: expected B:W (linear block and warp, * for any), got '" + traceWarp + "'");
            }
            long blockIndex = bw[0].equals("*") ? -1 : parseLong(bw[0], "--trace-warp block", 0, Long.MAX_VALUE);
            int warpIndex = bw[1].equals("*") ? -1 : (int) parseLong(bw[1], "--trace-warp warp", 0, 1023);
            o = o.withWarp(blockIndex, warpIndex);
        }
        return o;
    }

    private BinaryTracer openTracer(TraceOptions o) {
        try {
            return BinaryTracer.toFile(trace, o);
        } catch (java.io.IOException e) {
            throw new UserError("--trace " + trace + ": cannot write: " + UserError.describe(e));
        }
    }

    /** Completes the trace file; returns {fast, slow} records dropped. */
    private long[] finishTrace(BinaryTracer tracer) {
        try {
            tracer.close();
        } catch (java.io.UncheckedIOException e) {
            throw new UserError("--trace " + trace + ": write failed: " + UserError.describe(e.getCause()));
        }
        return tracer.dropped();
    }

    /** {@code LO:HI} (numbers as in the manifest: decimal or 0x hex), LO <= HI. */
    static int[] pcRange(String text, String flag) {
        String[] parts = text.split(":", -1);
        if (parts.length != 2) {
            throw new UserError(flag + ": expected LO:HI, got '" + text + "'");
        }
        long[] v = new long[2];
        for (int i = 0; i < 2; i++) {
            try {
                v[i] = Numbers.parse(parts[i].trim());
            } catch (NumberFormatException | ArithmeticException e) {
                throw new UserError(flag + ": '" + parts[i] + "' is not a number");
            }
            if (v[i] < 0 || v[i] > 0xFFFF_FFFFL) {
                throw new UserError(flag + ": " + parts[i] + " is not a 32-bit address");
            }
        }
        if (v[0] > v[1]) {
            throw new UserError(flag + ": empty range " + text + " (LO must not exceed HI)");
        }
        return new int[] {(int) v[0], (int) v[1]};
    }

    static boolean isManifest(Path p) {
        String n = p.getFileName().toString().toLowerCase(Locale.ROOT);
        return n.endsWith(".yaml") || n.endsWith(".yml") || n.endsWith(".json");
    }

    private Manifest bareKernel(Path kernel) {
        KernelPath.requireKernel(kernel);
        if (grid == null || block == null) {
            throw new UserError("run " + kernel.getFileName() + ": a bare kernel needs --grid and --block (or use a manifest)");
        }
        return new Manifest(kernel.getFileName().toString(), kernel.toAbsolutePath(), null, Abi.NATIVE, new int[] {1, 1, 1},
                new int[] {1, 1, 1}, 0, Manifest.Device.NONE, List.of(), List.of(), null);
    }

    /**
     * The manifest's device, then the flags over it. A value the device refuses is blamed on where
     * it came from: the manifest's field, or the flag ({@code --warp-size: must be 1..64, got 0}).
     */
    private DeviceConfig deviceConfig(Manifest m) {
        Manifest.Device d = m.device();
        DeviceConfig c = DeviceConfig.defaults();
        try {
            if (d.vram() != null) {
                c = c.withVram(d.vram());
            }
            if (d.warpSize() != null) {
                c = c.withWarpSize(d.warpSize());
            }
            if (d.computeUnits() != null) {
                c = c.withComputeUnits(d.computeUnits());
            }
            if (d.vlen() != null) {
                c = c.withVlen(d.vlen());
            }
            if (d.stack() != null) {
                c = c.withStackBytes(d.stack());
            }
            if (d.fastSfu() != null) {
                c = c.withFastSfu(d.fastSfu());
            }
            if (d.isa() != null) {
                c = c.withIsa(d.isa());
            }
        } catch (DeviceException e) {
            throw new UserError(m.source() + ": device: " + e.getMessage());
        }
        if (warpSize != null) {
            c = FlagOverride.apply("--warp-size", c, x -> x.withWarpSize(warpSize));
        }
        if (vlen != null) {
            c = FlagOverride.apply("--vlen", c, x -> x.withVlen(vlen));
        }
        if (isa != null) {
            c = c.withIsa(IsaFlag.parse("--isa", isa));
        }
        if (sfu != null) {
            if (!sfu.equals("exact") && !sfu.equals("fast")) {
                throw new UserError("--sfu: must be exact or fast, got '" + sfu + "'");
            }
            c = c.withFastSfu(sfu.equals("fast"));
        }
        if (threads != null) {
            if (threads < 1 || threads > 1024) {
                throw new UserError("--threads: must be 1..1024, got " + threads);
            }
            c = c.withThreads(threads);
        }
        // A debugger stops before each instruction and edits registers: the interpreter allows both.
        String chosen = gdb != null ? "interp" : engine;
        return FlagOverride.apply("--engine", c, x -> x.withEngine(chosen));
    }

    /** The kernel file through the front-end registry (assembly, C, ELF, flat binary). */
    private KernelBuild loadKernel(Manifest m, DeviceConfig config) {
        Path k = m.kernel();
        String name = k.getFileName().toString();
        String field = m.source().equals(name) ? name : m.source() + ": kernel: " + name;
        if (!Files.isRegularFile(k)) {
            throw new UserError(field + (Files.exists(k) ? ": not a regular file" : ": no such file"));
        }
        FrontEnds frontEnds = FrontEnds.standard();
        KernelSource source = KernelSource.ofFile(k, () -> CliFiles.read(k));
        FrontEndOptions options = FrontEndOptions.defaults().withVramBytes(config.vramBytes()).withCompiler(cc)
                .withEntrySymbol(m.entry() != null ? m.entry() : "main");
        if (!config.isa().isAll()) {
            // a device with a chosen ISA gets C code for it: the compiler may use its scalar extensions
            options = options.withMarch(config.isa().compilerArch());
        }
        try {
            FrontEnd frontEnd = frontEnds.select(source)
                    .orElseThrow(() -> new UserError(field + ": " + frontEnds.notAKernel()));
            return frontEnd.load(source, options);
        } catch (FrontEndException e) {
            // the assembler's errors, every one (in line order), as the assembler reports them
            throw new UserError(e.getCause() instanceof AsmException ae ? String.join("\n", AsmErrors.lines(ae))
                    : e.getMessage());
        } catch (java.io.IOException e) {
            throw new UserError(UserError.describe(e));
        }
    }

    private long parseLong(String s, String what, long min, long max) {
        try {
            long v = Numbers.parse(s);
            if (v < min || v > max) {
                throw new UserError(what + ": " + v + " out of range [" + min + ", " + max + "]");
            }
            return v;
        } catch (NumberFormatException | ArithmeticException e) {
            throw new UserError(what + ": '" + s + "' is not a number");
        }
    }

    /** --grid/--block parsing with the same rules as the manifest. */
    private record ManifestDims(String source) {
        int[] parse(List<String> parts, String flag) {
            if (parts.isEmpty() || parts.size() > 3) {
                throw new UserError(flag + ": expected 1 to 3 numbers separated by commas");
            }
            int[] d = {1, 1, 1};
            for (int i = 0; i < parts.size(); i++) {
                try {
                    long v = Numbers.parse(parts.get(i));
                    if (v < 1 || v > Integer.MAX_VALUE) {
                        throw new UserError(flag + ": " + v + " out of range [1, " + Integer.MAX_VALUE + "]");
                    }
                    d[i] = (int) v;
                } catch (NumberFormatException | ArithmeticException e) {
                    throw new UserError(flag + ": '" + parts.get(i) + "' is not a number");
                }
            }
            return d;
        }
    }

    // ------------------------------------------------------------------ output

    private void report(PrintWriter out, Manifest m, int[] g, int[] b, LaunchResult r, List<LaunchPlan.Check> checks,
                        Map<String, String> outputs, LaunchStatus status, long[] traceDropped, SourceLines lines,
                        RunChecks runChecks) {
        if (json) {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("status", status.label());
            o.put("kernel", m.kernel().getFileName().toString());
            o.put("engine", r.engine().label());
            o.put("grid", g);
            o.put("block", b);
            o.put("warp_instructions", r.warpInstructions());
            o.put("lane_instructions", r.laneInstructions());
            o.put("simt_efficiency", r.simtEfficiency());
            o.put("wall_ms", r.wallNanos() / 1e6);
            o.put("lane_instructions_per_second", r.laneInstructionsPerSecond());
            List<Map<String, Object>> cs = new ArrayList<>();
            for (LaunchPlan.Check c : checks) {
                Map<String, Object> co = new LinkedHashMap<>();
                co.put("arg", c.arg());
                co.put("pass", c.pass());
                co.put("max_abs_err", Double.isFinite(c.maxAbsErr()) ? c.shown(c.maxAbsErr()) : null);
                if (!c.pass()) {
                    co.put("mismatches", c.mismatches());
                    if (c.firstBad() >= 0) {
                        co.put("first_mismatch", Map.of("index", c.firstBad(), "got", c.shown(c.got()), "want", c.shown(c.want())));
                    }
                    if (c.problem() != null) {
                        co.put("message", c.problem());
                    }
                }
                cs.add(co);
            }
            o.put("checks", cs);
            o.put("outputs", outputs);
            if (!r.console().isEmpty()) {
                o.put("console", r.console());
            }
            if (r.fault() != null) {
                o.put("fault", faultJson(r.fault(), lines));
            }
            if (runChecks != null) {
                o.put("findings", runChecks.json(lines));
            }
            o.put("stats", StatisticsSummary.of(r.statistics(), r.warpInstructions(), r.laneInstructions(),
                    r.simtEfficiency()).toMap(lines));
            if (timingOption != null && timingOption.json(lines) != null) {
                o.put("timing", timingOption.json(lines));
            }
            if (traceDropped != null) {
                o.put("trace", Map.of("file", trace.toString(), "dropped_fast", traceDropped[0],
                        "dropped_slow", traceDropped[1]));
            }
            out.println(toJson(o));
            return;
        }
        for (String line : r.console()) {
            out.println(line);
        }
        out.printf(Locale.ROOT, "%s: %s  grid (%d,%d,%d) block (%d,%d,%d)  engine %s%n", m.kernel().getFileName(), status,
                g[0], g[1], g[2], b[0], b[1], b[2], r.engine());
        out.printf(Locale.ROOT, "  %,d warp-instructions, %,d lane-instructions, SIMT efficiency %.1f%%, %.2f ms (%.1f M lane-instr/s)%n",
                r.warpInstructions(), r.laneInstructions(), 100 * r.simtEfficiency(), r.wallNanos() / 1e6,
                r.laneInstructionsPerSecond() / 1e6);
        for (LaunchPlan.Check c : checks) {
            if (c.pass() && c.shown(c.maxAbsErr()) instanceof Long exact) {
                out.printf(Locale.ROOT, "  check %s: pass (max abs err %d)%n", c.arg(), exact);
            } else if (c.pass()) {
                out.printf(Locale.ROOT, "  check %s: pass (max abs err %.3g)%n", c.arg(), c.maxAbsErr());
            } else if (c.problem() != null) {
                out.printf(Locale.ROOT, "  check %s: FAIL: %s%n", c.arg(), c.problem());
            } else {
                out.printf(Locale.ROOT, "  check %s: FAIL: %d mismatches, first at [%d]: got %s, want %s%n", c.arg(),
                        c.mismatches(), c.firstBad(), c.shown(c.got()), c.shown(c.want()));
            }
        }
        outputs.forEach((k, v) -> out.printf("  output %s -> %s%n", k, v));
        if (stats) {
            StatisticsReport.print(out, r.statistics(), r.warpInstructions(), lines);
        }
        if (timingOption != null) {
            timingOption.print(out, lines);
        }
        if (traceDropped != null) {
            out.printf("  trace -> %s (%d fast, %d slow records dropped)%n", trace, traceDropped[0], traceDropped[1]);
        }
        if (runChecks != null) {
            runChecks.print(out, lines);
        }
        if (r.fault() != null) {
            out.println("  fault: " + r.fault().summary());
            lines.at(r.fault().pc()).ifPresent(p -> out.println("    at " + p.text()));
            StatisticsReport.printRecent(out, r.fault(), lines);
        }
    }

    static Map<String, Object> faultJson(KernelFault f, SourceLines lines) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("kind", f.kind().label());
        o.put("pc", String.format("0x%08x", f.pc()));
        o.put("instruction", f.instruction());
        o.put("block", f.block());
        o.put("warp", f.warp());
        List<Integer> lanes = new ArrayList<>();
        for (int l = 0; l < 64; l++) {
            if ((f.lanes() >>> l & 1) != 0) {
                lanes.add(l);
            }
        }
        o.put("lanes", lanes);
        o.put("lane_count", f.laneCount());
        o.put("lane_mask", String.format("0x%x", f.lanes()));
        o.put("address", f.address() >= 0 ? String.format("0x%08x", f.address()) : null);
        o.put("message", f.message());
        o.put("source", lines.json(f.pc()));
        o.put("recent", StatisticsReport.recentJson(f, lines));
        o.put("recent_repeats", StatisticsReport.repeatsJson(f));
        return o;
    }

    static String toJson(Object o) {
        try {
            return new ObjectMapper().disable(SerializationFeature.FAIL_ON_EMPTY_BEANS).writeValueAsString(o);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
