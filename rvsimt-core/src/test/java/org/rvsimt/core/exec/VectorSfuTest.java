package org.rvsimt.core.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import java.util.function.DoubleUnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.rvsimt.core.api.Buffer;
import org.rvsimt.core.api.DeviceConfig;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.LaunchResult;

/**
 * vfexp.v ... vfcos.v (the SFU functions on vectors) on both engines, exact and fast SFU modes, at a
 * full and a short vl: every element must be the bits the scalar instruction (fexp.s ...) gives for it
 * in the same launch, and in exact mode also the Java reference (the function in binary64 with
 * StrictMath, rounded once to binary32, NaN canonical); a masked vfexp.v must leave the inactive
 * elements as they were.
 */
class VectorSfuTest {
    private static final String[] SCALAR = {"fexp.s", "fln.s", "frcp.s", "frsqrt.s", "ftanh.s", "fsigmoid.s",
        "fsin.s", "fcos.s"};
    /** The exact functions' definitions (sigmoid: null, checked against fsigmoid.s only). */
    private static final DoubleUnaryOperator[] REFERENCE = {StrictMath::exp, StrictMath::log, x -> 1.0 / x,
        x -> 1.0 / StrictMath.sqrt(x), StrictMath::tanh, null, StrictMath::sin, StrictMath::cos};
    private static final int THREADS = 6;
    private static final int VLMAX = 32;          // e32, m8 at the default VLEN 128
    private static final int[] SPECIAL = {0, 0x80000000, 0x00000001, 0x807FFFFF, 0x7F800000, 0xFF800000, 0x7FC00000,
        0x3F800000, 0xBF800000, 0x42C80000, 0xC2C80000};

    static Stream<Arguments> cases() {
        return Stream.of("interp", "jit").flatMap(engine -> Stream.of(false, true).flatMap(fast ->
                Stream.of(VLMAX, 27).map(vl -> Arguments.of(engine, fast, vl))));
    }

    @ParameterizedTest(name = "{0} fast={1} vl={2}")
    @MethodSource("cases")
    void everyElementIsTheScalarFunction(String engine, boolean fast, int vl) {
        SplittableRandom r = new SplittableRandom(vl * 31L + (fast ? 7 : 0));
        float[] x = new float[THREADS * VLMAX];
        for (int i = 0; i < x.length; i++) {
            x[i] = r.nextInt(6) == 0 ? Float.intBitsToFloat(SPECIAL[r.nextInt(SPECIAL.length)])
                    : (float) r.nextDouble(-30, 30);
        }
        byte[] mask = new byte[THREADS * 4];
        r.nextBytes(mask);
        DeviceConfig config = DeviceConfig.defaults().withEngine(engine).withWarpSize(4).withFastSfu(fast);
        try (KernelHarness h = new KernelHarness(config)) {
            Buffer in = h.device.alloc(4L * x.length).write(x);
            Buffer vector = h.ints(SCALAR.length * x.length);
            Buffer scalar = h.ints(SCALAR.length * x.length);
            Buffer masks = h.device.alloc(mask.length).write(mask);
            Buffer masked = h.ints(x.length);
            LaunchResult res = h.run(kernel(), Dim3.of(1), Dim3.of(THREADS), 0, in, vector, scalar, masks, masked, vl);
            assertThat(res.fault()).isNull();
            int[] v = vector.readInts();
            int[] s = scalar.readInts();
            int[] m = masked.readInts();
            for (int f = 0; f < SCALAR.length; f++) {
                for (int t = 0; t < THREADS; t++) {
                    for (int e = 0; e < VLMAX; e++) {
                        int k = t * VLMAX + e;
                        int at = f * x.length + k;
                        String what = String.format("%s element %d of thread %d, x = %s (0x%08x)", SCALAR[f], e, t,
                                x[k], Float.floatToRawIntBits(x[k]));
                        if (e >= vl) {
                            assertThat(v[at]).as("past vl: " + what).isZero();
                            continue;
                        }
                        assertThat(v[at]).as(what).isEqualTo(s[at]);
                        if (!fast && REFERENCE[f] != null) {
                            assertThat(v[at]).as("reference: " + what).isEqualTo(rounded(REFERENCE[f].applyAsDouble(x[k])));
                        }
                        if (f == 0) {
                            boolean active = (mask[t * 4 + e / 8] >> (e % 8) & 1) != 0;
                            assertThat(m[k]).as("masked " + what)
                                    .isEqualTo(active ? s[at] : Float.floatToRawIntBits(x[k]));
                        }
                    }
                }
            }
        }
    }

    private static int rounded(double d) {
        float f = (float) d;
        return f != f ? 0x7FC00000 : Float.floatToRawIntBits(f);
    }

    /**
     * Thread t loads its VLMAX inputs at vl; for each function: the vector form on them, stored, then
     * the scalar form element by element; then vfexp.v under the thread's mask (vlm.v) over a copy.
     */
    private static String kernel() {
        StringBuilder sb = new StringBuilder(KernelHarness.prologue());
        sb.append("""
                    lw a2, 0(t6)
                    lw a3, 4(t6)
                    lw a4, 8(t6)
                    lw a5, 12(t6)
                    lw a6, 16(t6)
                    lw a7, 20(t6)
                    slli t1, t0, 7
                    add a2, a2, t1
                    vsetvli t2, a7, e32, m8, ta, ma
                    vle32.v v8, (a2)
                """);
        for (int f = 0; f < SCALAR.length; f++) {
            String vectorForm = "v" + SCALAR[f].replace(".s", ".v");
            int plane = f * THREADS * VLMAX * 4;
            sb.append("    ").append(vectorForm).append(" v16, v8\n")
                    .append("    li t3, ").append(plane).append("\n")
                    .append("    add t3, t3, t1\n    add t4, a3, t3\n    vse32.v v16, (t4)\n")
                    .append("    add t4, a4, t3\n    mv t5, a2\n    mv s0, a7\n")
                    .append(f).append(":  flw ft0, 0(t5)\n")
                    .append("    ").append(SCALAR[f]).append(" ft0, ft0\n")
                    .append("    fsw ft0, 0(t4)\n    addi t5, t5, 4\n    addi t4, t4, 4\n    addi s0, s0, -1\n")
                    .append("    bnez s0, ").append(f).append("b\n");
        }
        sb.append("""
                    slli t3, t0, 2
                    add t3, a5, t3
                    vlm.v v0, (t3)
                    vmv.v.v v16, v8
                    vfexp.v v16, v8, v0.t
                    add t3, a6, t1
                    vse32.v v16, (t3)
                    ret
                """);
        return sb.toString();
    }
}
