package org.rvsimt.timing.model;

import java.util.Arrays;

/**
 * The warps of one scheduler that wait for a known cycle (a register, a fetch, a barrier's release
 * latency, a drain), by that cycle: the scheduler looks only at the warps whose wait ended instead
 * of scanning all of its warps every cycle. A warp is queued at most once ({@link WarpSlot#queuedAt});
 * queuing it for an earlier cycle leaves the later entry stale, and stale entries are dropped when
 * they come up. Entries for one cycle, the one most recently asked for (an issuing warp looks again
 * the next cycle), are kept in a plain list beside the heap: no sifting for the common case.
 */
final class WakeQueue {
    private long[] times = new long[32];
    private WarpSlot[] warps = new WarpSlot[32];
    private int size;
    /** Entries for cycle {@link #soonTime}, in no order. */
    private WarpSlot[] soon = new WarpSlot[16];
    private int soonSize;
    private long soonTime = -1;

    /** Queues {@code w} for cycle {@code t}, unless it is already queued for that cycle or an earlier one. */
    void add(WarpSlot w, long t) {
        if (w.queuedAt >= 0 && w.queuedAt <= t) {
            return;
        }
        w.queuedAt = t;
        if (soonSize == 0 || t == soonTime) {
            if (soonSize == soon.length) {
                soon = Arrays.copyOf(soon, soonSize * 2);
            }
            soonTime = t;
            soon[soonSize++] = w;
            return;
        }
        if (size == times.length) {
            times = Arrays.copyOf(times, size * 2);
            warps = Arrays.copyOf(warps, size * 2);
        }
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (times[parent] <= t) {
                break;
            }
            times[i] = times[parent];
            warps[i] = warps[parent];
            i = parent;
        }
        times[i] = t;
        warps[i] = w;
    }

    /** The earliest cycle a queued warp wakes (stale entries included: waking early is harmless). */
    long earliest() {
        long heap = size == 0 ? Long.MAX_VALUE : times[0];
        return soonSize == 0 ? heap : Math.min(heap, soonTime);
    }

    /** Removes and returns a warp due by cycle {@code now}, or null when none is; skips stale entries. */
    WarpSlot pollDue(long now) {
        while (soonSize > 0 && soonTime <= now) {
            WarpSlot w = soon[--soonSize];
            soon[soonSize] = null;
            if (w.queuedAt == soonTime) {
                w.queuedAt = -1;
                return w;
            }
        }
        while (size > 0 && times[0] <= now) {
            long t = times[0];
            WarpSlot w = warps[0];
            removeFirst();
            if (w.queuedAt == t) {
                w.queuedAt = -1;
                return w;
            }
        }
        return null;
    }

    private void removeFirst() {
        int n = --size;
        long lastTime = times[n];
        WarpSlot lastWarp = warps[n];
        warps[n] = null;
        int i = 0;
        int half = n >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            if (child + 1 < n && times[child + 1] < times[child]) {
                child++;
            }
            if (lastTime <= times[child]) {
                break;
            }
            times[i] = times[child];
            warps[i] = warps[child];
            i = child;
        }
        if (n > 0) {
            times[i] = lastTime;
            warps[i] = lastWarp;
        }
    }
}
