package org.rvsimt.core.exec.jit;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.rvsimt.core.api.Buffer;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.LaunchResult;
import org.rvsimt.core.exec.KernelHarness;
import org.rvsimt.core.exec.program.Program;
import org.rvsimt.core.fault.FaultKind;
import org.rvsimt.core.fault.KernelFault;
import org.rvsimt.isa.asm.AsmOptions;
import org.rvsimt.isa.asm.Assembler;

/**
 * The JIT binds a vector instruction to its e32 loop when an earlier vsetvli/vsetivli of the same
 * block fixed the vtype (the seed's rebind): which instructions it knows the vtype of, and that bound
 * blocks compute what the interpreter computes (loops, so the compiled blocks run, not only the
 * interpreted first run of each block).
 */
class VectorBindingTest {

    @Test
    void knownVtypeFollowsTheBlocksVsetvliImmediates() throws Exception {
        String src = """
                    vle32.v v8, (a1)
                    vsetvli t0, a0, e32, m8, ta, ma
                    vle32.v v8, (a1)
                    vsetivli t0, 4, e8, mf8, ta, ma
                    vle32.v v8, (a1)
                    vsetvl t0, a0, a2
                    vle32.v v8, (a1)
                    vsetivli t0, 4, e16, m2, tu, mu
                    vadd.vv v2, v4, v6
                """;
        byte[] image = Assembler.assemble(src, "k.S", AsmOptions.defaults()).flatImage();
        Program p = Program.of(0, image, image.length);
        int[] slots = {0, 2, 4, 6, 8, 10, 12, 14, 16};    // nine 4-byte instructions: every other halfword slot
        int[] known = BlockCompiler.knownVtypes(p, slots, slots.length, -1);
        // e32 m8 ta ma = 0xD3; e8 mf8 is illegal with ELEN 32 (vill); vsetvl's vtype is a register
        assertThat(known).containsExactly(-1, -1, 0xD3, 0xD3, -1, -1, -1, -1, 0x09);
        // Before the block's first vset*, the program's uniform vtype (when it has one)
        assertThat(BlockCompiler.knownVtypes(p, slots, slots.length, 0x52)).startsWith(0x52, 0x52, 0xD3);
    }

    private static int uniform(String src) throws Exception {
        byte[] image = Assembler.assemble(src, "k.S", AsmOptions.defaults()).flatImage();
        return UniformVtype.of(Program.of(0, image, image.length));
    }

    @Test
    void uniformVtypeIsTheSewAndLmulEveryVsetOfTheProgramSets() throws Exception {
        // e32 m8: the policies may differ (softmax_rvv's tu and ta strips), compressed code between
        assertThat(uniform("""
                    .option rvc
                    vsetvli t0, a0, e32, m8, ta, ma
                    c.addi a0, 1
                    vsetvli t0, a0, e32, m8, tu, ma
                    vsetivli t0, 3, e32, m8, ta, mu
                """) & UniformVtype.SEW_LMUL).isEqualTo(0x13);
        assertThat(uniform("""
                    vsetvli t0, a0, e32, m8, ta, ma
                    vsetvli t0, a0, e32, m4, ta, ma
                """)).as("two LMULs").isEqualTo(-1);
        assertThat(uniform("""
                    vsetvli t0, a0, e32, m1, ta, ma
                    vsetvli t0, a0, e16, m1, ta, ma
                """)).as("two SEWs").isEqualTo(-1);
        assertThat(uniform("""
                    vsetvli t0, a0, e32, m1, ta, ma
                    vsetvl t0, a0, a1
                """)).as("a vtype from a register").isEqualTo(-1);
        assertThat(uniform("vsetvli t0, a0, e8, mf8, ta, ma")).as("illegal at ELEN 32").isEqualTo(-1);
        assertThat(uniform("add a0, a0, a1")).as("no vector code").isEqualTo(-1);
    }

    /**
     * A strip whose vtype is set once, before a loop whose blocks have no vsetvli: the loop binds to
     * the program's uniform vtype. vl is 0, a tail (not a whole number of host vectors) or VLMAX by
     * lane; vfmax and vfsgnjn take the host-SIMD loop; every result against a Java reference.
     */
    private static final String UNIFORM_LOOP = """
                lw a1, 0(a0)          # x
                lw a2, 4(a0)          # out
                lw a3, 8(a0)          # w: 4 floats
                csrr t0, vx_tid_x
                andi t1, t0, 7
                li t2, 5
                mul t1, t1, t2        # avl = 5 * (tid % 8): 0 .. 35
                vsetvli t3, t1, e32, m8, ta, ma
                slli t4, t0, 7        # 32 floats per thread
                add a1, a1, t4
                add a2, a2, t4
                vle32.v v8, (a2)
                li t5, 4
            loop:
                vle32.v v16, (a1)
                flw ft0, 0(a3)
                vfmacc.vf v8, ft0, v16
                vfmax.vv v8, v8, v16
                vfsgnjn.vv v24, v8, v16
                vfadd.vv v8, v8, v24
                addi a1, a1, 4
                addi a3, a3, 4
                addi t5, t5, -1
                bnez t5, loop
                vse32.v v8, (a2)
                ret
            """;

    @Test
    void loopBlocksBoundToTheUniformVtypeComputeTheReference() {
        int threads = 16;
        float[] x = new float[32 * threads + 4];
        float[] out = new float[32 * threads];
        float[] w = {0.75f, -1.5f, 2.25f, -0.125f};
        for (int i = 0; i < x.length; i++) {
            x[i] = (i % 11) * 0.31f - 1.7f;
        }
        for (int i = 0; i < out.length; i++) {
            out[i] = (i % 5) * 0.9f - 2.1f;
        }
        float[] want = out.clone();
        for (int t = 0; t < threads; t++) {
            int vl = Math.min(5 * (t % 8), 32);
            for (int e = 0; e < vl; e++) {
                float acc = out[32 * t + e];
                for (int k = 0; k < 4; k++) {
                    float v = x[32 * t + e + k];
                    acc = Math.fma(w[k], v, acc);
                    acc = Math.max(acc, v);                       // no NaN, no signed zeros in the data
                    acc = acc + Math.copySign(acc, -v);           // vfsgnjn: |acc| with the sign of -x
                }
                want[32 * t + e] = acc;
            }
        }
        for (String engine : new String[] {"interp", "jit"}) {
            try (KernelHarness h = KernelHarness.of(engine, 8, 1)) {
                Buffer xb = h.device.alloc(4L * x.length).write(x);
                Buffer ob = h.device.alloc(4L * out.length).write(out);
                Buffer wb = h.device.alloc(16).write(w);
                LaunchResult r = h.run(UNIFORM_LOOP, Dim3.of(1), Dim3.of(threads), 0, xb, ob, wb);
                assertThat(r.fault()).as(engine).isNull();
                assertThat(ob.readFloats()).as(engine).containsExactly(want);
            }
        }
    }

    /**
     * Odd lanes skip the only vsetvli, so they reach the loop's vle32.v under vill: the bound entry
     * must hand them to the unit, which raises the illegal-instruction fault the interpreter raises.
     */
    @Test
    void aLaneUnderVillInABoundBlockFaultsAsInTheInterpreter() {
        String src = """
                    lw a1, 0(a0)
                    csrr t0, vx_tid_x
                    andi t1, t0, 1
                    bnez t1, skip
                    vsetvli t3, zero, e32, m8, ta, ma
                skip:
                    li t5, 2
                loop:
                    vle32.v v16, (a1)
                    addi t5, t5, -1
                    bnez t5, loop
                    ret
                """;
        KernelFault[] faults = new KernelFault[2];
        String[] engines = {"interp", "jit"};
        for (int k = 0; k < 2; k++) {
            try (KernelHarness h = KernelHarness.of(engines[k], 8, 1)) {
                Buffer xb = h.device.alloc(4096);
                faults[k] = h.run(src, Dim3.of(1), Dim3.of(8), 0, xb).fault();
            }
        }
        assertThat(faults[0]).isNotNull();
        assertThat(faults[0].kind()).isEqualTo(FaultKind.ILLEGAL_INSTRUCTION);
        assertThat(faults[1].kind()).isEqualTo(faults[0].kind());
        assertThat(faults[1].pc()).isEqualTo(faults[0].pc());
        assertThat(faults[1].lanes()).isEqualTo(faults[0].lanes());
    }

    private static final String STRIPS = """
                lw a1, 0(a0)          # n
                lw a2, 4(a0)          # x
                lw a3, 8(a0)          # y
                flw fa0, 12(a0)       # a
                csrr t0, vx_tid_x
                slli t1, t0, 8        # 64 floats per thread
                add a2, a2, t1
                add a3, a3, t1
                li t2, 64
            loop:
                vsetvli t3, t2, e32, m2, ta, ma
                vle32.v v8, (a2)
                vle32.v v16, (a3)
                vfmacc.vf v16, fa0, v8
                vfadd.vv v16, v16, v8
                vse32.v v16, (a3)
                slli t4, t3, 2
                add a2, a2, t4
                add a3, a3, t4
                sub t2, t2, t3
                bnez t2, loop
                ret
            """;

    @Test
    void boundBlocksComputeWhatTheInterpreterComputes() {
        int threads = 8;
        float a = 1.25f;
        float[] x = new float[64 * threads];
        float[] y = new float[64 * threads];
        for (int i = 0; i < x.length; i++) {
            x[i] = (i % 13) * 0.37f - 2f;
            y[i] = (i % 7) * 1.1f + 0.5f;
        }
        float[] want = new float[y.length];
        for (int i = 0; i < y.length; i++) {
            want[i] = Math.fma(a, x[i], y[i]) + x[i];        // vfmacc (one rounding), then vfadd
        }
        for (String engine : new String[] {"interp", "jit"}) {
            try (KernelHarness h = KernelHarness.of(engine, 4, 1)) {
                Buffer xb = h.device.alloc(4L * x.length).write(x);
                Buffer yb = h.device.alloc(4L * y.length).write(y);
                LaunchResult r = h.run(STRIPS, Dim3.of(1), Dim3.of(threads), 0, x.length, xb, yb, a);
                assertThat(r.fault()).as(engine).isNull();
                assertThat(yb.readFloats()).as(engine).containsExactly(want);
                assertThat(r.warpInstructions()).as(engine).isEqualTo(2 * (9 + 8 * 11 + 1));
            }
        }
    }

    /**
     * An int8 ReLU strip-mined at e8, m8 in a loop whose blocks bind to the uniform vtype: a compare
     * into the mask, a masked vand (the elements it leaves alone keep their loaded value), and a
     * vredmaxu into a running maximum, then a few e16 forms under a block-local vsetvli (vmul.vx,
     * vsra.vi, a masked vadd.vv and vredsum with a vl that is not a whole number of host vectors).
     * Both engines against a Java reference; vl differs by thread (0 .. VLMAX).
     */
    private static final String INT8_LOOP = """
                lw a1, 0(a0)          # x: 256 bytes per thread
                lw a2, 4(a0)          # out: 256 bytes per thread
                lw a3, 8(a0)          # sums: 3 words per thread
                csrr t0, vx_tid_x
                slli t1, t0, 8
                add a1, a1, t1
                add a2, a2, t1
                li t1, 12
                mul t1, t1, t0
                add a3, a3, t1
                li t2, 37
                mul t2, t2, t0        # avl = 37 * tid: 0, 37, ... up to 256 with the loop
                andi t2, t2, 255
                addi t2, t2, 20
                vsetvli t3, zero, e8, m8, ta, ma
                vmv.v.i v24, 0
                mv s1, a1
                mv s2, a2
                mv s3, t2
            loop:
                vsetvli t3, s3, e8, m8, ta, ma
                vle8.v v8, (s1)
                vmslt.vx v0, v8, zero
                vand.vi v8, v8, 0, v0.t
                vse8.v v8, (s2)
                vredmaxu.vs v24, v8, v24
                add s1, s1, t3
                add s2, s2, t3
                sub s3, s3, t3
                bnez s3, loop
                vmv.x.s t4, v24
                sw t4, 0(a3)
                li t5, 50
                vsetvli t3, t5, e16, m4, ta, mu
                vle16.v v8, (a1)
                li t6, -3
                vmul.vx v16, v8, t6
                vsra.vi v16, v16, 2
                vmsgt.vi v0, v8, 0
                vadd.vv v16, v16, v8, v0.t
                vmv.v.i v4, 0
                vredsum.vs v4, v16, v4
                vmv.x.s t4, v4
                sw t4, 4(a3)
                vredmin.vs v4, v16, v4, v0.t
                vmv.x.s t4, v4
                sw t4, 8(a3)
                ret
            """;

    @Test
    void int8AndInt16MaskedAndReductionFormsComputeTheReference() {
        int threads = 16;
        byte[] x = new byte[256 * threads];
        java.util.SplittableRandom r = new java.util.SplittableRandom(7);
        for (int i = 0; i < x.length; i++) {
            x[i] = (byte) r.nextInt();
        }
        byte[] wantOut = new byte[x.length];
        int[] wantSums = new int[3 * threads];
        for (int t = 0; t < threads; t++) {
            int n = (37 * t & 255) + 20;
            int max = 0;
            for (int e = 0; e < n; e++) {
                byte v = (byte) Math.max(x[256 * t + e], 0);
                wantOut[256 * t + e] = v;
                max = Math.max(max, v);
            }
            wantSums[3 * t] = max;
            // e16, m4: VLMAX 32 at VLEN 128, so vl = 32 of the 50 asked for
            short sum = 0;
            short min = 0;
            boolean any = false;
            for (int e = 0; e < 32; e++) {
                short a = (short) (x[256 * t + 2 * e] & 0xFF | x[256 * t + 2 * e + 1] << 8);
                short m = (short) ((short) (a * -3) >> 2);
                if (a > 0) {
                    m = (short) (m + a);
                }
                sum += m;
                if (a > 0) {
                    min = any ? (short) Math.min(min, m) : m;
                    any = true;
                }
            }
            wantSums[3 * t + 1] = sum;
            // vredmin's vs1[0] is the sum just written: the minimum of it and the active elements
            wantSums[3 * t + 2] = any ? Math.min(sum, min) : sum;
        }
        for (String engine : new String[] {"interp", "jit"}) {
            try (KernelHarness h = KernelHarness.of(engine, 8, 1)) {
                Buffer xb = h.device.alloc(x.length).write(x);
                Buffer ob = h.device.alloc(x.length);
                Buffer sb = h.device.alloc(12L * threads);
                LaunchResult res = h.run(INT8_LOOP, Dim3.of(1), Dim3.of(threads), 0, xb, ob, sb);
                assertThat(res.fault()).as(engine).isNull();
                assertThat(ob.readBytes()).as(engine).isEqualTo(wantOut);
                assertThat(sb.readInts()).as(engine).containsExactly(wantSums);
            }
        }
    }
}
