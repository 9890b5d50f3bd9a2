package org.rvsimt.kernels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.rvsimt.core.api.Buffer;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.DeviceConfig;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.core.api.LaunchOptions;
import org.rvsimt.core.api.LaunchResult;
import org.rvsimt.frontend.CKernelCompiler;
import org.rvsimt.frontend.FrontEndOptions;
import org.rvsimt.frontend.FrontEnds;
import org.rvsimt.frontend.KernelSource;

/**
 * Runs every kernels/NAME/launch.yaml through the Java host API ({@link Device#launch}) without the
 * command line, and checks the results against the committed expected files with the manifest's
 * tolerances (|got - want| <= tol + rtol |want|, as {@code rvsimt run}), on both engines (interp, jit).
 * Native kernels run with warp sizes 1, 8, 32 and 64 and with 1 and 2 host threads; seed-ABI kernels
 * with the seed's 32-lane warps. Also: rvsimt.h's console output and warp intrinsics.
 * C kernels need clang-19 (skipped without it).
 */
class KernelApiTest {
    static final int[] WARP_SIZES = {1, 8, 32, 64};
    static final int[] THREADS = {1, 2};
    static final String[] ENGINES = {"interp", "jit"};

    static Stream<Arguments> launches() {
        List<Arguments> out = new ArrayList<>();
        for (Path p : KernelManifest.all()) {
            KernelManifest m = KernelManifest.load(p);
            int[] warps = m.seedAbi ? new int[] {32} : WARP_SIZES;
            for (String e : ENGINES) {
                for (int w : warps) {
                    for (int t : THREADS) {
                        if (e.equals("interp") && t > 1) {
                            continue; // host threading is the launcher's, the same for both engines
                        }
                        out.add(Arguments.of(m.folder, e, w, t));
                    }
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} {1} warp {2} threads {3}")
    @MethodSource("launches")
    void kernelPasses(String folder, String engine, int warpSize, int threads) throws Exception {
        KernelManifest m = KernelManifest.load(KernelManifest.kernelsDir().resolve(folder).resolve("launch.yaml"));
        DeviceConfig config = DeviceConfig.defaults().withEngine(engine).withWarpSize(warpSize).withThreads(threads);
        if (m.isa != null) {
            config = config.withIsa(org.rvsimt.isa.DeviceIsa.parse(m.isa));
        }
        Run r = run(m, config);
        assertThat(r.result.fault()).as("%s: fault", folder).isNull();
        assertThat(r.result.exitCode()).as("%s: exit code", folder).isZero();
        for (KernelManifest.Expect e : m.expects) {
            check(m, e, r.outputs.get(e.arg()));
        }
    }

    /** rvsimt.h's printf from a C kernel reaches LaunchResult.console(), one line per thread. */
    @Test
    void consoleOutputFromC(@TempDir Path tmp) throws Exception {
        byte[] elf = compileWithHeader(tmp, "hello.c", """
                #include "rvsimt.h"
                struct args { int k; };
                __global__ void hello(const struct args *p) {
                    if (threadIdx.x < 2) printf("hi %d %u %x %s %.2f %f\\n", p->k + (int)threadIdx.x, blockIdx.x,
                                                255u, "ok", 3.14159f, -0.5f);
                }
                """, "hello");
        try (Device d = Device.open(DeviceConfig.defaults())) {
            Kernel k = Kernel.fromElf(elf, "hello.c", d.config().vramBytes());
            LaunchResult r = d.launch(k, Dim3.of(2), Dim3.of(32), 0, LaunchOptions.defaults()
                    .withEntry(k.symbol("hello").orElseThrow()), -7);
            assertThat(r.fault()).isNull();
            assertThat(r.console()).hasSize(4);
            String all = String.join("\n", r.console());
            // %x prints as C's printf does (ff); before the host formatted printf it printed 0x000000ff.
            assertThat(all).contains("hi -7 0 ff ok 3.14 -0.500000").contains("hi -6 1 ff ok 3.14 -0.500000");
        }
    }

    /**
     * rvsimt.h's warp intrinsics (vote and the four shuffles, with and without a width) on every warp
     * size, against CUDA semantics computed here: out[8 t + k] for thread t.
     */
    @ParameterizedTest(name = "warp {0}")
    @org.junit.jupiter.params.provider.ValueSource(ints = {1, 4, 8, 32, 64})
    void warpIntrinsics(int warpSize, @TempDir Path tmp) throws Exception {
        byte[] elf = compileWithHeader(tmp, "warp.c", """
                #include "rvsimt.h"
                struct args { int *out; };
                __global__ void warp_ops(const struct args *p) {
                    int t = (int)threadIdx.x;
                    int *o = p->out + 8 * t;
                    o[0] = (int)__ballot_sync(~0u, t & 1);
                    o[1] = __any_sync(~0u, t == 3) + 2 * __all_sync(~0u, t < 1000) + 4 * __all_sync(~0u, t != 5);
                    o[2] = __shfl_down_sync(~0u, t, 1);
                    o[3] = __shfl_up_sync(~0u, t, 2);
                    o[4] = __shfl_xor_sync(~0u, t, 1);
                    o[5] = __shfl_sync(~0u, t, 3);
                    o[6] = __shfl_down_sync(~0u, t, 1, 4);
                    o[7] = (int)__shfl_down_sync(~0u, (float)t * 0.5f, 2);
                }
                """, "warp_ops");
        int threads = 128;
        try (Device d = Device.open(DeviceConfig.defaults().withWarpSize(warpSize))) {
            Kernel k = Kernel.fromElf(elf, "warp.c", d.config().vramBytes());
            Buffer out = d.alloc(4 * 8 * threads);
            LaunchResult r = d.launch(k, Dim3.of(1), Dim3.of(threads), 0, LaunchOptions.defaults()
                    .withEntry(k.symbol("warp_ops").orElseThrow()), out);
            assertThat(r.fault()).isNull();
            int[] got = out.readInts();
            for (int t = 0; t < threads; t++) {
                int lane = t % warpSize;
                int base = t - lane;
                int ballot = 0;
                for (int l = 0; l < Math.min(warpSize, 32); l++) {
                    ballot |= ((base + l) & 1) << l;
                }
                boolean has3 = base <= 3 && 3 < base + warpSize;
                boolean has5 = base <= 5 && 5 < base + warpSize;
                int votes = (has3 ? 1 : 0) + 2 + (has5 ? 0 : 4);
                int down = lane + 1 < warpSize ? t + 1 : t;
                int up = lane >= 2 ? t - 2 : t;
                int xor = (lane ^ 1) < warpSize ? base + (lane ^ 1) : t;
                int idx = 3 < warpSize ? base + 3 : t;
                int seg = Math.min(4, warpSize);
                int down4 = warpSize >= 4 ? (lane % 4 + 1 < 4 ? t + 1 : t) : t;
                int downF = lane + 2 < warpSize ? (t + 2) / 2 : t / 2;
                int[] want = {ballot, votes, down, up, xor, idx, down4, downF};
                for (int j = 0; j < 8; j++) {
                    assertThat(got[8 * t + j]).as("warp %d thread %d op %d (segment %d)", warpSize, t, j, seg)
                            .isEqualTo(want[j]);
                }
            }
        }
    }

    /**
     * rvsimt.h's atomics on global memory from every lane of many warps: atomicMax, atomicOr,
     * atomicAdd (amo*.w) and atomicCAS (an lr.w/sc.w loop) used for a float add, CUDA's classic
     * pattern. Every update must land exactly once: lanes of one warp race for the same reservation.
     */
    @ParameterizedTest(name = "{0} warp {1} threads {2}")
    @org.junit.jupiter.params.provider.CsvSource({"interp, 32, 1", "jit, 1, 1", "jit, 8, 2", "jit, 32, 2", "jit, 64, 2"})
    void atomicsFromEveryLane(String engine, int warpSize, int threads, @TempDir Path tmp) throws Exception {
        byte[] elf = compileWithHeader(tmp, "atomics.c", """
                #include "rvsimt.h"
                struct args { int *imax; unsigned *ior; float *fsum; int *count; int *old; };
                __global__ void atomics(const struct args *p) {
                    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
                    atomicMax(p->imax, (int)((t * 37u) % 1001u));
                    atomicOr(p->ior, 1u << (t % 32u));
                    int *addr = (int *)p->fsum;
                    int old = *addr, assumed;
                    do {
                        assumed = old;
                        old = atomicCAS(addr, assumed, __float_as_int(__int_as_float(assumed) + 1.0f));
                    } while (assumed != old);
                    p->old[t] = atomicAdd(p->count, 1);
                }
                """, "atomics");
        int blocks = 6;
        int block = 96;
        int n = blocks * block;
        try (Device d = Device.open(DeviceConfig.defaults().withEngine(engine).withWarpSize(warpSize)
                .withThreads(threads))) {
            Kernel k = Kernel.fromElf(elf, "atomics.c", d.config().vramBytes());
            Buffer imax = d.alloc(4).write(new int[] {-5});
            Buffer ior = d.alloc(4).write(new int[] {0});
            Buffer fsum = d.alloc(4).write(new float[] {0.5f});
            Buffer count = d.alloc(4).write(new int[] {0});
            Buffer old = d.alloc(4L * n);
            LaunchResult r = d.launch(k, Dim3.of(blocks), Dim3.of(block), 0, LaunchOptions.defaults()
                    .withEntry(k.symbol("atomics").orElseThrow()), imax, ior, fsum, count, old);
            assertThat(r.fault()).isNull();
            int wantMax = 0;
            for (int t = 0; t < n; t++) {
                wantMax = Math.max(wantMax, (t * 37) % 1001);
            }
            assertThat(imax.readInts()[0]).isEqualTo(wantMax);
            assertThat(ior.readInts()[0]).isEqualTo(-1);
            assertThat(fsum.readFloats()[0]).isEqualTo(n + 0.5f);
            assertThat(count.readInts()[0]).isEqualTo(n);
            int[] olds = old.readInts();
            java.util.Arrays.sort(olds);
            for (int i = 0; i < n; i++) {
                assertThat(olds[i]).as("atomicAdd returned each old value once").isEqualTo(i);
            }
        }
    }

    /** Compiles a C source in a scratch folder that has a copy of kernels/include (as a kernels tree would). */
    static byte[] compileWithHeader(Path tmp, String name, String source, String entry) throws Exception {
        assumeClang();
        Path inc = Files.createDirectories(tmp.resolve("include"));
        Path real = KernelManifest.kernelsDir().resolve("include");
        Files.copy(real.resolve("rvsimt.h"), inc.resolve("rvsimt.h"));
        Files.copy(real.resolve("rvsimt.ld"), inc.resolve("rvsimt.ld"));
        Path dir = Files.createDirectories(tmp.resolve("k"));
        Path file = dir.resolve(name);
        Files.writeString(file, source);
        return CKernelCompiler.compile(file, entry, null);
    }

    // ------------------------------------------------------------------ a small launcher

    record Run(LaunchResult result, Map<String, Object> outputs) { }

    static void assumeClang() {
        Assumptions.assumeTrue(hasClang(), "clang-19 is not installed");
    }

    static boolean hasClang() {
        return CKernelCompiler.resolveExecutable(CKernelCompiler.DEFAULT_CC) != null;
    }

    static Kernel kernel(KernelManifest m, DeviceConfig config) throws Exception {
        Path k = m.kernelPath();
        if (k.getFileName().toString().endsWith(".c")) {
            assumeClang();
        }
        FrontEndOptions options = FrontEndOptions.defaults().withEntrySymbol(m.entry).withVramBytes(config.vramBytes());
        if (m.isa != null) {
            options = options.withMarch(config.isa().compilerArch()); // as rvsimt run compiles for device.isa
        }
        return FrontEnds.standard().load(KernelSource.ofFile(k), options).kernel();
    }

    static Run run(KernelManifest m, DeviceConfig config) throws Exception {
        try (Device d = Device.open(config)) {
            Kernel k = kernel(m, config);
            LaunchOptions opts = LaunchOptions.defaults().withSeedAbi(m.seedAbi);
            if (m.entry != null) {
                opts = opts.withEntry(k.symbol(m.entry).orElseThrow(() -> new AssertionError("no symbol " + m.entry)));
            }
            List<Object> words = new ArrayList<>();
            Map<String, Buffer> buffers = new LinkedHashMap<>();
            for (KernelManifest.Arg a : m.args.values()) {
                if (!a.buffer()) {
                    words.add(a.scalarBits());
                    continue;
                }
                byte[] data = KernelManifest.bytes(a.data());
                Buffer b = a.at() != null ? d.allocAt(a.at(), data.length) : d.alloc(data.length);
                b.write(data);
                buffers.put(a.name(), b);
                words.add(b);
            }
            LaunchResult r = d.launch(k, new Dim3(m.grid[0], m.grid[1], m.grid[2]),
                    new Dim3(m.block[0], m.block[1], m.block[2]), m.shared, opts, words.toArray());
            Map<String, Object> outputs = new LinkedHashMap<>();
            buffers.forEach((name, b) -> outputs.put(name, m.arg(name).data() instanceof float[]
                    ? KernelManifest.toFloats(b.readBytes()) : KernelManifest.toInts(b.readBytes())));
            return new Run(r, outputs);
        }
    }

    static void check(KernelManifest m, KernelManifest.Expect e, Object got) throws IOException {
        double[] want;
        if (e.file() != null) {
            byte[] bytes = Files.readAllBytes(m.dir.resolve(e.file()));
            want = toDoubles(got instanceof float[] ? KernelManifest.toFloats(bytes) : KernelManifest.toInts(bytes),
                    m.arg(e.arg()).type());
        } else {
            want = e.values();
        }
        double[] g = toDoubles(got, m.arg(e.arg()).type());
        assertThat(g.length).as("%s: length of %s", m.folder, e.arg()).isEqualTo(want.length);
        int bad = 0;
        int first = -1;
        double maxErr = 0;
        for (int i = 0; i < g.length; i++) {
            double err = Math.abs(g[i] - want[i]);
            boolean ok = Double.isNaN(want[i]) ? Double.isNaN(g[i]) : err <= e.tol() + e.rtol() * Math.abs(want[i]);
            if (!ok) {
                bad++;
                if (first < 0) {
                    first = i;
                }
            }
            if (!Double.isNaN(err)) {
                maxErr = Math.max(maxErr, err);
            }
        }
        if (bad > 0) {
            fail(String.format("%s: %s: %d of %d elements out of tolerance (tol %g, rtol %g); first [%d]: got %s, "
                    + "want %s; max abs err %g", m.folder, e.arg(), bad, g.length, e.tol(), e.rtol(), first,
                    g[first], want[first], maxErr));
        }
    }

    static double[] toDoubles(Object data, String type) {
        if (data instanceof float[] f) {
            double[] d = new double[f.length];
            for (int i = 0; i < f.length; i++) {
                d[i] = f[i];
            }
            return d;
        }
        int[] x = (int[]) data;
        double[] d = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            d[i] = type.equals("u32") ? Integer.toUnsignedLong(x[i]) : x[i];
        }
        return d;
    }
}
