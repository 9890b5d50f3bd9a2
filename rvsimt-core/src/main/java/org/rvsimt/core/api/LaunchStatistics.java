package org.rvsimt.core.api;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.rvsimt.core.exec.observe.Profile;
import org.rvsimt.core.exec.program.Program;
import org.rvsimt.isa.InstructionSet;
import org.rvsimt.isa.Operation;

/**
 * A launch's profile: what ran, where the time went and how well the lanes were used, from the
 * per-instruction counts every engine keeps (like {@code perf annotate} for a kernel).
 *
 * @param mix              warp-instructions by instruction kind ({@code alu}, {@code load}, ...)
 * @param hottest          the ten instructions that issued most often
 * @param divergence       branches and jumps that split a warp, most frequent first
 * @param memory           bytes moved per memory space
 * @param barrierWaitSlots issue slots of their block that warps spent waiting at barriers
 * @param executed         every instruction that ran, in pc order (for per-source-line counts)
 */
public record LaunchStatistics(Map<String, Long> mix, List<Hot> hottest, List<Divergent> divergence, Memory memory,
                               long barrierWaitSlots, List<Hot> executed) {

    public static final int HOTTEST = 10;

    public record Hot(int pc, String instruction, long warpInstructions, long laneInstructions) { }

    public record Divergent(int pc, String instruction, long count) { }

    /** Bytes read and written: global VRAM, the block's shared memory, and the rest (stacks, CTRL). */
    public record Memory(long globalRead, long globalWritten, long sharedRead, long sharedWritten, long otherRead,
                         long otherWritten) { }

    public static LaunchStatistics empty() {
        return new LaunchStatistics(Map.of(), List.of(), List.of(), new Memory(0, 0, 0, 0, 0, 0), 0, List.of());
    }

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
            int pc = p.base + 2 * i;
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
        return new LaunchStatistics(new LinkedHashMap<>(mix), List.copyOf(hot.subList(0, Math.min(HOTTEST,
                hot.size()))), List.copyOf(div), mem, barrier, executed);
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
