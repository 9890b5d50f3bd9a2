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
 * The interpreter's lane loops for the scalar floating-point forms. With a rounding mode fixed in
 * the instruction (what compilers emit), the f32 add, sub, mul, fused multiply-adds and compares
 * choose their semantic method once per warp-instruction and call it directly in the lane loop, so
 * HotSpot inlines its fast path; everything else (dynamic rounding, half precision, the rarer forms)
 * takes the per-lane dispatch of {@link #eachLane}, which also raises the reserved-rounding-mode
 * faults.
 */
final class FloatLanes {
    private FloatLanes() { }

    static void execute(BlockContext c, Warp w, Program p, int i, int pc, long m) {
        int rm = p.rm[i];
        if (rm <= 4) {
            int width = w.width;
            int[] f = w.f;
            int[] flags = w.fflags;
            int a = p.rs1[i] * width;
            int b = p.rs2[i] * width;
            int d = p.rd[i] * width;
            Operation op = p.op[i];
            if (op == FpFused.FMADD) {
                int s = p.rs3[i] * width;
                for (long mm = m; mm != 0; mm &= mm - 1) {
                    int l = Long.numberOfTrailingZeros(mm);
                    f[d + l] = FloatOps.fmaddS(f[a + l], f[b + l], f[s + l], rm, flags, l);
                }
                return;
            } else if (op == FpArith.FADD) {
                for (long mm = m; mm != 0; mm &= mm - 1) {
                    int l = Long.numberOfTrailingZeros(mm);
                    f[d + l] = FloatOps.faddS(f[a + l], f[b + l], rm, flags, l);
                }
                return;
            } else if (op == FpArith.FSUB) {
                for (long mm = m; mm != 0; mm &= mm - 1) {
                    int l = Long.numberOfTrailingZeros(mm);
                    f[d + l] = FloatOps.fsubS(f[a + l], f[b + l], rm, flags, l);
                }
                return;
            } else if (op == FpArith.FMUL) {
                for (long mm = m; mm != 0; mm &= mm - 1) {
                    int l = Long.numberOfTrailingZeros(mm);
                    f[d + l] = FloatOps.fmulS(f[a + l], f[b + l], rm, flags, l);
                }
                return;
            } else if (op == FpCompare.FLT) {
                int[] x = w.x;
                int xd = xDest(p, i) * width;
                for (long mm = m; mm != 0; mm &= mm - 1) {
                    int l = Long.numberOfTrailingZeros(mm);
                    x[xd + l] = FloatOps.fltS(f[a + l], f[b + l], flags, l);
                }
                return;
            }
        }
        eachLane(c, w, p, i, pc, m);
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
