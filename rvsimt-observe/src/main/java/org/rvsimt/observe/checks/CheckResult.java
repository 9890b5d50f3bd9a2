package org.rvsimt.observe.checks;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rvsimt.observe.SourceLines;

/**
 * What the checks of one launch found, kept after the launch (the device server's reply, the web
 * UI's launch view).
 *
 * @param checks   the checks that ran
 * @param findings folded findings, errors first
 */
public record CheckResult(Set<Check> checks, List<Finding> findings) {
    public CheckResult {
        checks = Collections.unmodifiableSet(checks.isEmpty() ? EnumSet.noneOf(Check.class) : EnumSet.copyOf(checks));
        findings = List.copyOf(findings);
    }

    public static CheckResult of(CheckConsumer consumer) {
        return new CheckResult(consumer.checks(), consumer.findings().list());
    }

    public long errors() {
        return findings.stream().filter(f -> f.severity() == Severity.ERROR).count();
    }

    public long warnings() {
        return findings.size() - errors();
    }

    /** The text report, as {@code rvsimt run --check} prints it after a launch's summary. */
    public String text(SourceLines lines) {
        StringWriter s = new StringWriter();
        try (PrintWriter out = new PrintWriter(s)) {
            FindingsReport.print(out, checks, findings, lines);
        }
        return s.toString();
    }

    /** {@link #json} as JSON text. */
    public String jsonText(SourceLines lines) {
        try {
            return new ObjectMapper().writeValueAsString(json(lines));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("findings are plain maps, lists and strings: " + e.getMessage(), e);
        }
    }

    /** The findings as the {@code findings} list of {@code rvsimt run --json}. */
    public List<Map<String, Object>> json(SourceLines lines) {
        return FindingsReport.toMaps(findings, lines);
    }
}
