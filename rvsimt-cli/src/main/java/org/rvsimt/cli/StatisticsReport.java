package org.rvsimt.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.rvsimt.core.fault.KernelFault;
import org.rvsimt.core.api.LaunchStatistics;
import org.rvsimt.core.fault.TailRepeats;
import org.rvsimt.observe.SourceLines;

/**
 * A launch's statistics as text for people, and a fault's flight-recorder tail as text and JSON
 * (the statistics' JSON is {@link org.rvsimt.observe.StatisticsSummary}, shared with {@code rvsimt trace}).
 */
final class StatisticsReport {
    private StatisticsReport() { }

    static List<Map<String, Object>> recentJson(KernelFault f, SourceLines lines) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (KernelFault.Step st : f.recent()) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("pc", hex(st.pc()));
            e.put("instruction", st.instruction());
            e.put("mask", String.format("0x%x", st.mask()));
            e.put("wrote", st.wrote());
            Map<String, Object> source = lines.json(st.pc());
            if (source != null) {
                e.put("source", source);
            }
            out.add(e);
        }
        return out;
    }

    static void print(PrintWriter out, LaunchStatistics s, long warpInstructions, SourceLines lines) {
        out.println("  instruction mix (warp-instructions):");
        s.mix().entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .forEach(e -> out.printf(Locale.ROOT, "    %-16s %,14d  %5.1f%%%n", e.getKey(), e.getValue(),
                        percent(e.getValue(), warpInstructions)));
        out.println("  hottest instructions:");
        for (LaunchStatistics.Hot h : s.hottest()) {
            out.printf(Locale.ROOT, "    %5.1f%%  0x%08x  %-32s %,d warp / %,d lane%s%n",
                    percent(h.warpInstructions(), warpInstructions), h.pc(), h.instruction(), h.warpInstructions(),
                    h.laneInstructions(), lines.suffix(h.pc(), "  "));
        }
        if (!s.divergence().isEmpty()) {
            out.println("  divergent branches:");
            for (LaunchStatistics.Divergent d : s.divergence()) {
                out.printf(Locale.ROOT, "    0x%08x  %-32s %,d times%s%n", d.pc(), d.instruction(), d.count(),
                        lines.suffix(d.pc(), "  "));
            }
        }
        LaunchStatistics.Memory m = s.memory();
        out.printf(Locale.ROOT, "  memory: global %,d B read / %,d B written, shared %,d / %,d, other %,d / %,d%n",
                m.globalRead(), m.globalWritten(), m.sharedRead(), m.sharedWritten(), m.otherRead(), m.otherWritten());
        out.printf(Locale.ROOT, "  barrier waits: %,d issue slots%n", s.barrierWaitSlots());
    }

    static void printRecent(PrintWriter out, KernelFault f, SourceLines lines) {
        List<KernelFault.Step> steps = f.recent();
        if (steps.isEmpty()) {
            return;
        }
        out.println("  last " + steps.size() + " instructions of the warp (oldest first):");
        List<TailRepeats.Repeat> repeats = TailRepeats.of(steps);
        int r = 0;
        for (int i = 0; i < steps.size(); i++) {
            if (r < repeats.size() && repeats.get(r).from() == i) {
                // A loop: one line for its passes, then its last pass in full (the one with the values).
                TailRepeats.Repeat rep = repeats.get(r++);
                out.printf(Locale.ROOT, "    0x%08x..0x%08x  x%d (a loop of %d instruction%s; its last pass:)%n",
                        steps.get(rep.from()).pc(), steps.get(rep.from() + rep.period() - 1).pc(), rep.passes(),
                        rep.period(), rep.period() == 1 ? "" : "s");
                i = rep.lastPass();
            }
            KernelFault.Step st = steps.get(i);
            out.printf(Locale.ROOT, "    0x%08x  %-32s mask 0x%-10x %s%s%n", st.pc(), st.instruction(), st.mask(),
                    st.wrote(), lines.suffix(st.pc(), "  "));
        }
    }

    /**
     * The loops of the tail ({@code recent_repeats}): rows {@code from .. from + period * passes - 1}
     * of {@code recent} are {@code passes} passes over the same instructions.
     */
    static List<Map<String, Object>> repeatsJson(KernelFault f) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (TailRepeats.Repeat rep : TailRepeats.of(f.recent())) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("from", rep.from());
            e.put("period", rep.period());
            e.put("passes", rep.passes());
            e.put("first_pc", hex(f.recent().get(rep.from()).pc()));
            e.put("last_pc", hex(f.recent().get(rep.from() + rep.period() - 1).pc()));
            out.add(e);
        }
        return out;
    }

    private static double percent(long part, long whole) {
        return whole == 0 ? 0 : 100.0 * part / whole;
    }

    private static String hex(int pc) {
        return String.format("0x%08x", pc);
    }
}
