package org.rvsimt.core.exec.simt;

import org.rvsimt.core.exec.program.ControlFlow;

/**
 * A warp's divergence stack. Each entry remembers, for one divergence, the point where its paths
 * meet ({@code rpc}), the mask to restore there, and the path still to run. The warp runs one
 * path; when it reaches {@code rpc} (or all its lanes have exited) the other path runs; when that
 * one reaches {@code rpc} too, the saved mask is restored and the entry popped. Vortex
 * {@code split}/{@code join} push the same kind of entry, completed by {@code join} instead of by
 * reaching a pc; {@link ControlFlow#AT_RETURN} entries complete when the function they were pushed
 * in returns (tracked by call depth).
 */
public final class ReconvergenceStack {
    static final int MAX_DEPTH = 4096;

    public int size;
    int[] rpc = new int[16];
    int[] callDepth = new int[16];
    int[] restoreDepth = new int[16];
    long[] restoreMask = new long[16];
    int[] otherPc = new int[16];
    long[] otherMask = new long[16];
    boolean[] otherPending = new boolean[16];
    boolean[] explicit = new boolean[16];

    void clear() {
        size = 0;
    }

    /** Pushes a divergence; returns false when the stack is full. */
    boolean push(int reconvergePc, int depth, long restore, int pendingPc, long pendingMask, boolean isExplicit) {
        if (size == MAX_DEPTH) {
            return false;
        }
        if (size == rpc.length) {
            grow();
        }
        rpc[size] = reconvergePc;
        callDepth[size] = depth;
        restoreDepth[size] = depth;
        restoreMask[size] = restore;
        otherPc[size] = pendingPc;
        otherMask[size] = pendingMask;
        otherPending[size] = pendingMask != 0;
        explicit[size] = isExplicit;
        size++;
        return true;
    }

    /** Removes exited lanes from every entry. */
    void removeLanes(long lanes) {
        for (int i = 0; i < size; i++) {
            restoreMask[i] &= ~lanes;
            otherMask[i] &= ~lanes;
        }
    }

    private void grow() {
        int n = rpc.length * 2;
        rpc = java.util.Arrays.copyOf(rpc, n);
        callDepth = java.util.Arrays.copyOf(callDepth, n);
        restoreDepth = java.util.Arrays.copyOf(restoreDepth, n);
        restoreMask = java.util.Arrays.copyOf(restoreMask, n);
        otherPc = java.util.Arrays.copyOf(otherPc, n);
        otherMask = java.util.Arrays.copyOf(otherMask, n);
        otherPending = java.util.Arrays.copyOf(otherPending, n);
        explicit = java.util.Arrays.copyOf(explicit, n);
    }
}
