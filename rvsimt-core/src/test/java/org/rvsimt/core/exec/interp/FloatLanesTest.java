package org.rvsimt.core.exec.interp;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rvsimt.core.api.Buffer;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.DeviceConfig;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.core.api.LaunchResult;
import org.rvsimt.core.fault.FaultKind;

/**
 * rm = dyn with the lanes' frm: a warp whose lanes share one frm takes the interpreter's f32 lane
 * loops, one whose lanes differ takes the per-lane dispatch. Both engines against a reference that
 * rounds the exact result (BigDecimal) in each of the five modes, and a reserved frm in one lane
 * faults at that lane on both.
 */
class FloatLanesTest {
    private static final String KERNEL = """
            .globl k
            k:
                csrr t0, 0xCD3          # threadIdx.x
                csrr t1, 0xCD6          # blockIdx.x
                li t2, 5
                remu t3, t0, t2         # block 0: frm = lane % 5, lanes differ
                beqz t1, 1f
                addi t3, t1, -1         # blocks 1..5: frm = block - 1 in every lane
            1:  fsrm t3
                slli t4, t1, 5
                add t4, t4, t0
                slli t4, t4, 2          # this thread's word
                lw t5, 0(a0)
                add t5, t5, t4
                flw ft0, 0(t5)          # a
                lw t5, 4(a0)
                add t5, t5, t4
                flw ft1, 0(t5)          # b
                lw t5, 8(a0)
                add t5, t5, t4
                flw ft2, 0(t5)          # c
                lw t5, 12(a0)
                slli t6, t4, 2
                add t5, t5, t6          # out: 4 words a thread
                fadd.s ft3, ft0, ft1
                fsw ft3, 0(t5)
                fsub.s ft3, ft0, ft1
                fsw ft3, 4(t5)
                fmul.s ft3, ft0, ft1
                fsw ft3, 8(t5)
                fmadd.s ft3, ft0, ft1, ft2
                fsw ft3, 12(t5)
                ret
            """;

    @Test
    void dynamicRoundingIsEachLanesFrmOnBothEngines() throws Exception {
        int n = 6 * 32;
        SplittableRandom r = new SplittableRandom(7);
        float[] a = new float[n];
        float[] b = new float[n];
        float[] c = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = (float) (r.nextDouble(-4, 4));
            b[i] = (float) (r.nextDouble(-4, 4) * Math.pow(2, -r.nextInt(30)));
            c[i] = (float) (r.nextDouble(-4, 4));
        }
        for (String engine : new String[] {"interp", "jit"}) {
            try (Device d = Device.open(DeviceConfig.defaults().withEngine(engine).withThreads(1))) {
                Buffer ab = d.alloc(4L * n).write(a);
                Buffer bb = d.alloc(4L * n).write(b);
                Buffer cb = d.alloc(4L * n).write(c);
                Buffer out = d.alloc(16L * n);
                LaunchResult res = d.launch(Kernel.fromAssembly(KERNEL, "frm.S"), Dim3.of(6), Dim3.of(32), 0,
                        ab, bb, cb, out);
                assertThat(res.fault()).isNull();
                float[] got = out.readFloats();
                for (int i = 0; i < n; i++) {
                    int rm = i < 32 ? i % 5 : i / 32 - 1;
                    BigDecimal x = new BigDecimal(a[i]);
                    BigDecimal y = new BigDecimal(b[i]);
                    String at = engine + " thread " + i + " rm " + rm;
                    assertThat(got[4 * i]).as("fadd " + at).isEqualTo(rounded(x.add(y), rm));
                    assertThat(got[4 * i + 1]).as("fsub " + at).isEqualTo(rounded(x.subtract(y), rm));
                    assertThat(got[4 * i + 2]).as("fmul " + at).isEqualTo(rounded(x.multiply(y), rm));
                    assertThat(got[4 * i + 3]).as("fmadd " + at)
                            .isEqualTo(rounded(x.multiply(y).add(new BigDecimal(c[i])), rm));
                }
            }
        }
    }

    @Test
    void aReservedFrmInOneLaneFaultsAtThatLaneOnBothEngines() throws Exception {
        String src = """
                .globl k
                k:
                    csrr t0, 0xCD3
                    li t1, 3
                    bne t0, t1, 1f
                    li t2, 5
                    fsrm t2                 # lane 3: frm 5 (reserved)
                1:  fmv.w.x ft0, t0
                    fadd.s ft1, ft0, ft0
                    ret
                """;
        for (String engine : new String[] {"interp", "jit"}) {
            try (Device d = Device.open(DeviceConfig.defaults().withEngine(engine).withThreads(1))) {
                LaunchResult res = d.launch(Kernel.fromAssembly(src, "frm5.S"), Dim3.of(1), Dim3.of(32), 0);
                assertThat(res.fault()).as(engine).isNotNull();
                assertThat(res.fault().kind()).isEqualTo(FaultKind.ILLEGAL_INSTRUCTION);
                assertThat(res.fault().lanes()).as(engine).isEqualTo(1L << 3);
            }
        }
    }

    /** The exact value {@code v} rounded to binary32 in rounding mode {@code rm} (RNE, RTZ, RDN, RUP, RMM). */
    static float rounded(BigDecimal v, int rm) {
        float near = v.floatValue();    // correctly rounded to nearest, ties to even
        int cmp = new BigDecimal(near).compareTo(v);
        if (cmp == 0) {
            return near;
        }
        float other = cmp > 0 ? Math.nextDown(near) : Math.nextUp(near);   // the neighbour on v's other side
        float below = Math.min(near, other);
        float above = Math.max(near, other);
        return switch (rm) {
            case 0 -> near;
            case 1 -> v.signum() >= 0 ? below : above;
            case 2 -> below;
            case 3 -> above;
            case 4 -> {
                BigDecimal mid = new BigDecimal(below).add(new BigDecimal(above)).divide(BigDecimal.TWO);
                yield v.compareTo(mid) == 0 ? (v.signum() >= 0 ? above : below) : near;
            }
            default -> throw new IllegalArgumentException("rm " + rm);
        };
    }
}
