package org.rvsimt.core.exec.vector;

import org.rvsimt.core.exec.BlockContext;
import org.rvsimt.core.exec.simt.Warp;
import org.rvsimt.core.semantics.VectorOps;
import org.rvsimt.isa.OperandSource;
import org.rvsimt.isa.Operation;

/**
 * The compiled-block entry for the vector instructions bound at any SEW, masked or not: integer
 * arithmetic, multiply-add, compares, integer and f32 reductions (the host-SIMD loops of
 * {@link VectorIntSimd} behind {@link VectorDirectPath}), and unit-stride loads and stores whose EEW is
 * the SEW. A block binds one when it knows the vtype (as for the e32 entries of
 * {@link VectorFastPath}): the loop is chosen when the block is compiled, so a lane skips the unit's
 * choice of loop per instruction; each lane whose vtype (vill, SEW, LMUL) is not the bound one, or
 * whose vstart is not 0, runs in the unit instead, which also raises any fault.
 */
public final class VectorIntBinding {
    /** The vtype bits that decide a bound entry: vill, vsew and vlmul. */
    private static final int BOUND_BITS = VectorOps.VILL | 0x3F;
    private static final VectorDirectPath.Kind[] KINDS = VectorDirectPath.Kind.values();

    private VectorIntBinding() { }

    /**
     * The loop a block binds instruction {@code op} (encoded {@code word}) to under a known legal
     * {@code vtype}, as an ordinal for {@link #bound}; -1 for none (the unit's general entry).
     */
    public static int loop(Operation.Vector op, OperandSource source, int word, int vtype) {
        if (!HostSimd.AVAILABLE) {
            return -1;
        }
        VectorDirectPath.Kind kind = VectorDirectPath.kind(op, word);
        boolean plainMemory = kind == VectorDirectPath.Kind.UNIT_STRIDE
                && 8 * VectorDirectPath.unitStrideEew(op, word) == VectorOps.sew(vtype);
        return switch (kind) {
            case INTEGER, MUL_ADD, COMPARE, REDUCTION -> source == OperandSource.F ? -1 : kind.ordinal();
            case FLOAT_REDUCTION -> VectorOps.sew(vtype) == 32 ? kind.ordinal() : -1;
            case UNIT_STRIDE -> plainMemory ? kind.ordinal() : -1;
            default -> -1;
        };
    }

    /** Instruction {@code i} at {@code pc} for the lanes of {@code m}, bound to {@code vtype} and loop {@code kind}. */
    public static void bound(BlockContext c, Warp w, int i, int pc, long m, int vtype, int kind) {
        VectorState v = w.vector();
        Operation.Vector op = (Operation.Vector) c.program.op[i];
        OperandSource source = c.program.source[i];
        int word = c.program.words[i];
        VectorDirectPath.Kind k = KINDS[kind];
        int want = vtype & BOUND_BITS;
        for (long mm = m; mm != 0; mm &= mm - 1) {
            int lane = Long.numberOfTrailingZeros(mm);
            if ((v.vtype[lane] & BOUND_BITS) != want || v.vstart[lane] != 0
                    || !VectorDirectPath.lane(k, c, w, v, op, source, word, lane)) {
                VectorUnit.lane(c, w, i, pc, m, lane);
            }
        }
    }
}
