package org.rvsimt.core.api;

import java.util.List;
import java.util.Map;

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
                               long barrierWaitSlots, List<Hot> executed)
        implements java.io.Serializable {

    public static final int HOTTEST = 10;

    public record Hot(int pc, String instruction, long warpInstructions, long laneInstructions) implements java.io.Serializable { }

    public record Divergent(int pc, String instruction, long count) implements java.io.Serializable { }

    /** Bytes read and written: global VRAM, the block's shared memory, and the rest (stacks, CTRL). */
    public record Memory(long globalRead, long globalWritten, long sharedRead, long sharedWritten, long otherRead,
                         long otherWritten) implements java.io.Serializable { }

    public static LaunchStatistics empty() {
        return new LaunchStatistics(Map.of(), List.of(), List.of(), new Memory(0, 0, 0, 0, 0, 0), 0, List.of());
    }
}
