package org.rvsimt.cli.split;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.rvsimt.core.api.LaunchStatistics;
import org.rvsimt.core.api.LaunchStatistics.Divergent;
import org.rvsimt.core.api.LaunchStatistics.Hot;
import org.rvsimt.core.api.LaunchStatistics.Memory;

/**
 * The statistics of block ranges added up into those of the whole launch: per-instruction counts and
 * divergences summed by pc, then ranked as {@link LaunchStatistics#of} ranks them (most first, then by pc).
 */
final class StatisticsMerge {
    private StatisticsMerge() { }

    static LaunchStatistics of(List<LaunchStatistics> parts) {
        Map<String, Long> mix = new TreeMap<>();
        Map<Integer, Hot> executed = new TreeMap<>();
        Map<Integer, Divergent> divergence = new TreeMap<>();
        long[] memory = new long[6];
        long barrier = 0;
        for (LaunchStatistics s : parts) {
            s.mix().forEach((k, v) -> mix.merge(k, v, Long::sum));
            for (Hot h : s.executed()) {
                executed.merge(h.pc(), h, (a, b) -> new Hot(a.pc(), a.instruction(), a.warpInstructions()
                        + b.warpInstructions(), a.laneInstructions() + b.laneInstructions()));
            }
            for (Divergent d : s.divergence()) {
                divergence.merge(d.pc(), d, (a, b) -> new Divergent(a.pc(), a.instruction(), a.count() + b.count()));
            }
            Memory m = s.memory();
            long[] add = {m.globalRead(), m.globalWritten(), m.sharedRead(), m.sharedWritten(), m.otherRead(),
                m.otherWritten()};
            for (int i = 0; i < 6; i++) {
                memory[i] += add[i];
            }
            barrier += s.barrierWaitSlots();
        }
        List<Hot> hot = new ArrayList<>(executed.values());
        hot.sort(Comparator.comparingLong(Hot::warpInstructions).reversed().thenComparingInt(Hot::pc));
        List<Divergent> div = new ArrayList<>(divergence.values());
        div.sort(Comparator.comparingLong(Divergent::count).reversed().thenComparingInt(Divergent::pc));
        return new LaunchStatistics(new LinkedHashMap<>(mix), List.copyOf(hot.subList(0, Math.min(LaunchStatistics.HOTTEST,
                hot.size()))), List.copyOf(div), new Memory(memory[0], memory[1], memory[2], memory[3], memory[4], memory[5]),
                barrier, List.copyOf(executed.values()));
    }
}
