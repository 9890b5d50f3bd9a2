package org.rvsimt.core.fault;

import java.util.ArrayList;
import java.util.List;

/**
 * Finds the loops in a fault report's flight-recorder tail: a warp spinning in a loop fills the
 * tail with the same few instructions, so reports fold each run of identical passes into one line
 * ("0x701c..0x7020 x31") and list only its last pass, whose rows carry the registers' final values.
 * The rows themselves stay in {@link KernelFault#recent()}; a repeat only says which of them fold.
 */
public final class TailRepeats {
    /** Longest loop body looked for, in instructions. */
    static final int MAX_PERIOD = 16;
    /** Fewest passes worth folding (two passes of a loop read fine as they are). */
    static final int MIN_PASSES = 3;

    /**
     * Rows {@code [from, from + period * passes)} of the tail are {@code passes} passes over the same
     * {@code period} instructions (same pcs, same masks).
     */
    public record Repeat(int from, int period, int passes) {
        /** The first row after the repeat. */
        public int end() {
            return from + period * passes;
        }

        /** The first row of the last pass (the rows a report still lists). */
        public int lastPass() {
            return end() - period;
        }
    }

    private TailRepeats() { }

    /** The repeats of {@code steps}, in row order, not overlapping. */
    public static List<Repeat> of(List<KernelFault.Step> steps) {
        List<Repeat> out = new ArrayList<>();
        int n = steps.size();
        int i = 0;
        while (i < n) {
            Repeat best = null;
            for (int period = 1; period <= MAX_PERIOD && i + 2 * period <= n; period++) {
                int passes = 1;
                while (i + (passes + 1) * period <= n && samePass(steps, i, i + passes * period, period)) {
                    passes++;
                }
                // Ties go to the shorter period: a loop of 2 seen as 4 would fold fewer rows anyway.
                if (passes >= MIN_PASSES && (best == null || passes * period > best.passes() * best.period())) {
                    best = new Repeat(i, period, passes);
                }
            }
            if (best != null) {
                out.add(best);
                i = best.end();
            } else {
                i++;
            }
        }
        return out;
    }

    private static boolean samePass(List<KernelFault.Step> steps, int a, int b, int period) {
        for (int k = 0; k < period; k++) {
            KernelFault.Step x = steps.get(a + k);
            KernelFault.Step y = steps.get(b + k);
            if (x.pc() != y.pc() || x.mask() != y.mask()) {
                return false;
            }
        }
        return true;
    }
}
