package org.rvsimt.core.exec.interp;

import org.rvsimt.core.console.PrintfFormatter;
import org.rvsimt.core.console.UnreadablePrintfArgument;
import org.rvsimt.core.events.ExecutionListener;
import org.rvsimt.core.events.InstructionEvents;
import org.rvsimt.core.exec.BlockContext;
import org.rvsimt.core.exec.WarpEngine;
import org.rvsimt.core.exec.fault.Faults;
import org.rvsimt.core.exec.observe.FlightTail;
import org.rvsimt.core.exec.matrix.MatrixUnit;
import org.rvsimt.core.exec.observe.InstructionRuns;
import org.rvsimt.core.exec.observe.Observation;
import org.rvsimt.core.exec.program.Predecoder;
import org.rvsimt.core.exec.program.Program;
import org.rvsimt.core.exec.simt.Divergence;
import org.rvsimt.core.exec.simt.SimtControl;
import org.rvsimt.core.exec.simt.Warp;
import org.rvsimt.core.exec.vector.VectorUnit;
import org.rvsimt.core.fault.FaultKind;
import org.rvsimt.core.fault.KernelFault;
import org.rvsimt.core.memory.MemoryFault;
import org.rvsimt.core.memory.Windows;
import org.rvsimt.core.semantics.Control;
import org.rvsimt.core.semantics.Csr;
import org.rvsimt.core.semantics.HalfOps;
import org.rvsimt.core.semantics.LowPrecision;
import org.rvsimt.core.semantics.Sfu;
import org.rvsimt.core.semantics.Simt;
import org.rvsimt.isa.CompressedInstructions;
import org.rvsimt.isa.Form;
import org.rvsimt.isa.Operation;
import org.rvsimt.isa.Operation.Alu;
import org.rvsimt.isa.Operation.AluFunction;
import org.rvsimt.isa.Operation.Amo;
import org.rvsimt.isa.Operation.Branch;
import org.rvsimt.isa.Operation.CsrAccess;
import org.rvsimt.isa.Operation.FromLowPrecision;
import org.rvsimt.isa.Operation.Load;
import org.rvsimt.isa.Operation.Shuffle;
import org.rvsimt.isa.Operation.SpecialFunction;
import org.rvsimt.isa.Operation.Standalone;
import org.rvsimt.isa.Operation.Store;
import org.rvsimt.isa.Operation.ToLowPrecision;
import org.rvsimt.isa.Operation.Vote;
import org.rvsimt.isa.semantics.IntBinary;
import org.rvsimt.isa.semantics.IntOps;

/**
 * The reference interpreter: a plain switch over predecoded shapes, a loop over active lanes
 * for each case (the hot ones in {@link IntLanes}, {@link MemoryLanes} and {@link FloatLanes}, which
 * pick the operation once per warp-instruction), semantics from the pure methods of
 * {@code core.semantics}. It is the oracle every faster engine is compared with: its lane loops call
 * the same semantic methods, never a second copy of them.
 */
public final class Interpreter implements WarpEngine {
    /**
     * The lane of a faulting load or store is the one its slow path named in
     * {@code c.inFlight.faultLane} (the lane loops are in {@link MemoryLanes}).
     */
    private static final int LANE_IN_FLIGHT = -2;

    @Override
    public void run(BlockContext c, Warp w, int quantum) {
        final Program p = c.program;
        final int base = p.base;
        final int width = w.width;
        final int[] x = w.x;
        final int[] f = w.f;
        final long budget = c.spec.watchdog();
        int pc = w.pc;
        long m = w.mask;
        int rpcTop = Divergence.topRpc(w);
        int steps = 0;
        long lanesRun = 0;
        int lane = -1;
        final ExecutionListener ev = c.events;
        final InstructionRuns runs = c.runs.of(p);
        // Instruction events: every one, or each instruction's first (instructionSeen), or none.
        final boolean everyEvent = c.instructionEvents == InstructionEvents.EVERY;
        final boolean[] firstEvent = c.instructionSeen;
        final long full = width == 64 ? -1L : (1L << width) - 1;   // all lanes: the lane loops' counted form
        try {
            loop:
            while (steps < quantum) {
                if (pc == rpcTop) {
                    if (!SimtControl.reconverge(c, w, pc, m)) {
                        break loop;
                    }
                    pc = w.pc;
                    m = w.mask;
                    rpcTop = Divergence.topRpc(w);
                    continue;
                }
                int i = (pc - base) >>> 1;
                if (i >= p.length || (pc & p.alignMask) != 0) {
                    if ((pc & p.alignMask) != 0) {
                        // Only a jump or taken branch gets here, and it was the warp's last instruction.
                        throw Faults.misalignedJump(c, w, c.flight.lastPc(w.id, p, pc), m, pc);
                    }
                    throw Faults.fault(c, w, FaultKind.OUT_OF_BOUNDS, pc, m, pc & 0xFFFFFFFFL,
                            String.format("instruction fetch at 0x%08x is outside the kernel's code [0x%08x, 0x%08x)",
                                    pc, base, p.end()));
                }
                if (w.warpInstructions + steps >= budget) {
                    throw Faults.fault(c, w, FaultKind.WATCHDOG, pc, m, -1, "warp exceeded the watchdog budget of " + budget
                            + " instructions (endless loop? raise it with --watchdog)");
                }
                ev.issue(c.blockLinear, w.id, runs.single(i), m);
                if (everyEvent) {
                    Observation.instruction(c, w, i, m);
                } else if (firstEvent != null && !firstEvent[i]) {
                    firstEvent[i] = true;
                    Observation.instruction(c, w, i, m);
                }
                steps++;
                lanesRun += Long.bitCount(m);
                final int rdo = p.rd[i] * width;
                final int a = p.rs1[i] * width;
                final int b = p.rs2[i] * width;
                final int imm = p.imm[i];
                final int next = pc + p.size[i];   // 2 for a compressed instruction
                final Operation op = p.op[i];
                boolean leave = false;   // the warp left this path: no lanes, a barrier, or done
                pc = switch (p.form[i]) {
                    case ALU_RR -> {
                        if (op instanceof AluFunction declared) {
                            aluByMethod(declared.semantics(), x, rdo, a, b, true, imm, m);
                            yield next;
                        }
                        IntLanes.registers((Alu) op, x, rdo, a, b, m, full, width);
                        yield next;
                    }
                    case ALU_RI -> {
                        if (op instanceof AluFunction declared) {
                            aluByMethod(declared.semantics(), x, rdo, a, b, false, imm, m);
                            yield next;
                        }
                        IntLanes.immediate((Alu) op, x, rdo, a, imm, m, full, width);
                        yield next;
                    }
                    case LUI -> {
                        int v = IntOps.lui(imm);
                        for (long mm = m; mm != 0; mm &= mm - 1) {
                            x[rdo + Long.numberOfTrailingZeros(mm)] = v;
                        }
                        yield next;
                    }
                    case AUIPC -> {
                        int v = IntOps.auipc(pc, imm);
                        for (long mm = m; mm != 0; mm &= mm - 1) {
                            x[rdo + Long.numberOfTrailingZeros(mm)] = v;
                        }
                        yield next;
                    }
                    case BRANCH -> {
                        long taken = IntLanes.taken((Branch) op, x, a, b, m);
                        if (taken == m) {
                            yield pc + imm;
                        } else if (taken == 0) {
                            yield next;
                        } else {
                            SimtControl.branch(c, w, p, i, pc, m, taken, pc + imm);
                            m = w.mask;
                            rpcTop = Divergence.topRpc(w);
                            yield w.pc;
                        }
                    }
                    case JAL -> {
                        int link = next;
                        for (long mm = m; mm != 0; mm &= mm - 1) {
                            x[rdo + Long.numberOfTrailingZeros(mm)] = link;
                        }
                        if (p.rd[i] != Predecoder.SINK) {
                            w.callDepth++;
                        }
                        yield Control.jal(pc, imm);
                    }
                    case JALR -> {
                        w.pc = pc;
                        w.mask = m;
                        jalr(c, w, p, i);
                        m = w.mask;
                        rpcTop = Divergence.topRpc(w);
                        leave = m == 0;
                        yield w.pc;
                    }
                    case LOAD, FLW -> {
                        int[] dst = p.form[i] == Form.FLW ? f : x;
                        int wd = op instanceof Load load ? load.width() : ((Standalone) op).floatAccessBytes();
                        boolean uns = op instanceof Load load ? load.unsigned() : wd == 2;
                        int box = op == Standalone.FLH ? HalfOps.BOX : 0;   // flh NaN-boxes the half
                        lane = LANE_IN_FLIGHT;
                        MemoryLanes.load(c, w, dst, rdo, x, a, imm, wd, uns, box, m);
                        yield next;
                    }
                    case STORE, FSW -> {
                        int[] src = p.form[i] == Form.FSW ? f : x;
                        lane = LANE_IN_FLIGHT;
                        MemoryLanes.store(c, w, src, b, x, a, imm, width(op), m);
                        SimtControl.storeBarrier(c, w, pc, next, m);
                        yield next;
                    }
                    case CSR -> {
                        c.inFlight.uncounted = steps - 1;    // instret/cycle count the instructions before this one
                        csr(c, w, p, i, pc, m);
                        yield next;
                    }
                    case ECALL -> {
                        w.pc = next;
                        w.mask = m;
                        ecall(c, w, pc);
                        m = w.mask;
                        rpcTop = Divergence.topRpc(w);
                        leave = m == 0;
                        yield w.pc;
                    }
                    case EBREAK -> {
                        w.pc = pc;
                        w.mask = m;
                        boolean alive = Divergence.exitLanes(w, m);
                        m = w.mask;
                        rpcTop = Divergence.topRpc(w);
                        leave = !alive;
                        yield w.pc;
                    }
                    case FENCE -> {
                        // fence.i: stores into the code take effect; on a change the turn ends here,
                        // so that this engine (and the JIT's) continue on the new program.
                        leave = op == Operation.Standalone.FENCE_I && c.synchroniseCode();
                        yield next;
                    }
                    case FP_RR, FP_SQRT, FP_FMA, FP_SGNJ, FP_MINMAX, FP_CMP,
                         FP_CLASS, FCVT_W_S, FCVT_S_W, FMV_X_W, FMV_W_X -> {
                        FloatLanes.execute(c, w, p, i, pc, m);
                        yield next;
                    }
                    case LOWP_TO_F -> {
                        int fdo = p.rd[i] * width;
                        for (long mm = m; mm != 0; mm &= mm - 1) {
                            int l = Long.numberOfTrailingZeros(mm);
                            f[fdo + l] = LowPrecision.widen((FromLowPrecision) op, f[a + l]);
                        }
                        yield next;
                    }
                    case LOWP_FROM_F -> {
                        int fdo = p.rd[i] * width;
                        for (long mm = m; mm != 0; mm &= mm - 1) {
                            int l = Long.numberOfTrailingZeros(mm);
                            f[fdo + l] = LowPrecision.narrow((ToLowPrecision) op, f[a + l], f[fdo + l]);
                        }
                        yield next;
                    }
                    case SFU -> {
                        int fdo = p.rd[i] * width;
                        boolean fast = c.spec.fastSfu();
                        SpecialFunction sf = (SpecialFunction) op;
                        for (long mm = m; mm != 0; mm &= mm - 1) {
                            int l = Long.numberOfTrailingZeros(mm);
                            f[fdo + l] = Sfu.apply(sf, f[a + l], fast);
                        }
                        yield next;
                    }
                    case AMO -> {
                        for (long mm = m; mm != 0; mm &= mm - 1) {
                            lane = Long.numberOfTrailingZeros(mm);
                            byte[] target = c.memory.atomicTarget(x[a + lane]);
                            x[rdo + lane] = Windows.atomic(target, c.inFlight.atomicOffset, (Amo) op, x[b + lane]);
                        }
                        yield next;
                    }
                    case LR -> {
                        for (long mm = m; mm != 0; mm &= mm - 1) {
                            lane = Long.numberOfTrailingZeros(mm);
                            int addr = x[a + lane];
                            byte[] target = c.memory.atomicTarget(addr);
                            int v = Windows.loadVolatile(target, c.inFlight.atomicOffset);
                            w.reservation[lane] = addr;
                            w.reservedValue[lane] = v;
                            w.reserved |= 1L << lane;
                            x[rdo + lane] = v;
                        }
                        yield next;
                    }
                    case SC -> {
                        for (long mm = m; mm != 0; mm &= mm - 1) {
                            lane = Long.numberOfTrailingZeros(mm);
                            int addr = x[a + lane];
                            byte[] target = c.memory.atomicTarget(addr);
                            boolean ok = (w.reserved & (1L << lane)) != 0 && w.reservation[lane] == addr
                                    && Windows.compareAndSet(target, c.inFlight.atomicOffset, w.reservedValue[lane],
                                            x[b + lane]);
                            w.reserved &= ~(1L << lane);
                            x[rdo + lane] = ok ? 0 : 1;
                        }
                        yield next;
                    }
                    case VOTE -> {
                        long pred = 0;
                        for (long mm = m; mm != 0; mm &= mm - 1) {
                            int l = Long.numberOfTrailingZeros(mm);
                            pred |= (long) (x[a + l] & 1) << l;
                        }
                        int v = Simt.vote((Vote) op, m, pred);
                        for (long mm = m; mm != 0; mm &= mm - 1) {
                            x[rdo + Long.numberOfTrailingZeros(mm)] = v;
                        }
                        yield next;
                    }
                    case SHFL -> {
                        int[] tmp = w.scratch;
                        Shuffle kind = (Shuffle) op;
                        for (long mm = m; mm != 0; mm &= mm - 1) {
                            int l = Long.numberOfTrailingZeros(mm);
                            tmp[l] = x[a + Simt.shuffleSource(kind, l, x[b + l], width)];
                        }
                        for (long mm = m; mm != 0; mm &= mm - 1) {
                            int l = Long.numberOfTrailingZeros(mm);
                            x[rdo + l] = tmp[l];
                        }
                        yield next;
                    }
                    case TMC, WSPAWN, SPLIT, JOIN, BAR, PRED -> {
                        w.pc = pc;
                        w.mask = m;
                        SimtControl.execute(c, w, p, i);
                        m = w.mask;
                        rpcTop = Divergence.topRpc(w);
                        leave = m == 0;
                        yield w.pc;
                    }
                    case VECTOR -> {
                        VectorUnit.execute(c, w, p, i, pc, m);
                        yield next;
                    }
                    case MATRIX -> {
                        MatrixUnit.execute(c, w, p, i, pc, m);
                        yield next;
                    }
                    case ILLEGAL -> throw Faults.fault(c, w, FaultKind.ILLEGAL_INSTRUCTION, pc, m, -1, illegal(p, i));
                };
                if (leave || w.state != Warp.State.READY) {
                    break loop;
                }
            }
        } catch (MemoryFault mf) {
            throw Faults.memoryFault(c, w, pc, lane == LANE_IN_FLIGHT ? c.inFlight.faultLane : lane, m, mf);
        } catch (Divergence.StackOverflow so) {
            throw Faults.fault(c, w, FaultKind.STACK_OVERFLOW, pc, m, -1, so.getMessage());
        } finally {
            w.warpInstructions += steps;
            w.laneInstructions += lanesRun;
        }
        if (w.state == Warp.State.READY) {
            w.pc = pc;
            w.mask = m;
        }
    }

    // ------------------------------------------------------------------ control flow

    private static void jalr(BlockContext c, Warp w, Program p, int i) {
        int width = w.width;
        int[] x = w.x;
        int pc = w.pc;
        int a = p.rs1[i] * width;
        int imm = p.imm[i];
        boolean link = p.rd[i] != Predecoder.SINK;
        boolean isReturn = !link && p.rs1[i] == 1 && imm == 0;
        int[] t = w.scratch;
        long m = w.mask;
        long toZero = 0;
        for (long mm = m; mm != 0; mm &= mm - 1) {
            int l = Long.numberOfTrailingZeros(mm);
            t[l] = Control.jalr(x[a + l], imm);
            if (isReturn && t[l] == 0) {
                toZero |= 1L << l;    // returning from the kernel entry ends the thread
            }
        }
        long misaligned = 0;
        for (long mm = m; mm != 0; mm &= mm - 1) {
            int l = Long.numberOfTrailingZeros(mm);
            if ((t[l] & p.alignMask) != 0) {
                misaligned |= 1L << l;
            }
        }
        if (misaligned != 0) {
            throw Faults.misalignedJump(c, w, pc, misaligned, t[Long.numberOfTrailingZeros(misaligned)]);
        }
        if (link) {
            int rdo = p.rd[i] * width;
            for (long mm = m; mm != 0; mm &= mm - 1) {
                x[rdo + Long.numberOfTrailingZeros(mm)] = p.next(pc);
            }
        }
        if (toZero != 0) {
            if (!Divergence.exitLanes(w, toZero)) {
                return;
            }
            if (w.pc != pc) {
                return;                // other lanes were resumed elsewhere by the stack
            }
            m = w.mask;
        }
        int first = t[Long.numberOfTrailingZeros(m)];
        boolean uniform = true;
        for (long mm = m; mm != 0; mm &= mm - 1) {
            if (t[Long.numberOfTrailingZeros(mm)] != first) {
                uniform = false;
                break;
            }
        }
        if (uniform) {
            w.pc = first;
        } else {
            int[] targets = new int[Long.bitCount(m)];
            long[] groups = new long[targets.length];
            int n = 0;
            for (long mm = m; mm != 0; mm &= mm - 1) {
                int l = Long.numberOfTrailingZeros(mm);
                int k = 0;
                while (k < n && targets[k] != t[l]) {
                    k++;
                }
                if (k == n) {
                    targets[n++] = t[l];
                }
                groups[k] |= 1L << l;
            }
            if (link) {
                w.callDepth++;
            }
            SimtControl.diverged(c, w, i, pc, groups[0], m & ~groups[0]);
            Divergence.indirect(p.flow, w, pc, targets, groups, n, link);
            if (isReturn) {
                w.callDepth--;
            }
            return;
        }
        if (link) {
            w.callDepth++;
        } else if (isReturn) {
            w.callDepth--;
        }
    }

    /**
     * An ALU operation declared by its method alone ({@link AluFunction}): one call through its
     * reference per lane, on rs2 or on the immediate.
     */
    private static void aluByMethod(IntBinary method, int[] x, int rdo, int a, int b, boolean register, int imm,
                                    long m) {
        for (long mm = m; mm != 0; mm &= mm - 1) {
            int l = Long.numberOfTrailingZeros(mm);
            x[rdo + l] = method.apply(x[a + l], register ? x[b + l] : imm);
        }
    }

    /**
     * rvsimt's printf call (rvsimt.h's printf): a0 = the format string, a1 = its va_list; the host
     * formats (as CUDA's device printf does) and returns the byte count in a0.
     */
    static final int ECALL_PRINTF = 1000;

    private static void ecall(BlockContext c, Warp w, int pc) {
        int width = w.width;
        int[] x = w.x;
        long exits = 0;
        for (long mm = w.mask; mm != 0; mm &= mm - 1) {
            int l = Long.numberOfTrailingZeros(mm);
            int a7 = x[17 * width + l];
            int a0 = x[10 * width + l];
            switch (a7) {
                case 93 -> {
                    exits |= 1L << l;
                    if (a0 != 0) {
                        w.exitLanes |= 1L << l;
                    }
                    if (a0 != 0 && w.exitLane < 0) {
                        w.exitCode = a0;
                        w.exitLane = l;
                        w.exitPc = pc;
                        if (c.exitTailBlock < 0 || c.exitTailBlock == c.blockLinear) {
                            c.exitTailBlock = c.blockLinear;
                            w.exitRecent = FlightTail.of(c, w, pc);
                        }
                    }
                }
                case 64 -> {
                    int len = x[12 * width + l];
                    byte[] bytes = c.memory.readBytes(w, l, x[11 * width + l], len);
                    if (bytes == null) {
                        throw Faults.fault(c, w, FaultKind.OUT_OF_BOUNDS, pc, 1L << l, Integer.toUnsignedLong(x[11 * width + l]),
                                String.format("ecall write of %d bytes at 0x%08x is outside mapped memory", len,
                                        x[11 * width + l]));
                    }
                    c.console.write(w, l, bytes);
                    x[10 * width + l] = len;
                }
                case ECALL_PRINTF -> {
                    byte[] text;
                    try {
                        text = PrintfFormatter.format(addr -> c.memory.deviceByte(w, l, addr), a0, x[11 * width + l]);
                    } catch (UnreadablePrintfArgument e) {
                        throw Faults.fault(c, w, FaultKind.OUT_OF_BOUNDS, pc, 1L << l, Integer.toUnsignedLong(e.address()), e.getMessage());
                    }
                    c.console.write(w, l, text);
                    x[10 * width + l] = text.length;
                }
                default -> throw Faults.fault(c, w, FaultKind.ILLEGAL_INSTRUCTION, pc, 1L << l, -1,
                        "ecall with a7 = " + a7 + " is not supported (93 = exit, 64 = write, 1000 = printf)");
            }
        }
        if (exits != 0) {
            Divergence.exitLanes(w, exits);
        }
    }

    private static void csr(BlockContext c, Warp w, Program p, int i, int pc, long m) {
        int width = w.width;
        int[] x = w.x;
        int csr = p.imm[i];
        CsrAccess op = (CsrAccess) p.op[i];
        boolean immediate = op.immediate();
        int rs1Field = p.rs1[i];
        int rdo = p.rd[i] * width;
        boolean writes = Csr.writes(op, rs1Field);
        org.rvsimt.isa.Extension owner = org.rvsimt.isa.Csrs.extensionOf(csr);
        if (owner != null && !p.isa.has(owner)) {
            throw Faults.fault(c, w, FaultKind.ILLEGAL_INSTRUCTION, pc, m, -1, String.format(
                    "CSR 0x%03x belongs to %s, which this device's ISA %s lacks", csr, owner.isaName(), p.isa));
        }
        for (long mm = m; mm != 0; mm &= mm - 1) {
            int l = Long.numberOfTrailingZeros(mm);
            long old = c.csrs.read(w, l, csr);
            if (old == Long.MIN_VALUE) {
                throw Faults.fault(c, w, FaultKind.ILLEGAL_INSTRUCTION, pc, m, -1, String.format("CSR 0x%03x does not exist", csr));
            }
            int src = immediate ? rs1Field : x[rs1Field * width + l];
            if (writes && !c.csrs.write(w, l, csr, Csr.apply(op, (int) old, src))) {
                throw Faults.fault(c, w, FaultKind.ILLEGAL_INSTRUCTION, pc, m, -1, String.format("CSR 0x%03x is read-only", csr));
            }
            x[rdo + l] = (int) old;
        }
    }

    /** Bytes a store writes: sw/sh/sb's width, or fsw's 4 and fsh's 2. */
    private static int width(Operation op) {
        return op instanceof Store store ? store.width() : ((Standalone) op).floatAccessBytes();
    }

    /** Why the word at slot i is illegal: no declaration, or one of an extension the device lacks. */
    private static String illegal(Program p, int i) {
        if (CompressedInstructions.isCompressed(p.words[i])) {
            String text = String.format("illegal instruction 0x%04x", p.words[i]);
            org.rvsimt.isa.CompressedDef cd = CompressedInstructions.lookup(p.words[i]);
            if (cd == null) {
                return text + " (a reserved compressed encoding)";
            }
            return text + " (" + cd.mnemonic() + ": this device's ISA " + p.isa + " lacks "
                    + (p.isa.has(org.rvsimt.isa.Extension.C) ? cd.needs().isaName() : "c") + ")";
        }
        String text = String.format("illegal instruction 0x%08x", p.words[i]);
        if (p.defId[i] < 0 || p.isa.has(org.rvsimt.isa.InstructionSet.get(p.defId[i]).extension())) {
            return text;    // no declaration, or a reserved encoding of a declared one (a vector form)
        }
        org.rvsimt.isa.InstructionDef d = org.rvsimt.isa.InstructionSet.get(p.defId[i]);
        return text + " (" + d.mnemonic() + ": this device's ISA " + p.isa + " lacks " + d.extension().isaName() + ")";
    }
}
