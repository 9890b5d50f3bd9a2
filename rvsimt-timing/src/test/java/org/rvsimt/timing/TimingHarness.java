package org.rvsimt.timing;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.DeviceConfig;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.core.api.Launch;
import org.rvsimt.core.api.LaunchResult;
import org.rvsimt.frontend.FrontEndOptions;
import org.rvsimt.frontend.FrontEnds;
import org.rvsimt.frontend.KernelSource;
import org.rvsimt.timing.config.GpuConfig;
import org.rvsimt.timing.config.GpuConfigReader;
import org.rvsimt.timing.report.PcCounters;
import org.rvsimt.timing.report.TimingReport;
import org.rvsimt.timing.timeline.TimelineListener;

import java.io.InputStream;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static org.assertj.core.api.Assertions.assertThat;

/** Runs microbenchmark kernels from the test resources under the performance model. */
final class TimingHarness {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final Map<String, Kernel> KERNELS = new ConcurrentHashMap<>();

    private TimingHarness() { }

    /** A configuration: the volta preset with {@code yaml} (flow-style keys) overriding it. */
    static GpuConfig config(String yaml) {
        try {
            return GpuConfigReader.parse(YAML.readTree("base: volta\n" + yaml), "test.yaml");
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A kernel from the test resources ({@code timing/NAME}: .S or .c, C entry {@code entry}). */
    static Kernel kernel(String name, String entry) {
        return KERNELS.computeIfAbsent(name + ":" + entry, k -> {
            try (InputStream in = TimingHarness.class.getResourceAsStream("/timing/" + name)) {
                FrontEndOptions o = FrontEndOptions.defaults();
                if (entry != null) {
                    o = o.withEntrySymbol(entry);
                }
                return FrontEnds.standard().load(KernelSource.ofBytes(name, in.readAllBytes()), o).kernel();
            } catch (Exception e) {
                throw new IllegalStateException(name, e);
            }
        });
    }

    /** What one timed launch gives: the functional result, the report and the kernel (for symbols). */
    record Run(LaunchResult result, TimingReport report, Kernel kernel, Map<Integer, int[]> buffers) {
        /** The contents after the launch of the buffer passed as argument {@code arg}. */
        int[] buffer(int arg) {
            return buffers.get(arg);
        }

        float[] floats(int arg) {
            int[] w = buffer(arg);
            float[] f = new float[w.length];
            for (int i = 0; i < w.length; i++) {
                f[i] = Float.intBitsToFloat(w[i]);
            }
            return f;
        }

        PcCounters at(String symbol) {
            int pc = kernel.symbol(symbol).orElseThrow();
            return report.perPc().stream().filter(p -> p.pc() == pc).findFirst().orElseThrow();
        }

        double stall(org.rvsimt.timing.model.StallReason r) {
            return report.stalls().get(r);
        }
    }

    /** Device buffers are made from int arrays and sizes: an {@code int[]} becomes a buffer holding it. */
    static Run run(GpuConfig config, Kernel k, int grid, int block, int shared, Object... args) {
        return run(config, k, Dim3.of(grid), Dim3.of(block), shared, 1, args);
    }

    static Run run(GpuConfig config, Kernel k, Dim3 grid, Dim3 block, int shared, int threads, Object... args) {
        return run(config, k, null, grid, block, shared, threads, args);
    }

    /** A launch starting at symbol {@code entry} of {@code k}, on one host thread. */
    static Run run(GpuConfig config, Kernel k, String entry, Dim3 grid, Dim3 block, int shared, Object... args) {
        return run(config, k, entry, grid, block, shared, 1, args);
    }

    /** A launch starting at symbol {@code entry} of {@code k}, on {@code threads} host threads. */
    static Run runOnThreads(int threads, GpuConfig config, Kernel k, String entry, Dim3 grid, Dim3 block, int shared,
                            Object... args) {
        return run(config, k, entry, grid, block, shared, threads, args);
    }

    private static Run run(GpuConfig config, Kernel k, String entry, Dim3 grid, Dim3 block, int shared, int threads,
                           Object... args) {
        return run(config, k, entry, grid, block, shared, threads, null, false, args);
    }

    /**
     * A launch timed by a {@link TimingConsumer}, whose cycle model runs beside the launch on its own
     * thread, on {@code threads} host threads; that consumer does not know the shared-memory size, so
     * occupancy ignores it.
     */
    static Run runBeside(int threads, GpuConfig config, Kernel k, String entry, Dim3 grid, Dim3 block, int shared,
                         Object... args) {
        return run(config, k, entry, grid, block, shared, threads, null, true, args);
    }

    /** A launch of {@code k} on one host thread whose cycle model tells {@code timeline} what each warp did when. */
    static Run run(GpuConfig config, Kernel k, TimelineListener timeline, int grid, int block, Object... args) {
        return run(config, k, null, Dim3.of(grid), Dim3.of(block), 0, 1, timeline, false, args);
    }

    private static Run run(GpuConfig config, Kernel k, String entry, Dim3 grid, Dim3 block, int shared, int threads,
                           TimelineListener timeline, boolean beside, Object... args) {
        try (Device d = Device.open(DeviceConfig.defaults().withThreads(threads).withVram(16L << 20).withEngine("interp"))) {
            Object[] words = new Object[args.length];
            Map<Integer, org.rvsimt.core.api.Buffer> buffers = new java.util.TreeMap<>();
            for (int i = 0; i < args.length; i++) {
                if (args[i] instanceof int[] a) {
                    buffers.put(i, d.alloc(4L * a.length).write(a));
                    words[i] = buffers.get(i);
                } else if (args[i] instanceof float[] f) {
                    buffers.put(i, d.alloc(4L * f.length).write(f));
                    words[i] = buffers.get(i);
                } else {
                    words[i] = args[i];
                }
            }
            TimingSession t = new TimingSession(config);
            TimingConsumer besideModel = new TimingConsumer(config, 32);
            LaunchResult r = d.launch(Launch.builder(k, grid, block).shared(shared).args(words)
                    .events(beside ? besideModel : t.consumer())
                    .entry(entry == null ? null : k.symbol(entry).orElseThrow()).build());
            assertThat(r.ok()).as("launch of %s: %s", k.name(), r.fault()).isTrue();
            Map<Integer, int[]> contents = new java.util.TreeMap<>();
            buffers.forEach((i, b) -> {
                java.nio.IntBuffer ib = java.nio.ByteBuffer.wrap(b.readBytes()).order(java.nio.ByteOrder.LITTLE_ENDIAN)
                        .asIntBuffer();
                int[] w = new int[ib.remaining()];
                ib.get(w);
                contents.put(i, w);
            });
            TimingReport report = beside ? besideModel.reports().getFirst() : t.report(32, shared, timeline);
            return new Run(r, report, k, contents);
        }
    }
}
