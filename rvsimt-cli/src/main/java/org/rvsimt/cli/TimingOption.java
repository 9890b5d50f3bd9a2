package org.rvsimt.cli;

import org.rvsimt.core.events.ExecutionConsumer;
import org.rvsimt.observe.SourceLines;
import org.rvsimt.timing.TimingSession;
import org.rvsimt.timing.config.GpuConfigException;
import org.rvsimt.timing.config.GpuConfigReader;
import org.rvsimt.timing.report.TimingReport;
import org.rvsimt.timing.report.TimingReportFormat;

import java.io.PrintWriter;
import java.util.Map;

/**
 * {@code run --timing [--gpu PRESET|FILE]}: times the launch with the performance model
 * (docs/timing.md). Kept apart from {@link RunCommand} so the command only attaches and prints it.
 */
final class TimingOption {
    /** The preset when {@code --gpu} is not given. */
    static final String DEFAULT_GPU = "volta";

    private final TimingSession session;
    private TimingReport report;

    private TimingOption(TimingSession session) {
        this.session = session;
    }

    /** The option for the flags, or null when neither {@code --timing} nor {@code --gpu} was given. */
    static TimingOption of(boolean timing, String gpu) {
        if (!timing && gpu == null) {
            return null;
        }
        try {
            return new TimingOption(new TimingSession(GpuConfigReader.load(gpu != null ? gpu : DEFAULT_GPU)));
        } catch (GpuConfigException e) {
            String m = e.getMessage();
            throw new UserError(m.startsWith("--gpu") ? m : "--gpu: " + m);
        }
    }

    ExecutionConsumer consumer() {
        return session.consumer();
    }

    /** Runs the cycle model on the finished launch. */
    void finish(int warpSize, int sharedBytes) {
        try {
            report = session.report(warpSize, sharedBytes);
        } catch (IllegalArgumentException e) {
            throw new UserError("--gpu: " + e.getMessage());
        }
    }

    /** The report's JSON object, or null when the launch was not timed (it faulted); source counters with places. */
    Map<String, Object> json(SourceLines lines) {
        return report == null ? null : TimingReportFormat.toMap(report, places(lines));
    }

    void print(PrintWriter out, SourceLines lines) {
        if (report != null) {
            TimingReportFormat.print(out, report, places(lines));
        }
    }

    private static TimingReportFormat.SourcePlaces places(SourceLines lines) {
        return new TimingReportFormat.SourcePlaces() {
            @Override
            public String text(int pc) {
                return lines.at(pc).map(SourceLines.Place::text).orElse(null);
            }

            @Override
            public Map<String, Object> json(int pc) {
                return lines.json(pc);
            }
        };
    }
}
