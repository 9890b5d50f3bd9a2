package org.rvsimt.core.exec.program;

import java.util.List;
import java.util.function.IntUnaryOperator;
import org.rvsimt.isa.CompressedInstructions;
import org.rvsimt.isa.DeviceIsa;
import org.rvsimt.isa.Extension;
import org.rvsimt.isa.Form;
import org.rvsimt.isa.InstructionDef;
import org.rvsimt.isa.InstructionSet;
import org.rvsimt.isa.OperandSource;
import org.rvsimt.isa.Operation;
import org.rvsimt.isa.disasm.Disassembler;

/**
 * A kernel's code, predecoded once: flat arrays indexed by {@code (pc - base) >> 1} hold the form,
 * operation and operands of every instruction, plus the reconvergence point of every branch. Engines
 * never decode on the hot path.
 *
 * <p>There is a slot for every halfword, because with the C extension an instruction starts at any
 * even address (and a jump may land in the middle of a 32-bit instruction, which then runs its
 * upper half, as hardware would). A compressed instruction is predecoded as the 32-bit instruction
 * it expands to. On a device without C only the slots at multiples of 4 are predecoded; the
 * engines fault on any other pc before reading a slot.
 */
public final class Program {
    public final int base;
    public final int length;              // number of halfword slots
    public final int[] words;             // the instruction at each slot: 32 bits, or the halfword of a compressed one
    public final byte[] size;             // its length in bytes, 2 or 4
    /** pc bits that must be 0 for a jump target: 1 with the C extension, 3 without. */
    public final int alignMask;
    private final int[] image;            // the code as loaded, in little-endian words (for traces)
    public final int[] defId;             // declaration id, -1 if illegal
    public final Form[] form;
    public final Operation[] op;          // the declaration's operation, null if illegal
    public final OperandSource[] source;  // a vector or matrix instruction's scalar or immediate operand, from its declaration
    public final int[] rd;                // destination register number; x0 is redirected to the sink row 32
    public final int[] rs1;
    public final int[] rs2;
    public final int[] rs3;
    public final int[] imm;
    public final int[] rm;
    public final ControlFlow flow;
    /** The extensions of the devices this copy is for: instructions of others predecode as illegal. */
    public final DeviceIsa isa;
    /**
     * The JIT's compiled blocks per (warp width, SFU mode, observed); lives and dies with the program.
     * Typed Object because this package is exported (Kernel.program()) and the JIT's types are not.
     */
    public final java.util.concurrent.ConcurrentHashMap<Long, Object> jitCaches = new java.util.concurrent.ConcurrentHashMap<>();

    Program(int base, int[] words, int[] image, DeviceIsa isa) {
        this.base = base;
        this.isa = isa;
        this.length = words.length;
        this.words = words;
        this.image = image;
        this.alignMask = isa.has(Extension.C) ? 1 : 3;
        size = new byte[length];
        defId = new int[length];
        form = new Form[length];
        op = new Operation[length];
        source = new OperandSource[length];
        rd = new int[length];
        rs1 = new int[length];
        rs2 = new int[length];
        rs3 = new int[length];
        imm = new int[length];
        rm = new int[length];
        Predecoder.fill(this);
        flow = ControlFlow.analyse(this);
    }

    /** A copy of {@code old} with other instruction words: the slots whose word changed are predecoded again. */
    private Program(Program old, int[] words) {
        this.base = old.base;
        this.isa = old.isa;
        this.length = old.length;
        this.words = words;
        this.image = old.image;
        this.alignMask = old.alignMask;
        size = old.size.clone();
        defId = old.defId.clone();
        form = old.form.clone();
        op = old.op.clone();
        source = old.source.clone();
        rd = old.rd.clone();
        rs1 = old.rs1.clone();
        rs2 = old.rs2.clone();
        rs3 = old.rs3.clone();
        imm = old.imm.clone();
        rm = old.rm.clone();
        for (int i = 0; i < length; i++) {
            if (words[i] != old.words[i]) {
                Predecoder.fillSlot(this, i);
            }
        }
        flow = ControlFlow.analyse(this);    // a changed branch or jump moves reconvergence points
    }

    /** This program with the instruction words {@code newWords} (same range), for {@code fence.i}. */
    public Program withWords(int[] newWords) {
        return new Program(this, newWords);
    }

    /** Predecodes {@code code} loaded at {@code base}. */
    public static Program of(int base, byte[] code, int length) {
        return of(base, code, length, DeviceIsa.all());
    }

    /** Predecodes {@code code} for a device with the extensions {@code isa}. */
    public static Program of(int base, byte[] code, int length, DeviceIsa isa) {
        int[] image = new int[length / 4];
        for (int i = 0; i < image.length; i++) {
            int o = i * 4;
            image[i] = (code[o] & 0xFF) | (code[o + 1] & 0xFF) << 8 | (code[o + 2] & 0xFF) << 16 | (code[o + 3] & 0xFF) << 24;
        }
        int n = length / 2;
        return new Program(base, slots(n, k -> (code[2 * k] & 0xFF) | (code[2 * k + 1] & 0xFF) << 8), image, isa);
    }

    /**
     * The instruction at each of {@code n} halfword slots, from the halfword reader {@code half}: the
     * halfword alone when its low bits say 16 bits, else it and the next one (0 past the end).
     */
    public static int[] slots(int n, IntUnaryOperator half) {
        int[] out = new int[n];
        for (int k = 0; k < n; k++) {
            int lo = half.applyAsInt(k) & 0xFFFF;
            out[k] = CompressedInstructions.isCompressed(lo) ? lo : lo | (k + 1 < n ? half.applyAsInt(k + 1) << 16 : 0);
        }
        return out;
    }

    /** The code as loaded, in little-endian words from {@link #base()} (what traces carry). */
    public int[] image() {
        return image.clone();
    }

    public DeviceIsa isa() {
        return isa;
    }

    /** Instruction addresses are multiples of this: 2 with the C extension, 4 without. */
    public int instructionAlignment() {
        return alignMask + 1;
    }

    public int base() {
        return base;
    }

    public int end() {
        return base + length * 2;
    }

    public boolean contains(int pc) {
        return Integer.compareUnsigned(pc - base, length * 2) < 0 && (pc & 1) == 0;
    }

    /** The instruction at pc: its 32 bits, or the halfword of a compressed one. */
    public int word(int pc) {
        return words[(pc - base) >>> 1];
    }

    /** The pc of the instruction after the one at {@code pc} (2 or 4 bytes on). */
    public int next(int pc) {
        return pc + size[(pc - base) >>> 1];
    }

    /** The pc {@code n} instructions after {@code pc}, running straight on. */
    public int advance(int pc, int n) {
        int at = pc;
        for (int k = 0; k < n && contains(at); k++) {
            at = next(at);
        }
        return at;
    }

    /** The pc of slot {@code i}: slots are halfwords, whatever the instruction's length. */
    public int pcOf(int i) {
        return base + 2 * i;
    }

    /** How many instructions run straight on from {@code from} up to and including the one at {@code to}. */
    public int instructions(int from, int to) {
        int n = 1;
        for (int at = from; at != to && contains(at) && Integer.compareUnsigned(at, to) < 0; at = next(at)) {
            n++;
        }
        return n;
    }

    /** The declaration at pc (the expansion of a compressed instruction), or null if the word there is illegal. */
    public InstructionDef def(int pc) {
        int id = defId[(pc - base) >>> 1];
        return id < 0 ? null : InstructionSet.get(id);
    }

    public String disassemble(int pc) {
        if (!contains(pc)) {
            return "(no instruction)";
        }
        return Disassembler.listing().format(word(pc), pc);
    }

    public ControlFlow flow() {
        return flow;
    }

    /** All instruction slots that hold {@code mnemonic}, for tests and statistics. */
    public List<Integer> pcsOf(String mnemonic) {
        java.util.ArrayList<Integer> out = new java.util.ArrayList<>();
        for (int i = 0; i < length; i++) {
            if (defId[i] >= 0 && flow.isStart(i) && InstructionSet.get(defId[i]).mnemonic().equals(mnemonic)) {
                out.add(base + i * 2);
            }
        }
        return out;
    }
}
