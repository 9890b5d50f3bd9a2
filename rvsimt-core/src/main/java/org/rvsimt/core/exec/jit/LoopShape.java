package org.rvsimt.core.exec.jit;

import java.util.ArrayList;
import java.util.List;
import org.rvsimt.core.exec.program.Program;
import org.rvsimt.isa.Form;

/**
 * Which blocks make a loop region: from a block start (the header), the chain of compilable blocks
 * the engine would run one after the other when every block goes on the loop's way, ending in a
 * branch or jump back to the header. A block ending in a forward branch goes on by falling through
 * (the taken side leaves the loop, like a break); a jump without link goes on at its target. The
 * chain has no other backward edge (an inner loop is its own region, so an outer loop is left to
 * the engine's blocks), no call, and at most a given number of instructions per iteration.
 */
final class LoopShape {
    /**
     * Longest iteration, in instructions, with -Drvsimt.jit.maxRegion=N (HotSpot's C2 compiles and
     * inlines a small region's method well; sgemm_naive's and saxpy's loops have 18 and 19). Regions
     * are off by default (0): their lane loops are the plain ones, and a warm sgemm_naive ran several
     * times slower on them than on its blocks' host-SIMD loops. Read when a block is compiled.
     */
    static final String MAX_LENGTH_PROPERTY = "rvsimt.jit.maxRegion";
    /** The length the tests and measurements use. */
    static final int SMALL_LOOP = 32;
    private static final int MAX_PARTS = 8;

    private LoopShape() { }

    /**
     * The slots of each block of the loop headed at index {@code header}, in order; null when it heads
     * none of at most {@code maxLength} instructions per iteration.
     */
    static int[][] find(Program p, int header, int maxLength) {
        int headerPc = p.base + 2 * header;
        List<int[]> parts = new ArrayList<>();
        int total = 0;
        int i = header;
        while (parts.size() < MAX_PARTS) {
            if (i < 0 || i >= p.length) {
                return null;
            }
            int n = BlockExtent.extent(p, i);
            total += n;
            if (n == 0 || total > maxLength) {
                return null;
            }
            int[] at = BlockExtent.slots(p, i, n);
            parts.add(at);
            int last = at[n - 1];
            int lastPc = p.base + 2 * last;
            Form form = p.form[last];
            if (form == Form.BRANCH || form == Form.JAL) {
                int target = lastPc + p.imm[last];
                if (target == headerPc) {
                    return form == Form.JAL && p.rd[last] != org.rvsimt.core.exec.program.Predecoder.SINK
                            ? null : parts.toArray(int[][]::new);
                }
                if (Integer.compareUnsigned(target, lastPc) <= 0 || form == Form.JAL
                        && (p.rd[last] != org.rvsimt.core.exec.program.Predecoder.SINK || !p.contains(target))) {
                    return null;      // another backward edge (an inner loop), a call, or out of the program
                }
                i = form == Form.JAL ? (target - p.base) >>> 1 : last + p.size[last] / 2;
            } else {
                i = last + p.size[last] / 2;
            }
        }
        return null;
    }
}
