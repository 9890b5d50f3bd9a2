package org.rvsimt.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rvsimt.core.api.Buffer;
import org.rvsimt.core.api.Launch;
import org.rvsimt.core.events.ExecutionConsumer;
import org.rvsimt.observe.SourceLines;
import org.rvsimt.observe.checks.Check;
import org.rvsimt.observe.checks.CheckConsumer;
import org.rvsimt.observe.checks.FindingsReport;
import org.rvsimt.observe.checks.LaunchChecks;

/** {@code rvsimt run --check}: which checks, attaching them to the launch, and their findings in the report. */
final class RunChecks {
    private final Set<Check> checks;
    private CheckConsumer consumer;

    private RunChecks(Set<Check> checks) {
        this.checks = checks;
    }

    /** The checks the flag names, or null without the flag. */
    static RunChecks parse(List<String> flag) {
        if (flag == null) {
            return null;
        }
        try {
            Set<Check> set = Check.parse(flag);
            if (set.isEmpty()) {
                throw new UserError("--check: name at least one check (" + Check.labels() + ", or all)");
            }
            return new RunChecks(set);
        } catch (IllegalArgumentException e) {
            throw new UserError("--check: " + e.getMessage());
        }
    }

    /** The launch with the checks attached as an event consumer, after any it already has (timing, gdb). */
    Launch attach(Launch launch, int warpSize, Map<String, Buffer> buffers, Set<String> uninitialized) {
        consumer = LaunchChecks.of(checks, launch, warpSize, buffers, uninitialized);
        return launch.toBuilder().events(ExecutionConsumer.both(launch.events(), consumer)).build();
    }

    boolean hasErrors() {
        return consumer.findings().hasErrors();
    }

    Object json(SourceLines lines) {
        return FindingsReport.toMaps(consumer.findings().list(), lines);
    }

    void print(PrintWriter out, SourceLines lines) {
        FindingsReport.print(out, checks, consumer.findings().list(), lines);
    }
}
