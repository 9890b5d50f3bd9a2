package org.rvsimt.core.trace;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * A lock-free single-producer/single-consumer ring of 32-bit words holding whole records.
 *
 * <p>Unlike the seed's ring (docs/seed.md, "Trace records"), a full ring never overwrites. Under
 * {@link RingOverflow#DROP} the producer drops the record it could not fit and counts it, so the
 * consumer only ever sees complete records and {@code written + dropped} is exact; under
 * {@link RingOverflow#WAIT} it wakes the consumer and waits for room (until the consumer
 * {@linkplain #abandon() abandons} the ring). The producer publishes a record by a release store of the
 * write counter after its words are in place; the consumer frees space by a release store of the
 * read counter after copying. Counters run free (64-bit), the index is {@code counter & mask}.
 */
public final class RecordRing {
    private static final VarHandle WRITE;
    private static final VarHandle READ;
    private static final VarHandle DROPPED;
    private static final VarHandle RECORDS;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            WRITE = l.findVarHandle(RecordRing.class, "write", long.class);
            READ = l.findVarHandle(RecordRing.class, "read", long.class);
            DROPPED = l.findVarHandle(RecordRing.class, "dropped", long.class);
            RECORDS = l.findVarHandle(RecordRing.class, "records", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** How long a waiting producer sleeps between looks at the read counter. */
    private static final long WAIT_NANOS = 20_000;

    private final int[] words;
    private final int mask;
    private final RingOverflow overflow;
    /** Wakes the consumer when a waiting producer needs room. */
    private final Runnable wakeConsumer;
    /** Set when no consumer will read again: waiting producers drop instead. */
    private volatile boolean abandoned;

    // Written only by the producer.
    private long write;
    private long dropped;
    private long records;
    /** The producer's last view of {@link #read}; refreshed only when the ring looks full. */
    private long readSeen;

    // Written only by the consumer.
    private long read;

    /** @param capacityWords a power of two, at least 128 */
    public RecordRing(int capacityWords) {
        this(capacityWords, RingOverflow.DROP, () -> { });
    }

    /**
     * @param capacityWords a power of two, at least 128
     * @param overflow      what {@link #offer} does when the ring is full
     * @param wakeConsumer  called (from the producer) when it waits for room
     */
    public RecordRing(int capacityWords, RingOverflow overflow, Runnable wakeConsumer) {
        this.overflow = overflow;
        this.wakeConsumer = wakeConsumer;
        if (capacityWords < 128 || Integer.bitCount(capacityWords) != 1) {
            throw new IllegalArgumentException("ring capacity must be a power of two >= 128 words: " + capacityWords);
        }
        this.words = new int[capacityWords];
        this.mask = capacityWords - 1;
    }

    public int capacity() {
        return words.length;
    }

    // ------------------------------------------------------------------ producer

    /** Appends {@code src[from .. from+length)} as one record, or drops it if it does not fit. */
    public boolean offer(int[] src, int from, int length) {
        long w = write;
        if (w + length - readSeen > words.length) {
            readSeen = (long) READ.getAcquire(this);
            if (w + length - readSeen > words.length && !waitForRoom(w + length, length)) {
                DROPPED.setOpaque(this, dropped + 1);
                return false;
            }
        }
        int at = (int) w & mask;
        int first = Math.min(length, words.length - at);
        System.arraycopy(src, from, words, at, first);
        System.arraycopy(src, from + first, words, 0, length - first);
        RECORDS.setOpaque(this, records + 1);
        WRITE.setRelease(this, w + length);
        return true;
    }

    /** Under WAIT, waits until the words up to {@code end} fit; false when they never can. */
    private boolean waitForRoom(long end, int length) {
        if (overflow != RingOverflow.WAIT || length > words.length) {
            return false;
        }
        while (end - readSeen > words.length) {
            if (abandoned) {
                return false;
            }
            wakeConsumer.run();
            LockSupport.parkNanos(WAIT_NANOS);
            readSeen = (long) READ.getAcquire(this);
        }
        return true;
    }

    /** Records dropped because the ring was full (readable from any thread). */
    public long dropped() {
        return (long) DROPPED.getOpaque(this);
    }

    /** Records accepted so far (readable from any thread). */
    public long accepted() {
        return (long) RECORDS.getOpaque(this);
    }

    // ------------------------------------------------------------------ consumer

    /** The consumer stops reading: producers waiting for room, now or later, drop instead. */
    public void abandon() {
        abandoned = true;
    }

    /** Words waiting to be read. */
    public int available() {
        return (int) ((long) WRITE.getAcquire(this) - read);
    }

    /**
     * Moves every complete record into {@code dst} (which must hold {@link #capacity()} words) and
     * frees their space; returns the number of words copied.
     */
    public int drainTo(int[] dst) {
        long w = (long) WRITE.getAcquire(this);
        long r = read;
        int n = (int) (w - r);
        if (n == 0) {
            return 0;
        }
        int at = (int) r & mask;
        int first = Math.min(n, words.length - at);
        System.arraycopy(words, at, dst, 0, first);
        System.arraycopy(words, 0, dst, first, n - first);
        READ.setRelease(this, w);
        return n;
    }
}
