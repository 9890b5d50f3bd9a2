package org.rvsimt.timing;

import org.junit.jupiter.api.Test;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.timing.config.GpuConfig;
import org.rvsimt.timing.report.TimingReport;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.rvsimt.timing.TimingHarness.config;
import static org.rvsimt.timing.TimingHarness.kernel;

/**
 * The performance guide's classic pairs: each pair computes the same result (checked against Java),
 * and the recommended version must be faster for the reason the guide gives, visible in the report.
 * The kernels are C (teaching.c), compiled by the C front end (clang-19).
 */
class TeachingPairsTest {
    /** A Volta with 4 compute units, so these small launches fill the GPU. */
    private static final GpuConfig GPU = config("compute_units: 4\n");

    private static TimingHarness.Run run(String entry, Dim3 grid, Dim3 block, int shared, Object... args) {
        // One compile of teaching.c; each launch starts at its kernel's symbol.
        return TimingHarness.run(GPU, kernel("teaching.c", "sgemm_naive"), entry, grid, block, shared, args);
    }

    @Test
    void tiledSgemmBeatsNaiveByCuttingGlobalTraffic() {
        int n = 64;
        Random rnd = new Random(14);
        float[] a = new float[n * n];
        float[] b = new float[n * n];
        for (int i = 0; i < n * n; i++) {
            a[i] = rnd.nextInt(5) - 2;
            b[i] = rnd.nextInt(5) - 2;
        }
        float[] want = new float[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                float acc = 0;
                for (int k = 0; k < n; k++) {
                    acc += a[i * n + k] * b[k * n + j];
                }
                want[i * n + j] = acc;
            }
        }
        Dim3 grid = Dim3.of(n / 16, n / 16);
        Dim3 block = Dim3.of(16, 16);
        TimingHarness.Run naive = run("sgemm_naive", grid, block, 0, n, a, b, new float[n * n]);
        TimingHarness.Run tiled = run("sgemm_tiled", grid, block, 2 * 16 * 16 * 4, n, a, b, new float[n * n]);
        assertThat(naive.floats(3)).containsExactly(want);
        assertThat(tiled.floats(3)).containsExactly(want);
        TimingReport rn = naive.report();
        TimingReport rt = tiled.report();
        // Tiled: two global loads per 16 k-steps instead of two per step (plus argument reloads).
        assertThat(rt.globalRequests()).isLessThan(rn.globalRequests() / 4);
        assertThat(rn.stalls().get(org.rvsimt.timing.model.StallReason.LONG_SCOREBOARD))
                .isGreaterThan(rt.stalls().get(org.rvsimt.timing.model.StallReason.LONG_SCOREBOARD));
        double speedup = (double) rn.cycles() / rt.cycles();
        // Small matrices mostly hit the naive kernel's L1, so the gain is modest (docs/timing.md).
        assertThat(speedup).as("naive/tiled cycles").isBetween(1.05, 20.0);
    }

    @Test
    void transposeThroughPaddedSharedMemoryBeatsNaiveAndConflictingShared() {
        int n = 128;
        float[] in = new float[n * n];
        for (int i = 0; i < n * n; i++) {
            in[i] = i;
        }
        float[] want = new float[n * n];
        for (int y = 0; y < n; y++) {
            for (int x = 0; x < n; x++) {
                want[x * n + y] = in[y * n + x];
            }
        }
        Dim3 grid = Dim3.of(n / 32, n / 32);
        Dim3 block = Dim3.of(32, 8);
        TimingHarness.Run naive = run("transpose_naive", grid, block, 0, n, in, new float[n * n]);
        TimingHarness.Run shared = run("transpose_shared", grid, block, 32 * 32 * 4, n, in, new float[n * n]);
        TimingHarness.Run padded = run("transpose_padded", grid, block, 32 * 33 * 4, n, in, new float[n * n]);
        for (TimingHarness.Run r : new TimingHarness.Run[] {naive, shared, padded}) {
            assertThat(r.floats(2)).containsExactly(want);
        }
        // Naive: the strided writes touch a sector per lane; shared: 32-way conflicts on the column reads.
        assertThat(naive.report().sectorsPerRequest()).isGreaterThan(shared.report().sectorsPerRequest() * 3);
        assertThat(shared.report().bankConflicts()).isEqualTo(31L * n * n / 32);
        assertThat(padded.report().bankConflicts()).isZero();
        // Both unpadded versions are throughput-bound at one pass per element: naive in the load/store
        // unit (a 128-byte line per lane of each store), shared in the shared-memory pipe (a pass per
        // conflicting lane): n * n / compute units cycles, plus the launch's latency tail.
        double bound = (double) n * n / GPU.computeUnits();
        for (TimingHarness.Run r : new TimingHarness.Run[] {naive, shared}) {
            assertThat((double) r.report().cycles()).isBetween(bound, 1.5 * bound);
        }
        assertThat(naive.report().stalls().get(org.rvsimt.timing.model.StallReason.LG_THROTTLE))
                .isGreaterThan(naive.report().warpCycles() / 2);
        assertThat(shared.report().stalls().get(org.rvsimt.timing.model.StallReason.MIO_THROTTLE))
                .isGreaterThan(shared.report().warpCycles() / 3);
        // Padding removes the conflicts: at least twice as fast as either.
        assertThat(padded.report().cycles() * 2).isLessThan(shared.report().cycles());
        assertThat(padded.report().cycles() * 2).isLessThan(naive.report().cycles());
    }

    @Test
    void sequentialAddressingReductionBeatsInterleaved() {
        int blocks = 16;
        int threads = 256;
        int[] in = new int[blocks * threads];
        int[] want = new int[blocks];
        for (int i = 0; i < in.length; i++) {
            in[i] = i % 7 - 3;
            want[i / threads] += in[i];
        }
        TimingHarness.Run inter = run("reduce_interleaved", Dim3.of(blocks), Dim3.of(threads), threads * 4, in,
                new int[blocks]);
        TimingHarness.Run seq = run("reduce_sequential", Dim3.of(blocks), Dim3.of(threads), threads * 4, in,
                new int[blocks]);
        assertThat(inter.buffer(1)).containsExactly(want);
        assertThat(seq.buffer(1)).containsExactly(want);
        assertThat(inter.report().bankConflicts()).isGreaterThan(0);
        assertThat(seq.report().bankConflicts()).isZero();
        double speedup = (double) inter.report().cycles() / seq.report().cycles();
        assertThat(speedup).as("interleaved/sequential cycles").isBetween(1.1, 10.0);
    }
}
