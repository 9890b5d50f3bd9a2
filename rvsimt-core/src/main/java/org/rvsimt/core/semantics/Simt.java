package org.rvsimt.core.semantics;

/**
 * The pure parts of the Vortex SIMT instructions (docs/kernel-abi.md, "Vortex SIMT instructions"): votes over a warp's
 * predicate bits and the source lane of a shuffle. The engine applies them to the active lanes;
 * mask and stack effects of tmc/split/join/pred/wspawn/bar are the engine's ({@code exec.Divergence}).
 */
public final class Simt {
    public static final int UP = 0;
    public static final int DOWN = 1;
    public static final int BFLY = 2;
    public static final int IDX = 3;

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

    public static int vote(int fn, long active, long predicate) {
        return switch (fn) {
            case 0 -> voteAll(active, predicate);
            case 1 -> voteAny(active, predicate);
            case 2 -> voteUni(active, predicate);
            default -> voteBallot(active, predicate);
        };
    }

    /**
     * Source lane of a shuffle for lane {@code t}, or {@code t} itself when the source is invalid.
     * Control word: b = bits [5:0], c = bits [11:6], segment mask = bits [17:12].
     */
    public static int shuffleSource(int kind, int t, int control, int width) {
        int b = control & 0x3F;
        int c = (control >>> 6) & 0x3F;
        int segMask = (control >>> 12) & 0x3F;
        int minLane = t & segMask;
        int maxLane = (t & segMask) | (c & ~segMask);
        int src;
        boolean valid;
        switch (kind) {
            case UP -> {
                src = t - b;
                valid = src >= minLane;
            }
            case DOWN -> {
                src = t + b;
                valid = src <= maxLane;
            }
            case BFLY -> {
                src = t ^ b;
                valid = src <= maxLane;
            }
            default -> {
                src = minLane | (b & ~segMask);
                valid = src <= maxLane;
            }
        }
        return valid && src >= 0 && src < width ? src : t;
    }

    // Names the declaration table refers to; the engine implements their warp-level effects.
    public static void tmc() { }

    public static void wspawn() { }

    public static void split() { }

    public static void splitN() { }

    public static void join() { }

    public static void bar() { }

    public static void pred() { }

    public static void predN() { }

    public static int shflUp(int t, int control, int width) {
        return shuffleSource(UP, t, control, width);
    }

    public static int shflDown(int t, int control, int width) {
        return shuffleSource(DOWN, t, control, width);
    }

    public static int shflBfly(int t, int control, int width) {
        return shuffleSource(BFLY, t, control, width);
    }

    public static int shflIdx(int t, int control, int width) {
        return shuffleSource(IDX, t, control, width);
    }
}
