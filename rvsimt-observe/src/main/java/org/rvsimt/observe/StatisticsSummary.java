package org.rvsimt.observe;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rvsimt.core.api.LaunchStatistics;

/**
 * A launch's statistics in the one schema both {@code rvsimt run --json} (its {@code stats} object)
 * and {@code rvsimt trace --stats --json} (its {@code stats} object) print, whether they come from
 * the engine's profile or from a trace, so a script reads either the same way.
 *
 * @param warpInstructions warp-instructions issued (of a trace: recorded)
 * @param laneInstructions active lanes summed over those
 * @param simtEfficiency   lane-instructions / (warp-instructions x warp size)
 * @param mix              warp-instructions by instruction kind
 * @param hottest          the most issued instructions, most first
 * @param divergence       branches that split a warp and how often, most frequent first
 * @param bytesRead        bytes loaded (atomics count 4 read and 4 written per lane)
 * @param bytesWritten     bytes stored
 * @param spaces           the same bytes by memory space, or null where unknown (a trace records no
 *                         addresses)
 * @param barrierWaitSlots issue slots of their block that warps spent waiting at barriers
 */
public record StatisticsSummary(long warpInstructions, long laneInstructions, double simtEfficiency, Map<String, Long> mix,
                                List<LaunchStatistics.Hot> hottest, List<LaunchStatistics.Divergent> divergence,
                                long bytesRead, long bytesWritten, LaunchStatistics.Memory spaces,
                                long barrierWaitSlots) {

    /** The engine's profile of a launch, with the launch's own counters. */
    public static StatisticsSummary of(LaunchStatistics s, long warpInstructions, long laneInstructions,
                                       double simtEfficiency) {
        LaunchStatistics.Memory m = s.memory();
        return new StatisticsSummary(warpInstructions, laneInstructions, simtEfficiency, s.mix(), s.hottest(),
                s.divergence(), m.globalRead() + m.sharedRead() + m.otherRead(),
                m.globalWritten() + m.sharedWritten() + m.otherWritten(), m, s.barrierWaitSlots());
    }

    /** The JSON object (keys in a fixed order; docs/observability.md describes each). */
    public Map<String, Object> toMap() {
        return toMap(SourceLines.none());
    }

    /** As {@link #toMap()}, with a {@code source} object on hot and divergent pcs that {@code lines} places. */
    public Map<String, Object> toMap(SourceLines lines) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("warp_instructions", warpInstructions);
        o.put("lane_instructions", laneInstructions);
        o.put("simt_efficiency", simtEfficiency);
        o.put("mix", mix);
        List<Map<String, Object>> hot = new ArrayList<>();
        for (LaunchStatistics.Hot h : hottest) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("pc", RecordText.hex(h.pc()));
            e.put("instruction", h.instruction());
            e.put("warp_instructions", h.warpInstructions());
            e.put("lane_instructions", h.laneInstructions());
            putSource(e, lines, h.pc());
            hot.add(e);
        }
        o.put("hottest", hot);
        List<Map<String, Object>> div = new ArrayList<>();
        for (LaunchStatistics.Divergent d : divergence) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("pc", RecordText.hex(d.pc()));
            e.put("instruction", d.instruction());
            e.put("count", d.count());
            putSource(e, lines, d.pc());
            div.add(e);
        }
        o.put("divergence", div);
        Map<String, Object> mem = new LinkedHashMap<>();
        mem.put("read", bytesRead);
        mem.put("written", bytesWritten);
        mem.put("global", spaces == null ? null : readWritten(spaces.globalRead(), spaces.globalWritten()));
        mem.put("shared", spaces == null ? null : readWritten(spaces.sharedRead(), spaces.sharedWritten()));
        mem.put("other", spaces == null ? null : readWritten(spaces.otherRead(), spaces.otherWritten()));
        o.put("memory_bytes", mem);
        o.put("barrier_wait_slots", barrierWaitSlots);
        return o;
    }

    private static void putSource(Map<String, Object> e, SourceLines lines, int pc) {
        Map<String, Object> source = lines.json(pc);
        if (source != null) {
            e.put("source", source);
        }
    }

    private static Map<String, Object> readWritten(long read, long written) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("read", read);
        o.put("written", written);
        return o;
    }
}
