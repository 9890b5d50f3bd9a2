package org.rvsimt.observe.checks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Initcheck's shadow under the concurrency of a launch's host threads: atomics of two host threads
 * on one unwritten word must yield one finding, not two (ChecksCliTest's histogram counted 17 first
 * reads of 16 bins when two blocks' atomics met on one bin).
 */
class InitShadowTest {
    private static final int BINS = 64;

    @Test
    void ofTwoConcurrentAtomicsOnAnUnwrittenWordExactlyOneFindsItUnwritten() throws Exception {
        for (int round = 0; round < 200; round++) {
            InitShadow shadow = new InitShadow(new MemoryLayout(List.of(new Region("bins", 0x1000, 4 * BINS, false))));
            AtomicInteger firsts = new AtomicInteger();
            CyclicBarrier start = new CyclicBarrier(2);
            Runnable hostThread = () -> {
                try {
                    start.await();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                for (int b = 0; b < BINS; b++) {
                    if (shadow.firstWrite(0x1000 + 4L * b, 4) >= 0) {
                        firsts.incrementAndGet();
                    }
                }
            };
            Thread a = new Thread(hostThread);
            Thread b = new Thread(hostThread);
            a.start();
            b.start();
            a.join();
            b.join();
            assertThat(firsts.get()).as("round %d", round).isEqualTo(BINS);
            assertThat(shadow.unwritten(0x1000, 4 * BINS)).isEqualTo(-1);
        }
    }

    @Test
    void firstWriteNamesTheRegionOnlyWhileABytesIsUnwritten() {
        InitShadow shadow = new InitShadow(new MemoryLayout(List.of(
                new Region("host", 0x1000, 16, true), new Region("out", 0x2000, 16, false))));
        assertThat(shadow.firstWrite(0x1000, 4)).isEqualTo(-1);
        assertThat(shadow.firstWrite(0x2004, 4)).isEqualTo(1);
        assertThat(shadow.firstWrite(0x2004, 4)).isEqualTo(-1);
        assertThat(shadow.firstWrite(0x2006, 4)).as("two of its bytes were never written").isEqualTo(1);
    }
}
