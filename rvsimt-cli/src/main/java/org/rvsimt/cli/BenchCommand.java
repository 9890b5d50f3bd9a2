package org.rvsimt.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.rvsimt.cli.bench.BenchFailure;
import org.rvsimt.cli.bench.BenchKernels;
import org.rvsimt.cli.bench.BenchReport;
import org.rvsimt.cli.bench.BenchRunner;
import org.rvsimt.cli.bench.FirstLaunch;
import org.rvsimt.cli.bench.OpenClRows;
import org.rvsimt.cli.bench.Tier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Run the performance suite of bench/ (see bench/README.md): saxpy, sgemm (naive, tiled, "
            + "register-blocked), conv2d, softmax, bitonic sort, mandelbrot and a CNN forward pass, on each engine at 1 "
            + "and all host threads, each checked against a Java reference and timed against the same computation in "
            + "plain C (gcc -O2); and OpenCL programs of kernels/opencl on rvsimt and on POCL's CPU device (--opencl).",
            "Exit codes: 0 all rows ran and passed their checks, 1 a row failed, 2 bad input."})
final class BenchCommand implements Callable<Integer> {

    @Option(names = "--json", description = "print one JSON document with every row instead of the table")
    boolean json;

    @Option(names = "--json-file", paramLabel = "FILE", description = "also write the JSON document to FILE")
    Path jsonFile;

    @Option(names = "--quick", description = "small sizes for every engine (a fast check of the whole suite)")
    boolean quick;

    @Option(names = "--size", paramLabel = "tiny|quick|interp|full", description = "one size tier for every row")
    String size;

    @Option(names = "--engine", paramLabel = "interp|jit|both|timing", description = "engines to run (default both; "
            + "timing: the JIT with the performance model timing every launch, docs/timing.md)")
    String engine = "both";

    @Option(names = "--threads", paramLabel = "N", split = ",",
            description = "host thread counts; 'all' = cores (default 1,all)")
    List<String> threads = List.of("1", "all");

    @Option(names = "--case", paramLabel = "NAME", description = "run only this case (repeatable): saxpy, saxpy_rvv, "
            + "sgemm_naive, sgemm_tiled, sgemm_reg, sgemm_mma, conv2d, conv2d_rvv, softmax, softmax_rvv, relu_i8, relu_i8_rvv, bitonic, "
            + "mandelbrot, cnn")
    List<String> cases = new ArrayList<>();

    @Option(names = "--no-native", description = "do not build and run the gcc -O2 versions")
    boolean noNative;

    @Option(names = "--bench-dir", paramLabel = "DIR", description = "the bench/ folder (default: found above the "
            + "working directory or the rvsimt jar)")
    Path benchDir;

    @Option(names = "--first-launch", paramLabel = "N", description = "also run each case N times in a fresh "
            + "process, once, without warm-up, at the interpreter's size for every engine (the launch and the whole "
            + "command, as rvsimt run sees them; at the --threads counts, else all cores; default 5, 0: skip)")
    int firstLaunch = 5;

    @Option(names = "--opencl", paramLabel = "PROGRAMS", split = ",", description = "OpenCL rows: these programs of "
            + "kernels/opencl on rvsimt (through its OpenCL driver) and on POCL's CPU device, NDRange wall time in the "
            + "same run; 'default' (the default without --case), 'all', 'none' (the default with --case), or names")
    List<String> openCl;

    /** The measured process of a first launch ({@link FirstLaunch}): one run of one case, one JSON line. */
    @Option(names = FirstLaunch.CHILD_FLAG, hidden = true)
    boolean firstLaunchChild;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        List<String> engines = switch (engine.toLowerCase(Locale.ROOT)) {
            case "both" -> List.of("interp", "jit");
            case "interp" -> List.of("interp");
            case "jit" -> List.of("jit");
            case "timing" -> List.of("jit", "timing");
            default -> throw new UserError("--engine: expected interp, jit, both or timing, got '" + engine + "'");
        };
        Tier tier = null;
        if (size != null) {
            try {
                tier = Tier.valueOf(size.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new UserError("--size: expected tiny, quick, interp or full, got '" + size + "'");
            }
        }
        List<Integer> counts = new ArrayList<>();
        for (String t : threads) {
            int n;
            if (t.trim().equalsIgnoreCase("all")) {
                n = Runtime.getRuntime().availableProcessors();
            } else {
                try {
                    n = Integer.parseInt(t.trim());
                } catch (NumberFormatException e) {
                    throw new UserError("--threads: expected numbers or 'all', got '" + t + "'");
                }
                if (n < 1 || n > 1024) {
                    throw new UserError("--threads: " + n + " is not in 1..1024");
                }
            }
            if (!counts.contains(n)) {
                counts.add(n);
            }
        }
        try {
            BenchRunner.select(cases);
        } catch (IllegalArgumentException e) {
            throw new UserError("--case: " + e.getMessage());
        }
        BenchKernels files;
        try {
            files = new BenchKernels(BenchKernels.locate(benchDir));
        } catch (BenchFailure e) {
            throw new UserError("bench: " + e.getMessage());
        }
        if (firstLaunch < 0) {
            throw new UserError("--first-launch: must be 0 or more, got " + firstLaunch);
        }
        if (firstLaunchChild) {
            if (cases.size() != 1 || engines.size() != 1 || counts.size() != 1 || tier == null) {
                throw new UserError(FirstLaunch.CHILD_FLAG + ": needs one --case, --engine, --threads and --size");
            }
            out.println(RunCommand.toJson(FirstLaunch.child(files, BenchRunner.select(cases).get(0), tier,
                    engines.get(0), counts.get(0))));
            out.flush();
            return Main.OK;
        }
        // First launches at the thread counts asked for (they had run at all cores whatever --threads said).
        List<Integer> firstLaunchThreads = BenchRunner.Plan.firstLaunchThreads(counts,
                spec.commandLine().getParseResult().hasMatchedOption("--threads"), Runtime.getRuntime().availableProcessors());
        BenchRunner.Plan plan = new BenchRunner.Plan(quick, engines, counts, cases, !noNative, tier, firstLaunch,
                firstLaunchThreads,
                openClPrograms(files.benchDir().getParent().resolve("kernels/opencl")));
        BenchReport report = new BenchRunner(files, err).run(plan);
        String doc = report.json();
        if (jsonFile != null) {
            CliFiles.write(jsonFile, (doc + System.lineSeparator()).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        out.print(json ? doc + System.lineSeparator() : report.table());
        out.flush();
        return report.allOk() ? Main.OK : Main.FAILED;
    }

    /** --opencl as program names: checked against kernels/opencl when it is there (else the rows say why they are skipped). */
    private List<String> openClPrograms(Path programs) {
        List<String> want = openCl == null ? List.of(cases.isEmpty() ? "default" : "none") : openCl;
        List<String> known = new ArrayList<>();
        try (Stream<Path> s = Files.list(programs)) {
            s.filter(p -> Files.isRegularFile(p.resolve("program.json")))
                    .forEach(p -> known.add(p.getFileName().toString()));
        } catch (IOException e) {
            known.clear();
        }
        known.sort(null);
        List<String> out = new ArrayList<>();
        for (String w : want) {
            String name = w.trim().toLowerCase(Locale.ROOT);
            switch (name) {
                case "none" -> { }
                case "default" -> out.addAll(OpenClRows.DEFAULT_PROGRAMS);
                case "all" -> out.addAll(known);
                default -> {
                    if (!known.isEmpty() && !known.contains(name)) {
                        throw new UserError("--opencl: no program '" + w + "' in " + programs + " (programs: "
                                + String.join(", ", known) + ")");
                    }
                    out.add(name);
                }
            }
        }
        return out.stream().distinct().toList();
    }
}
