package org.rvsimt.core.exec.observe;

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
import org.rvsimt.core.exec.program.Program;
import org.rvsimt.isa.InstructionSet;
import org.rvsimt.isa.Operation;

/**
 * Sums the host threads' profiles of a launch into its {@link LaunchStatistics}: the instruction
 * mix, the hottest instructions, divergent branches and the bytes moved per memory space.
 */
public final class ProfileSummary {
    private ProfileSummary() { }

    public static LaunchStatistics of(Program p, List<Profile> profiles) {
        int n = p.length;
        long[] warp = new long[n];
        long[] lane = new long[n];
        long[] diverged = new long[n];
        byte[] space = new byte[n];
        long sharedRead = 0;
        long sharedWritten = 0;
        long otherRead = 0;
        long otherWritten = 0;
        long barrier = 0;
        for (Profile prof : profiles) {
            long[][] per = prof.perInstruction(p);
            for (int i = 0; i < n; i++) {
                warp[i] += per[0][i];
                lane[i] += per[1][i];
                diverged[i] += prof.divergedAt[i];
            }
            for (int i = 0; i < n; i++) {
                space[i] = (byte) Math.max(space[i], prof.spaceAt[i]);
            }
            barrier += prof.barrierWait;
        }
        Map<String, Long> mix = new TreeMap<>();
        long read = 0;
        long written = 0;
        List<Hot> hot = new ArrayList<>();
        List<Divergent> div = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (warp[i] == 0) {
                continue;
            }
            int pc = p.pcOf(i);
            String kind = p.defId[i] >= 0 ? InstructionSet.get(p.defId[i]).kind().label() : "illegal";
            mix.merge(kind, warp[i], Long::sum);
            long[] bytes = bytesPerLane(p, i);
            read += bytes[0] * lane[i];
            written += bytes[1] * lane[i];
            if (space[i] == Profile.SHARED) {
                sharedRead += bytes[0] * lane[i];
                sharedWritten += bytes[1] * lane[i];
            } else if (space[i] == Profile.OTHER) {
                otherRead += bytes[0] * lane[i];
                otherWritten += bytes[1] * lane[i];
            }
            hot.add(new Hot(pc, p.disassemble(pc), warp[i], lane[i]));
            if (diverged[i] > 0) {
                div.add(new Divergent(pc, p.disassemble(pc), diverged[i]));
            }
        }
        List<Hot> executed = List.copyOf(hot);
        hot.sort(Comparator.comparingLong(Hot::warpInstructions).reversed().thenComparingInt(Hot::pc));
        div.sort(Comparator.comparingLong(Divergent::count).reversed().thenComparingInt(Divergent::pc));
        Memory mem = new Memory(Math.max(0, read - sharedRead - otherRead), Math.max(0, written - sharedWritten
                - otherWritten), sharedRead, sharedWritten, otherRead, otherWritten);
        List<Hot> hottest = List.copyOf(hot.subList(0, Math.min(LaunchStatistics.HOTTEST, hot.size())));
        return new LaunchStatistics(new LinkedHashMap<>(mix), hottest, List.copyOf(div), mem, barrier, executed);
    }

    /** {read, written} bytes per active lane of the instruction at index {@code i}. */
    private static long[] bytesPerLane(Program p, int i) {
        return switch (p.form[i]) {
            case LOAD -> new long[] {((Operation.Load) p.op[i]).width(), 0};
            case STORE -> new long[] {0, ((Operation.Store) p.op[i]).width()};
            case FLW -> new long[] {((Operation.Standalone) p.op[i]).floatAccessBytes(), 0};
            case FSW -> new long[] {0, ((Operation.Standalone) p.op[i]).floatAccessBytes()};
            case LR -> new long[] {4, 0};
            case AMO, SC -> new long[] {4, 4};
            default -> new long[] {0, 0};
        };
    }
}
