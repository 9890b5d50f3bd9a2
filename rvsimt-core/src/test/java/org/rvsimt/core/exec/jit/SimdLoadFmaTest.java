package org.rvsimt.core.exec.jit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import java.util.stream.Stream;
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
import org.rvsimt.core.fault.KernelFault;

/**
 * {@link SimdLoadFma}: blocks whose flw; flw; fmadd.s triples run as one call. A kernel with such
 * triples from shared memory and VRAM (one word per chunk, consecutive words, and strided words
 * that must take the separate path), with operand orders and register aliasing the fused path must
 * get right (both loads into one register, the fma's addend or destination a loaded register), and
 * runs of triples sharing bases and accumulator ({@link SimdDotRun}), on
 * both engines at several warp widths: results and fflags equal the interpreter's, and the plain
 * triples equal Java's correctly rounded {@code Math.fma}. Lanes whose frm is not RNE, or whose
 * inputs are subnormal, infinite or NaN, take the exact paths; a lane whose second load faults
 * gives the interpreter's fault report.
 */
class SimdLoadFmaTest {
    private static final String KERNEL = """
                lw      s0, 0(a0)               # in
                lw      s1, 4(a0)               # out
                lw      s2, 8(a0)               # frm per thread
                lw      s3, 12(a0)              # which lane's second load faults (-1: none)
                csrr    t0, vx_tid_x
                slli    t1, t0, 2
                add     t2, s2, t1
                lw      t3, 0(t2)
                csrw    frm, t3
                li      t3, 1
                csrw    fflags, t3              # NX everywhere: the float fast path's precondition
                add     t2, s0, t1              # &in[t]
                lui     s4, 0xC0000
                add     s5, s4, t1              # &shared[t]
                lw      t4, 0(t2)
                sw      t4, 0(s5)
                lui     s7, 0x80002
                sw      zero, 0(s7)             # barrier
                srli    t5, t0, 4
                slli    t5, t5, 2
                add     s6, s4, t5              # &shared[t / 16]: one word per 16 lanes
                slli    t6, t0, 3
                add     a7, s0, t6              # &in[2t]: strided
                sub     t4, t0, s3
                seqz    t4, t4
                slli    t4, t4, 30
                add     a6, t2, t4              # &in[t], 1 GiB further on the faulting lane
                fmv.w.x fa0, zero
                fmv.w.x fa1, zero
                fmv.w.x fa2, zero
                fmv.w.x fa3, zero
                flw     ft2, 0(s6)
                flw     ft3, 0(s5)
                fmadd.s fa0, ft2, ft3, fa0
                flw     ft2, 4(s6)
                flw     ft3, 4(s5)
                fmadd.s fa1, ft3, ft2, fa1
                flw     ft4, 0(s5)
                flw     ft4, 8(s6)
                fmadd.s fa2, ft4, ft4, fa2, rne
                flw     ft5, 0(t2)
                flw     ft6, 4(s0)
                fmadd.s ft6, ft5, ft6, ft5
                flw     ft7, 0(a7)
                flw     ft8, 4(a7)
                fmadd.s fa3, ft7, ft8, fa3
                flw     ft9, 0(t2)
                flw     ft10, 0(a6)
                fmadd.s fa4, ft9, ft10, fa3
                fmv.w.x fa5, zero
                fmv.w.x fa6, zero
                flw     ft0, 0(s6)              # a run sharing both bases and the accumulator
                flw     ft1, 0(s5)
                fmadd.s fa5, ft0, ft1, fa5
                flw     ft0, 4(s6)
                flw     ft1, 4(s5)
                fmadd.s fa5, ft1, ft0, fa5
                flw     ft0, 8(s6)
                flw     ft1, 8(s5)
                fmadd.s fa5, ft0, ft1, fa5, rne
                flw     ft0, 0(a7)              # a strided run: the separate path
                flw     ft1, 0(s5)
                fmadd.s fa6, ft0, ft1, fa6
                flw     ft0, 4(a7)
                flw     ft1, 4(s5)
                fmadd.s fa6, ft0, ft1, fa6
                slli    t3, t0, 6
                add     t3, s1, t3              # &out[16 t]
                fsw     fa0, 0(t3)
                fsw     fa1, 4(t3)
                fsw     fa2, 8(t3)
                fsw     ft6, 12(t3)
                fsw     fa3, 16(t3)
                fsw     fa4, 20(t3)
                fsw     ft4, 24(t3)
                csrr    t4, fflags
                sw      t4, 28(t3)
                fsw     fa5, 32(t3)
                fsw     fa6, 36(t3)
                fsw     ft0, 40(t3)
                fsw     ft1, 44(t3)
                ret
            """;

    private static final int[] SPECIAL = {0, 0x80000000, 0x00000001, 0x807FFFFF, 0x7F7FFFFF, 0x7F800000, 0x7FC00000};

    record Outcome(LaunchResult result, int[] out) { }

    private static Outcome launch(String engine, int warp, int threads, int[] in, int[] frm, int faultLane)
            throws Exception {
        try (Device d = Device.open(DeviceConfig.defaults().withEngine(engine).withThreads(1).withWarpSize(warp)
                .withVram(8 << 20))) {
            Buffer bin = d.alloc(4L * in.length).write(in);
            Buffer bout = d.alloc(64L * threads).fill((byte) 0);
            Buffer bfrm = d.alloc(4L * threads).write(frm);
            LaunchResult r = d.launch(Kernel.fromAssembly(KERNEL, "fused.S"), Dim3.of(2), Dim3.of(threads),
                    4 * threads + 16, LaunchOptions.defaults().withWatchdog(1_000_000), bin, bout, bfrm, faultLane);
            return new Outcome(r, bout.readInts());
        }
    }

    /** warp width, pattern: 0 plain, 1 some lanes RTZ, 2 special inputs, 3 a fault on lane 5, 4 a partial warp. */
    static Stream<Arguments> cases() {
        return Stream.of(8, 16, 32, 40, 64).flatMap(w -> Stream.of(0, 1, 2, 3, 4).map(p -> Arguments.of(w, p)));
    }

    @ParameterizedTest(name = "warp {0} pattern {1}")
    @MethodSource("cases")
    void fusedTriplesMatchTheInterpreterAndJavasFma(int warp, int pattern) throws Exception {
        SplittableRandom r = new SplittableRandom(100L * warp + pattern);
        int threads = pattern == 4 ? 2 * warp - 3 : 2 * warp;
        int[] in = new int[2 * threads + 2];
        for (int k = 0; k < in.length; k++) {
            in[k] = pattern == 2 && r.nextInt(4) == 0 ? SPECIAL[r.nextInt(SPECIAL.length)]
                    : Float.floatToRawIntBits((float) r.nextDouble(0.5, 2));
        }
        int[] frm = new int[threads];
        if (pattern == 1) {
            frm[threads / 2] = 1;
        }
        int faultLane = pattern == 3 ? 5 : -1;
        Outcome interp = launch("interp", warp, threads, in, frm, faultLane);
        Outcome jit = launch("jit", warp, threads, in, frm, faultLane);
        if (pattern == 3) {
            KernelFault fi = interp.result().fault();
            KernelFault fj = jit.result().fault();
            assertThat(fi).isNotNull();
            assertThat(fj).isNotNull();
            assertThat(fj.kind()).isEqualTo(fi.kind());
            assertThat(fj.pc()).isEqualTo(fi.pc());
            assertThat(fj.lanes()).isEqualTo(fi.lanes());
            assertThat(fj.message()).isEqualTo(fi.message());
            assertThat(fj.recent()).isEqualTo(fi.recent());
            assertThat(jit.result().laneInstructions()).isEqualTo(interp.result().laneInstructions());
            return;
        }
        assertThat(interp.result().fault()).isNull();
        assertThat(jit.result().fault()).isNull();
        assertThat(jit.out()).as("results and fflags, warp %d pattern %d", warp, pattern).isEqualTo(interp.out());
        assertThat(jit.result().laneInstructions()).isEqualTo(interp.result().laneInstructions());
        if (pattern == 0) {
            for (int t = 0; t < threads; t++) {
                float shared = f(in[t]);
                float broadcast = f(in[t / 16]);
                assertThat(jit.out()[16 * t]).as("fa0 of thread %d", t)
                        .isEqualTo(bits(Math.fma(broadcast, shared, 0f)));
                assertThat(jit.out()[16 * t + 2]).as("fa2 of thread %d", t)
                        .isEqualTo(bits(Math.fma(f(in[t / 16 + 2]), f(in[t / 16 + 2]), 0f)));
                assertThat(jit.out()[16 * t + 3]).as("ft6 of thread %d", t)
                        .isEqualTo(bits(Math.fma(shared, f(in[1]), shared)));
                assertThat(jit.out()[16 * t + 6]).as("ft4 of thread %d", t).isEqualTo(in[t / 16 + 2]);
                float run = Math.fma(f(in[t / 16]), sh(in, threads, t), 0f);
                run = Math.fma(sh(in, threads, t + 1), f(in[t / 16 + 1]), run);
                run = Math.fma(f(in[t / 16 + 2]), sh(in, threads, t + 2), run);
                assertThat(jit.out()[16 * t + 8]).as("fa5 of thread %d", t).isEqualTo(bits(run));
            }
        }
    }

    /** shared[k]: in[k] for the block's threads, zero past them. */
    private static float sh(int[] in, int threads, int k) {
        return k < threads ? f(in[k]) : 0f;
    }

    private static float f(int bits) {
        return Float.intBitsToFloat(bits);
    }

    private static int bits(float v) {
        return Float.floatToRawIntBits(v);
    }
}
