package org.rvsimt.core.exec.observe;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.rvsimt.core.exec.BlockContext;
import org.rvsimt.core.exec.program.Predecoder;
import org.rvsimt.core.exec.program.Program;
import org.rvsimt.core.exec.simt.Warp;
import org.rvsimt.core.fault.KernelFault;
import org.rvsimt.isa.Form;
import org.rvsimt.isa.Registers;

/**
 * Turns a warp's entries in the {@link FlightRecorder} into the instruction tail of a fault report: the last
 * {@link #DEPTH} instructions up to the faulting one, with pc, disassembly, mask and the register
 * each wrote.
 *
 * <p>The recorder keeps no values (that would cost a store per lane per instruction), so a write is
 * shown with the register's value at the fault when the instruction is the last writer of that
 * register in the tail, which is exact; earlier writes of the same register say "overwritten later".
 */
public final class FlightTail {
    static final int DEPTH = 64;

    private FlightTail() { }

    /** The tail of warp {@code w} of the block {@code c} runs, from the host thread's flight recorder. */
    public static List<KernelFault.Step> of(BlockContext c, Warp w, int faultPc) {
        Program p = c.program;
        FlightRecorder flight = c.flight;
        List<KernelFault.Step> out = new ArrayList<>();      // newest first, reversed at the end
        Set<String> later = new HashSet<>();
        int entries = flight.kept(w.id);
        for (int e = 0; e < entries && out.size() < DEPTH; e++) {
            int start = flight.startPc(w.id, e);
            int count = flight.count(w.id, e);
            long mask = flight.mask(w.id, e);
            int[] pcs = new int[count];     // instructions are 2 or 4 bytes long: walk the block
            for (int n = 0, at = start; n < count; n++, at = p.contains(at) ? p.next(at) : at + 4) {
                pcs[n] = at;
                if (e == 0 && at == faultPc) {
                    count = n + 1;              // a compiled block that faulted part-way
                    break;
                }
            }
            for (int n = count - 1; n >= 0 && out.size() < DEPTH; n--) {
                int pc = pcs[n];
                // The faulting instruction itself did not complete, so it wrote nothing.
                String wrote = out.isEmpty() && pc == faultPc ? "" : write(p, w, pc, mask, later);
                out.add(new KernelFault.Step(pc, p.disassemble(pc), mask, wrote));
            }
        }
        Collections.reverse(out);
        return out;
    }

    /** The register the instruction at {@code pc} writes, with its value if no later instruction overwrote it. */
    private static String write(Program p, Warp w, int pc, long mask, Set<String> later) {
        if (!p.contains(pc) || mask == 0) {
            return "";
        }
        int i = (pc - p.base) >>> 1;
        Form form = p.form[i];
        int rd = p.rd[i];
        String name;
        int value;
        int lane = Long.numberOfTrailingZeros(mask);
        if (Predecoder.writesFloat(form)) {
            name = Registers.fName(rd);
            value = w.f[rd * w.width + lane];
        } else if (Predecoder.writesInteger(form) && rd != Predecoder.SINK && rd != 0) {
            name = Registers.xName(rd);
            value = w.x[rd * w.width + lane];
        } else {
            return "";
        }
        if (!later.add(name)) {
            return name + " (overwritten later)";
        }
        return String.format("%s = 0x%08x (lane %d)", name, value, lane);
    }
}
