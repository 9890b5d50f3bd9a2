package org.rvsimt.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rvsimt.core.api.Buffer;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.DeviceConfig;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.core.api.LaunchOptions;
import org.rvsimt.core.api.LaunchResult;
import org.rvsimt.frontend.CKernelCompiler;

/**
 * printf from a C kernel with run-time values (a float from a buffer failed to link: undefined
 * __extendsfdf2), against the same printf calls compiled for the host with gcc (glibc's printf is
 * the reference), on both engines; and CUDA's bit casts (__float_as_uint, __uint_as_float,
 * __float_as_int, __int_as_float) against Java's Float.floatToRawIntBits.
 */
class DevicePrintfTest {
    private static final int THREADS = 40;
    /** The printf calls, over x (float) and k (int) of the thread; the same text compiles for host and device. */
    private static final String CALLS = """
                printf("%f|%e|%g|%.3f|%10.2e|%-8.1g|%+G|%a|%F\\n", x, x, x, x, x, x, x, x, x * 1e10f);
                printf("%d|%u|%x|%#X|%5d|%-6d|%05d|%.4d|%c|%s|%hhd|%lld|%o\\n", k, (unsigned)k, k, k, k, k, k, k,
                       'a' + (int)(t % 26u), "dev", k, (long long)k * 3000000019LL, k);
                printf("%*.*f|%-*d|%%|%p\\n", 9, 2, x, 5, k, (void *)0x1234);
            """;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"interp", "jit"})
    void printfOfRunTimeValuesMatchesGlibc(String engine, @TempDir Path tmp) throws Exception {
        byte[] elf = KernelApiTest.compileWithHeader(tmp, "pf.c", """
                #include "rvsimt.h"
                struct args { const float *x; const int *k; unsigned *bits; };
                __global__ void pf(const struct args *p) {
                    unsigned t = threadIdx.x;
                    float x = p->x[t];
                    int k = p->k[t];
                """ + CALLS + """
                    p->bits[4 * t + 0] = __float_as_uint(x);
                    p->bits[4 * t + 1] = (unsigned)__float_as_int(-x);
                    p->bits[4 * t + 2] = __float_as_uint(__uint_as_float(0x3FC00000u + t));
                    p->bits[4 * t + 3] = __float_as_uint(__int_as_float((int)(0xBF800000u - t)));
                }
                """, "pf");
        SplittableRandom rnd = new SplittableRandom(1202);
        float[] xs = new float[THREADS];
        int[] ks = new int[THREADS];
        float[] specials = {0f, -0f, 0.5f, 2.5f, 1e-3f, 123456.789f, Float.MIN_VALUE, Float.MAX_VALUE,
            Float.POSITIVE_INFINITY, Float.NaN, -1e-40f, 3.14159f};
        for (int t = 0; t < THREADS; t++) {
            xs[t] = t < specials.length ? specials[t]
                    : (float) ((rnd.nextDouble() - 0.5) * Math.pow(10, rnd.nextInt(-8, 9)));
            ks[t] = t < 4 ? new int[] {0, -1, Integer.MIN_VALUE, Integer.MAX_VALUE}[t] : rnd.nextInt();
        }
        try (Device d = Device.open(DeviceConfig.defaults().withEngine(engine))) {
            Kernel k = Kernel.fromElf(elf, "pf.c", d.config().vramBytes());
            Buffer x = d.alloc(4L * THREADS).write(xs);
            Buffer kb = d.alloc(4L * THREADS).write(ks);
            Buffer bits = d.alloc(16L * THREADS);
            LaunchResult r = d.launch(k, Dim3.of(1), Dim3.of(THREADS), 0, LaunchOptions.defaults()
                    .withEntry(k.symbol("pf").orElseThrow()), x, kb, bits);
            assertThat(r.fault()).isNull();
            assertThat(byThread(r.console())).isEqualTo(glibc(tmp, xs, ks));
            int[] got = bits.readInts();
            for (int t = 0; t < THREADS; t++) {
                assertThat(got[4 * t]).as("__float_as_uint(x) of thread %d", t).isEqualTo(Float.floatToRawIntBits(xs[t]));
                assertThat(got[4 * t + 1]).isEqualTo(Float.floatToRawIntBits(-xs[t]));
                assertThat(got[4 * t + 2]).isEqualTo(Float.floatToRawIntBits(Float.intBitsToFloat(0x3FC00000 + t)));
                assertThat(got[4 * t + 3]).isEqualTo(0xBF800000 - t);
            }
        }
    }

    /** Console lines grouped by thread x, in order, without the "[block ... thread ...] " prefix. */
    private static Map<Integer, List<String>> byThread(List<String> console) {
        Pattern p = Pattern.compile("\\[block \\(0,0,0\\) thread \\((\\d+),0,0\\)\\] (.*)");
        Map<Integer, List<String>> out = new LinkedHashMap<>();
        for (int t = 0; t < THREADS; t++) {
            out.put(t, new ArrayList<>());
        }
        for (String line : console) {
            Matcher m = p.matcher(line);
            assertThat(m.matches()).as(line).isTrue();
            out.get(Integer.parseInt(m.group(1))).add(m.group(2));
        }
        return out;
    }

    /** The same calls run by a gcc-compiled host program, one thread after another. */
    private static Map<Integer, List<String>> glibc(Path tmp, float[] xs, int[] ks) throws Exception {
        Assumptions.assumeTrue(CKernelCompiler.resolveExecutable("gcc") != null, "gcc is not installed");
        StringBuilder src = new StringBuilder("#include <stdio.h>\n#include <string.h>\n#include <stdint.h>\n"
                + "static float f(uint32_t b) { float v; memcpy(&v, &b, 4); return v; }\nint main(void) {\n");
        for (int t = 0; t < xs.length; t++) {
            src.append("{ unsigned t = ").append(t).append("u; float x = f(0x")
                    .append(Integer.toHexString(Float.floatToRawIntBits(xs[t]))).append("u); int k = (int)0x")
                    .append(Integer.toHexString(ks[t])).append("u;\n").append(CALLS).append("}\n");
        }
        src.append("return 0; }\n");
        Path c = tmp.resolve("host.c");
        Files.writeString(c, src.toString());
        Path exe = tmp.resolve("host");
        run(List.of("gcc", "-w", "-O0", "-o", exe.toString(), c.toString()));
        List<String> lines = List.of(run(List.of(exe.toString())).split("\n"));
        int perThread = lines.size() / xs.length;
        Map<Integer, List<String>> out = new LinkedHashMap<>();
        for (int t = 0; t < xs.length; t++) {
            out.put(t, lines.subList(t * perThread, (t + 1) * perThread));
        }
        return out;
    }

    private static String run(List<String> cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        p.getInputStream().transferTo(out);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String text = out.toString(StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as("%s: %s", cmd, text).isZero();
        return text;
    }
}
