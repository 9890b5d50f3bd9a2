package org.rvsimt.frontend.opencl;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.IntToLongFunction;
import org.junit.jupiter.api.Test;
import org.rvsimt.core.api.Buffer;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.DeviceConfig;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.core.api.Launch;
import org.rvsimt.core.api.LaunchResult;

/**
 * The conversion and integer built-ins of the device library against Java: {@code convert_*} with
 * every rounding mode and saturation (OpenCL 1.2 section 6.2.3), and the integer functions
 * (section 6.12.3), on special and random arguments. Each expression is one output column.
 */
class OpenClBuiltinsTest {
    private static final int N = 1024;

    /** An OpenCL expression over {@code int a, b; float f; long l} and the Java value it must have (as an int). */
    record Column(String expr, IntToLongFunction expected) { }

    private int[] a;
    private int[] b;
    private float[] f;

    private long l(int i) {
        return (long) a[i] * 1234567L + b[i];
    }

    private List<Column> columns() {
        List<Column> c = new ArrayList<>();
        // float -> integer, every rounding mode; non-saturated only where the result is in range
        c.add(new Column("convert_int_sat(f)", i -> sat(round(f[i], RoundingMode.DOWN), Integer.MIN_VALUE, Integer.MAX_VALUE, f[i])));
        c.add(new Column("convert_int_sat_rte(f)", i -> sat(round(f[i], RoundingMode.HALF_EVEN), Integer.MIN_VALUE, Integer.MAX_VALUE, f[i])));
        c.add(new Column("convert_int_sat_rtp(f)", i -> sat(round(f[i], RoundingMode.CEILING), Integer.MIN_VALUE, Integer.MAX_VALUE, f[i])));
        c.add(new Column("convert_int_sat_rtn(f)", i -> sat(round(f[i], RoundingMode.FLOOR), Integer.MIN_VALUE, Integer.MAX_VALUE, f[i])));
        c.add(new Column("fabs(f) < 2.0e9f ? convert_int_rte(f) : 7", i -> Math.abs(f[i]) < 2.0e9f ? sat(round(f[i], RoundingMode.HALF_EVEN), Integer.MIN_VALUE, Integer.MAX_VALUE, f[i]) : 7));
        c.add(new Column("fabs(f) < 2.0e9f ? convert_int(f) : 7", i -> Math.abs(f[i]) < 2.0e9f ? sat(round(f[i], RoundingMode.DOWN), Integer.MIN_VALUE, Integer.MAX_VALUE, f[i]) : 7));
        c.add(new Column("convert_char_sat(f)", i -> sat(round(f[i], RoundingMode.DOWN), -128, 127, f[i])));
        c.add(new Column("convert_uchar_sat_rtn(f)", i -> sat(round(f[i], RoundingMode.FLOOR), 0, 255, f[i])));
        c.add(new Column("convert_short_sat_rte(f)", i -> sat(round(f[i], RoundingMode.HALF_EVEN), -32768, 32767, f[i])));
        c.add(new Column("(int)convert_uint_sat_rtp(f)", i -> (long) (int) sat(round(f[i], RoundingMode.CEILING), 0, 0xffffffffL, f[i])));
        c.add(new Column("(int)(convert_long_sat_rte(f) >> 20)", i -> (long) (int) (sat(round(f[i], RoundingMode.HALF_EVEN), Long.MIN_VALUE, Long.MAX_VALUE, f[i]) >> 20)));
        c.add(new Column("(int)(convert_ulong_sat(f) >> 33)", i -> {
            BigDecimal v = round(f[i], RoundingMode.DOWN);
            java.math.BigInteger max = java.math.BigInteger.ONE.shiftLeft(64).subtract(java.math.BigInteger.ONE);
            java.math.BigInteger r = v == null || v.signum() < 0 ? java.math.BigInteger.ZERO
                    : v.toBigInteger().min(max);
            return r.shiftRight(33).intValue();
        }));
        // integer -> float, every rounding mode (bits)
        c.add(new Column("as_int(convert_float(a))", i -> (long) Float.floatToRawIntBits(toFloat(BigDecimal.valueOf(a[i]), RoundingMode.HALF_EVEN))));
        c.add(new Column("as_int(convert_float_rtz(a))", i -> (long) Float.floatToRawIntBits(toFloat(BigDecimal.valueOf(a[i]), RoundingMode.DOWN))));
        c.add(new Column("as_int(convert_float_rtp(a))", i -> (long) Float.floatToRawIntBits(toFloat(BigDecimal.valueOf(a[i]), RoundingMode.CEILING))));
        c.add(new Column("as_int(convert_float_rtn((uint)a))", i -> (long) Float.floatToRawIntBits(toFloat(BigDecimal.valueOf(Integer.toUnsignedLong(a[i])), RoundingMode.FLOOR))));
        c.add(new Column("as_int(convert_float(l))", i -> (long) Float.floatToRawIntBits(toFloat(BigDecimal.valueOf(l(i)), RoundingMode.HALF_EVEN))));
        c.add(new Column("as_int(convert_float_rtz(l))", i -> (long) Float.floatToRawIntBits(toFloat(BigDecimal.valueOf(l(i)), RoundingMode.DOWN))));
        c.add(new Column("as_int(convert_float_rtp(l))", i -> (long) Float.floatToRawIntBits(toFloat(BigDecimal.valueOf(l(i)), RoundingMode.CEILING))));
        c.add(new Column("as_int(convert_float_rtn(l))", i -> (long) Float.floatToRawIntBits(toFloat(BigDecimal.valueOf(l(i)), RoundingMode.FLOOR))));
        // integer -> integer saturation
        c.add(new Column("convert_char_sat(a)", i -> Math.clamp((long) a[i], -128, 127)));
        c.add(new Column("convert_uchar_sat(a)", i -> Math.clamp((long) a[i], 0, 255)));
        c.add(new Column("convert_ushort_sat(a)", i -> Math.clamp((long) a[i], 0, 65535)));
        c.add(new Column("(int)convert_uint_sat(a)", i -> (long) Math.max(a[i], 0)));
        c.add(new Column("convert_int_sat((uint)a)", i -> Math.min(Integer.toUnsignedLong(a[i]), Integer.MAX_VALUE)));
        c.add(new Column("convert_int_sat(l)", i -> Math.clamp(l(i), Integer.MIN_VALUE, Integer.MAX_VALUE)));
        // integer functions
        c.add(new Column("add_sat(a, b)", i -> Math.clamp((long) a[i] + b[i], Integer.MIN_VALUE, Integer.MAX_VALUE)));
        c.add(new Column("sub_sat(a, b)", i -> Math.clamp((long) a[i] - b[i], Integer.MIN_VALUE, Integer.MAX_VALUE)));
        c.add(new Column("(int)add_sat((uint)a, (uint)b)", i -> (long) (int) Math.min(Integer.toUnsignedLong(a[i]) + Integer.toUnsignedLong(b[i]), 0xffffffffL)));
        c.add(new Column("mul_hi(a, b)", i -> ((long) a[i] * b[i]) >> 32));
        c.add(new Column("(int)mul_hi((uint)a, (uint)b)", i -> (long) (int) ((Integer.toUnsignedLong(a[i]) * Integer.toUnsignedLong(b[i])) >>> 32)));
        c.add(new Column("(int)(mul_hi(l, (long)b * 77777) >> 3)", i -> (long) (int) (Math.multiplyHigh(l(i), (long) b[i] * 77777) >> 3)));
        c.add(new Column("(int)mul_hi((ulong)l, (ulong)a << 20)", i -> (long) (int) Math.unsignedMultiplyHigh(l(i), (long) a[i] << 20)));
        c.add(new Column("rotate(a, b)", i -> (long) Integer.rotateLeft(a[i], b[i])));
        c.add(new Column("clz(a)", i -> (long) Integer.numberOfLeadingZeros(a[i])));
        c.add(new Column("popcount(a)", i -> (long) Integer.bitCount(a[i])));
        c.add(new Column("(int)abs_diff(a, b)", i -> (long) (int) Math.abs((long) a[i] - b[i])));
        c.add(new Column("(int)abs(a)", i -> (long) Math.abs(a[i])));
        c.add(new Column("hadd(a, b)", i -> ((long) a[i] + b[i]) >> 1));
        c.add(new Column("rhadd(a, b)", i -> ((long) a[i] + b[i] + 1) >> 1));
        c.add(new Column("mad24(a, b, 5)", i -> (long) ((a[i] << 8 >> 8) * (b[i] << 8 >> 8) + 5)));
        c.add(new Column("(int)mul24((uint)a, (uint)b)", i -> (long) ((a[i] & 0xffffff) * (b[i] & 0xffffff))));
        c.add(new Column("upsample((short)a, (ushort)b)", i -> (long) (((short) a[i] << 16) | (b[i] & 0xffff))));
        c.add(new Column("clamp(a, -1000, b)", i -> (long) Math.min(Math.max(a[i], -1000), b[i])));
        c.add(new Column("mad_sat(a, b, a)", i -> Math.clamp((long) a[i] * b[i] + a[i], Integer.MIN_VALUE, Integer.MAX_VALUE)));
        c.add(new Column("(int)mad_sat((uint)a, (uint)b, (uint)a)", i -> {
            // below 2^64 as an unsigned long: (2^32 - 1)^2 + 2^32 - 1 = 2^64 - 2^32
            long s = Integer.toUnsignedLong(a[i]) * Integer.toUnsignedLong(b[i]) + Integer.toUnsignedLong(a[i]);
            return (int) (Long.compareUnsigned(s, 0xffffffffL) > 0 ? 0xffffffffL : s);
        }));
        c.add(new Column("mad_sat((short)a, (short)b, (short)a)", i -> Math.clamp((long) (short) a[i] * (short) b[i] + (short) a[i], -32768, 32767)));
        c.add(new Column("(int)(l / (b | 1)) + (int)(l % 1000003)", i -> (long) ((int) (l(i) / (b[i] | 1)) + (int) (l(i) % 1000003))));
        c.add(new Column("fabs(f * 1.0e10f) < 9.0e18f ? (int)(convert_long(f * 1.0e10f) >> 8) : 0", i -> Math.abs(f[i] * 1.0e10f) < 9.0e18f
                ? (long) (int) (((long) (f[i] * 1.0e10f)) >> 8) : 0));
        c.add(new Column("convert_int4_sat_rte((float4)(f, -f, f * 0.5f, 1.5f)).z", i -> sat(round(f[i] * 0.5f, RoundingMode.HALF_EVEN),
                Integer.MIN_VALUE, Integer.MAX_VALUE, f[i] * 0.5f)));
        c.add(new Column("select(a, b, (int)(a < b))", i -> (long) (a[i] < b[i] ? b[i] : a[i])));
        c.add(new Column("any((int4)(a, 0, 0, 0)) + 2 * all((int2)(a, b))", i -> (long) ((a[i] < 0 ? 1 : 0) + 2 * ((a[i] & b[i]) < 0 ? 1 : 0))));
        return c;
    }

    /** f rounded to an integer by {@code mode}, exactly (null for NaN, +-infinity as a huge value). */
    static BigDecimal round(float f, RoundingMode mode) {
        if (Float.isNaN(f)) {
            return null;
        }
        if (Float.isInfinite(f)) {
            return BigDecimal.valueOf(f > 0 ? 1e40 : -1e40);
        }
        return new BigDecimal(f).setScale(0, mode);
    }

    static long sat(BigDecimal v, long min, long max, float f) {
        if (v == null) {
            return 0;
        }
        if (v.compareTo(BigDecimal.valueOf(min)) < 0) {
            return min;
        }
        if (v.compareTo(BigDecimal.valueOf(max)) > 0) {
            return max;
        }
        return v.longValueExact();
    }

    /** The exact integer v rounded to a float by {@code mode}. */
    static float toFloat(BigDecimal v, RoundingMode mode) {
        float near = v.floatValue(); // round to nearest even
        int cmp = new BigDecimal(near).compareTo(v);
        if (cmp == 0 || mode == RoundingMode.HALF_EVEN) {
            return near;
        }
        boolean up = mode == RoundingMode.CEILING || mode == RoundingMode.DOWN && v.signum() < 0;
        if (up && cmp < 0) {
            return Math.nextUp(near);
        }
        if (!up && cmp > 0) {
            return Math.nextDown(near);
        }
        return near;
    }

    @Test
    void conversionsAndIntegerFunctionsMatchJava() throws Exception {
        Random rnd = new Random(42);
        a = new int[N];
        b = new int[N];
        f = new float[N];
        float[] specials = {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, 0f, -0f, 0.5f, 1.5f, 2.5f, -0.5f,
            -1.5f, -2.5f, 0x1p31f, -0x1p31f, 2147483520f, 3e9f, -3e9f, 1e20f, -1e20f, 127.5f, 128f, -128.5f, -129f, 255.5f,
            256f, 65535.5f, 32767.5f, -32768.5f, 0.49999997f, 8388609f, 1e-40f, 4294967040f, 4294967296f, 0x1p63f, -0x1p63f};
        int[] intSpecials = {0, 1, -1, Integer.MAX_VALUE, Integer.MIN_VALUE, 127, 128, -128, -129, 255, 256, 65535, 65536,
            16777217, -16777217, 0x7fffff80, 0x7fffffc0, 33554435};
        for (int i = 0; i < N; i++) {
            a[i] = i < intSpecials.length ? intSpecials[i] : i % 3 == 0 ? rnd.nextInt() : rnd.nextInt(2001) - 1000;
            b[i] = i < intSpecials.length ? intSpecials[(i * 7 + 3) % intSpecials.length] : i % 2 == 0 ? rnd.nextInt() : rnd.nextInt(65) - 32;
            f[i] = i < specials.length ? specials[i] : i % 3 == 0 ? (float) ((rnd.nextDouble() - 0.5) * 600)
                    : i % 3 == 1 ? (float) ((rnd.nextDouble() - 0.5) * 1e10) : Math.round(rnd.nextDouble() * 400 - 200) / 2.0f;
        }
        List<Column> cols = columns();
        StringBuilder src = new StringBuilder("__kernel void k(__global const int *A, __global const int *B, __global const float *F, __global int *out) {\n"
                + "    int i = get_global_id(0);\n    int a = A[i], b = B[i];\n    float f = F[i];\n    long l = (long)a * 1234567L + b;\n");
        for (int j = 0; j < cols.size(); j++) {
            src.append("    out[i * ").append(cols.size()).append(" + ").append(j).append("] = ").append(cols.get(j).expr()).append(";\n");
        }
        src.append("}\n");
        OpenClProgram p = OpenClCompiler.build(src.toString(), "");
        OpenClKernel k = p.kernel("k").orElseThrow();
        List<String> failures = new ArrayList<>();
        try (Device dev = Device.open(DeviceConfig.defaults())) {
            Kernel kernel = Kernel.fromElf(p.elf(), "k", dev.config().vramBytes());
            Buffer ba = dev.alloc(4L * N).write(a);
            Buffer bb = dev.alloc(4L * N).write(b);
            Buffer bf = dev.alloc(4L * N).write(f);
            Buffer out = dev.alloc(4L * N * cols.size());
            OpenClArgBlock args = new OpenClArgBlock(k).ndrange(1).buffer(0, ba.address()).buffer(1, bb.address())
                    .buffer(2, bf.address()).buffer(3, out.address());
            LaunchResult r = dev.launch(Launch.builder(kernel, Dim3.of(N / 64), Dim3.of(64))
                    .entry(kernel.symbol(k.entrySymbol()).orElseThrow()).args(args.words()).build());
            assertThat(r.ok()).as("%s", r.fault()).isTrue();
            int[] got = out.readInts();
            for (int i = 0; i < N; i++) {
                for (int j = 0; j < cols.size(); j++) {
                    int want = (int) cols.get(j).expected().applyAsLong(i);
                    int have = got[i * cols.size() + j];
                    if (want != have) {
                        failures.add(cols.get(j).expr() + " with a=" + a[i] + " b=" + b[i] + " f=" + f[i] + ": " + have
                                + ", expected " + want);
                    }
                }
            }
        }
        assertThat(failures).isEmpty();
    }
}
