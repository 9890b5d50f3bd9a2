package org.rvsimt.cli;

import org.rvsimt.core.events.ExecutionConsumer;
import org.rvsimt.observe.SourceLines;
import org.rvsimt.timing.TimingSession;
import org.rvsimt.timing.config.GpuConfigException;
import org.rvsimt.timing.config.GpuConfigReader;
import org.rvsimt.timing.report.TimingReport;
import org.rvsimt.timing.report.TimingReportFormat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Map;
import org.rvsimt.core.exec.program.Program;
import org.rvsimt.timing.timeline.PerfettoTimeline;

/**
 * {@code run --timing [--gpu PRESET|FILE]}: times the launch with the performance model
 * (docs/timing.md). Kept apart from {@link RunCommand} so the command only attaches and prints it.
 */
final class TimingOption {
    /** The preset when {@code --gpu} is not given. */
    static final String DEFAULT_GPU = "volta";

    private final TimingSession session;
    /** Where the timeline goes ({@code --perfetto}), or null. */
    private final Path perfetto;
    private TimingReport report;

    private TimingOption(TimingSession session, Path perfetto) {
        this.session = session;
        this.perfetto = perfetto;
    }

    /** The option for the flags, or null when none of {@code --timing}, {@code --gpu} and {@code --perfetto} was given. */
    static TimingOption of(boolean timing, String gpu, Path perfetto) {
        if (!timing && gpu == null && perfetto == null) {
            return null;
        }
        try {
            return new TimingOption(new TimingSession(GpuConfigReader.load(gpu != null ? gpu : DEFAULT_GPU)), perfetto);
        } catch (GpuConfigException e) {
            String m = e.getMessage();
            throw new UserError(m.startsWith("--gpu") ? m : "--gpu: " + m);
        }
    }

    ExecutionConsumer consumer() {
        return session.consumer();
    }

    /**
     * Runs the cycle model on the finished launch of {@code kernel} (a file name), writing its
     * timeline to the {@code --perfetto} file (through a temporary file: a failed model leaves none).
     */
    void finish(int warpSize, int sharedBytes, Program program, SourceLines lines, String kernel) {
        try {
            if (perfetto == null) {
                report = session.report(warpSize, sharedBytes);
                return;
            }
            CliFiles.<RuntimeException>replace(perfetto, os -> {
                try (PerfettoTimeline p = new PerfettoTimeline(TraceCommand.perfettoStream(perfetto, os), kernel,
                        pc -> instruction(program, lines, pc))) {
                    report = session.report(warpSize, sharedBytes, p);
                    p.finish(report);
                }
            });
        } catch (IllegalArgumentException e) {
            throw new UserError("--gpu: " + e.getMessage());
        } catch (IOException e) {
            throw new UserError("--perfetto: cannot write " + perfetto + ": " + UserError.describe(e));
        } catch (UncheckedIOException e) {
            throw new UserError("--perfetto: cannot write " + perfetto + ": " + UserError.describe(e.getCause()));
        }
    }

    /** The disassembly of the instruction at {@code pc}, and its source place when the kernel has lines. */
    private static String instruction(Program program, SourceLines lines, int pc) {
        String text = program.disassemble(pc);
        return lines.at(pc).map(p -> text + "  " + p.text()).orElse(text);
    }


    /** The report's JSON object, or null when the launch was not timed (it faulted); source counters with places. */
    Map<String, Object> json(SourceLines lines) {
        if (report == null) {
            return null;
        }
        Map<String, Object> o = TimingReportFormat.toMap(report, TimingReportFormat.SourcePlaces.of(lines));
        if (perfetto != null) {
            o.put("perfetto", perfetto.toString());
        }
        return o;
    }

    void print(PrintWriter out, SourceLines lines) {
        if (report != null) {
            TimingReportFormat.print(out, report, TimingReportFormat.SourcePlaces.of(lines));
            if (perfetto != null) {
                out.printf("  timeline -> %s (Perfetto JSON, 1 cycle = 1 us)%n", perfetto);
            }
        }
    }
}
