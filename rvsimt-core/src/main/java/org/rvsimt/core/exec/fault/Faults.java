package org.rvsimt.core.exec.fault;

import org.rvsimt.core.exec.BlockContext;
import org.rvsimt.core.exec.observe.FlightTail;
import org.rvsimt.core.exec.simt.Warp;
import org.rvsimt.core.fault.FaultKind;
import org.rvsimt.core.fault.KernelFault;
import org.rvsimt.core.memory.MemoryFault;

/**
 * Raises kernel faults for every engine and unit: builds the report (disassembly, block, lanes,
 * flight-recorder tail) and tells the launch's event listener. Engines throw what these return,
 * so a fault reads the same whichever engine or unit found it.
 */
public final class Faults {
    private Faults() { }

    public static KernelFault.Signal fault(BlockContext c, Warp w, FaultKind kind, int pc, long lanes, long address,
                                           String message) {
        c.events.fault(c.blockLinear, w.id, pc, kind.label(), lanes, address);
        return new KernelFault.Signal(new KernelFault(kind, pc, c.program.disassemble(pc), new int[] {c.bx, c.by, c.bz},
                w.id, lanes, address, message, FlightTail.of(c, w, pc)));
    }

    /**
     * The fault report of a memory access by {@code lane} (or the whole mask when unknown), naming
     * every lane whose access faults; the message and address are the first lane's.
     */
    public static KernelFault.Signal memoryFault(BlockContext c, Warp w, int pc, int lane, long m, MemoryFault mf) {
        FaultKind kind = mf.kind() == MemoryFault.Kind.MISALIGNED ? FaultKind.MISALIGNED : FaultKind.OUT_OF_BOUNDS;
        return fault(c, w, kind, pc, lane >= 0 ? FaultingLanes.of(c, w, pc, lane, m) : m,
                Integer.toUnsignedLong(mf.address()), mf.getMessage() + (lane >= 0 ? " (lane " + lane + ")" : ""));
    }

    /**
     * A jump whose target is not a multiple of 4 (of 2 on a device with the C extension): the
     * instruction-address-misaligned fault, at the jump, with the target as the address.
     */
    public static KernelFault.Signal misalignedJump(BlockContext c, Warp w, int jumpPc, long lanes, int target) {
        return fault(c, w, FaultKind.MISALIGNED, jumpPc, lanes, Integer.toUnsignedLong(target), String.format(
                "jump to 0x%08x: an instruction address must be a multiple of %d", target, c.program.alignMask + 1));
    }

    /** The fault report of dynamic rounding with an invalid frm. */
    public static KernelFault.Signal roundingFault(BlockContext c, Warp w, int pc, int lane, int rm) {
        return fault(c, w, FaultKind.ILLEGAL_INSTRUCTION, pc, 1L << lane, -1, "dynamic rounding with an invalid frm value " + rm);
    }
}
