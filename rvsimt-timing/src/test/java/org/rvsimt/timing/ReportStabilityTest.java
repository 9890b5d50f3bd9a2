package org.rvsimt.timing;

import org.junit.jupiter.api.Test;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.timing.config.GpuConfig;
import org.rvsimt.timing.report.TimingReport;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.rvsimt.timing.TimingHarness.config;
import static org.rvsimt.timing.TimingHarness.kernel;

/**
 * The model's speed work must not change what it reports. Every report here, every counter and
 * per-instruction row, is compared with the one the model gave before that work
 * ({@code timing/reports-before.txt}, written by the model of the commit before it), through
 * {@link TimingSession} and through a {@link TimingConsumer} whose model runs beside the launch on
 * one and two host threads; beside the launch, the analytic microbenchmark answers still hold.
 * When the model changes on purpose, regenerate the file from {@link #sessionReports()} and say
 * why in the commit.
 */
class ReportStabilityTest {
    private static final GpuConfig TWO_UNITS = config("compute_units: 2\n");
    private static final GpuConfig GTO = config("compute_units: 2\nscheduler: gto\n");
    private static final GpuConfig SMALL = config("""
            compute_units: 1
            l1: {bytes: 4096, ways: 4}
            l2: {bytes: 65536, ways: 8, slices: 4}
            """);

    /** A launch to time: on which path the model runs (session, or beside the launch on N host threads). */
    private record Case(GpuConfig gpu, String file, String entry, Dim3 grid, Dim3 block, int shared,
                        Object[] args) {
        TimingReport session() {
            return TimingHarness.run(gpu, kernel(file, firstEntry()), entry, grid, block, shared, args).report();
        }

        TimingReport beside(int threads) {
            return TimingHarness.runBeside(threads, gpu, kernel(file, firstEntry()), entry, grid, block, shared, args)
                    .report();
        }

        private String firstEntry() {
            return file.endsWith(".c") ? "sgemm_naive" : null;
        }
    }

    /** Kernels with barriers, shared memory, L1 misses, DRAM traffic, stores, atomics, both scheduler policies. */
    private static Map<String, Case> cases() {
        int n = 64;
        float[] m = new float[n * n];
        for (int i = 0; i < m.length; i++) {
            m[i] = i % 13 - 6;
        }
        int[] in = new int[8 * 256];
        for (int i = 0; i < in.length; i++) {
            in[i] = i % 7 - 3;
        }
        Map<String, Case> c = new LinkedHashMap<>();
        for (GpuConfig g : new GpuConfig[] {TWO_UNITS, GTO}) {
            String p = g == GTO ? "gto " : "lrr ";
            c.put(p + "sgemm_naive", new Case(g, "teaching.c", "sgemm_naive", Dim3.of(n / 16, n / 16), Dim3.of(16, 16),
                    0, new Object[] {n, m, m, new float[n * n]}));
            c.put(p + "sgemm_tiled", new Case(g, "teaching.c", "sgemm_tiled", Dim3.of(n / 16, n / 16), Dim3.of(16, 16),
                    2 * 16 * 16 * 4, new Object[] {n, m, m, new float[n * n]}));
            c.put(p + "transpose_shared", new Case(g, "teaching.c", "transpose_shared", Dim3.of(n / 32, n / 32),
                    Dim3.of(32, 8), 32 * 32 * 4, new Object[] {n, m, new float[n * n]}));
            c.put(p + "reduce_interleaved", new Case(g, "teaching.c", "reduce_interleaved", Dim3.of(8), Dim3.of(256),
                    256 * 4, new Object[] {in, new int[8]}));
        }
        c.put("chase", new Case(SMALL, "chase.S", null, Dim3.of(1), Dim3.of(1), 0,
                new Object[] {512, 1024, new int[512 * 32]}));
        c.put("stream", new Case(TWO_UNITS, "stream.S", null, Dim3.of(8), Dim3.of(256), 0,
                new Object[] {16, new int[8 * 32 * 16 * 8]}));
        c.put("atomic", new Case(config("compute_units: 1\ninitiation: {atomic: 4}\n"), "atomic.S", null, Dim3.of(1),
                Dim3.of(32), 0, new Object[] {0, new int[32]}));
        return c;
    }

    /** Each case's report through {@link TimingSession}, as one line of text per case. */
    static Map<String, String> sessionReports() {
        Map<String, String> out = new LinkedHashMap<>();
        cases().forEach((name, c) -> out.put(name, c.session().toString()));
        return out;
    }

    private static Map<String, String> before() throws IOException {
        Map<String, String> out = new LinkedHashMap<>();
        try (InputStream in = ReportStabilityTest.class.getResourceAsStream("/timing/reports-before.txt")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                int tab = line.indexOf('\t');
                if (tab > 0) {
                    out.put(line.substring(0, tab), line.substring(tab + 1));
                }
            }
        }
        return out;
    }

    @Test
    void everyReportIsTheOneFromBeforeTheSpeedWorkOnEveryPath() throws IOException {
        Map<String, String> before = before();
        Map<String, Case> cases = cases();
        assertThat(before.keySet()).containsExactlyElementsOf(cases.keySet());
        cases.forEach((name, c) -> {
            assertThat(c.session().toString()).as("%s through a session", name).isEqualTo(before.get(name));
            // Beside the launch the model ignores shared memory (the consumer is not told it); none of these
            // launches is limited by it, so the reports are the same.
            for (int threads : new int[] {1, 2}) {
                assertThat(c.beside(threads).toString()).as("%s beside the launch on %d host threads", name, threads)
                        .isEqualTo(before.get(name));
            }
        });
    }

    @Test
    void besideTheLaunchThePointerChaseStepsAtTheCacheLatencies() {
        Kernel k = kernel("chase.S", null);
        Function<Integer, Double> perStep = elements -> {
            int buf = elements * 32;
            long a = TimingHarness.runBeside(1, SMALL, k, null, Dim3.of(1), Dim3.of(1), 0, elements, 2 * elements,
                    new int[buf]).report().cycles();
            long b = TimingHarness.runBeside(1, SMALL, k, null, Dim3.of(1), Dim3.of(1), 0, elements, 4 * elements,
                    new int[buf]).report().cycles();
            return (double) (b - a) / (2 * elements);
        };
        assertThat(perStep.apply(2048 / 128)).isCloseTo(SMALL.l1().latency(), within(0.01));
        assertThat(perStep.apply(32768 / 128)).isCloseTo(SMALL.l1().latency() + SMALL.l2().latency(), within(0.01));
    }

    @Test
    void aLaunchWhoseLaterBlocksUseMoreRegistersIsModelledWithAllOfThem() {
        Kernel k = kernel("uneven.c", "uneven");
        int threads = 64;
        TimingReport firstOnly = TimingHarness.run(TWO_UNITS, k, null, Dim3.of(1), Dim3.of(threads), 0, 4,
                new float[threads]).report();
        for (int hostThreads : new int[] {1, 2}) {
            TimingHarness.Run beside = TimingHarness.runBeside(hostThreads, TWO_UNITS, k, null, Dim3.of(6),
                    Dim3.of(threads), 0, 4, new float[6 * threads]);
            TimingReport session = TimingHarness.run(TWO_UNITS, k, null, Dim3.of(6), Dim3.of(threads), 0, 4,
                    new float[6 * threads]).report();
            assertThat(session.registersPerThread()).isGreaterThan(firstOnly.registersPerThread());
            assertThat(beside.report()).isEqualTo(session);
            // The loop's answer, from Java: every thread of blocks 1.. computes the same sums.
            float a = 1f;
            float b = 0.5f;
            float c = 0.25f;
            float d = 0.125f;
            for (int i = 0; i < 4; i++) {
                a = a * b + c;
                b = b * c + d;
                c = c * d + a;
                d = d * a + b;
            }
            // (clang may fuse the multiply-adds: a rounding apart)
            assertThat(beside.floats(1)[threads]).isCloseTo(a + b + c + d, within(1e-5f));
            assertThat(beside.floats(1)[0]).isEqualTo(0f);
        }
    }
}
