package org.rvsimt.core.exec.interp;

import org.rvsimt.core.exec.BlockContext;
import org.rvsimt.core.exec.fault.Faults;
import org.rvsimt.core.exec.program.Predecoder;
import org.rvsimt.core.exec.program.Program;
import org.rvsimt.core.exec.simt.Warp;
import org.rvsimt.core.fault.FaultKind;
import org.rvsimt.core.semantics.FloatOps;
import org.rvsimt.core.semantics.HalfOps;
import org.rvsimt.isa.Form;
import org.rvsimt.isa.Operation;
import org.rvsimt.isa.Operation.FpArith;
import org.rvsimt.isa.Operation.FpCompare;
import org.rvsimt.isa.Operation.FpFused;
import org.rvsimt.isa.Operation.FpMinMax;
import org.rvsimt.isa.Operation.FpToInt;
import org.rvsimt.isa.Operation.IntToFp;
import org.rvsimt.isa.Operation.SignInject;
import org.rvsimt.isa.Operation.Standalone;

/**
 * The interpreter's lane loops for the scalar floating-point forms. With one valid rounding mode for
 * all active lanes (fixed in the instruction, or rm = dyn with every lane's frm the same: what
 * kernels run), the f32 add, sub, mul, fmadd and flt choose their semantic method once per
 * warp-instruction and call it directly in the lane loop, so HotSpot inlines its fast path;
 * everything else (lanes with different or reserved frm values, half precision, the rarer forms)
 * takes the per-lane dispatch of {@link #eachLane}, which also raises the rounding-mode faults.
 */
final class FloatLanes {
    /** The rm field's dynamic rounding: each lane's frm (compilers and assemblers emit it by default). */
    private static final int DYNAMIC = 7;

    private FloatLanes() { }

    static void execute(BlockContext c, Warp w, Program p, int i, int pc, long m) {
        int rm = p.rm[i];
        if (rm == DYNAMIC) {
            rm = commonFrm(w.frm, m);
        }
        if (rm >= 0 && rm <= 4) {
            int width = w.width;
            int[] f = w.f;
            int[] flags = w.fflags;
            int a = p.rs1[i] * width;
            int b = p.rs2[i] * width;
            int d = p.rd[i] * width;
            Operation op = p.op[i];
            // A counted loop from the lowest to the highest active lane (HotSpot unrolls it and
            // hoists the array bounds checks), skipping inactive lanes: a full warp skips none.
            int end = 64 - Long.numberOfLeadingZeros(m);
            if (op == FpFused.FMADD) {
                int s = p.rs3[i] * width;
                for (int l = Long.numberOfTrailingZeros(m); l < end; l++) {
                    if ((m & 1L << l) == 0) {
                        continue;
                    }
                    f[d + l] = FloatOps.fmaddS(f[a + l], f[b + l], f[s + l], rm, flags, l);
                }
                return;
            } else if (op == FpArith.FADD) {
                for (int l = Long.numberOfTrailingZeros(m); l < end; l++) {
                    if ((m & 1L << l) == 0) {
                        continue;
                    }
                    f[d + l] = FloatOps.faddS(f[a + l], f[b + l], rm, flags, l);
                }
                return;
            } else if (op == FpArith.FSUB) {
                for (int l = Long.numberOfTrailingZeros(m); l < end; l++) {
                    if ((m & 1L << l) == 0) {
                        continue;
                    }
                    f[d + l] = FloatOps.fsubS(f[a + l], f[b + l], rm, flags, l);
                }
                return;
            } else if (op == FpArith.FMUL) {
                for (int l = Long.numberOfTrailingZeros(m); l < end; l++) {
                    if ((m & 1L << l) == 0) {
                        continue;
                    }
                    f[d + l] = FloatOps.fmulS(f[a + l], f[b + l], rm, flags, l);
                }
                return;
            } else if (op == FpCompare.FLT) {
                int[] x = w.x;
                int xd = xDest(p, i) * width;
                for (int l = Long.numberOfTrailingZeros(m); l < end; l++) {
                    if ((m & 1L << l) == 0) {
                        continue;
                    }
                    x[xd + l] = FloatOps.fltS(f[a + l], f[b + l], flags, l);
                }
                return;
            }
        }
        eachLane(c, w, p, i, pc, m);
    }

    /** rm = dyn: the lanes' frm when every lane of {@code m} has the same one, else -1. */
    private static int commonFrm(int[] frm, long m) {
        if (m == 0) {
            return -1;
        }
        int first = frm[Long.numberOfTrailingZeros(m)];
        int differ = 0;
        int end = 64 - Long.numberOfLeadingZeros(m);
        for (int l = Long.numberOfTrailingZeros(m); l < end; l++) {
            // Branch-free over the active lanes (all of them in a full warp), so the loop unrolls.
            differ |= (frm[l] ^ first) & (int) -(m >>> l & 1);
        }
        return differ == 0 ? first : -1;
    }

    /** Any float form, dispatched per lane on its form and operation (the lane's frm for rm = dyn). */
    private static void eachLane(BlockContext c, Warp w, Program p, int i, int pc, long m) {
        int width = w.width;
        int[] x = w.x;
        int[] f = w.f;
        int[] flags = w.fflags;
        int a = p.rs1[i] * width;
        int b = p.rs2[i] * width;
        int d = p.rd[i] * width;
        int rmField = p.rm[i];
        Operation op = p.op[i];
        Form form = p.form[i];
        for (long mm = m; mm != 0; mm &= mm - 1) {
            int l = Long.numberOfTrailingZeros(mm);
            int rm = rmField == 7 ? w.frm[l] : rmField;
            if (rm > 4 && usesRounding(form)) {
                throw rmField == 7 ? Faults.roundingFault(c, w, pc, l, rm)
                        : Faults.fault(c, w, FaultKind.ILLEGAL_INSTRUCTION, pc, 1L << l, -1, "reserved rounding mode " + rm);
            }
            switch (form) {
                case FP_RR -> f[d + l] = FloatOps.arith((FpArith) op, f[a + l], f[b + l], rm, flags, l);
                case FP_FMA -> f[d + l] = FloatOps.fused((FpFused) op, f[a + l], f[b + l], f[p.rs3[i] * width + l], rm,
                        flags, l);
                case FP_SGNJ -> f[d + l] = FloatOps.signInject((SignInject) op, f[a + l], f[b + l]);
                case FP_MINMAX -> f[d + l] = FloatOps.minMax((FpMinMax) op, f[a + l], f[b + l], flags, l);
                case FP_CMP -> x[xDest(p, i) * width + l] = FloatOps.compare((FpCompare) op, f[a + l], f[b + l], flags, l);
                case FCVT_W_S -> x[xDest(p, i) * width + l] = FloatOps.toInt((FpToInt) op, f[a + l], rm, flags, l);
                case FCVT_S_W -> f[d + l] = FloatOps.fromInt((IntToFp) op, x[a + l], rm, flags, l);
                case FP_SQRT -> f[d + l] = op == Standalone.FSQRT ? FloatOps.fsqrtS(f[a + l], rm, flags, l)
                        : HalfOps.rounded((Standalone) op, f[a + l], rm, flags, l);
                case FP_CLASS -> x[xDest(p, i) * width + l] = op == Standalone.FCLASS ? FloatOps.fclassS(f[a + l])
                        : HalfOps.fclassH(f[a + l]);
                case FMV_X_W -> x[xDest(p, i) * width + l] = op == Standalone.FMV_X_W ? FloatOps.fmvXW(f[a + l])
                        : HalfOps.fmvXH(f[a + l]);
                case FMV_W_X -> f[d + l] = op == Standalone.FMV_W_X ? FloatOps.fmvWX(x[a + l]) : HalfOps.fmvHX(x[a + l]);
                default -> throw new IllegalStateException("not a float form: " + form);
            }
        }
    }

    private static boolean usesRounding(Form form) {
        return form == Form.FP_RR || form == Form.FP_SQRT || form == Form.FP_FMA || form == Form.FCVT_W_S
                || form == Form.FCVT_S_W;
    }

    /** Integer destination of an FP instruction (x0 writes go to the sink row). */
    private static int xDest(Program p, int i) {
        return p.rd[i] == 0 ? Predecoder.SINK : p.rd[i];
    }
}
