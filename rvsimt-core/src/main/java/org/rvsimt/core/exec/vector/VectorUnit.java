package org.rvsimt.core.exec.vector;

import org.rvsimt.core.exec.BlockContext;
import org.rvsimt.core.exec.LaneAccessSink;
import org.rvsimt.core.exec.fault.Faults;
import org.rvsimt.core.exec.interp.LaneOps;
import org.rvsimt.core.exec.program.Program;
import org.rvsimt.core.exec.simt.Warp;
import org.rvsimt.core.fault.FaultKind;
import org.rvsimt.core.fault.KernelFault;
import org.rvsimt.core.memory.MemoryFault;
import org.rvsimt.core.semantics.FloatOps;
import org.rvsimt.core.semantics.Sfu;
import org.rvsimt.core.semantics.VectorOps;
import org.rvsimt.isa.InstructionSet;
import org.rvsimt.isa.OperandSource;
import org.rvsimt.isa.Operation;
import org.rvsimt.isa.Operation.Addressing;
import org.rvsimt.isa.Operation.VectorArith;
import org.rvsimt.isa.Operation.VectorCompare;
import org.rvsimt.isa.Operation.VectorConfig;
import org.rvsimt.isa.Operation.VectorFpArith;
import org.rvsimt.isa.Operation.VectorFpCompare;
import org.rvsimt.isa.Operation.VectorFpFused;
import org.rvsimt.isa.Operation.VectorFpReduction;
import org.rvsimt.isa.Operation.VectorFpUnary;
import org.rvsimt.isa.Operation.VectorMask;
import org.rvsimt.isa.Operation.VectorMaskLogic;
import org.rvsimt.isa.Operation.VectorMemory;
import org.rvsimt.isa.Operation.VectorMulAdd;
import org.rvsimt.isa.Operation.VectorPermute;
import org.rvsimt.isa.Operation.VectorReduction;
import org.rvsimt.isa.Operation.VectorSpecialFunction;

/**
 * Executes one RVV 1.0 instruction for every active SIMT lane; each lane has its own vector
 * registers, vl and vtype ({@link VectorState}). What to do is the declaration's {@link Operation.Vector}
 * (one switch arm per family, no default, so a new family is named by the compiler), its scalar or
 * immediate operand the declaration's {@link OperandSource}; element semantics come from {@link VectorOps}.
 *
 * <p>Policies this implementation chose, all legal under RVV 1.0 (and all what QEMU 7.2 does with
 * its default options, so the differential tests compare bit for bit):
 * <ul>
 * <li>tail and masked-off elements are always left undisturbed, also under vta/vma = agnostic
 *     (spec 3.4.3 allows "undisturbed" for agnostic);
 * <li>vl = min(AVL, VLMAX) ({@link VectorOps#vl});
 * <li>vfredusum adds in element order, exactly like vfredosum (spec 14.3 allows any order);
 * <li>a register group that is not aligned to its LMUL/EMUL, SEW other than 32 for FP ops, an
 *     invalid dynamic frm, or any instruction but vset* and vmv&lt;nr&gt;r.v/whole-register
 *     loads and stores under vill is an illegal instruction fault (spec 3.4.2, 13);
 * <li>a memory fault stops the launch and names the element index; vstart stays 0, as after
 *     every instruction (this engine does not resume trapped instructions).
 * </ul>
 */
public final class VectorUnit {
    private VectorUnit() { }

    /** The entry compiled blocks call: instruction {@code i} of the launch's program at {@code pc}. */
    public static void compiled(BlockContext c, Warp w, int i, int pc, long m) {
        execute(c, w, c.program, i, pc, m);
    }

    /** The reference path for one lane of instruction {@code i} (a bound fast path's fallback). */
    static void lane(BlockContext c, Warp w, int i, int pc, long m, int lane) {
        new Lane(c, w, w.vector(), c.program, i, pc, m).at(lane).run();
    }

    /** Every lane through the general path, none through the fast ones: the reference the fast paths are tested against. */
    static void reference(BlockContext c, Warp w, Program p, int i, int pc, long m) {
        Lane generic = new Lane(c, w, w.vector(), p, i, pc, m);
        for (long mm = m; mm != 0; mm &= mm - 1) {
            generic.at(Long.numberOfTrailingZeros(mm)).run();
        }
    }

    public static void execute(BlockContext c, Warp w, Program p, int i, int pc, long m) {
        VectorState v = w.vector();
        Operation.Vector op = (Operation.Vector) p.op[i];
        OperandSource source = p.source[i];
        int word = p.words[i];
        VectorDirectPath.Kind kind = VectorDirectPath.kind(op, word);
        Lane generic = null;         // one per instruction, not per lane: the lanes reuse it in turn
        for (long mm = m; mm != 0; mm &= mm - 1) {
            int lane = Long.numberOfTrailingZeros(mm);
            if (!VectorDirectPath.lane(kind, c, w, v, op, source, word, lane)) {
                if (generic == null) {
                    generic = new Lane(c, w, v, p, i, pc, m);
                }
                generic.at(lane).run();
            }
        }
    }

    /** vsetvli / vsetivli / vsetvl (spec 6) for one lane; legal under any vtype, so it never faults. */
    static void configure(Warp w, VectorState v, VectorConfig k, int word, int lane) {
        int rd = word >>> 7 & 31;
        int rs1 = word >>> 15 & 31;
        int rs2 = word >>> 20 & 31;
        int newType = switch (k) {
            case VSETVLI -> word >>> 20 & 0x7FF;
            case VSETIVLI -> word >>> 20 & 0x3FF;
            case VSETVL -> rs2 == 0 ? 0 : w.x[rs2 * w.width + lane];
        };
        long avl;
        if (k == VectorConfig.VSETIVLI) {
            avl = rs1;
        } else if (rs1 != 0) {
            avl = Integer.toUnsignedLong(w.x[rs1 * w.width + lane]);
        } else {
            avl = rd != 0 ? Long.MAX_VALUE : v.vl[lane];   // x0, x0 keeps vl (spec 6.2)
        }
        if (VectorOps.legal(newType, VectorState.ELEN)) {
            v.vtype[lane] = newType;
            v.vl[lane] = VectorOps.vl(avl, VectorOps.vlmax(newType, v.vlen));
        } else {
            v.vtype[lane] = VectorOps.VILL;
            v.vl[lane] = 0;
        }
        v.vstart[lane] = 0;
        if (rd != 0) {
            w.x[rd * w.width + lane] = v.vl[lane];
        }
    }

    /** One lane's execution of one instruction: decoded fields and the lane's configuration. */
    private static final class Lane {
        final BlockContext c;
        final Warp w;
        final VectorState v;
        final Operation.Vector op;
        final OperandSource source;
        final int defId;
        final int pc;
        final long m;
        final int vd;
        final int rs1;
        final int vs2;
        final boolean masked;
        // the lane's own configuration, set by at(lane)
        int lane;
        int vtype;
        int sew;
        int sb;
        int vl;
        int vlmax;

        Lane(BlockContext c, Warp w, VectorState v, Program p, int i, int pc, long m) {
            this.c = c;
            this.w = w;
            this.v = v;
            this.op = (Operation.Vector) p.op[i];
            this.source = p.source[i];
            this.defId = p.defId[i];
            int word = p.words[i];
            this.pc = pc;
            this.m = m;
            vd = word >>> 7 & 31;
            rs1 = word >>> 15 & 31;
            vs2 = word >>> 20 & 31;
            masked = (word >>> 25 & 1) == 0;
            this.word = word;
        }

        /** Points this instruction at {@code lane}: its vtype, SEW, vl and VLMAX. */
        Lane at(int lane) {
            this.lane = lane;
            vtype = v.vtype[lane];
            sew = VectorOps.sew(vtype);
            sb = sew / 8;
            vl = v.vl[lane];
            vlmax = (vtype & VectorOps.VILL) != 0 ? 0 : VectorOps.vlmax(vtype, v.vlen);
            return this;
        }

        final int word;

        int x(int reg) {
            return reg == 0 ? 0 : w.x[reg * w.width + lane];
        }

        void setX(int reg, int value) {
            if (reg != 0) {
                w.x[reg * w.width + lane] = value;
            }
        }

        int f(int reg) {
            return w.f[reg * w.width + lane];
        }

        boolean active(int e) {
            return !masked || v.maskBit(lane, 0, e);
        }

        int get(int reg, int e) {
            return v.get(lane, reg, e, sb);
        }

        void set(int reg, int e, int value) {
            v.set(lane, reg, e, sb, value);
        }

        KernelFault.Signal illegal(String why) {
            return Faults.fault(c, w, FaultKind.ILLEGAL_INSTRUCTION, pc, 1L << lane, -1,
                    String.format("%s: %s (lane %d)", mnemonic(), why, lane));
        }

        String mnemonic() {
            return InstructionSet.get(defId).mnemonic();
        }

        void run() {
            boolean wholeRegister = op == VectorPermute.MOVE_WHOLE
                    || op instanceof VectorMemory mem && mem.addressing() == Addressing.WHOLE_REGISTER;
            if (!(op instanceof VectorConfig) && !wholeRegister && (vtype & VectorOps.VILL) != 0) {
                throw illegal("vtype is illegal (vill); run vsetvli first");
            }
            switch (op) {
                case VectorConfig k -> configure(w, v, k, word, lane);
                case VectorMemory k -> memory(k);
                case VectorArith k -> {
                    groups(vd, vs2, source == OperandSource.VECTOR ? rs1 : -1);
                    for (int e = v.vstart[lane]; e < vl; e++) {
                        if (active(e)) {
                            set(vd, e, VectorOps.intBinary(k, sew, get(vs2, e), operandB(e)));
                        }
                    }
                }
                case VectorMulAdd k -> {
                    groups(vd, vs2, source == OperandSource.VECTOR ? rs1 : -1);
                    for (int e = v.vstart[lane]; e < vl; e++) {
                        if (active(e)) {
                            set(vd, e, VectorOps.intMulAdd(k, sew, operandB(e), get(vs2, e), get(vd, e)));
                        }
                    }
                }
                case VectorCompare k -> {
                    groups(-1, vs2, source == OperandSource.VECTOR ? rs1 : -1);
                    for (int e = v.vstart[lane]; e < vl; e++) {
                        if (active(e)) {
                            v.setMaskBit(lane, vd, e, VectorOps.intCompare(k, sew, get(vs2, e), operandB(e)));
                        }
                    }
                }
                case VectorReduction k -> {
                    groups(-1, vs2, -1);
                    int acc = get(rs1, 0);
                    for (int e = v.vstart[lane]; e < vl; e++) {
                        if (active(e)) {
                            acc = VectorOps.intBinary(k.combine(), sew, acc, get(vs2, e));
                        }
                    }
                    if (vl > 0) {
                        set(vd, 0, acc);
                    }
                }
                case VectorPermute k -> permute(k);
                case VectorMask k -> mask(k);
                case VectorMaskLogic k -> {
                    for (int e = v.vstart[lane]; e < vl; e++) {
                        v.setMaskBit(lane, vd, e, VectorOps.maskLogical(k, v.maskBit(lane, vs2, e),
                                v.maskBit(lane, rs1, e)));
                    }
                }
                case VectorFpArith k -> {
                    int rm = floatSetup(k.rounds(), vd, source == OperandSource.VECTOR ? rs1 : -1);
                    for (int e = v.vstart[lane]; e < vl; e++) {
                        if (active(e)) {
                            set(vd, e, VectorOps.fpBinary(k, get(vs2, e), operandB(e), rm, w.fflags, lane));
                        }
                    }
                }
                case VectorFpFused k -> {
                    int rm = floatSetup(true, vd, source == OperandSource.VECTOR ? rs1 : -1);
                    for (int e = v.vstart[lane]; e < vl; e++) {
                        if (active(e)) {
                            set(vd, e, VectorOps.fpMulAdd(k, operandB(e), get(vs2, e), get(vd, e), rm, w.fflags, lane));
                        }
                    }
                }
                case VectorFpCompare k -> {
                    floatSetup(false, -1, source == OperandSource.VECTOR ? rs1 : -1);
                    for (int e = v.vstart[lane]; e < vl; e++) {
                        if (active(e)) {
                            v.setMaskBit(lane, vd, e, VectorOps.fpCompare(k, get(vs2, e), operandB(e), w.fflags, lane));
                        }
                    }
                }
                case VectorFpUnary k -> {
                    int rm = floatSetup(k.rounds(), vd, -1);
                    for (int e = v.vstart[lane]; e < vl; e++) {
                        if (active(e)) {
                            set(vd, e, VectorOps.fpUnary(k, get(vs2, e), rm, w.fflags, lane));
                        }
                    }
                }
                case VectorFpReduction k -> floatReduction(k);
                case VectorSpecialFunction k -> {
                    floatSetup(false, vd, -1);
                    boolean fast = c.spec.fastSfu();
                    for (int e = v.vstart[lane]; e < vl; e++) {
                        if (active(e)) {
                            set(vd, e, Sfu.apply(k.scalar(), get(vs2, e), fast));
                        }
                    }
                }
            }
            v.vstart[lane] = 0;
        }

        private void permute(VectorPermute k) {
            switch (k) {
                case MERGE -> merge();
                case SLIDE_UP, SLIDE_DOWN, SLIDE1_UP, SLIDE1_DOWN -> slide(k);
                case GATHER -> gather();
                case MOVE_X_S -> setX(vd, get(vs2, 0));
                case MOVE_S_X -> {
                    int s = source == OperandSource.F ? fpScalar() : VectorOps.narrow(x(rs1), sew);
                    if (v.vstart[lane] < vl) {
                        set(vd, 0, s);
                    }
                }
                case MOVE_F_S -> {
                    requireSew32();
                    w.f[vd * w.width + lane] = get(vs2, 0);
                }
                case MOVE_WHOLE -> wholeMove();
            }
        }

        private void mask(VectorMask k) {
            switch (k) {
                case POPCOUNT, FIRST -> {
                    int count = 0;
                    int first = -1;
                    for (int e = v.vstart[lane]; e < vl; e++) {
                        if (active(e) && v.maskBit(lane, vs2, e)) {
                            count++;
                            first = first < 0 ? e : first;
                        }
                    }
                    setX(vd, k == VectorMask.POPCOUNT ? count : first);
                }
                case SET_BEFORE_FIRST, SET_INCLUDING_FIRST, SET_ONLY_FIRST -> setBeforeFirst(k);
                case IOTA, INDEX -> {
                    groups(vd, -1, -1);
                    int count = 0;
                    for (int e = v.vstart[lane]; e < vl; e++) {
                        if (active(e)) {
                            set(vd, e, k == VectorMask.INDEX ? e : count);
                            count += k == VectorMask.IOTA && v.maskBit(lane, vs2, e) ? 1 : 0;
                        }
                    }
                }
            }
        }


        /** The second operand of element e: vs1[e], x[rs1], simm5 or uimm5, at SEW. */
        private int operandB(int e) {
            return switch (source) {
                case VECTOR -> get(rs1, e);
                case X -> VectorOps.narrow(x(rs1), sew);
                case SIGNED_IMMEDIATE -> VectorOps.narrow(rs1 << 27 >> 27, sew);
                case UNSIGNED_IMMEDIATE -> rs1;
                case F -> fpScalar();
                case NONE -> throw new IllegalStateException(mnemonic() + " has no second operand");
            };
        }

        private int fpScalar() {
            requireSew32();
            return f(rs1);
        }

        private void requireSew32() {
            if (sew != 32) {
                throw illegal("floating-point vector ops need SEW = 32 (Zve32f), vtype has SEW = " + sew);
            }
        }

        /** LMUL as a register count (1 for fractional LMUL). */
        private int lmulRegs() {
            int l = VectorOps.lmulLog2(vtype);
            return l > 0 ? 1 << l : 1;
        }

        /** Vector register groups (-1 = not a group) must be aligned to LMUL (spec 3.4.2). */
        private void groups(int a, int b, int cReg) {
            int n = lmulRegs();
            misaligned(a, n);
            misaligned(b, n);
            misaligned(cReg, n);
        }

        private void misaligned(int r, int n) {
            if (r >= 0 && (r & (n - 1)) != 0) {
                throw illegal("register v" + r + " is not a multiple of LMUL = " + n);
            }
        }

        private void merge() {
            groups(vd, masked ? vs2 : -1, source == OperandSource.VECTOR ? rs1 : -1);
            for (int e = v.vstart[lane]; e < vl; e++) {
                // vmerge: v0 selects the second operand; vmv.v (unmasked): always the second operand
                set(vd, e, !masked || v.maskBit(lane, 0, e) ? operandB(e) : get(vs2, e));
            }
        }

        private void slide(VectorPermute k) {
            groups(vd, vs2, -1);
            long offset = source == OperandSource.UNSIGNED_IMMEDIATE ? rs1 : Integer.toUnsignedLong(x(rs1));
            int start = v.vstart[lane];
            switch (k) {
                case SLIDE_UP -> {
                    for (int e = vl - 1; e >= Math.max(start, offset); e--) {
                        if (active(e)) {
                            set(vd, e, get(vs2, (int) (e - offset)));
                        }
                    }
                }
                case SLIDE_DOWN -> {
                    for (int e = start; e < vl; e++) {
                        if (active(e)) {
                            long src = e + offset;
                            set(vd, e, src < vlmax ? get(vs2, (int) src) : 0);
                        }
                    }
                }
                case SLIDE1_UP -> {
                    int s = source == OperandSource.F ? fpScalar() : VectorOps.narrow(x(rs1), sew);
                    for (int e = vl - 1; e >= start; e--) {
                        if (active(e)) {
                            set(vd, e, e == 0 ? s : get(vs2, e - 1));
                        }
                    }
                }
                default -> {        // SLIDE1_DOWN
                    int s = source == OperandSource.F ? fpScalar() : VectorOps.narrow(x(rs1), sew);
                    for (int e = start; e < vl; e++) {
                        if (active(e)) {
                            set(vd, e, e == vl - 1 ? s : get(vs2, e + 1));
                        }
                    }
                }
            }
        }

        private void gather() {
            groups(vd, vs2, source == OperandSource.VECTOR ? rs1 : -1);
            for (int e = v.vstart[lane]; e < vl; e++) {
                if (active(e)) {
                    long index = switch (source) {
                        case VECTOR -> VectorOps.unsigned(get(rs1, e), sew);
                        case X -> Integer.toUnsignedLong(x(rs1));
                        default -> rs1;     // uimm5
                    };
                    set(vd, e, index < vlmax ? get(vs2, (int) index) : 0);
                }
            }
        }

        /** vmsbf / vmsif / vmsof (spec 15.4-15.6). */
        private void setBeforeFirst(VectorMask k) {
            boolean found = false;
            for (int e = v.vstart[lane]; e < vl; e++) {
                if (!active(e)) {
                    continue;
                }
                boolean bit = v.maskBit(lane, vs2, e);
                boolean out = k == VectorMask.SET_BEFORE_FIRST ? !found && !bit
                        : k == VectorMask.SET_INCLUDING_FIRST ? !found
                        : !found && bit;             // only first
                v.setMaskBit(lane, vd, e, out);
                found |= bit;
            }
        }

        private void wholeMove() {
            int nr = rs1 + 1;                    // simm5 = nr - 1 (spec 16.6)
            if ((vd & (nr - 1)) != 0 || (vs2 & (nr - 1)) != 0) {
                throw illegal("registers must be multiples of " + nr);
            }
            int len = nr * v.vlenb;
            System.arraycopy(v.bytes, v.offset(lane, vs2, 0, 1), v.bytes, v.offset(lane, vd, 0, 1), len);
        }

        private int roundingMode() {
            int rm = w.frm[lane];
            if (rm > 4) {
                throw Faults.roundingFault(c, w, pc, lane, rm);
            }
            return rm;
        }

        /**
         * The checks of an f32 elementwise instruction, in the order the unit has always made them:
         * SEW = 32, the register groups (vd, vs2 and a vs1 source), then the rounding mode if it reads
         * one; returns the rounding mode to use (0 when it reads none).
         */
        private int floatSetup(boolean rounds, int dest, int vectorSource) {
            requireSew32();
            groups(dest, vs2, vectorSource);
            return rounds ? roundingMode() : 0;
        }

        private void floatReduction(VectorFpReduction k) {
            requireSew32();
            groups(-1, vs2, -1);
            boolean sum = k == VectorFpReduction.UNORDERED_SUM || k == VectorFpReduction.ORDERED_SUM;
            int rm = sum ? roundingMode() : 0;
            int acc = get(rs1, 0);
            for (int e = v.vstart[lane]; e < vl; e++) {
                if (active(e)) {
                    int b = get(vs2, e);
                    acc = switch (k) {
                        case UNORDERED_SUM, ORDERED_SUM -> FloatOps.faddS(acc, b, rm, w.fflags, lane);
                        case MIN -> FloatOps.fminS(acc, b, w.fflags, lane);
                        case MAX -> FloatOps.fmaxS(acc, b, w.fflags, lane);
                    };
                }
            }
            if (vl > 0) {
                set(vd, 0, acc);
            }
        }

        /** Loads and stores (spec 7): the element count, widths and addresses of each addressing mode. */
        private void memory(VectorMemory k) {
            boolean store = k.store();
            walk(k, true, (e, addr, dataBytes) -> {
                try {
                    if (store) {
                        LaneOps.store(c, w, lane, addr, dataBytes, v.get(lane, vd, e, dataBytes));
                    } else {
                        v.set(lane, vd, e, dataBytes, LaneOps.load(c, w, lane, addr, dataBytes, false));
                    }
                } catch (MemoryFault mf) {
                    throw Faults.memoryFault(c, w, pc, lane, m, new MemoryFault(mf.kind(), mf.address(),
                            mf.getMessage() + " at element " + e + " of " + mnemonic()));
                }
            });
        }

        /**
         * The element count, widths and addresses of each addressing mode (spec 7): {@code sink} gets
         * each active element's address in order. {@code checked}: an illegal configuration is the
         * instruction's fault; otherwise (an observer looking before it runs) the walk just stops.
         */
        private void walk(VectorMemory k, boolean checked, ElementSink sink) {
            if (!checked && k.addressing() != Addressing.WHOLE_REGISTER && (vtype & VectorOps.VILL) != 0) {
                return;
            }
            int width = word >>> 12 & 7;
            int eewBytes = width == 0 ? 1 : width == 5 ? 2 : 4;
            boolean indexed = k.addressing() == Addressing.INDEXED;
            int dataBytes = indexed ? sb : eewBytes;
            int count;
            boolean useMask = masked;
            int start = v.vstart[lane];
            if (k.addressing() == Addressing.WHOLE_REGISTER) { // nf + 1 registers of VLEN bits, vl and mask ignored
                int nr = (word >>> 29) + 1;
                if ((vd & (nr - 1)) != 0) {
                    if (!checked) {
                        return;
                    }
                    throw illegal("register v" + vd + " is not a multiple of " + nr);
                }
                count = nr * v.vlenb / eewBytes;
                useMask = false;
            } else if (k.addressing() == Addressing.MASK) { // vlm.v / vsm.v: ceil(vl / 8) bytes
                count = (vl + 7) / 8;
                useMask = false;
            } else {
                count = vl;
                // EMUL = EEW / SEW * LMUL for the data (unit, strided) or the index (indexed) group
                int emulLog2 = Integer.numberOfTrailingZeros(eewBytes) - Integer.numberOfTrailingZeros(sb)
                        + VectorOps.lmulLog2(vtype);
                if (emulLog2 > 3 || emulLog2 < -3) {
                    if (!checked) {
                        return;
                    }
                    throw illegal("EMUL = EEW/SEW * LMUL is outside 1/8..8");
                }
                int emulRegs = emulLog2 > 0 ? 1 << emulLog2 : 1;
                if (checked) {          // register-group alignment: the instruction's legality, not its addresses
                    if (indexed) {
                        groups(vd, -1, -1);
                        if ((vs2 & (emulRegs - 1)) != 0) {
                            throw illegal("index register v" + vs2 + " is not a multiple of EMUL = " + emulRegs);
                        }
                    } else if ((vd & (emulRegs - 1)) != 0) {
                        throw illegal("register v" + vd + " is not a multiple of EMUL = " + emulRegs);
                    }
                }
            }
            int base = x(rs1);
            int stride = k.addressing() == Addressing.STRIDED ? x(vs2) : dataBytes;
            for (int e = start; e < count; e++) {
                if (useMask && !v.maskBit(lane, 0, e)) {
                    continue;
                }
                int addr = indexed ? base + (int) VectorOps.unsigned(v.get(lane, vs2, e, eewBytes), eewBytes * 8)
                        : base + e * stride;
                sink.access(e, addr, dataBytes);
            }
        }
    }

    /** Where a vector load or store reads or writes element {@code e} of a lane. */
    @FunctionalInterface
    private interface ElementSink {
        void access(int e, int addr, int bytes);
    }

    /**
     * The element accesses of vector load or store {@code i} on the lanes of {@code m}, before it
     * runs, for an execution-event observer: {@code sink} gets (lane, address, bytes) in lane then
     * element order. A lane whose configuration makes the instruction illegal has none (it faults).
     */
    public static void accesses(BlockContext c, Warp w, int i, long m, LaneAccessSink sink) {
        Program p = c.program;
        if (!(p.op[i] instanceof VectorMemory k)) {
            return;
        }
        Lane l = new Lane(c, w, w.vector(), p, i, p.pcOf(i), m);
        for (long mm = m; mm != 0; mm &= mm - 1) {
            int lane = Long.numberOfTrailingZeros(mm);
            l.at(lane).walk(k, false, (e, addr, bytes) -> sink.access(lane, addr, bytes));
        }
    }

    // ------------------------------------------------------------------ CSRs (spec 3.5-3.9)

    static final int VSTART = 0x008;
    static final int VXSAT = 0x009;
    static final int VXRM = 0x00A;
    static final int VCSR = 0x00F;
    static final int VL = 0xC20;
    static final int VTYPE = 0xC21;
    static final int VLENB = 0xC22;

    /** A vector CSR of one lane, or {@link Long#MIN_VALUE} if csr is not one. */
    public static long readCsr(Warp w, int lane, int csr) {
        return switch (csr) {
            case VSTART, VXSAT, VXRM, VCSR, VL, VTYPE, VLENB -> {
                VectorState v = w.vector();
                yield switch (csr) {
                    case VSTART -> v.vstart[lane];
                    case VXSAT -> v.vxsat[lane];
                    case VXRM -> v.vxrm[lane];
                    case VCSR -> v.vxrm[lane] << 1 | v.vxsat[lane];
                    case VL -> v.vl[lane];
                    case VTYPE -> v.vtype[lane];
                    default -> v.vlenb;
                };
            }
            default -> Long.MIN_VALUE;
        };
    }

    /** Writes a writable vector CSR; false for read-only (vl, vtype, vlenb) and non-vector CSRs. */
    public static boolean writeCsr(Warp w, int lane, int csr, int value) {
        switch (csr) {
            case VSTART -> w.vector().vstart[lane] = value & (w.vector().vlen - 1);
            case VXSAT -> w.vector().vxsat[lane] = value & 1;
            case VXRM -> w.vector().vxrm[lane] = value & 3;
            case VCSR -> {
                w.vector().vxsat[lane] = value & 1;
                w.vector().vxrm[lane] = value >>> 1 & 3;
            }
            default -> {
                return false;
            }
        }
        return true;
    }
}
