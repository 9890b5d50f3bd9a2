package org.rvsimt.core.exec.vector;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rvsimt.core.exec.program.Program;
import org.rvsimt.core.exec.simt.Warp;
import org.rvsimt.isa.asm.AsmOptions;
import org.rvsimt.isa.asm.Assembler;

/**
 * The unit's per-instruction dispatch ({@link VectorUnit#execute}: the direct loops and the host-SIMD
 * paths) against its general element-by-element path ({@link VectorUnit#reference}) on random
 * register files: every SEW and LMUL (and vill), random vl, sometimes vstart &gt; 0, masked and
 * unmasked, aligned and misaligned groups, overlapping vd/vs1/vs2, any frm (valid or not), and f32
 * inputs that include NaNs, infinities, zeros and subnormals. The two must leave the same registers,
 * CSRs and fflags, or both fail the same way.
 */
class VectorDirectPathTest {
    private static final int WIDTH = 4;
    private static final int[] SPECIAL = {0, 0x80000000, 0x00000001, 0x807FFFFF, 0x00800000, 0x7F7FFFFF, 0x7F800000,
        0xFF800000, 0x7FC00000, 0x7F800001, 0x3F800000, 0xBF800000};
    /** Templates: d, s2, s1 are vector registers, x a GPR, f an FP register, i a 5-bit immediate, m the mask. */
    private static final String[] FORMS = {
        "vadd.vv d, s2, s1m", "vadd.vx d, s2, xm", "vadd.vi d, s2, im", "vsub.vv d, s2, s1m", "vrsub.vx d, s2, xm",
        "vmul.vv d, s2, s1m", "vmulh.vx d, s2, xm", "vmulhsu.vv d, s2, s1m", "vdiv.vv d, s2, s1m", "vremu.vx d, s2, xm",
        "vsra.vi d, s2, im", "vsll.vv d, s2, s1m", "vsrl.vx d, s2, xm", "vminu.vv d, s2, s1m", "vmax.vx d, s2, xm",
        "vand.vi d, s2, im", "vxor.vv d, s2, s1m",
        "vmacc.vv d, s1, s2m", "vnmsac.vx d, x, s2m", "vmadd.vv d, s1, s2m", "vnmsub.vx d, x, s2m",
        "vredsum.vs d, s2, s1m", "vredmaxu.vs d, s2, s1m", "vredmin.vs d, s2, s1m", "vredxor.vs d, s2, s1m",
        "vfredusum.vs d, s2, s1m", "vfredosum.vs d, s2, s1m", "vfredmax.vs d, s2, s1m", "vfredmin.vs d, s2, s1m",
        "vfmv.f.s f, s2", "vmv.x.s x, s2", "vmv.s.x d, x", "vfmv.s.f d, f", "vmv.v.v d, s1", "vmv.v.x d, x",
        "vmv.v.i d, i", "vfmv.v.f d, f", "vslide1down.vx d, s2, xm", "vfslide1down.vf d, s2, fm",
        "vslide1up.vx d, s2, xm", "vfslide1up.vf d, s2, fm",
        "vfmacc.vf d, f, s2m", "vfnmsac.vv d, s1, s2m", "vfmadd.vf d, f, s2m", "vfadd.vv d, s2, s1m",
        "vfmul.vf d, s2, fm", "vfdiv.vv d, s2, s1m", "vfmin.vv d, s2, s1m", "vfsgnjn.vf d, s2, fm",
        "vsetvli x, x, e16, m2, ta, ma", "vsetivli x, 7, e32, mf2, tu, mu", "vsetvl x, x, x",
        // integer forms with host-SIMD chunks at SEW 8, 16 and 32 (masked or not), compares into masks
        "vor.vx d, s2, xm", "vmaxu.vv d, s2, s1m", "vmin.vx d, s2, xm",
        "vrsub.vi d, s2, im", "vsrl.vv d, s2, s1m", "vsra.vx d, s2, xm", "vmul.vx d, s2, xm", "vmaxu.vx d, s2, xm",
        "vmseq.vv d, s2, s1m", "vmsne.vx d, s2, xm", "vmsltu.vv d, s2, s1m", "vmslt.vx d, s2, xm",
        "vmsleu.vi d, s2, im", "vmsle.vv d, s2, s1m", "vmsgtu.vx d, s2, xm", "vmsgt.vi d, s2, im",
        "vredminu.vs d, s2, s1m", "vredmax.vs d, s2, s1m", "vredand.vs d, s2, s1m", "vredor.vs d, s2, s1m"};

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3})
    void dispatchEqualsTheGeneralPath(int part) throws Exception {
        SplittableRandom r = new SplittableRandom(0x5EC7 + part);
        for (int f = part; f < FORMS.length; f += 4) {
            int completed = 0;
            for (int trial = 0; trial < 60; trial++) {
                String src = instance(FORMS[f], r);
                byte[] image = Assembler.assemble("    " + src + "\n", "t.S", AsmOptions.defaults()).flatImage();
                Program p = Program.of(0, image, image.length);
                Warp fast = new Warp(0, WIDTH, (1L << WIDTH) - 1);
                Warp ref = new Warp(0, WIDTH, (1L << WIDTH) - 1);
                randomState(r, fast, ref, FORMS[f].startsWith("vf"));
                long m = r.nextInt(1, 1 << WIDTH);
                Throwable fastFault = run(() -> VectorUnit.execute(null, fast, p, 0, 0, m));
                Throwable refFault = run(() -> VectorUnit.reference(null, ref, p, 0, 0, m));
                String what = src + " trial " + trial;
                assertThat(fastFault == null ? null : fastFault.getClass()).as(what)
                        .isEqualTo(refFault == null ? null : refFault.getClass());
                VectorState a = fast.vector();
                VectorState b = ref.vector();
                assertThat(a.bytes).as(what).isEqualTo(b.bytes);
                assertThat(a.vl).as(what).isEqualTo(b.vl);
                assertThat(a.vtype).as(what).isEqualTo(b.vtype);
                assertThat(a.vstart).as(what).isEqualTo(b.vstart);
                assertThat(fast.x).as(what).isEqualTo(ref.x);
                assertThat(fast.f).as(what).isEqualTo(ref.f);
                assertThat(fast.fflags).as(what).isEqualTo(ref.fflags);
                completed += fastFault == null ? 1 : 0;
            }
            assertThat(completed).as("%s: trials that ran without a fault", FORMS[f]).isGreaterThan(15);
        }
    }

    private static Throwable run(Runnable r) {
        try {
            r.run();
            return null;
        } catch (RuntimeException | Error e) {     // a fault needs a block context (null here): both must get one
            return e;
        }
    }

    /** The template with random registers: often aligned for m8 groups, sometimes not, sometimes equal. */
    private static String instance(String form, SplittableRandom r) {
        int d = vreg(r);
        int s1 = r.nextInt(4) == 0 ? d : vreg(r);
        int s2 = r.nextInt(4) == 0 ? d : vreg(r);
        int space = form.indexOf(' ');
        String ops = " " + form.substring(space + 1) + " ";
        if (ops.endsWith("m ")) {
            ops = ops.substring(0, ops.length() - 2) + (r.nextBoolean() ? ", v0.t " : " ");
        }
        ops = ops.replace(" d,", " v" + d + ",").replace(" d ", " v" + d + " ").replace("s1", "v" + s1)
                .replace("s2", "v" + s2);
        ops = ops.replaceAll("\\bx\\b", "x" + r.nextInt(0, 32)).replaceAll("\\bf\\b", "f" + r.nextInt(32))
                .replaceAll(" i\\b", " " + r.nextInt(16));
        return form.substring(0, space) + ops.stripTrailing();
    }

    private static int vreg(SplittableRandom r) {
        return r.nextInt(3) == 0 ? r.nextInt(32) : 8 * r.nextInt(4);
    }

    private static void randomState(SplittableRandom r, Warp a, Warp b, boolean floating) {
        VectorState va = a.vector();
        VectorState vb = b.vector();
        for (int o = 0; o < va.bytes.length; o += 4) {
            int v = r.nextInt(4) == 0 ? SPECIAL[r.nextInt(SPECIAL.length)]
                    : r.nextBoolean() ? Float.floatToRawIntBits((float) r.nextDouble(-8, 8)) : r.nextInt();
            for (int k = 0; k < 4; k++) {
                va.bytes[o + k] = vb.bytes[o + k] = (byte) (v >>> 8 * k);
            }
        }
        int common = legalVtype(r, floating);      // most lanes share a vtype, as in real kernels
        for (int lane = 0; lane < WIDTH; lane++) {
            int vtype = r.nextInt(10) == 0 ? VectorState.VILL : r.nextInt(4) == 0 ? legalVtype(r, floating) : common;
            int vlmax = vtype == VectorState.VILL ? 0 : org.rvsimt.core.semantics.VectorOps.vlmax(vtype, va.vlen);
            va.vtype[lane] = vb.vtype[lane] = vtype;
            va.vl[lane] = vb.vl[lane] = vlmax == 0 ? 0 : r.nextInt(vlmax + 1);
            va.vstart[lane] = vb.vstart[lane] = r.nextInt(8) == 0 ? r.nextInt(4) : 0;
            a.frm[lane] = b.frm[lane] = r.nextInt(6) == 0 ? r.nextInt(8) : 0;
            a.fflags[lane] = b.fflags[lane] = r.nextInt(32);
        }
        for (int i = 0; i < a.x.length; i++) {
            a.x[i] = b.x[i] = r.nextInt(3) == 0 ? r.nextInt(-40, 40) : r.nextInt();
        }
        for (int i = 0; i < a.f.length; i++) {
            a.f[i] = b.f[i] = r.nextInt(4) == 0 ? SPECIAL[r.nextInt(SPECIAL.length)]
                    : Float.floatToRawIntBits((float) r.nextDouble(-8, 8));
        }
    }

    /**
     * SEW 8/16/32 with an LMUL legal for it under ELEN 32 (fractional LMUL needs SEW <= LMUL * 32);
     * mostly SEW 32 for FP forms, which need it.
     */
    private static int legalVtype(SplittableRandom r, boolean floating) {
        while (true) {
            int vsew = floating && r.nextInt(4) != 0 ? 2 : r.nextInt(3);
            int vlmul = r.nextInt(8);
            int vtype = (r.nextBoolean() ? 0xC0 : 0) | vsew << 3 | vlmul;
            if (vlmul != 4 && org.rvsimt.core.semantics.VectorOps.legal(vtype, VectorState.ELEN)) {
                return vtype;
            }
        }
    }
}
