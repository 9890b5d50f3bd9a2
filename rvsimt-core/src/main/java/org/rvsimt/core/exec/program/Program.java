package org.rvsimt.core.exec.program;

import java.util.List;
import org.rvsimt.core.exec.jit.BlockCache;
import org.rvsimt.isa.DeviceIsa;
import org.rvsimt.isa.Form;
import org.rvsimt.isa.InstructionDef;
import org.rvsimt.isa.InstructionSet;
import org.rvsimt.isa.OperandSource;
import org.rvsimt.isa.Operation;
import org.rvsimt.isa.disasm.Disassembler;

/**
 * A kernel's code, predecoded once: flat arrays indexed by {@code (pc - base) >> 2} hold the form,
 * operation and operands of every instruction, plus the reconvergence point of every branch. Engines
 * never decode on the hot path.
 */
public final class Program {
    public final int base;
    public final int length;              // number of instruction slots
    public final int[] words;
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
    /** Compiled blocks per (warp width, SFU mode, observed); lives and dies with the program. */
    public final java.util.concurrent.ConcurrentHashMap<Long, BlockCache> jitCaches = new java.util.concurrent.ConcurrentHashMap<>();

    Program(int base, int[] words, DeviceIsa isa) {
        this.base = base;
        this.isa = isa;
        this.length = words.length;
        this.words = words;
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
        int n = length / 4;
        int[] words = new int[n];
        for (int i = 0; i < n; i++) {
            int o = i * 4;
            words[i] = (code[o] & 0xFF) | (code[o + 1] & 0xFF) << 8 | (code[o + 2] & 0xFF) << 16 | (code[o + 3] & 0xFF) << 24;
        }
        return new Program(base, words, isa);
    }

    public DeviceIsa isa() {
        return isa;
    }

    public int base() {
        return base;
    }

    public int end() {
        return base + length * 4;
    }

    public boolean contains(int pc) {
        return Integer.compareUnsigned(pc - base, length * 4) < 0 && (pc & 3) == 0;
    }

    public int word(int pc) {
        return words[(pc - base) >>> 2];
    }

    /** The declaration at pc, or null if the word there is illegal. */
    public InstructionDef def(int pc) {
        int id = defId[(pc - base) >>> 2];
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
            if (defId[i] >= 0 && InstructionSet.get(defId[i]).mnemonic().equals(mnemonic)) {
                out.add(base + i * 4);
            }
        }
        return out;
    }
}
