package org.rvsimt.core.exec.simt;

import org.rvsimt.core.exec.program.ControlFlow;

/**
 * Warp-level control flow shared by every engine: splitting a warp at a divergent branch or jump,
 * reconverging it, and removing lanes whose threads ended. Works on the warp's fields
 * ({@code pc}, {@code mask}, {@code callDepth}, stack); engines store their locals there first.
 */
public final class Divergence {
    private Divergence() { }

    /**
     * What {@link #topRpc} returns when no pc completes the top entry: odd, so it never equals a pc
     * (every pc is even: jalr clears bit 0). Integer.MIN_VALUE would be 0x8000_0000, a real address.
     */
    static final int NO_RPC = -1;

    /** Placeholder rpc of Vortex split entries until their join runs. */
    static final int EXPLICIT = -3;

    /**
     * A conditional branch at {@code pc} where {@code taken} is a proper subset of the active lanes.
     * Runs one side now and remembers the other.
     */
    public static void branch(ControlFlow flow, Warp w, int pc, long taken, int target) {
        long m = w.mask;
        long notTaken = m & ~taken;
        int rpc = flow.reconvergencePc(pc);
        int fallthrough = flow.program().next(pc);
        if (rpc == fallthrough) {              // if-without-else: the not-taken lanes already wait at rpc
            push(w, rpc, m, 0, 0);
            w.mask = taken;
            w.pc = target;
        } else if (rpc == target) {            // the taken lanes wait at rpc
            push(w, rpc, m, 0, 0);
            w.mask = notTaken;
            w.pc = fallthrough;
        } else {
            push(w, rpc, m, fallthrough, notTaken);
            w.mask = taken;
            w.pc = target;
        }
    }

    /**
     * A jump through registers with different targets: one group of lanes per target, run one
     * after another, meeting at the targets' common post-dominator (or after the call returns).
     */
    public static void indirect(ControlFlow flow, Warp w, int pc, int[] targets, long[] groups, int count, boolean isCall) {
        int rpc = isCall ? flow.program().next(pc) : flow.reconvergencePc(targets, count);
        long restore = 0;
        for (int k = 0; k < count; k++) {
            restore |= groups[k];
        }
        for (int k = count - 1; k >= 1; k--) {
            push(w, rpc, restore, targets[k], groups[k]);
            if (isCall) {
                w.stack.callDepth[w.stack.size - 1] = w.callDepth;     // groups run inside the callee
                w.stack.restoreDepth[w.stack.size - 1] = w.callDepth - 1;
            }
            restore &= ~groups[k];
        }
        w.mask = groups[0];
        w.pc = targets[0];
    }

    private static void push(Warp w, int rpc, long restore, int otherPc, long otherMask) {
        if (!w.stack.push(rpc, w.callDepth, restore, otherPc, otherMask, false)) {
            throw new StackOverflow();
        }
    }

    /** Thrown when the divergence stack is full (runaway divergence, e.g. a divergent recursion). */
    public static final class StackOverflow extends RuntimeException {
        StackOverflow() {
            super("divergence stack overflow (" + ReconvergenceStack.MAX_DEPTH + " nested divergences)", null, false,
                    false);
        }
    }

    /** Vortex split: diverge on the predicate; {@code then} lanes run first. */
    public static void split(Warp w, long thenLanes, int nextPc) {
        long m = w.mask;
        long elseLanes = m & ~thenLanes;
        if (thenLanes != 0 && elseLanes != 0) {
            if (!w.stack.push(EXPLICIT, w.callDepth, m, nextPc, elseLanes, true)) {
                throw new StackOverflow();
            }
            w.mask = thenLanes;
        }
        w.pc = nextPc;
    }

    /** Vortex join: switch to the else lanes, or restore the warp, if {@code sp} names a split still open. */
    public static void join(Warp w, int sp, int pc) {
        ReconvergenceStack s = w.stack;
        if (sp == s.size || s.size == 0 || !s.explicit[s.size - 1]) {
            w.pc = pc + 4;
            return;
        }
        int top = s.size - 1;
        s.rpc[top] = pc + 4; // where restored lanes resume
        if (s.otherPending[top]) {
            s.otherPending[top] = false;
            long other = s.otherMask[top] & ~w.exited;
            if (other != 0) {
                w.mask = other;
                w.pc = s.otherPc[top];
                w.callDepth = s.callDepth[top];
                return;
            }
        }
        w.mask = s.restoreMask[top] & ~w.exited;
        w.pc = pc + 4;
        s.size--;
        if (w.mask == 0) {
            pathDone(w);
        }
    }

    /**
     * The warp reached the top entry's reconvergence pc: run the pending path, or restore the
     * saved mask and pop. Returns false when the warp has no lanes left.
     */
    public static boolean reconverge(Warp w) {
        ReconvergenceStack s = w.stack;
        int top = s.size - 1;
        if (s.otherPending[top]) {
            s.otherPending[top] = false;
            long other = s.otherMask[top] & ~w.exited;
            if (other != 0) {
                w.mask = other;
                w.pc = s.otherPc[top];
                w.callDepth = s.callDepth[top];
                return true;
            }
        }
        w.mask = s.restoreMask[top] & ~w.exited;
        w.callDepth = s.restoreDepth[top];
        w.pc = s.rpc[top];
        s.size--;
        if (w.mask == 0) {
            return pathDone(w);
        }
        return true;
    }

    /** Ends the threads of {@code lanes}; if no active lane remains, continues with what the stack holds. */
    public static boolean exitLanes(Warp w, long lanes) {
        w.exited |= lanes;
        w.mask &= ~lanes;
        w.reserved &= ~lanes;
        w.stack.removeLanes(lanes);
        if (w.mask == 0) {
            return pathDone(w);
        }
        return true;
    }

    /**
     * The current path has no lanes left: run a pending path, or resume lanes waiting at a
     * reconvergence point, or end the warp. Returns false when the warp is done.
     */
    public static boolean pathDone(Warp w) {
        ReconvergenceStack s = w.stack;
        while (s.size > 0) {
            int top = s.size - 1;
            if (s.otherPending[top]) {
                s.otherPending[top] = false;
                long other = s.otherMask[top] & ~w.exited;
                if (other != 0) {
                    w.mask = other;
                    w.pc = s.otherPc[top];
                    w.callDepth = s.callDepth[top];
                    return true;
                }
            }
            long waiting = s.restoreMask[top] & ~w.exited;
            int rpc = s.rpc[top];
            s.size--;
            if (waiting != 0 && rpc >= 0) {
                w.mask = waiting;
                w.pc = rpc;
                w.callDepth = s.restoreDepth[top];
                return true;
            }
        }
        w.mask = 0;
        w.state = Warp.State.DONE;
        return false;
    }

    /**
     * The pc that completes the top entry, after turning "when the function returns" into the
     * return address once the warp has returned past the entry's call depth.
     */
    public static int topRpc(Warp w) {
        ReconvergenceStack s = w.stack;
        if (s.size == 0) {
            return NO_RPC;
        }
        int top = s.size - 1;
        if (s.explicit[top]) {
            return NO_RPC;
        }
        int r = s.rpc[top];
        if (r == ControlFlow.AT_RETURN && w.callDepth < s.callDepth[top]) {
            s.rpc[top] = w.pc;
            s.restoreDepth[top] = w.callDepth;
            return w.pc;
        }
        return r >= 0 ? r : NO_RPC;   // code lives in VRAM, so every real reconvergence pc is >= 0
    }
}
