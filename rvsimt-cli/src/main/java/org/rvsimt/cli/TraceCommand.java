package org.rvsimt.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.rvsimt.core.trace.TraceFormatException;
import org.rvsimt.core.trace.TraceListener;
import org.rvsimt.core.trace.TraceRecord;
import org.rvsimt.core.trace.TraceSchema;
import org.rvsimt.observe.PerfettoExporter;
import org.rvsimt.observe.RecordText;
import org.rvsimt.observe.TraceReader;
import org.rvsimt.observe.TraceStatistics;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "trace", mixinStandardHelpOptions = true,
        description = {"Read a binary trace written by 'rvsimt run --trace FILE' (format: docs/trace-format.md).",
            "Exit codes: 0 ok, 2 unreadable or malformed trace (the message names the byte offset)."})
final class TraceCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "FILE", description = "the binary trace")
    Path file;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Mode mode;

    static final class Mode {
        @Option(names = "--stats", description = "instruction mix, SIMT efficiency, divergence, barrier waits, hot pcs")
        boolean stats;

        @Option(names = "--dump", description = "one line per record, instructions disassembled")
        boolean dump;

        @Option(names = "--perfetto", paramLabel = "OUT.json",
                description = "write Chrome/Perfetto trace JSON (open in ui.perfetto.dev), gzipped when OUT ends"
                        + " in .gz; 1 issue = 1 us")
        Path perfetto;
    }

    @Option(names = "--json", description = "with --stats: print one JSON object")
    boolean json;

    @Option(names = "--block", paramLabel = "B", description = "with --dump: only records of linear block B")
    Long block;

    @Option(names = "--warp", paramLabel = "W", description = "with --dump: only records of warp W")
    Integer warp;

    @Option(names = "--pc", paramLabel = "LO:HI", description = "with --dump: only instructions with LO <= pc < HI")
    String pc;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (!Files.isRegularFile(file)) {
            throw new UserError(file + (Files.exists(file) ? ": not a regular file" : ": no such file"));
        }
        if (json && !mode.stats) {
            throw new UserError("trace: --json goes with --stats");
        }
        int[] range = pc != null ? RunCommand.pcRange(pc, "--pc") : null;
        try {
            if (mode.stats) {
                TraceStatistics s = new TraceStatistics();
                TraceReader.read(file, s);
                if (json) {
                    out.println(RunCommand.toJson(s.toMap()));
                } else {
                    s.print(out);
                }
            } else if (mode.dump) {
                TraceReader.read(file, new Dump(out, range));
            } else {
                exportPerfetto(mode.perfetto);
                out.println("wrote " + mode.perfetto);
            }
            return Main.OK;
        } catch (TraceFormatException e) {
            throw new UserError(file + ": " + e.getMessage());
        } catch (IOException e) {
            throw new UserError(UserError.describe(e));
        } catch (UncheckedIOException e) {
            throw new UserError(UserError.describe(e.getCause()));
        }
    }

    /** Writes through a temporary file so a malformed trace leaves no half-written JSON behind. */
    private void exportPerfetto(Path target) throws IOException, TraceFormatException {
        CliFiles.<TraceFormatException>replace(target, os -> {
            try (PerfettoExporter p = new PerfettoExporter(perfettoStream(target, os))) {
                TraceReader.read(file, p);
            }
        });
    }

    /** Gzip when the name ends in .gz (ui.perfetto.dev opens it as it is): a tenth of the size. */
    static OutputStream perfettoStream(Path target, OutputStream file) throws IOException {
        if (target.getFileName().toString().endsWith(".gz")) {
            return new java.util.zip.GZIPOutputStream(file, 1 << 16);
        }
        return file;
    }

    /** --dump: prints each record that passes the filters. */
    private final class Dump implements TraceListener {
        private final PrintWriter out;
        private final int[] range;
        private TraceSchema schema;

        Dump(PrintWriter out, int[] range) {
            this.out = out;
            this.range = range;
        }

        @Override
        public void schema(TraceSchema s) {
            schema = s;
        }

        @Override
        public void record(int source, TraceRecord r) {
            if (passes(r)) {
                out.println(RecordText.line(source, r, schema));
            }
        }

        @Override
        public void end(long fast, long slow, long listener) {
            if (fast + slow > 0) {
                out.printf("dropped records: %d fast, %d slow%n", fast, slow);
            }
        }

        private boolean passes(TraceRecord r) {
            long b;
            int w;
            int p;
            switch (r) {
                case TraceRecord.Instruction i -> {
                    b = i.block();
                    w = i.warp();
                    p = i.pc();
                }
                case TraceRecord.Divergence d -> {
                    b = d.block();
                    w = d.warp();
                    p = d.pc();
                }
                case TraceRecord.Reconvergence c -> {
                    b = c.block();
                    w = c.warp();
                    p = c.pc();
                }
                case TraceRecord.BarrierWait x -> {
                    b = x.block();
                    w = x.warp();
                    p = x.pc();
                }
                case TraceRecord.WarpDone x -> {
                    b = x.block();
                    w = x.warp();
                    p = x.pc();
                }
                case TraceRecord.Fault f -> {
                    b = f.block();
                    w = f.warp();
                    p = f.pc();
                }
                default -> {
                    // Launch, block, barrier-release and device events show unless a filter asks for a warp or pc.
                    return warp == null && range == null && (block == null || !(r instanceof TraceRecord.BlockBegin bb)
                            || bb.block() == block);
                }
            }
            return (block == null || b == block) && (warp == null || w == warp)
                    && (range == null || (Integer.compareUnsigned(p, range[0]) >= 0 && Integer.compareUnsigned(p, range[1]) < 0));
        }
    }
}
