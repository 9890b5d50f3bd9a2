package org.rvsimt.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A strict reader of the Prometheus text exposition format 0.0.4, written from the format's rules
 * (https://prometheus.io/docs/instrumenting/exposition_formats/), independent of the client
 * library that writes it.
 */
final class PrometheusText {
    private static final Pattern NAME = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");
    private static final Pattern SAMPLE = Pattern.compile(
            "([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{([^}]*)\\})? (\\S+)( -?\\d+)?");
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");

    /** Samples by {@code name{label="v",...}} exactly as written, and the TYPE of each family. */
    final Map<String, Double> samples = new LinkedHashMap<>();
    final Map<String, String> types = new HashMap<>();
    final Map<String, String> help = new HashMap<>();

    PrometheusText(String text) {
        assertThat(text).as("the last line ends with \\n").endsWith("\n");
        Set<String> familiesSeen = new HashSet<>();
        String currentFamily = null;
        for (String line : text.split("\n")) {
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith("# HELP ") || line.startsWith("# TYPE ")) {
                String[] p = line.substring(7).split(" ", 2);
                assertThat(p[0]).matches(NAME);
                if (line.startsWith("# TYPE ")) {
                    assertThat(p[1]).isIn("counter", "gauge", "histogram", "summary", "untyped");
                    assertThat(types.put(p[0], p[1])).as("one TYPE line per family: %s", p[0]).isNull();
                    assertThat(familiesSeen).as("TYPE before the first sample of %s", p[0]).doesNotContain(p[0]);
                } else {
                    help.put(p[0], p.length > 1 ? p[1] : "");
                }
                continue;
            }
            if (line.startsWith("#")) {
                continue;
            }
            Matcher m = SAMPLE.matcher(line);
            assertThat(m.matches()).as("sample line: %s", line).isTrue();
            String name = m.group(1);
            if (m.group(3) != null && !m.group(3).isEmpty()) {
                for (String pair : m.group(3).split(",(?=[a-zA-Z_])")) {
                    assertThat(pair).as("label in %s", line).matches(LABEL);
                    assertThat(pair).doesNotStartWith("__");
                }
            }
            String family = family(name);
            if (!family.equals(currentFamily)) {
                assertThat(familiesSeen).as("samples of %s grouped together", family).doesNotContain(family);
                familiesSeen.add(family);
                currentFamily = family;
            }
            samples.put(name + (m.group(2) == null ? "" : m.group(2)), parseValue(m.group(4)));
        }
    }

    /** The TYPE family a sample belongs to: counters are declared without their _total suffix. */
    private String family(String sample) {
        if (types.containsKey(sample)) {
            return sample;
        }
        for (String suffix : new String[] {"_total", "_created", "_bucket", "_sum", "_count"}) {
            if (sample.endsWith(suffix) && types.containsKey(sample.substring(0, sample.length() - suffix.length()))) {
                return sample.substring(0, sample.length() - suffix.length());
            }
        }
        throw new AssertionError("sample " + sample + " has no TYPE line");
    }

    private static double parseValue(String v) {
        return switch (v) {
            case "NaN" -> Double.NaN;
            case "+Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(v);
        };
    }

    double value(String sample) {
        Double v = samples.get(sample);
        assertThat(v).as("sample %s in %s", sample, samples.keySet()).isNotNull();
        return v;
    }

    /** Every metric name a query may use: sample names without labels. */
    Set<String> names() {
        Set<String> s = new HashSet<>();
        for (String k : samples.keySet()) {
            s.add(k.replaceAll("\\{.*", ""));
        }
        return s;
    }
}
