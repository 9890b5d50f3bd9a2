package org.rvsimt.core.exec.jit;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.rvsimt.core.api.Buffer;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.LaunchResult;
import org.rvsimt.core.exec.KernelHarness;
import org.rvsimt.core.exec.program.Program;
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
        int[] known = BlockCompiler.knownVtypes(p, slots, slots.length);
        // e32 m8 ta ma = 0xD3; e8 mf8 is illegal with ELEN 32 (vill); vsetvl's vtype is a register
        assertThat(known).containsExactly(-1, -1, 0xD3, 0xD3, -1, -1, -1, -1, 0x09);
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
}
