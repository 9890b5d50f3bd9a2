package org.rvsimt.timing.record;

import org.rvsimt.isa.Field;
import org.rvsimt.isa.InstructionDef;
import org.rvsimt.isa.Kind;
import org.rvsimt.timing.config.OpClass;

/** What the model needs to know of an instruction that does not depend on its lanes: its pipe and source registers. */
final class OpClassifier {
    private OpClassifier() { }

    static OpClass classOf(InstructionDef d) {
        if (d == null) {
            return OpClass.ALU;
        }
        Kind k = d.kind();
        String m = d.mnemonic();
        return switch (k) {
            case ALU, UPPER -> OpClass.ALU;
            case MULDIV -> m.startsWith("mul") ? OpClass.IMUL : OpClass.IDIV;
            case LOAD, STORE, FP_LOAD, FP_STORE, VECTOR_LOAD, VECTOR_STORE, MATRIX_LOAD, MATRIX_STORE -> OpClass.LSU;
            case ATOMIC -> OpClass.ATOMIC;
            case BRANCH, JUMP -> OpClass.BRANCH;
            case SYSTEM, CSR, FENCE, VECTOR_CONFIG, MATRIX_CONFIG -> OpClass.CSR;
            case FP_ARITH -> m.startsWith("fdiv") || m.startsWith("fsqrt") ? OpClass.FDIV : OpClass.FPU;
            case FP_FMA -> OpClass.FMA;
            case FP_CONVERT, FP_COMPARE, FP_MOVE -> OpClass.FPU;
            case SFU -> OpClass.SFU;
            case LOWP_CONVERT -> OpClass.LOWP;
            case SIMT_CONTROL, SIMT_WARP_OP -> OpClass.SIMT;
            case VECTOR_ALU, VECTOR_MULDIV, VECTOR_FP, VECTOR_FP_FMA, VECTOR_PERMUTE, VECTOR_MASK, VECTOR_REDUCTION ->
                    OpClass.VECTOR;
            case MATRIX_MMA, MATRIX_MISC -> OpClass.MATRIX;
        };
    }

    /** Floating-point operations per active lane (an FMA is two), for the roofline. */
    static int flopsPerLane(InstructionDef d) {
        if (d == null) {
            return 0;
        }
        return switch (d.kind()) {
            case FP_FMA -> 2;
            case FP_ARITH -> 1;
            default -> 0;
        };
    }

    /** The source registers, 8 bits each (x1..x31 as 1..31, f0..f31 as 32..63; x0 is no dependency). */
    static int sources(InstructionDef d, int word) {
        if (d == null) {
            return 0;
        }
        int packed = 0;
        int shift = 0;
        for (Field f : d.fields()) {
            int reg;
            switch (f) {
                case RS1, RS2 -> reg = f.extract(word);
                case FS1, FS2, FS3 -> reg = 32 + f.extract(word);
                default -> reg = 0;
            }
            if (reg != 0 && shift < 24) {
                packed |= reg << shift;
                shift += 8;
            }
        }
        return packed;
    }
}
