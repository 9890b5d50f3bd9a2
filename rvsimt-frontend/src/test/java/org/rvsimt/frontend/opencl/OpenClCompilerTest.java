package org.rvsimt.frontend.opencl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rvsimt.core.api.Buffer;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.DeviceConfig;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.core.api.Launch;
import org.rvsimt.core.api.LaunchResult;

/**
 * {@link OpenClCompiler}: kernel and argument info, the entry stubs' mapping of the launch ABI
 * (ids, offsets, __local variables and arguments, barriers, atomics, printf) checked against
 * values computed here, and one-line build errors.
 */
class OpenClCompilerTest {
    private static final String VECADD = """
            __kernel void vecadd(__global const float *a, __global const float *b, __global float *c, int n) {
                int i = get_global_id(0);
                if (i < n) c[i] = a[i] + b[i];
            }
            """;

    /** The math functions of OpenCL 1.2 table 6.8 taking one or two gentype arguments. */
    static final List<String> MATH_ONE = List.of("acos", "acosh", "acospi", "asin", "asinh", "asinpi", "atan", "atanh",
            "atanpi", "cbrt", "ceil", "cos", "cosh", "cospi", "erfc", "erf", "exp", "exp2", "exp10", "expm1", "fabs",
            "floor", "lgamma", "log", "log2", "log10", "log1p", "logb", "rint", "round", "rsqrt", "sin", "sinh", "sinpi",
            "sqrt", "tan", "tanh", "tanpi", "tgamma", "trunc");
    static final List<String> MATH_TWO = List.of("atan2", "atan2pi", "copysign", "fdim", "fmax", "fmin", "fmod", "hypot",
            "maxmag", "minmag", "nextafter", "pow", "powr", "remainder");
    /** Table 6.9: each comes as native_NAME and half_NAME (and divide, powr with two arguments). */
    static final List<String> NATIVE_ONE = List.of("cos", "exp", "exp2", "exp10", "log", "log2", "log10", "recip",
            "rsqrt", "sin", "sqrt", "tan");

    /**
     * Every function of tables 6.8 and 6.9 (and the rest of 6.8: fma, mad, ldexp, pown, rootn, nan,
     * fract, modf, sincos, frexp, lgamma_r, remquo, ilogb, the scalar-argument fmax/fmin/ldexp) for
     * float and each vector width builds and links: none is missing from the device library.
     */
    @Test
    void everyMathBuiltInOfTables68And69Links() throws Exception {
        StringBuilder src = new StringBuilder("__kernel void all_math(__global float *p, __global int *q) {\n");
        for (int w : new int[] {1, 2, 3, 4, 8, 16}) {
            String t = w == 1 ? "float" : "float" + w;
            String i = w == 1 ? "int" : "int" + w;
            String u = w == 1 ? "uint" : "uint" + w;
            src.append(String.format("{ %1$s x = (%1$s)(p[0]), y = (%1$s)(p[1]), z = (%1$s)(p[2]), r = (%1$s)(0.0f), ip; "
                    + "%2$s n = (%2$s)(q[0]), e; %3$s u = (%3$s)(q[1]);", t, i, u));
            MATH_ONE.forEach(f -> src.append(" r += ").append(f).append("(x);"));
            MATH_TWO.forEach(f -> src.append(" r += ").append(f).append("(x, y);"));
            NATIVE_ONE.forEach(f -> src.append(" r += native_").append(f).append("(x) + half_").append(f).append("(x);"));
            src.append(" r += native_divide(x, y) + half_divide(x, y) + native_powr(x, y) + half_powr(x, y);")
                    .append(" r += fma(x, y, z) + mad(x, y, z) + ldexp(x, n) + pown(x, n) + rootn(x, n) + nan(u);")
                    .append(" r += fract(x, &ip) + modf(x, &ip) + sincos(x, &ip) + ip;")
                    .append(" r += frexp(x, &e) + lgamma_r(x, &e) + remquo(x, y, &e); n += ilogb(x) + e;");
            if (w > 1) {
                src.append(" r += ldexp(x, q[0]) + fmax(x, p[3]) + fmin(x, p[3]);");
            }
            src.append(w == 1 ? " p[8] += r + (float)n; }\n" : " p[8] += r.s0 + (float)n.s0; }\n");
        }
        OpenClProgram p = OpenClCompiler.build(src.append("}\n").toString(), "");
        assertThat(p.kernel("all_math")).isPresent();
    }

    @Test
    void kernelsAndArgumentsAreDescribed() throws Exception {
        OpenClProgram p = OpenClCompiler.build(VECADD + """
                typedef float4 vec;
                __kernel void other(__local int *scratch, vec v, uchar c, __constant float *k, long l) { }
                """, "");
        assertThat(p.kernelNames()).containsExactly("vecadd", "other");
        OpenClKernel v = p.kernel("vecadd").orElseThrow();
        assertThat(v.args()).extracting(OpenClArg::name).containsExactly("a", "b", "c", "n");
        assertThat(v.args()).extracting(OpenClArg::addressQualifier).containsExactly(AddressQualifier.GLOBAL,
                AddressQualifier.GLOBAL, AddressQualifier.GLOBAL, AddressQualifier.PRIVATE);
        assertThat(v.args()).extracting(OpenClArg::offset).containsExactly(16, 20, 24, 28);
        assertThat(v.args().get(0).typeName()).isEqualTo("float*");
        assertThat(v.args().get(0).typeQualifiers()).contains("const");
        assertThat(v.argBlockBytes()).isEqualTo(32);
        OpenClKernel o = p.kernel("other").orElseThrow();
        assertThat(o.args()).extracting(OpenClArg::kind).containsExactly(ArgKind.LOCAL, ArgKind.VALUE, ArgKind.VALUE,
                ArgKind.BUFFER, ArgKind.VALUE);
        assertThat(o.args()).extracting(OpenClArg::size).containsExactly(4, 16, 1, 4, 8);
        assertThat(o.args()).extracting(OpenClArg::offset).containsExactly(16, 20, 36, 40, 44);
        assertThat(o.args().get(1).typeName()).isEqualTo("vec");
        assertThat(o.args().get(3).addressQualifier()).isEqualTo(AddressQualifier.CONSTANT);
        assertThat(o.argBlockBytes()).isEqualTo(52);
    }

    @Test
    void vecaddRunsOnTheDevice() throws Exception {
        OpenClProgram p = OpenClCompiler.build(VECADD, "");
        int n = 1000;
        float[] a = new float[n];
        float[] b = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = i * 0.5f;
            b[i] = 3.25f - i;
        }
        try (Device dev = Device.open(DeviceConfig.defaults())) {
            Buffer ba = dev.alloc(4L * n).write(a);
            Buffer bb = dev.alloc(4L * n).write(b);
            Buffer bc = dev.alloc(4L * n);
            OpenClKernel k = p.kernel("vecadd").orElseThrow();
            OpenClArgBlock args = new OpenClArgBlock(k).ndrange(1).buffer(0, ba.address()).buffer(1, bb.address())
                    .buffer(2, bc.address()).intValue(3, n);
            LaunchResult r = launch(dev, p, k, Dim3.of(8), Dim3.of(128), args);
            assertThat(r.ok()).as("%s", r.fault()).isTrue();
            float[] c = bc.readFloats();
            for (int i = 0; i < n; i++) {
                assertThat(c[i]).isEqualTo(a[i] + b[i]);
            }
        }
    }

    @Test
    void workItemFunctionsIn2dWithOffsets() throws Exception {
        OpenClProgram p = OpenClCompiler.build("""
                __kernel void ids(__global uint *out) {
                    size_t gx = get_global_id(0) - get_global_offset(0), gy = get_global_id(1) - get_global_offset(1);
                    __global uint *o = out + 8 * (gy * get_global_size(0) + gx);
                    o[0] = get_global_id(0); o[1] = get_global_id(1); o[2] = get_local_id(0) + 100 * get_local_id(1);
                    o[3] = get_group_id(0) + 100 * get_group_id(1); o[4] = get_num_groups(0) + 100 * get_num_groups(1);
                    o[5] = get_local_size(0) + 100 * get_local_size(1); o[6] = get_work_dim();
                    o[7] = get_global_size(2) + 10 * get_local_id(2) + 100 * get_global_id(3);
                }
                """, "");
        OpenClKernel k = p.kernel("ids").orElseThrow();
        int gx = 6;
        int gy = 4;
        try (Device dev = Device.open(DeviceConfig.defaults())) {
            Buffer out = dev.alloc(4L * 8 * gx * gy);
            OpenClArgBlock args = new OpenClArgBlock(k).ndrange(2, 10, 20).buffer(0, out.address());
            LaunchResult r = launch(dev, p, k, Dim3.of(3, 2), Dim3.of(2, 2), args);
            assertThat(r.ok()).as("%s", r.fault()).isTrue();
            int[] o = out.readInts();
            for (int y = 0; y < gy; y++) {
                for (int x = 0; x < gx; x++) {
                    int at = 8 * (y * gx + x);
                    assertThat(List.of(o[at], o[at + 1], o[at + 2], o[at + 3], o[at + 4], o[at + 5], o[at + 6], o[at + 7]))
                            .containsExactly(x + 10, y + 20, x % 2 + 100 * (y % 2), x / 2 + 100 * (y / 2), 3 + 100 * 2,
                                    2 + 100 * 2, 2, 1);
                }
            }
        }
    }

    @Test
    void localMemoryBarriersAndAtomics() throws Exception {
        OpenClProgram p = OpenClCompiler.build("""
                __kernel void reduce(__global const int *in, __global int *total, __global int *partial, __local int *tmp) {
                    __local int first[64];
                    int l = get_local_id(0);
                    first[l] = in[get_global_id(0)];
                    barrier(CLK_LOCAL_MEM_FENCE);
                    tmp[l] = first[63 - l] * 2;
                    barrier(CLK_LOCAL_MEM_FENCE);
                    for (int s = 32; s > 0; s >>= 1) {
                        if (l < s) tmp[l] += tmp[l + s];
                        barrier(CLK_LOCAL_MEM_FENCE);
                    }
                    if (l == 0) { partial[get_group_id(0)] = tmp[0]; atomic_add(total, tmp[0]); }
                    __local int hits;
                    if (l == 0) hits = 0;
                    barrier(CLK_LOCAL_MEM_FENCE);
                    atomic_inc(&hits);
                    barrier(CLK_LOCAL_MEM_FENCE);
                    if (l == 0) atomic_max(total + 1, hits * 1000 + get_group_id(0));
                }
                """, "");
        OpenClKernel k = p.kernel("reduce").orElseThrow();
        assertThat(k.staticLocalBytes()).isEqualTo(64 * 4 + 16);
        int groups = 16;
        int n = 64 * groups;
        int[] in = new int[n];
        long want = 0;
        int[] wantPartial = new int[groups];
        for (int i = 0; i < n; i++) {
            in[i] = (i * 37) % 101 - 50;
            want += 2L * in[i];
            wantPartial[i / 64] += 2 * in[i];
        }
        try (Device dev = Device.open(DeviceConfig.defaults())) {
            Buffer bin = dev.alloc(4L * n).write(in);
            Buffer total = dev.alloc(8).write(new int[] {0, 0});
            Buffer partial = dev.alloc(4L * groups);
            OpenClArgBlock args = new OpenClArgBlock(k).ndrange(1).buffer(0, bin.address()).buffer(1, total.address())
                    .buffer(2, partial.address()).local(3, 64 * 4);
            assertThat(args.sharedBytes()).isEqualTo(64 * 4 + 16 + 64 * 4);
            LaunchResult r = launch(dev, p, k, Dim3.of(groups), Dim3.of(64), args);
            assertThat(r.ok()).as("%s", r.fault()).isTrue();
            assertThat(total.readInts()).containsExactly((int) want, 64 * 1000 + groups - 1);
            assertThat(partial.readInts()).containsExactly(wantPartial);
        }
    }

    @Test
    void printfWidensFloatsAndExpandsVectors() throws Exception {
        OpenClProgram p = OpenClCompiler.build("""
                __kernel void say(__global const float4 *v, long big) {
                    printf("x=%f v=%.2v4hlf l=%ld c=%c s=%s h=%v2hhd\\n", v[0].y, v[0], big, 'q', "ok", (char2)(-3, 7));
                }
                """, "");
        OpenClKernel k = p.kernel("say").orElseThrow();
        try (Device dev = Device.open(DeviceConfig.defaults())) {
            Buffer v = dev.alloc(16).write(new float[] {1.5f, -2.25f, 3.0f, 0.375f});
            OpenClArgBlock args = new OpenClArgBlock(k).ndrange(1).buffer(0, v.address())
                    .value(1, java.nio.ByteBuffer.allocate(8).order(java.nio.ByteOrder.LITTLE_ENDIAN).putLong(-123456789012L).array());
            LaunchResult r = launch(dev, p, k, Dim3.of(1), Dim3.of(1), args);
            assertThat(r.ok()).as("%s", r.fault()).isTrue();
            assertThat(r.console()).hasSize(1);
            assertThat(r.console().getFirst()).endsWith(
                    String.format("x=%f v=%.2f,%.2f,%.2f,%.2f l=%d c=q s=ok h=-3,7", -2.25, 1.5, -2.25, 3.0, 0.375, -123456789012L));
        }
    }

    @Test
    void buildErrorsAreOneLineWithTheLog() {
        assertThatThrownBy(() -> OpenClCompiler.build("__kernel void k(__global int *p) {\n  p[0] = ;\n}\n", "", null, null, "bad.cl"))
                .isInstanceOf(OpenClBuildException.class)
                .hasMessageStartingWith("bad.cl:2:")
                .hasMessageContaining("error: expected expression")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"))
                .satisfies(e -> assertThat(((OpenClBuildException) e).buildLog()).contains("p[0] = ;"));
        assertThatThrownBy(() -> OpenClCompiler.build("__kernel void k(__global double *p) { p[0] = 1.0; }\n", ""))
                .isInstanceOf(OpenClBuildException.class)
                .hasMessageContaining("requires cl_khr_fp64 support");
        assertThatThrownBy(() -> OpenClCompiler.build("__kernel void k(__global float4 *p) { p[0] = shuffle(p[1], (uint4)(3, 2, 1, 0)); }\n", ""))
                .isInstanceOf(OpenClBuildException.class)
                .hasMessageContaining("shuffle is not available on rvsimt's OpenCL device");
        assertThatThrownBy(() -> OpenClCompiler.build(VECADD, "-O3 -DX=1"))
                .isInstanceOf(OpenClBuildException.class)
                .hasMessage("unknown build option -O3")
                .satisfies(e -> assertThat(((OpenClBuildException) e).invalidOptions()).isTrue());
        assertThatThrownBy(() -> OpenClCompiler.build(VECADD, "-cl-std=CL2.0"))
                .isInstanceOf(OpenClBuildException.class)
                .hasMessageContaining("OpenCL C 1.0, 1.1 and 1.2");
        assertThatThrownBy(() -> OpenClCompiler.build(VECADD + "__kernel void img(image2d_t i) { }\n", ""))
                .isInstanceOf(OpenClBuildException.class)
                .hasMessageContaining("image");
    }

    @Test
    void definesAndIncludesReachTheSource(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Files.writeString(dir.resolve("scale.h"), "#define SCALE 3\n");
        OpenClProgram p = OpenClCompiler.build("#include \"scale.h\"\n__kernel void k(__global int *o) { o[0] = SCALE * N; }\n",
                "-D N=7 -I " + dir + " -cl-mad-enable -cl-std=CL1.1");
        try (Device dev = Device.open(DeviceConfig.defaults())) {
            Buffer o = dev.alloc(4);
            OpenClKernel k = p.kernel("k").orElseThrow();
            LaunchResult r = launch(dev, p, k, Dim3.of(1), Dim3.of(1), new OpenClArgBlock(k).buffer(0, o.address()));
            assertThat(r.ok()).isTrue();
            assertThat(o.readInts()).containsExactly(21);
        }
    }

    static LaunchResult launch(Device dev, OpenClProgram p, OpenClKernel k, Dim3 grid, Dim3 block, OpenClArgBlock args)
            throws Exception {
        Kernel kernel = Kernel.fromElf(p.elf(), k.name(), dev.config().vramBytes());
        int entry = kernel.symbol(k.entrySymbol()).orElseThrow();
        return dev.launch(Launch.builder(kernel, grid, block).entry(entry).shared(args.sharedBytes()).args(args.words()).build());
    }
}
