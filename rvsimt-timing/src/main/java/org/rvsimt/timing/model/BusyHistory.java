package org.rvsimt.timing.model;

import java.util.Arrays;

/**
 * How many cycles a pipe was busy as one scheduler saw it, so a warp that waited for the pipe can
 * be charged at once when it finally issues: of the cycles it waited, those the pipe was busy are
 * throttle cycles and the rest not-selected cycles. A pipe is busy from an issue until it takes the
 * next instruction, and the next issue comes only once it is free, so the busy intervals follow one
 * another without overlapping. With a timeline attached it also keeps the intervals themselves, so
 * a wait can be drawn cycle-exactly ({@link #forEachRun}).
 */
final class BusyHistory {
    private long closed;
    private long start;
    private long end;
    /** Null unless the intervals are kept: start, end pairs in time order. */
    private long[] log;
    private int logged;

    /** Keeps every interval too (for the timeline). */
    void keepIntervals() {
        log = new long[32];
    }

    /** A busy interval {@code [from, until)} that starts no earlier than the last one ended. */
    void busy(long from, long until) {
        closed += end - start;
        start = from;
        end = Math.max(from, until);
        if (log != null && end > start) {
            if (logged + 2 > log.length) {
                log = Arrays.copyOf(log, log.length * 2);
            }
            log[logged++] = start;
            log[logged++] = end;
        }
    }

    /** Busy cycles before cycle {@code t} (t not before the start of the last interval's issue). */
    long before(long t) {
        return closed + Math.min(Math.max(t - start, 0), end - start);
    }

    /** What {@link #forEachRun} reports: a run of cycles {@code [from, to)}, busy or free. */
    interface RunSink {
        void run(boolean busy, long from, long to);
    }

    /** Splits {@code [from, to)} into maximal busy and free runs, in time order (needs {@link #keepIntervals}). */
    void forEachRun(long from, long to, RunSink sink) {
        // The first kept interval that ends after from (intervals are in time order).
        int lo = 0;
        int hi = logged / 2;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (log[2 * mid + 1] <= from) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        long t = from;
        for (int i = lo; i < logged / 2 && t < to; i++) {
            long s = Math.max(log[2 * i], t);
            long e = Math.min(log[2 * i + 1], to);
            if (s >= to) {
                break;
            }
            if (s > t) {
                sink.run(false, t, s);
            }
            if (e > s) {
                sink.run(true, s, e);
            }
            t = Math.max(t, e);
        }
        if (t < to) {
            sink.run(false, t, to);
        }
    }
}
