package org.rvsimt.observe;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rvsimt.core.api.LaunchStatistics;

/**
 * A launch's instruction counts per source line ({@code perf annotate} by line rather than by pc):
 * each instruction that ran is counted at its place in the kernel's source (code inlined from a
 * header at its call site, as {@link SourceLines#at} places it). Instructions of no known place are
 * left out.
 */
public final class SourceProfile {
    private SourceProfile() { }

    /** One line of source and what ran there. */
    public record Line(String file, int line, String function, long warpInstructions, long laneInstructions) {
        public Map<String, Object> toMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("file", file);
            m.put("line", line);
            m.put("function", function);
            m.put("warp_instructions", warpInstructions);
            m.put("lane_instructions", laneInstructions);
            return m;
        }
    }

    /** The lines that ran, by file then line; empty when the kernel has no line table. */
    public static List<Line> of(LaunchStatistics statistics, SourceLines lines) {
        if (!lines.known()) {
            return List.of();
        }
        record Key(String file, int line) { }
        Map<Key, long[]> counts = new LinkedHashMap<>();
        Map<Key, String> functions = new LinkedHashMap<>();
        for (LaunchStatistics.Hot h : statistics.executed()) {
            lines.at(h.pc()).filter(p -> p.line() > 0).ifPresent(p -> {
                Key k = new Key(p.file(), p.line());
                long[] c = counts.computeIfAbsent(k, x -> new long[2]);
                c[0] += h.warpInstructions();
                c[1] += h.laneInstructions();
                functions.putIfAbsent(k, p.function());
            });
        }
        List<Line> out = new ArrayList<>();
        counts.forEach((k, c) -> out.add(new Line(k.file(), k.line(), functions.get(k), c[0], c[1])));
        out.sort(Comparator.comparing(Line::file).thenComparingInt(Line::line));
        return out;
    }
}
