package org.rvsimt.core.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class RecordRingTest {

    @Test
    void fullRingDropsTheNewRecordAndKeepsTheOld() {
        RecordRing ring = new RecordRing(128);
        int[] rec = new int[50];
        assertThat(ring.offer(rec, 0, 50)).isTrue();
        assertThat(ring.offer(rec, 0, 50)).isTrue();
        assertThat(ring.offer(rec, 0, 50)).isFalse();
        assertThat(ring.dropped()).isEqualTo(1);
        assertThat(ring.available()).isEqualTo(100);
        int[] out = new int[128];
        assertThat(ring.drainTo(out)).isEqualTo(100);
        assertThat(ring.offer(rec, 0, 50)).isTrue();
    }

    @Test
    void recordLargerThanTheRingIsDropped() {
        RecordRing ring = new RecordRing(128);
        assertThat(ring.offer(new int[200], 0, 200)).isFalse();
        assertThat(ring.dropped()).isEqualTo(1);
        assertThat(ring.available()).isZero();
    }

    /**
     * One producer writes self-describing records (length, sequence, then words derived from both)
     * as fast as it can into a small ring; the consumer checks every record it gets. No record may be
     * torn, sequences only grow, and produced = read + dropped exactly.
     */
    @Test
    void concurrentProducerAndConsumerSeeWholeRecordsAndExactCounts() throws Exception {
        RecordRing ring = new RecordRing(256);
        final long produced = 300_000;
        AtomicBoolean done = new AtomicBoolean();
        Thread producer = new Thread(() -> {
            int[] rec = new int[20];
            for (long seq = 0; seq < produced; seq++) {
                int len = 3 + (int) (seq % 17);
                rec[0] = len;
                rec[1] = (int) seq;
                for (int k = 2; k < len; k++) {
                    rec[k] = (int) seq * 31 + k;
                }
                ring.offer(rec, 0, len);
            }
            done.set(true);
        });
        producer.start();
        int[] buf = new int[256];
        long read = 0;
        long lastSeq = -1;
        while (true) {
            boolean finished = done.get();
            int n = ring.drainTo(buf);
            int p = 0;
            while (p < n) {
                int len = buf[p];
                assertThat(len).isBetween(3, 19);
                assertThat(p + len).isLessThanOrEqualTo(n);
                int seq = buf[p + 1];
                assertThat((long) seq).isGreaterThan(lastSeq);
                for (int k = 2; k < len; k++) {
                    assertThat(buf[p + k]).isEqualTo(seq * 31 + k);
                }
                lastSeq = seq;
                read++;
                p += len;
            }
            if (finished && n == 0) {
                break;
            }
        }
        producer.join();
        assertThat(read + ring.dropped()).isEqualTo(produced);
        assertThat(ring.accepted()).isEqualTo(read);
        assertThat(read).isPositive();
    }

    /** Under WAIT a producer much faster than its consumer loses nothing: every record arrives, in order. */
    @Test
    void waitingProducerLosesNothing() throws Exception {
        AtomicBoolean done = new AtomicBoolean();
        Thread[] consumer = new Thread[1];
        RecordRing ring = new RecordRing(128, RingOverflow.WAIT, () -> java.util.concurrent.locks.LockSupport.unpark(consumer[0]));
        final int produced = 50_000;
        long[] read = new long[1];
        consumer[0] = new Thread(() -> {
            int[] out = new int[128];
            long expect = 0;
            while (!done.get() || ring.available() > 0) {
                int n = ring.drainTo(out);
                for (int k = 0; k < n; k += 10) {
                    assertThat(out[k]).isEqualTo((int) expect++);
                }
                read[0] = expect;
                java.util.concurrent.locks.LockSupport.parkNanos(200_000);   // a slow writer
            }
        });
        consumer[0].start();
        int[] rec = new int[10];
        for (int seq = 0; seq < produced; seq++) {
            rec[0] = seq;
            assertThat(ring.offer(rec, 0, 10)).isTrue();
        }
        done.set(true);
        consumer[0].join();
        assertThat(ring.dropped()).isZero();
        assertThat(read[0]).isEqualTo(produced);
    }

    /** A ring its consumer abandoned drops instead of waiting forever. */
    @Test
    void abandonedRingDropsInsteadOfWaiting() {
        RecordRing ring = new RecordRing(128, RingOverflow.WAIT, () -> { });
        int[] rec = new int[50];
        assertThat(ring.offer(rec, 0, 50)).isTrue();
        assertThat(ring.offer(rec, 0, 50)).isTrue();
        ring.abandon();
        assertThat(ring.offer(rec, 0, 50)).isFalse();
        assertThat(ring.dropped()).isEqualTo(1);
    }
}
