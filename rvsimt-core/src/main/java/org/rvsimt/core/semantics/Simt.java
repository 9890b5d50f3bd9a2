package org.rvsimt.core.semantics;

import org.rvsimt.isa.Operation.Shuffle;
import org.rvsimt.isa.Operation.Vote;

/**
 * The pure parts of the Vortex SIMT instructions (docs/kernel-abi.md, "Vortex SIMT instructions"): votes over a warp's
 * predicate bits and the source lane of a shuffle. The engine applies them to the active lanes;
 * mask and stack effects of tmc/split/join/pred/wspawn/bar are the engine's ({@code exec.Divergence}).
 */
public final class Simt {
    private Simt() { }

    /** vote.all: no active lane has a false predicate. */
    public static int voteAll(long active, long predicate) {
        return (predicate & active) == active ? 1 : 0;
    }

    public static int voteAny(long active, long predicate) {
        return (predicate & active) != 0 ? 1 : 0;
    }

    /** vote.uni: all active lanes agree. */
    public static int voteUni(long active, long predicate) {
        long p = predicate & active;
        return p == 0 || p == active ? 1 : 0;
    }

    /** vote.ballot: bit t set when active lane t's predicate is true (lanes 0..31). */
    public static int voteBallot(long active, long predicate) {
        return (int) (predicate & active);
    }

    public static int vote(Vote op, long active, long predicate) {
        return switch (op) {
            case ALL -> voteAll(active, predicate);
            case ANY -> voteAny(active, predicate);
            case UNI -> voteUni(active, predicate);
            case BALLOT -> voteBallot(active, predicate);
        };
    }

    /**
     * Source lane of a shuffle for lane {@code t}, or {@code t} itself when the source is invalid.
     * Control word: b = bits [5:0], c = bits [11:6], segment mask = bits [17:12].
     */
    public static int shuffleSource(Shuffle kind, int t, int control, int width) {
        int b = control & 0x3F;
        int c = (control >>> 6) & 0x3F;
        int segMask = (control >>> 12) & 0x3F;
        int minLane = t & segMask;
        int maxLane = (t & segMask) | (c & ~segMask);
        int src = switch (kind) {
            case UP -> t - b;
            case DOWN -> t + b;
            case BFLY -> t ^ b;
            case IDX -> minLane | (b & ~segMask);
        };
        boolean valid = kind == Shuffle.UP ? src >= minLane : src <= maxLane;
        return valid && src >= 0 && src < width ? src : t;
    }
}
