package org.rvsimt.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rvsimt.core.trace.BinaryTracer;
import org.rvsimt.core.trace.TraceChannel;
import org.rvsimt.core.trace.TraceFormat;
import org.rvsimt.core.trace.TraceFormatException;
import org.rvsimt.core.trace.TraceOptions;
import org.rvsimt.core.trace.TraceRecord;

class TraceRoundTripTest {

    @TempDir
    Path dir;

    private static List<TraceRecord> of(TraceCollector c, int source, boolean instructions) {
        return c.entries.stream().filter(e -> e.source() == source)
                .map(TraceCollector.Entry::record)
                .filter(r -> (r instanceof TraceRecord.Instruction) == instructions).toList();
    }

    @Test
    void everyRecordTypeComesBackAsWritten() throws Exception {
        Path f = dir.resolve("t.rvtrace");
        SampleTrace s = SampleTrace.write(f);
        TraceCollector c = new TraceCollector();
        TraceReader.read(f, c);
        assertThat(c.ended).isTrue();
        assertThat(c.schema.op(19).mnemonic()).isEqualTo("addi");
        assertThat(c.programs).hasSize(1);
        assertThat(c.programs.get(0).code()).containsExactly(SampleTrace.CODE);
        assertThat(c.programs.get(0).base()).isEqualTo(0x1000);
        assertThat(of(c, 0, true)).containsExactlyElementsOf(s.fast0);
        assertThat(of(c, 0, false)).containsExactlyElementsOf(s.slow0);
        assertThat(of(c, 1, true)).containsExactlyElementsOf(s.fast1);
        assertThat(of(c, 1, false)).containsExactlyElementsOf(s.slow1);
        assertThat(of(c, TraceFormat.SOURCE_TRACER, false)).containsExactlyElementsOf(s.tracer);
        // The launch's records lie between its begin and end.
        assertThat(c.records().get(0)).isInstanceOf(TraceRecord.LaunchBegin.class);
        assertThat(c.records().get(c.records().size() - 1)).isInstanceOf(TraceRecord.LaunchEnd.class);
        assertThat(c.drops).hasSize(1);
        assertThat(c.drops.get(0).fast()).containsExactly(0, 0);
        assertThat(c.fastDropped).isZero();
    }

    @Test
    void fullRingsDropAndTheCountsAddUp() throws Exception {
        Path f = dir.resolve("drops.rvtrace");
        long produced = 20_000;
        try (BinaryTracer t = BinaryTracer.toFile(f, TraceOptions.defaults().withRings(128, 128))) {
            t.launchBegin(1, "k", 0, new int[] {SampleTrace.ADDI}, 0, new int[] {1, 1, 1}, new int[] {32, 1, 1}, 32, 1);
            TraceChannel ch = t.channel(0);
            for (int i = 0; i < produced; i++) {
                ch.instruction(0, SampleTrace.ADDI, 0, 0, 1, null, 0);
                ch.advance(1);
            }
            t.launchEnd(1, "ok", produced, produced, 1);
        }
        TraceCollector c = new TraceCollector();
        TraceReader.read(f, c);
        long read = of(c, 0, true).size();
        assertThat(read + c.fastDropped).isEqualTo(produced);
        assertThat(c.drops.get(0).fast()[0]).isEqualTo(c.fastDropped);
        // Whatever survived is intact and in order.
        long last = -1;
        for (TraceRecord r : of(c, 0, true)) {
            assertThat(r.time()).isGreaterThan(last);
            last = r.time();
        }
    }

    @Test
    void truncationAtEveryOffsetIsAFormatErrorNamingAnOffset() throws Exception {
        Path f = dir.resolve("t.rvtrace");
        SampleTrace.write(f);
        byte[] bytes = Files.readAllBytes(f);
        for (int i = 0; i < bytes.length; i++) {
            int cut = i;
            byte[] part = java.util.Arrays.copyOf(bytes, cut);
            assertThatThrownBy(() -> TraceReader.read(new ByteArrayInputStream(part), new TraceCollector()))
                    .as("cut at %d of %d", cut, bytes.length)
                    .isInstanceOf(TraceFormatException.class)
                    .hasMessageStartingWith("offset ")
                    .satisfies(e -> assertThat(((TraceFormatException) e).offset()).isBetween(0L, (long) cut));
        }
    }

    @Test
    void randomByteFlipsGiveOnlyFormatErrors() throws Exception {
        Path f = dir.resolve("t.rvtrace");
        SampleTrace.write(f);
        byte[] bytes = Files.readAllBytes(f);
        Random rnd = new Random(5);
        int failures = 0;
        for (int trial = 0; trial < 3000; trial++) {
            byte[] b = bytes.clone();
            int flips = 1 + rnd.nextInt(4);
            for (int k = 0; k < flips; k++) {
                b[rnd.nextInt(b.length)] ^= (byte) (1 + rnd.nextInt(255));
            }
            try {
                TraceReader.read(new ByteArrayInputStream(b), new TraceCollector());
            } catch (TraceFormatException e) {
                failures++;
                assertThat(e.getMessage()).startsWith("offset ").doesNotContain("\n");
            } catch (IOException | RuntimeException e) {
                throw new AssertionError("trial " + trial + ": " + e, e);
            }
        }
        assertThat(failures).isPositive();
    }

    @Test
    void notATraceAndWrongVersionAreNamed() {
        assertThatThrownBy(() -> TraceReader.read(new ByteArrayInputStream("hello world, not a trace".getBytes()),
                new TraceCollector())).hasMessage("offset 0: not an rvsimt trace (no RVSTRACE magic)");
        byte[] v2 = {'R', 'V', 'S', 'T', 'R', 'A', 'C', 'E', 2, 0, 0, 0, 0, 0, 0, 0};
        assertThatThrownBy(() -> TraceReader.read(new ByteArrayInputStream(v2), new TraceCollector()))
                .hasMessageContaining("offset 8: trace format version 2");
    }

    @Test
    void liveListenerGetsTheSameRecordsAndASlowOneDropsWithoutBlocking() throws Exception {
        TraceCollector live = new TraceCollector();
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        TraceCollector slow = new TraceCollector() {
            @Override
            public void record(int source, TraceRecord r) {
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                super.record(source, r);
            }
        };
        SampleTrace s = new SampleTrace();
        BinaryTracer t = BinaryTracer.live(TraceOptions.defaults().withLaneValues(true).withRings(1024, 512));
        t.addListener(live, 10_000);
        t.addListener(slow, 2);
        long start = System.nanoTime();
        s.produce(t);
        long producing = System.nanoTime() - start;
        Thread.sleep(50);
        release.countDown();
        t.close();
        assertThat(producing).as("a blocked listener does not slow the producer").isLessThan(2_000_000_000L);
        assertThat(of(live, 0, true)).containsExactlyElementsOf(s.fast0);
        assertThat(of(live, 0, false)).containsExactlyElementsOf(s.slow0);
        assertThat(of(live, TraceFormat.SOURCE_TRACER, false)).containsExactlyElementsOf(s.tracer);
        assertThat(live.programs).hasSize(1);
        assertThat(live.ended).isTrue();
        assertThat(live.listenerDropped).isZero();
        assertThat(slow.listenerDropped).isPositive();
        assertThat(slow.entries.size() + slow.listenerDropped).isGreaterThanOrEqualTo(
                s.fast0.size() + s.slow0.size() + s.fast1.size() + s.slow1.size() + s.tracer.size());
    }
}
