package org.rvsimt.core.exec.observe;

import org.rvsimt.core.events.AccessKind;
import org.rvsimt.core.events.InstructionEvent;
import org.rvsimt.core.events.MemorySpace;
import org.rvsimt.core.exec.BlockContext;
import org.rvsimt.core.exec.LaneAccessSink;
import org.rvsimt.core.exec.matrix.MatrixUnit;
import org.rvsimt.core.exec.program.Predecoder;
import org.rvsimt.core.exec.program.Program;
import org.rvsimt.core.exec.simt.Warp;
import org.rvsimt.core.exec.vector.VectorUnit;
import org.rvsimt.core.memory.MemoryMap;
import org.rvsimt.isa.Form;
import org.rvsimt.isa.InstructionSet;
import org.rvsimt.isa.Kind;
import org.rvsimt.isa.Operation;

/**
 * The engines' side of execution events: both engines call these, so the interpreter and compiled
 * blocks (their observed variant) describe an instruction the same way. Called only for the
 * instruction events a listener of the host thread asks for.
 */
public final class Observation {
    private Observation() { }

    /**
     * Delivers the event of instruction {@code i} about to run on {@code mask}: addresses come from
     * the registers before it runs, which is what the instruction itself will use.
     */
    public static void instruction(BlockContext c, Warp w, int i, long mask) {
        Program p = c.program;
        InstructionEvent e = c.event;
        int id = p.defId[i];
        e.begin(c.blockLinear, w.id, p.pcOf(i), p.words[i], id < 0 ? null : InstructionSet.get(id), mask, w);
        Form form = p.form[i];
        int rd = p.rd[i];
        if (Predecoder.writesFloat(form)) {
            e.destination(rd, true);
        } else if (Predecoder.writesInteger(form) && rd != Predecoder.SINK) {
            e.destination(rd, false);
        }
        Operation op = p.op[i];
        switch (form) {
            case LOAD -> lanes(c, w, e, AccessKind.READ, p.rs1[i], p.imm[i], ((Operation.Load) op).width(), mask);
            case FLW -> lanes(c, w, e, AccessKind.READ, p.rs1[i], p.imm[i],
                    ((Operation.Standalone) op).floatAccessBytes(), mask);
            case STORE -> lanes(c, w, e, AccessKind.WRITE, p.rs1[i], p.imm[i], ((Operation.Store) op).width(), mask);
            case FSW -> lanes(c, w, e, AccessKind.WRITE, p.rs1[i], p.imm[i],
                    ((Operation.Standalone) op).floatAccessBytes(), mask);
            case AMO -> lanes(c, w, e, AccessKind.ATOMIC, p.rs1[i], 0, 4, mask);
            case LR -> lanes(c, w, e, AccessKind.LOAD_RESERVED, p.rs1[i], 0, 4, mask);
            case SC -> lanes(c, w, e, AccessKind.STORE_CONDITIONAL, p.rs1[i], 0, 4, mask);
            case VECTOR, MATRIX -> {
                Kind k = e.kind();
                boolean load = k == Kind.VECTOR_LOAD || k == Kind.MATRIX_LOAD;
                if (load || k == Kind.VECTOR_STORE || k == Kind.MATRIX_STORE) {
                    // one access per element of each lane, from the lane's configuration before it runs
                    e.accesses(load ? AccessKind.READ : AccessKind.WRITE, true);
                    LaneAccessSink sink = (lane, address, bytes) -> e.access(lane, address, bytes,
                            space(c, address, bytes));
                    if (form == Form.VECTOR) {
                        VectorUnit.accesses(c, w, i, mask, sink);
                    } else {
                        MatrixUnit.accesses(c, w, i, mask, sink);
                    }
                }
            }
            default -> { }
        }
        c.events.instruction(e);
    }

    private static void lanes(BlockContext c, Warp w, InstructionEvent e, AccessKind kind, int base, int offset,
                              int size, long mask) {
        e.accesses(kind, true);
        int row = base * w.width;
        for (long mm = mask; mm != 0; mm &= mm - 1) {
            int lane = Long.numberOfTrailingZeros(mm);
            int address = w.x[row + lane] + offset;
            e.access(lane, address, size, space(c, address, size));
        }
    }

    /** The memory space {@code size} bytes at {@code address} fall in (the block's memory map). */
    public static MemorySpace space(BlockContext c, int address, int size) {
        long a = Integer.toUnsignedLong(address);
        if (a + size <= c.vramSize) {
            return MemorySpace.GLOBAL;
        }
        // The launch's argument block has its own window; it counts as global memory, as in the
        // launch statistics (it used to live in VRAM). Past its last argument nothing is mapped.
        byte[] args = c.spec.argumentBlock();
        long args0 = Integer.toUnsignedLong(MemoryMap.ARGS_BASE);
        if (args != null && a >= args0 && a + size <= args0 + args.length) {
            return MemorySpace.GLOBAL;
        }
        long shared = Integer.toUnsignedLong(MemoryMap.SHARED_BASE);
        if (a >= shared && a + size <= shared + c.shared.length) {
            return MemorySpace.SHARED;
        }
        long stack = Integer.toUnsignedLong(MemoryMap.PRIVATE_BASE);
        if (a >= stack && a + size <= stack + c.spec.stackBytes()) {
            return MemorySpace.STACK;
        }
        if (a >= Integer.toUnsignedLong(MemoryMap.CTRL_BASE) && a + size <= Integer.toUnsignedLong(MemoryMap.CTRL_END)
                || a == Integer.toUnsignedLong(MemoryMap.BARRIER_REG) || a == Integer.toUnsignedLong(MemoryMap.CONSOLE_REG)
                || c.spec.seedAbi() && a >= 0x8000_0000L && a < 0xC000_0000L) {
            return MemorySpace.CTRL;
        }
        return MemorySpace.UNMAPPED;
    }

    /** After the stack was popped at {@code rpc}: if the warp stayed there, lanes met again. */
    public static void reconverged(BlockContext c, Warp w, int rpc, long before) {
        if (w.pc == rpc && w.mask != before) {
            c.events.reconvergence(c.blockLinear, w.id, rpc, w.mask);
        }
    }
}
