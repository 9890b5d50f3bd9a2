package org.rvsimt.frontend.opencl;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.rvsimt.core.api.Buffer;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.DeviceConfig;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.core.api.Launch;
import org.rvsimt.core.api.LaunchResult;

/**
 * vload_half and vstore_half (OpenCL 1.2 section 6.12.7): every half loads as its exact float, and
 * floats (random bit patterns, the half range, its subnormals, overflow, specials) store rounded in
 * each rounding mode (_rte, the default, _rtz, _rtp, _rtn) as Java's binary16 conversion
 * ({@link Float#floatToFloat16}, round to nearest even) and the directed roundings derived from it
 * (the neighbouring half on the mode's side) give; the vector, aligned and address-space variants
 * move the same values.
 */
class OpenClHalfTest {
    private static final int N = 4096;

    static final String SOURCE = """
            __kernel void store(__global const float *x, __global half *o) {
                int i = get_global_id(0); float a = x[i];
                vstore_half(a, 5 * i, o); vstore_half_rte(a, 5 * i + 1, o); vstore_half_rtz(a, 5 * i + 2, o);
                vstore_half_rtp(a, 5 * i + 3, o); vstore_half_rtn(a, 5 * i + 4, o);
            }
            __kernel void load(__global const half *h, __global float *o) {
                int i = get_global_id(0); o[i] = vload_half(i, h);
            }
            /* 16 floats through the vector forms: global, local and private halves, aligned half3 */
            __kernel void vectors(__global const float *x, __global half *g, __global float *o) {
                __local ushort lbits[32];
                __local half *l = (__local half *)lbits;
                ushort pbits[16];
                half *p = (half *)pbits;
                vstore_half4_rtz(vload4(0, x), 0, g);              /* g[0..3] */
                vstorea_half3_rtp(vload3(0, x + 4), 2, g);         /* g[8..10]: a half3 takes a half4's place */
                vstore_half8(vload8(1, x), 1, l);                  /* l[8..15] */
                vstore_half2_rtn(vload2(0, x + 7), 1, p);          /* p[2..3] */
                vstore_half16_rte(vload16(0, x), 1, g);            /* g[16..31] */
                vstore4(vload_half4(0, g), 0, o);
                vstore3(vloada_half3(2, g), 0, o + 4);
                vstore8(vload_half8(1, l), 0, o + 8);
                vstore2(vload_half2(1, p), 0, o + 16);
                vstore16(vload_half16(1, g), 0, o + 18);
            }
            """;

    /** float to binary16 in mode 0 rte, 1 rtz, 2 rtp, 3 rtn: the nearest-even half, or its neighbour on the mode's side. */
    static short toHalf(float x, int mode) {
        short h = Float.floatToFloat16(x);
        float hv = Float.float16ToFloat(h);
        if (mode == 0 || Float.isNaN(x) || hv == x) {
            return h;
        }
        short other = nextHalf(h, x > hv);            // the half on x's other side
        float ov = Float.float16ToFloat(other);
        float lo = Math.min(hv, ov);
        float hi = Math.max(hv, ov);
        float pick = switch (mode) {
            case 1 -> x > 0 ? lo : hi;
            case 2 -> hi;
            default -> lo;
        };
        return pick == hv ? h : other;
    }

    /** The next binary16 value above ({@code up}) or below {@code h}. */
    static short nextHalf(short h, boolean up) {
        boolean negative = (h & 0x8000) != 0;
        if ((h & 0x7fff) == 0) {
            return (short) (up ? 0x0001 : 0x8001);
        }
        return (short) (negative == up ? h - 1 : h + 1);
    }

    static float[] inputs() {
        Random rnd = new Random(16);
        float[] x = new float[N];
        float[] special = {0f, -0f, 1f, -1f, 65504f, -65504f, 65519.996f, 65520f, -65520f, 1e6f, Float.MAX_VALUE,
            Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NaN, 0x1p-24f, 0x1p-25f, Math.nextUp(0x1p-25f),
            0x1.8p-25f, 0x1p-14f, 0x1.ffcp-15f, Float.MIN_VALUE, -Float.MIN_VALUE, 1.00048828125f, 1.000732421875f, 2049f,
            2051f, -2051f};
        for (int i = 0; i < N; i++) {
            x[i] = i < special.length ? special[i] : switch (i % 3) {
                case 0 -> Float.intBitsToFloat(rnd.nextInt());
                case 1 -> (float) ((rnd.nextDouble() * 2 - 1) * 70000);
                default -> (float) ((rnd.nextDouble() * 2 - 1) * 0x1p-13);
            };
        }
        return x;
    }

    @Test
    void storesRoundInEveryModeAndLoadsAreExact() throws Exception {
        OpenClProgram p = OpenClCompiler.build(SOURCE, "");
        float[] x = inputs();
        try (Device dev = Device.open(DeviceConfig.defaults())) {
            Kernel kernel = Kernel.fromElf(p.elf(), "half", dev.config().vramBytes());
            Buffer bx = dev.alloc(4L * N);
            Buffer bh = dev.alloc(2L * 5 * N);
            bx.write(x);
            launch(dev, kernel, p.kernel("store").orElseThrow(), N, bx, bh);
            short[] got = shorts(bh.readBytes());
            List<String> wrong = new ArrayList<>();
            for (int i = 0; i < N; i++) {
                for (int m = 0; m < 5; m++) {
                    short want = toHalf(x[i], Math.max(0, m - 1));
                    boolean ok = Float.isNaN(x[i]) ? Float.isNaN(Float.float16ToFloat(got[5 * i + m])) : got[5 * i + m] == want;
                    if (!ok && wrong.size() < 20) {
                        wrong.add(String.format("%s mode %d: 0x%04x, want 0x%04x", x[i], m, got[5 * i + m], want));
                    }
                }
            }
            assertThat(wrong).isEmpty();

            Buffer all = dev.alloc(2L * 65536);
            Buffer out = dev.alloc(4L * 65536);
            byte[] halves = new byte[2 * 65536];
            for (int h = 0; h < 65536; h++) {
                halves[2 * h] = (byte) h;
                halves[2 * h + 1] = (byte) (h >> 8);
            }
            all.write(halves);
            launch(dev, kernel, p.kernel("load").orElseThrow(), 65536, all, out);
            float[] f = out.readFloats();
            for (int h = 0; h < 65536; h++) {
                float want = Float.float16ToFloat((short) h);
                assertThat(Float.isNaN(want) ? Float.isNaN(f[h]) : Float.floatToRawIntBits(f[h]) == Float.floatToRawIntBits(want))
                        .as("vload_half(0x%04x) = %s, want %s", h, f[h], want).isTrue();
            }
        }
    }

    @Test
    void vectorAlignedAndAddressSpaceVariants() throws Exception {
        OpenClProgram p = OpenClCompiler.build(SOURCE, "");
        float[] x = new float[16];
        for (int i = 0; i < 16; i++) {
            x[i] = (float) (Math.PI * (i - 7.3) * 1.0001);     // inexact in half: every mode matters
        }
        try (Device dev = Device.open(DeviceConfig.defaults())) {
            Kernel kernel = Kernel.fromElf(p.elf(), "half", dev.config().vramBytes());
            Buffer bx = dev.alloc(64);
            Buffer bg = dev.alloc(64);
            Buffer bo = dev.alloc(4 * 34);
            bx.write(x);
            OpenClKernel k = p.kernel("vectors").orElseThrow();
            OpenClArgBlock args = new OpenClArgBlock(k).ndrange(1).buffer(0, bx.address()).buffer(1, bg.address())
                    .buffer(2, bo.address());
            LaunchResult r = dev.launch(Launch.builder(kernel, Dim3.of(1), Dim3.of(1))
                    .entry(kernel.symbol(k.entrySymbol()).orElseThrow()).shared(args.sharedBytes()).args(args.words()).build());
            assertThat(r.ok()).as("%s", r.fault()).isTrue();
            float[] o = bo.readFloats();
            float[] want = new float[34];
            for (int i = 0; i < 4; i++) {
                want[i] = rounded(x[i], 1);
            }
            for (int i = 0; i < 3; i++) {
                want[4 + i] = rounded(x[4 + i], 2);
            }
            for (int i = 0; i < 8; i++) {
                want[8 + i] = rounded(x[8 + i], 0);
            }
            for (int i = 0; i < 2; i++) {
                want[16 + i] = rounded(x[7 + i], 3);
            }
            for (int i = 0; i < 16; i++) {
                want[18 + i] = rounded(x[i], 0);
            }
            assertThat(o).containsExactly(want);
        }
    }

    private static float rounded(float x, int mode) {
        return Float.float16ToFloat(toHalf(x, mode));
    }

    private static void launch(Device dev, Kernel kernel, OpenClKernel k, int n, Buffer in, Buffer out) {
        OpenClArgBlock args = new OpenClArgBlock(k).ndrange(1).buffer(0, in.address()).buffer(1, out.address());
        LaunchResult r = dev.launch(Launch.builder(kernel, Dim3.of(n / 128), Dim3.of(128))
                .entry(kernel.symbol(k.entrySymbol()).orElseThrow()).args(args.words()).build());
        assertThat(r.ok()).as("%s", r.fault()).isTrue();
    }

    private static short[] shorts(byte[] b) {
        short[] s = new short[b.length / 2];
        for (int i = 0; i < s.length; i++) {
            s[i] = (short) ((b[2 * i] & 0xFF) | b[2 * i + 1] << 8);
        }
        return s;
    }
}
