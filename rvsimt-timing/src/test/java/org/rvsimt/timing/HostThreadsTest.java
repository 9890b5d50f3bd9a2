package org.rvsimt.timing;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.timing.config.GpuConfig;

import static org.assertj.core.api.Assertions.assertThat;
import static org.rvsimt.timing.TimingHarness.config;
import static org.rvsimt.timing.TimingHarness.kernel;

/**
 * The cycle model runs on per-warp streams, not on how the functional engine spread blocks over
 * host threads: for race-free kernels one and two host threads give the same report, every counter
 * and every per-instruction row included. Kernels with barriers, shared memory and several blocks
 * per compute unit, so blocks finish on the two host threads in a different order than they are
 * dispatched to the model.
 */
class HostThreadsTest {
    private static final GpuConfig GPU = config("compute_units: 2\n");

    @ParameterizedTest
    @ValueSource(strings = {"sgemm_tiled", "transpose_shared", "reduce_sequential"})
    void oneAndTwoHostThreadsGiveTheSameReport(String entry) {
        TimingHarness.Run one = launch(entry, 1);
        TimingHarness.Run two = launch(entry, 2);
        assertThat(two.report().cycles()).isEqualTo(one.report().cycles());
        assertThat(two.report()).isEqualTo(one.report());
        one.buffers().forEach((arg, contents) -> assertThat(two.buffer(arg)).containsExactly(contents));
    }

    private static TimingHarness.Run launch(String entry, int threads) {
        int n = 64;
        float[] m = new float[n * n];
        for (int i = 0; i < m.length; i++) {
            m[i] = i % 13 - 6;
        }
        var k = kernel("teaching.c", "sgemm_naive");
        return switch (entry) {
            case "sgemm_tiled" -> TimingHarness.runOnThreads(threads, GPU, k, entry, Dim3.of(n / 16, n / 16), Dim3.of(16, 16),
                    2 * 16 * 16 * 4, n, m, m, new float[n * n]);
            case "transpose_shared" -> TimingHarness.runOnThreads(threads, GPU, k, entry, Dim3.of(n / 32, n / 32), Dim3.of(32, 8),
                    32 * 32 * 4, n, m, new float[n * n]);
            default -> {
                int[] in = new int[8 * 256];
                for (int i = 0; i < in.length; i++) {
                    in[i] = i % 7 - 3;
                }
                yield TimingHarness.runOnThreads(threads, GPU, k, entry, Dim3.of(8), Dim3.of(256), 256 * 4, in, new int[8]);
            }
        };
    }
}
