package org.rvsimt.core.exec.jit;

import org.rvsimt.isa.Operation;
import org.rvsimt.isa.Operation.FpArith;
import org.rvsimt.isa.Operation.FpFused;

/**
 * Which float operations {@link SimdLanes#fp} computes. Apart from SimdLanes because asking must not
 * load the Vector API: the compiler picks a block's candidates for host-SIMD lane loops while
 * {@link SimdLanesLoader} still initialises SimdLanes.
 */
final class SimdCoverage {
    private SimdCoverage() { }

    /** f32 add, sub, mul and the fused multiply-adds (not divide, not f16). */
    static boolean computes(Operation op) {
        return switch (op) {
            case FpArith arith -> switch (arith) {
                case FADD, FSUB, FMUL -> true;
                case FDIV, FADD_H, FSUB_H, FMUL_H, FDIV_H -> false;
            };
            case FpFused fused -> switch (fused) {
                case FMADD, FMSUB, FNMSUB, FNMADD -> true;
                case FMADD_H, FMSUB_H, FNMSUB_H, FNMADD_H -> false;
            };
            default -> false;
        };
    }
}
