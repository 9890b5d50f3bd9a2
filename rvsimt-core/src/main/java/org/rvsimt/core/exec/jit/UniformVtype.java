package org.rvsimt.core.exec.jit;

import org.rvsimt.core.exec.program.Program;
import org.rvsimt.core.exec.vector.VectorState;
import org.rvsimt.core.semantics.VectorOps;
import org.rvsimt.isa.Operation;

/**
 * The vtype a block may bind its vector instructions to before any vsetvli of its own: a strip-mined
 * loop sets its vtype once, before the loop, so the loop's blocks start without one. When every
 * vsetvli and vsetivli of the program sets the same SEW and LMUL (the tail and mask policies do not
 * change what this implementation does) and no vsetvl takes it from a register, a lane runs any
 * vector instruction under that SEW and LMUL or under vill (before its first vset*). This is only a
 * guess about speed: the bound entries test every lane's vtype against it and hand any other lane
 * to the unit, so a wrong guess (data in the code that decodes as a vset*, say) costs time,
 * never a result.
 */
final class UniformVtype {
    /** The vtype bits a bound entry checks: vsew and vlmul (vta and vma are policies this unit treats alike). */
    static final int SEW_LMUL = 0x3F;

    private UniformVtype() { }

    /** That vtype (an immediate of the program's vset{i}vli), or -1 when there is none or they differ. */
    static int of(Program p) {
        int found = -1;
        // Instruction by instruction from the start (as the code is laid out), not every halfword slot.
        for (int i = 0; i < p.length; i += Math.max(1, p.size[i] / 2)) {
            if (p.op[i] instanceof Operation.VectorConfig config) {
                int word = p.words[i];
                int vtype = switch (config) {
                    case VSETVLI -> word >>> 20 & 0x7FF;
                    case VSETIVLI -> word >>> 20 & 0x3FF;
                    case VSETVL -> -1;
                };
                if (vtype < 0 || !VectorOps.legal(vtype, VectorState.ELEN)
                        || found >= 0 && (found & SEW_LMUL) != (vtype & SEW_LMUL)) {
                    return -1;
                }
                found = vtype;
            }
        }
        return found;
    }
}
