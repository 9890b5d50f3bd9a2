package org.rvsimt.core.exec.jit;

import org.rvsimt.core.exec.BlockContext;
import org.rvsimt.core.exec.program.Program;
import org.rvsimt.isa.Form;
import org.rvsimt.isa.Operation;

/**
 * Where a compiled block starts and ends: the instructions {@link BlockCompiler} would take from a
 * block start. Separate from the compiler, so that tiered execution, which interprets exactly a
 * block's instructions until the block is hot, never loads (or waits for another thread's
 * initialisation of) the code generator.
 */
final class BlockExtent {
    /**
     * Longest block, in instructions. Measured with `rvsimt bench` (jit, 1 thread): blocks of up to 40
     * ran sgemm_reg at 271 M lane-instr/s, 16 at 567 M, 12 at 588 M, 4 at 494 M; big generated methods
     * with many inlined FP calls are compiled worse by C2. -Drvsimt.jit.maxBlock=N overrides.
     */
    static final int MAX_LENGTH = Integer.getInteger("rvsimt.jit.maxBlock", 12);

    /** True for shapes compiled into a block body. */
    static boolean compilable(Program p, int i) {
        return switch (p.form[i]) {
            case ALU_RR, ALU_RI, LUI, AUIPC, LOAD, STORE, FLW, FSW, FP_SGNJ, FP_MINMAX, FP_CMP, FP_CLASS, FMV_X_W,
                 FMV_W_X, LOWP_TO_F, LOWP_FROM_F, SFU, VECTOR, MATRIX -> true;
            // fence.i may replace the code after it, so the interpreter runs it (BlockContext.synchroniseCode)
            case FENCE -> p.op[i] != Operation.Standalone.FENCE_I;
            case FP_RR, FP_SQRT, FP_FMA, FCVT_W_S, FCVT_S_W -> p.rm[i] <= 4 || p.rm[i] == 7;
            case ILLEGAL, BRANCH, JAL, JALR, CSR, ECALL, EBREAK, AMO, LR, SC, TMC, WSPAWN, SPLIT, JOIN, BAR, PRED, VOTE,
                 SHFL -> false;
        };
    }

    /** Vector and matrix stores end a block like scalar stores (one may be the barrier register's). */
    static boolean unitStore(Program p, int i) {
        return p.op[i] instanceof Operation.VectorMemory k && k.store()
                || p.op[i] instanceof Operation.MatrixMemory mk && mk.store();
    }

    /**
     * The instructions of the block starting at index {@code start}: as many as {@link BlockCompiler#compile}
     * takes (0 when it compiles none). Cheap: tiered execution interprets exactly this many.
     */
    static int extent(Program p, int start) {
        int n = 0;
        int end = JitBlock.FALL;
        int i = start;
        while (i < p.length && n < MAX_LENGTH) {
            if (n > 0 && p.flow.isLeader(i)) {
                break;
            }
            Form form = p.form[i];
            if (form == Form.BRANCH || form == Form.JAL) {
                n++;
                end = form == Form.BRANCH ? JitBlock.BRANCH : JitBlock.JAL;
                break;
            }
            if (!compilable(p, i)) {
                break;
            }
            n++;
            if (form == Form.STORE || form == Form.FSW || unitStore(p, i)) {
                break;
            }
            i += p.size[i] / 2;
        }
        return n == 0 || (n == 1 && end == JitBlock.FALL && p.form[start] == Form.FENCE) ? 0 : n;
    }

    /** The slots of the first {@code n} instructions from slot {@code start}, running straight on. */
    static int[] slots(Program p, int start, int n) {
        int[] at = new int[n];
        int i = start;
        for (int k = 0; k < n; k++) {
            at[k] = i;
            i += p.size[i] / 2;
        }
        return at;
    }

    private BlockExtent() { }
}
