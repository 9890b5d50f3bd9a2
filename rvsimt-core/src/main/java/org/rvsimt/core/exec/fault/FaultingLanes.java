package org.rvsimt.core.exec.fault;

import org.rvsimt.core.exec.BlockContext;
import org.rvsimt.core.exec.interp.LaneOps;
import org.rvsimt.core.exec.program.Program;
import org.rvsimt.core.exec.simt.Warp;
import org.rvsimt.core.memory.MemoryFault;
import org.rvsimt.isa.InstructionDef;
import org.rvsimt.isa.Kind;

/**
 * Every lane a faulting scalar load or store would fault on. The engines stop at the first lane
 * that faults (lanes run in order), so the lanes after it have not run the instruction yet and
 * their registers still hold its operands: each one's address is recomputed and tried, without
 * touching memory. A fault report then names them all, the first as the example.
 */
public final class FaultingLanes {
    private FaultingLanes() { }

    /** {@code lane} and the later lanes of {@code mask} whose access at {@code pc} also faults. */
    public static long of(BlockContext c, Warp w, int pc, int lane, long mask) {
        long lanes = 1L << lane;
        Program p = c.program;
        InstructionDef d = p.contains(pc) ? p.def(pc) : null;
        if (d == null) {
            return lanes;
        }
        Kind k = d.kind();
        boolean store = k == Kind.STORE || k == Kind.FP_STORE;
        if (!store && k != Kind.LOAD && k != Kind.FP_LOAD) {
            return lanes;     // vector, matrix and atomic accesses name the lane that faulted
        }
        // RV32 I-type (loads) and S-type (stores) encodings: rs1, the offset, and funct3's size bits.
        int word = p.word(pc);
        int rs1 = (word >>> 15) & 31;
        int imm = store ? (word >> 25) << 5 | (word >>> 7) & 31 : word >> 20;
        int width = 1 << ((word >>> 12) & 3);
        int faultLane = c.inFlight.faultLane;
        for (long mm = mask & -(lanes << 1); mm != 0; mm &= mm - 1) {
            int l = Long.numberOfTrailingZeros(mm);
            int addr = w.x[rs1 * w.width + l] + imm;
            if (store ? c.memory.storeFaults(w, l, addr, width) : loadFaults(c, w, l, addr, width)) {
                lanes |= 1L << l;
            }
        }
        c.inFlight.faultLane = faultLane;
        return lanes;
    }

    /** Loads have no side effects: trying one is the exact test. */
    private static boolean loadFaults(BlockContext c, Warp w, int lane, int addr, int width) {
        try {
            LaneOps.load(c, w, lane, addr, width, true);
            return false;
        } catch (MemoryFault f) {
            return true;
        }
    }
}
