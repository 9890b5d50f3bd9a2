package org.rvsimt.observe;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceStatisticsTest {

    @TempDir
    Path dir;

    /** Expected values worked out by hand from SampleTrace's calls. */
    @Test
    void statisticsOfTheSampleTrace() throws Exception {
        Path f = dir.resolve("t.rvtrace");
        SampleTrace.write(f);
        TraceStatistics s = new TraceStatistics();
        TraceReader.read(f, s);
        assertThat(s.instructions()).isEqualTo(5);
        assertThat(s.mix()).containsExactlyInAnyOrderEntriesOf(Map.of("alu", 2L, "branch", 1L, "load", 1L, "store", 1L));
        // Lanes 32 + 32 + 16 + 32 + 32 of 5 * 32.
        assertThat(s.simtEfficiency()).isEqualTo(144.0 / 160);
        assertThat(s.divergences()).containsExactly(Map.entry(0x1004, 1L));
        // Warp 0 waits from 3, warp 1 from 5, released at 8.
        assertThat(s.barrierWaitTotal()).isEqualTo(8);
        assertThat(s.hottest().get(0)).containsExactly(0x1000, 2, SampleTrace.ADDI);
        Map<String, Object> m = s.toMap();
        StatisticsSummary summary = s.summary();
        assertThat(summary.bytesRead()).isEqualTo(64);
        assertThat(summary.bytesWritten()).isEqualTo(128);
        assertThat(summary.spaces()).as("a trace records no addresses").isNull();
        assertThat(summary.barrierWaitSlots()).isEqualTo(8);
        assertThat(summary.hottest().get(0).instruction()).isEqualTo("addi a0, a0, 1");
        assertThat(m.get("stats")).isEqualTo(summary.toMap());
        assertThat(m.get("faults")).isEqualTo(Map.of("out_of_bounds", 1L));
        assertThat(m.get("barrier_wait")).isEqualTo(Map.of("waits", 2L, "total", 8L, "max", 5L));
    }
}
