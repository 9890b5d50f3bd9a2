package org.rvsimt.core.exec.jit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
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
import org.rvsimt.core.semantics.FloatOps;
import org.rvsimt.isa.Operation;
import org.rvsimt.isa.Operation.FpArith;
import org.rvsimt.isa.Operation.FpFused;

/**
 * The host-SIMD lane loops of compiled blocks: {@link SimdLanes#fp} against a lane-by-lane
 * reference built from the scalar RV32F semantics (FloatOps, itself checked against qemu), and a
 * kernel that runs broadcast and contiguous loads from VRAM, shared memory and the CTRL window and
 * every f32 add/sub/mul/fma on both engines, at warp widths 1..64, full and partial warps, with
 * inexact flags set everywhere, nowhere or on some lanes only, and frm RNE or not (which must
 * fall back). Inputs include zeros, subnormals, infinities, NaNs and values that overflow or
 * underflow, so chunks with non-plain results take the exact path.
 */
class SimdLanesTest {
    private static final int[] SPECIAL = {0, 0x80000000, 0x00000001, 0x807FFFFF, 0x00800000, 0x00FFFFFF, 0x7F7FFFFF,
        0xFF7FFFFF, 0x7F800000, 0xFF800000, 0x7FC00000, 0x7F800001, 0x3F800000, 0x1F800000, 0x5F800000};

    private static int randomFloat(SplittableRandom r, int specialOdds) {
        if (specialOdds > 0 && r.nextInt(specialOdds) == 0) {
            return SPECIAL[r.nextInt(SPECIAL.length)];
        }
        return Float.floatToRawIntBits((float) (r.nextDouble(-4, 4) * Math.pow(2, r.nextInt(-30, 30))));
    }

    /** The operations {@link SimdLanes#fp} computes, in the order their seeds are numbered. */
    private static final List<Operation> OPS = List.of(FpArith.FADD, FpArith.FSUB, FpArith.FMUL, FpFused.FMADD,
            FpFused.FMSUB, FpFused.FNMSUB, FpFused.FNMADD);

    private static int reference(Operation op, int a, int b, int c, int[] flags, int lane) {
        return op instanceof FpArith arith ? FloatOps.arith(arith, a, b, 0, flags, lane)
                : FloatOps.fused((FpFused) op, a, b, c, 0, flags, lane);
    }

    static Stream<Arguments> opsAndWidths() {
        return OPS.stream().flatMap(op -> Stream.of(1, 7, 8, 16, 17, 32, 33, 48, 64).map(w -> Arguments.of(op, w)));
    }

    @ParameterizedTest(name = "op {0} width {1}")
    @MethodSource("opsAndWidths")
    void floatLanesMatchTheScalarSemantics(Operation op, int width) {
        assertThat(SimdCoverage.computes(op)).isTrue();
        SplittableRandom r = new SplittableRandom(31L * OPS.indexOf(op) + width);
        for (int trial = 0; trial < 60; trial++) {
            int[] f = new int[32 * width];
            int specialOdds = new int[] {0, 4, 40}[trial % 3];
            for (int k = 0; k < f.length; k++) {
                f[k] = randomFloat(r, specialOdds);
            }
            int[] flags = new int[width];
            for (int l = 0; l < width; l++) {
                flags[l] = FloatOps.NX | (r.nextInt(4) == 0 ? r.nextInt(32) : 0);
            }
            // Register rows, sometimes the destination is also a source (fmadd fa0, fa0, ...).
            int a = r.nextInt(32);
            int b = r.nextInt(32);
            int c = r.nextInt(32);
            int d = r.nextInt(3) == 0 ? a : r.nextInt(32);
            int[] refF = f.clone();
            int[] refFlags = flags.clone();
            for (int l = 0; l < width; l++) {
                refF[d * width + l] = reference(op, f[a * width + l], f[b * width + l], f[c * width + l], refFlags, l);
            }
            SimdLanes.fp(op, f, flags, d * width, a * width, b * width, c * width, width);
            assertThat(f).as("op %s width %d trial %d", op, width, trial).isEqualTo(refF);
            assertThat(flags).as("fflags").isEqualTo(refFlags);
        }
    }

    /**
     * Per thread t (args: in, out, flags, frm): loads in[t] (contiguous), in[1] (one word for
     * all lanes), the CTRL threadIdx.x register (one address, a different value per lane), shared
     * copies of in[t] and of in[2], then three rounds of all seven operations, accumulating, and
     * stores everything with the final fflags.
     */
    private static final String KERNEL = """
                .text
                .globl simd
            simd:
                lw      s0, 0(a0)
                lw      s1, 4(a0)
                lw      s2, 8(a0)
                lw      s3, 12(a0)
                csrr    t0, vx_tid_x
                slli    t1, t0, 2
                add     t2, s2, t1
                lw      t3, 0(t2)
                csrw    fflags, t3
                add     t2, s3, t1
                lw      t3, 0(t2)
                csrw    frm, t3
                add     t2, s0, t1              # &in[t]
                lui     s4, 0xC0000             # shared
                add     s5, s4, t1              # &shared[t]
                lw      t4, 0(t2)
                sw      t4, 0(s5)
                lui     s7, 0x80002
                sw      zero, 0(s7)             # barrier
                lui     t5, 0x80000
                lw      a6, 0(t5)               # threadIdx.x: one address, per-lane values
                lw      a5, 4(s0)               # in[1] as an integer, for every lane
                li      s6, 3
                fmv.w.x fa0, zero
                fmv.w.x fa1, zero
                fmv.w.x fa2, zero
                fmv.w.x fa3, zero
            round:
                flw     ft0, 0(t2)
                flw     ft1, 4(s0)
                flw     ft2, 8(t2)
                flw     ft3, 0(s5)
                flw     ft4, 8(s4)
                fmadd.s fa0, ft0, ft1, fa0
                fmsub.s fa1, ft0, ft2, ft3, rne
                fnmsub.s fa2, ft1, ft3, fa2
                fnmadd.s fa3, ft3, ft4, ft2
                fadd.s  fa4, ft0, ft3
                fsub.s  fa5, ft2, ft4, rne
                fmul.s  fa6, ft0, ft2
                fmadd.s ft5, ft0, ft0, ft0, rtz
                addi    t2, t2, 4
                addi    s6, s6, -1
                bnez    s6, round
                slli    t3, t0, 6
                add     t3, s1, t3              # &out[16 t]
                fsw     fa0, 0(t3)
                fsw     fa1, 4(t3)
                fsw     fa2, 8(t3)
                fsw     fa3, 12(t3)
                fsw     fa4, 16(t3)
                fsw     fa5, 20(t3)
                fsw     fa6, 24(t3)
                fsw     ft5, 28(t3)
                sw      a6, 32(t3)
                sw      a5, 36(t3)
                fsw     ft3, 40(t3)
                fsw     ft4, 44(t3)
                csrr    t4, fflags
                sw      t4, 48(t3)
                lw      t5, 16(a0)              # dense
                add     t6, t5, t1
                fsw     fa0, 0(t6)              # dense[t]: consecutive words
                sw      t0, -4(t5)              # dense[-1]: one word for every lane
                ret
            """;

    record Outcome(LaunchResult result, int[] out, int[] dense) { }

    private static Outcome launch(String engine, int warp, int threads, int[] in, int[] flags, int[] frm)
            throws Exception {
        try (Device d = Device.open(DeviceConfig.defaults().withEngine(engine).withThreads(1).withWarpSize(warp)
                .withVram(8 << 20))) {
            Buffer bin = d.alloc(4L * in.length).write(in);
            Buffer bout = d.alloc(64L * threads).fill((byte) 0);
            Buffer bflags = d.alloc(4L * threads).write(flags);
            Buffer bfrm = d.alloc(4L * threads).write(frm);
            Buffer bdense = d.alloc(4L * threads + 4).fill((byte) 0);
            LaunchResult r = d.launch(Kernel.fromAssembly(KERNEL, "simd.S"), Dim3.of(3), Dim3.of(threads),
                    4 * threads + 16, LaunchOptions.defaults().withWatchdog(1_000_000), bin, bout, bflags, bfrm,
                    bdense.address() + 4);
            return new Outcome(r, bout.readInts(), bdense.readInts());
        }
    }

    static Stream<Arguments> kernelCases() {
        return Stream.of(1, 3, 8, 15, 16, 17, 31, 32, 48, 63, 64).flatMap(w -> Stream.of(0, 1, 2, 3)
                .map(pattern -> Arguments.of(w, pattern)));
    }

    @ParameterizedTest(name = "warp {0} flags/frm pattern {1}")
    @MethodSource("kernelCases")
    void compiledBlocksMatchTheInterpreterAndTheLoadReference(int warp, int pattern) throws Exception {
        SplittableRandom r = new SplittableRandom(1000L * warp + pattern);
        int threads = 2 * warp + (pattern % 2 == 0 ? 0 : Math.max(1, warp / 3));     // odd patterns: a partial warp
        int[] in = new int[threads + 8];
        for (int k = 0; k < in.length; k++) {
            in[k] = randomFloat(r, pattern == 3 ? 3 : 30);
        }
        int[] flags = new int[threads];
        int[] frm = new int[threads];
        for (int t = 0; t < threads; t++) {
            flags[t] = switch (pattern) {
                case 0 -> FloatOps.NX;                                  // the fast path's precondition everywhere
                case 1 -> t % 7 == 3 ? 0 : FloatOps.NX;                 // some lanes without NX
                case 2 -> 0;                                            // NX raised inside the kernel
                default -> FloatOps.NX | r.nextInt(32);
            };
            frm[t] = pattern == 1 && t % 5 == 2 ? 1 : pattern == 2 && t == 0 ? 3 : 0;
        }
        Outcome interp = launch("interp", warp, threads, in, flags, frm);
        Outcome jit = launch("jit", warp, threads, in, flags, frm);
        assertThat(interp.result().fault()).isNull();
        assertThat(jit.result().fault()).isNull();
        for (int t = 0; t < threads; t++) {
            assertThat(jit.out()[16 * t + 8]).as("threadIdx.x of thread %d", t).isEqualTo(t);
            assertThat(jit.out()[16 * t + 9]).as("in[1] of thread %d", t).isEqualTo(in[1]);
            assertThat(jit.out()[16 * t + 10]).as("shared[t] of thread %d", t).isEqualTo(in[t]);
            assertThat(jit.out()[16 * t + 11]).as("shared[2] of thread %d", t).isEqualTo(threads > 2 ? in[2] : 0);
        }
        for (int t = 0; t < threads; t++) {
            assertThat(jit.dense()[t + 1]).as("dense[%d]", t).isEqualTo(jit.out()[16 * t]);
        }
        assertThat(jit.dense()).as("dense stores").isEqualTo(interp.dense());
        assertThat(jit.out()).as("results and fflags, warp %d pattern %d", warp, pattern).isEqualTo(interp.out());
        assertThat(jit.result().laneInstructions()).isEqualTo(interp.result().laneInstructions());
        assertThat(jit.result().statistics()).isEqualTo(interp.result().statistics());
    }
}
