package org.rvsimt.core.exec.vector;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rvsimt.core.exec.simt.Warp;
import org.rvsimt.core.semantics.Sfu;
import org.rvsimt.core.semantics.VectorOps;
import org.rvsimt.isa.InstructionDef;
import org.rvsimt.isa.InstructionSet;
import org.rvsimt.isa.Operation;

/**
 * The SIMD and block-copy fast paths against the element-by-element reference: the same f32
 * multiply-adds (all eight) and arithmetic, unmasked and under a random v0 mask (masked-off elements
 * undisturbed), with the lane's inexact flag set or clear and inputs that include
 * zeros, subnormals, infinities and NaNs (which must fall back), at every vl of an e32/m8 group.
 */
class VectorFastPathTest {
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final String[] MULADD = {"vfmacc", "vfnmacc", "vfmsac", "vfnmsac", "vfmadd", "vfnmadd", "vfmsub",
        "vfnmsub"};
    private static final int[] FUNCT6 = {0b101100, 0b101101, 0b101110, 0b101111, 0b101000, 0b101001, 0b101010,
        0b101011};
    private static final int[] SPECIAL = {0, 0x80000000, 0x00000001, 0x007FFFFF, 0x00800000, 0x7F7FFFFF, 0x7F800000,
        0xFF800000, 0x7FC00000, 0x3F800000, 0x7F800001};
    /** Few values, so that equal operands (and -0 against +0) meet often: the ties of vfmin/vfmax. */
    private static final int[] TIES = {0, 0x80000000, 0x3F800000, 0xBF800000};

    private static int randomFloat(SplittableRandom r, boolean special) {
        return randomFloat(r, special, false);
    }

    private static int randomFloat(SplittableRandom r, boolean special, boolean ties) {
        if (ties) {
            return TIES[r.nextInt(TIES.length)];
        }
        if (special && r.nextInt(8) == 0) {
            return SPECIAL[r.nextInt(SPECIAL.length)];
        }
        return Float.floatToRawIntBits((float) (r.nextDouble(-4, 4) * Math.pow(2, r.nextInt(-20, 20))));
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4, 5, 6, 7})
    void multiplyAddsMatchTheElementReference(int k) {
        SplittableRandom r = new SplittableRandom(100 + k);
        for (int trial = 0; trial < 200; trial++) {
            boolean vf = r.nextBoolean();
            Trial t = trial(r);
            int vd = 8;
            int vs1 = vf ? 5 : 24;
            int vs2 = 16;
            String mnemonic = MULADD[k] + (vf ? ".vf" : ".vv");
            boolean masked = trial % 3 == 2;            // v0.t: v0 holds random bits
            runFast(t, mnemonic, FUNCT6[k], vf, masked, vd, vs1, vs2);
            VectorState vr = t.ref.vector();
            for (int e = 0; e < t.vl; e++) {
                if (masked && !vr.maskBit(t.lane, 0, e)) {
                    continue;
                }
                int a = vf ? t.scalar : (int) INT.get(vr.bytes, vr.offset(t.lane, vs1, e, 4));
                int b = (int) INT.get(vr.bytes, vr.offset(t.lane, vs2, e, 4));
                int d = (int) INT.get(vr.bytes, vr.offset(t.lane, vd, e, 4));
                INT.set(vr.bytes, vr.offset(t.lane, vd, e, 4), VectorOps.fpMulAdd(Operation.VectorFpFused.values()[k], a, b,
                        d, 0, t.ref.fflags, t.lane));
            }
            assertSameState(t, mnemonic, trial);
        }
    }

    private static final String[] ARITH = {"vfadd", "vfsub", "vfrsub", "vfmul", "vfdiv", "vfrdiv", "vfmax", "vfmin",
        "vfsgnj", "vfsgnjn", "vfsgnjx"};
    private static final int[] ARITH_FUNCT6 = {0b000000, 0b000010, 0b100111, 0b100100, 0b100000, 0b100001, 0b000110,
        0b000100, 0b001000, 0b001001, 0b001010};

    /**
     * The f32 arithmetic on host SIMD against the element reference: the rounded operations, min and
     * max (whose NaN operands, signalling ones included, go to the scalar loop, and whose -0/+0 ties
     * the SIMD loop decides) and sign injection.
     */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
    void arithmeticMatchesTheElementReference(int k) {
        SplittableRandom r = new SplittableRandom(200 + k);
        for (int trial = 0; trial < 200; trial++) {
            boolean vf = k == 2 || k == 5 || r.nextBoolean();     // vfrsub and vfrdiv have only the .vf form
            Trial t = trial(r);
            int vd = r.nextBoolean() ? 8 : 16;              // sometimes in place: vd is vs2
            int vs1 = vf ? 5 : 24;
            int vs2 = 16;
            String mnemonic = ARITH[k] + (vf ? ".vf" : ".vv");
            boolean masked = trial % 3 == 2;            // v0.t: v0 holds random bits
            Operation.VectorFpArith op = (Operation.VectorFpArith) runFast(t, mnemonic, ARITH_FUNCT6[k], vf, masked, vd,
                    vs1, vs2);
            VectorState vr = t.ref.vector();
            for (int e = 0; e < t.vl; e++) {
                if (masked && !vr.maskBit(t.lane, 0, e)) {
                    continue;
                }
                int b = vf ? t.scalar : (int) INT.get(vr.bytes, vr.offset(t.lane, vs1, e, 4));
                int a = (int) INT.get(vr.bytes, vr.offset(t.lane, vs2, e, 4));
                INT.set(vr.bytes, vr.offset(t.lane, vd, e, 4), VectorOps.fpBinary(op, a, b, 0, t.ref.fflags, t.lane));
            }
            assertSameState(t, mnemonic, trial);
        }
    }

    /**
     * vfexp.v's host-SIMD e^x against the scalar fexp.s ((float) StrictMath.exp), bit for bit, in
     * place and not, at every vl of an m8 group: seeded values over the whole float range, the
     * ends of the normal range it takes, specials, and a dense run of small arguments (softmax's).
     */
    @Test
    void expMatchesTheScalarInstructionBitForBit() {
        SplittableRandom r = new SplittableRandom(300);
        byte[] regs = new byte[2 * 128];
        int handled = 0;
        int total = 0;
        for (int trial = 0; trial < 20_000; trial++) {
            int n = r.nextInt(0, 33);
            boolean inPlace = r.nextBoolean();
            int kind = r.nextInt(4);
            int[] x = new int[32];
            for (int e = 0; e < 32; e++) {
                float v = switch (kind) {
                    case 0 -> (float) r.nextDouble(-100, 100);
                    case 1 -> (float) r.nextDouble(-16, 0);
                    case 2 -> (r.nextBoolean() ? -87f : 88f) + (float) r.nextDouble(-1e-3, 1e-3);
                    default -> Float.intBitsToFloat(r.nextInt(8) == 0 ? SPECIAL[r.nextInt(SPECIAL.length)] : r.nextInt());
                };
                x[e] = Float.floatToRawIntBits(v);
                INT.set(regs, 4 * e, x[e]);
                INT.set(regs, 128 + 4 * e, 0x12345678);
            }
            int d = inPlace ? 0 : 128;
            int done = VectorFastPath.expExact(regs, n, 0, d);
            assertThat(done).isBetween(0, n);
            for (int e = 0; e < 32; e++) {
                int want = e < done ? Sfu.fexpS(x[e]) : inPlace ? x[e] : 0x12345678;
                assertThat((int) INT.get(regs, d + 4 * e)).as("trial %d element %d of x %08x", trial, e, x[e])
                        .isEqualTo(want);
            }
            handled += kind == 1 ? done : 0;
            total += kind == 1 ? n : 0;
        }
        // the plain arguments go through the host loop but for a tail shorter than a host vector
        assertThat(handled).isGreaterThan(total / 2);
    }

    /** Runs the OPFVV/OPFVF word of {@code mnemonic} through the fast path on the trial's fast warp; its operation. */
    private static Operation runFast(Trial t, String mnemonic, int funct6, boolean vf, boolean masked, int vd, int vs1,
                                     int vs2) {
        InstructionDef def = InstructionSet.byMnemonic(mnemonic);
        int word = funct6 << 26 | (masked ? 0 : 1 << 25) | vs2 << 20 | vs1 << 15 | (vf ? 0b101 : 0b001) << 12 | vd << 7 | 0x57;
        assertThat(org.rvsimt.isa.decode.Decoder.decode(word)).isEqualTo(def.id());
        assertThat(VectorFastPath.lane(null, t.fast, t.fast.vector(), (Operation.Vector) def.operation(), def.source(),
                word, t.lane)).isTrue();
        return def.operation();
    }

    private static void assertSameState(Trial t, String mnemonic, int trial) {
        assertThat(t.fast.vector().bytes).as("%s vl %d trial %d", mnemonic, t.vl, trial).isEqualTo(t.ref.vector().bytes);
        assertThat(t.fast.fflags[t.lane]).as("fflags of %s", mnemonic).isEqualTo(t.ref.fflags[t.lane]);
    }

    /** Two warps of 4 lanes with the same random state: one lane at e32, m8 with a random vl and fflags, f5 its scalar. */
    private record Trial(Warp fast, Warp ref, int lane, int vl, int scalar) { }

    private static Trial trial(SplittableRandom r) {
        int width = 4;
        Warp fast = new Warp(0, width, 0xF);
        Warp ref = new Warp(0, width, 0xF);
        VectorState vs = fast.vector();
        VectorState vr = ref.vector();
        int vl = r.nextInt(0, 33);
        int lane = r.nextInt(width);
        vs.vtype[lane] = vr.vtype[lane] = 0xD3;       // e32, m8, ta, ma: VLMAX 32 at VLEN 128
        vs.vl[lane] = vr.vl[lane] = vl;
        boolean special = r.nextInt(3) == 0;
        boolean ties = r.nextInt(5) == 0;
        for (int off = 0; off < vs.bytes.length; off += 4) {
            int x = randomFloat(r, special, ties);
            INT.set(vs.bytes, off, x);
            INT.set(vr.bytes, off, x);
        }
        int scalar = randomFloat(r, special, ties);
        fast.f[5 * width + lane] = ref.f[5 * width + lane] = scalar;
        int flags = r.nextBoolean() ? 1 : r.nextInt(32);
        fast.fflags[lane] = ref.fflags[lane] = flags;
        return new Trial(fast, ref, lane, vl, scalar);
    }
}
