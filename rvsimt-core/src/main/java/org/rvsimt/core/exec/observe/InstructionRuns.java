package org.rvsimt.core.exec.observe;

import org.rvsimt.core.events.InstructionRun;
import org.rvsimt.core.exec.program.Program;
import org.rvsimt.isa.InstructionDef;
import org.rvsimt.isa.InstructionSet;

/**
 * The {@link InstructionRun}s one host thread's engines report on the summary channel, made once per
 * program and start: the interpreter's single instructions and the compiled blocks, by the index of
 * their first instruction. Per host thread, so it needs no locking.
 */
public final class InstructionRuns {
    private Program program;
    private InstructionRun[] single;
    private InstructionRun[] block;

    /** Runs of {@code p} (a fence.i that rewrote the code makes a new program: its runs start afresh). */
    public InstructionRuns of(Program p) {
        if (p != program) {
            program = p;
            single = new InstructionRun[p.length];
            block = new InstructionRun[p.length];
        }
        return this;
    }

    /** The instruction at index {@code i} alone. */
    public InstructionRun single(int i) {
        InstructionRun r = single[i];
        if (r == null) {
            r = single[i] = make(i, 1);
        }
        return r;
    }

    /** The {@code length} instructions from index {@code i}: the compiled block starting there. */
    public InstructionRun block(int i, int length) {
        if (length == 1) {
            return single(i);
        }
        InstructionRun r = block[i];
        if (r == null || r.length() != length) {
            r = block[i] = make(i, length);
        }
        return r;
    }

    private InstructionRun make(int i, int length) {
        Program p = program;
        int[] pcs = new int[length];
        InstructionDef[] defs = new InstructionDef[length];
        int pc = p.pcOf(i);
        for (int k = 0; k < length; k++, pc = p.contains(pc) ? p.next(pc) : pc + 4) {
            pcs[k] = pc;
            int at = (pc - p.base) >>> 1;
            defs[k] = p.contains(pc) && p.defId[at] >= 0 ? InstructionSet.get(p.defId[at]) : null;
        }
        return new InstructionRun(pcs, defs);
    }
}
