package org.rvsimt.isa;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The one-word pseudo-instructions and aliases, declared once for the assembler and the disassembler.
 * Sources: the RISC-V Assembly Programmer's Manual (riscv-non-isa/riscv-asm-manual, "Pseudo Instructions")
 * and RVV 1.0 (7.9, 11.8, 11.15, 13.12, 13.13, 15.1). A name may have several forms ({@code jalr rs1},
 * {@code jalr imm(rs1)}, {@code jalr rd, rs1}); the assembler takes the first form whose operands fit the
 * ones written (count, register or value, memory operand or not), then the declared instruction of that
 * name. Where several listed aliases fit one word the listing prints the first in this table, which is the
 * order llvm-objdump prefers ({@code nop} before {@code li} before {@code mv}); an alias llvm-objdump does
 * not print by default is {@code accepted} only. Pseudo-instructions of more than one word ({@code li} of
 * any value, {@code la}, {@code call}, {@code tail}, the load and store of a symbol) are declared in
 * {@link PseudoInstructions}.
 */
public final class Aliases {

    private static final List<Alias> ALL = new ArrayList<>();
    private static final Map<String, List<Alias>> BY_NAME = new HashMap<>();
    private static final Map<Integer, List<Alias>> LISTED_BY_BASE = new HashMap<>();

    static {
        alias("nop", "addi", "", fix(Field.RD, 0), fix(Field.RS1, 0), fix(Field.IMM_I, 0));
        alias("li", "addi", "rd, imm", fix(Field.RS1, 0));      // any other value: PseudoInstructions' li
        alias("mv", "addi", "rd, rs1", fix(Field.IMM_I, 0));
        alias("not", "xori", "rd, rs1", fix(Field.IMM_I, -1));
        alias("neg", "sub", "rd, rs2", fix(Field.RS1, 0));
        alias("seqz", "sltiu", "rd, rs1", fix(Field.IMM_I, 1));
        alias("snez", "sltu", "rd, rs2", fix(Field.RS1, 0));
        alias("sltz", "slt", "rd, rs1", fix(Field.RS2, 0));
        alias("sgtz", "slt", "rd, rs2", fix(Field.RS1, 0));
        accepted("zext.b", "andi", "rd, rs1", fix(Field.IMM_I, 255));
        alias("j", "jal", "joff", fix(Field.RD, 0));
        alias("jal", "jal", "joff", fix(Field.RD, 1));
        alias("ret", "jalr", "", fix(Field.RD, 0), fix(Field.RS1, 1), fix(Field.IMM_I, 0));
        alias("jr", "jalr", "rs1", fix(Field.RD, 0), fix(Field.IMM_I, 0));
        alias("jalr", "jalr", "rs1", fix(Field.RD, 1), fix(Field.IMM_I, 0));
        alias("jr", "jalr", "imm(rs1)", fix(Field.RD, 0));
        alias("jalr", "jalr", "imm(rs1)", fix(Field.RD, 1));
        alias("jalr", "jalr", "rd, rs1", fix(Field.IMM_I, 0));
        accepted("jr", "jalr", "rs1, imm", fix(Field.RD, 0));
        accepted("jalr", "jalr", "rs1, imm", fix(Field.RD, 1));
        accepted("jalr", "jalr", "rd, rs1, imm");
        alias("beqz", "beq", "rs1, boff", fix(Field.RS2, 0));
        alias("bnez", "bne", "rs1, boff", fix(Field.RS2, 0));
        alias("blez", "bge", "rs2, boff", fix(Field.RS1, 0));      // bge zero, zero lists as blez
        alias("bgez", "bge", "rs1, boff", fix(Field.RS2, 0));
        alias("bltz", "blt", "rs1, boff", fix(Field.RS2, 0));      // blt zero, zero lists as bltz
        alias("bgtz", "blt", "rs2, boff", fix(Field.RS1, 0));
        // the branches the base set lacks are the others with their sources swapped
        accepted("bgt", "blt", "rs2, rs1, boff");
        accepted("ble", "bge", "rs2, rs1, boff");
        accepted("bgtu", "bltu", "rs2, rs1, boff");
        accepted("bleu", "bgeu", "rs2, rs1, boff");
        alias("fmv.s", "fsgnj.s", "fd, fs1", tie(Field.FS1, Field.FS2));
        alias("fneg.s", "fsgnjn.s", "fd, fs1", tie(Field.FS1, Field.FS2));
        alias("fabs.s", "fsgnjx.s", "fd, fs1", tie(Field.FS1, Field.FS2));
        alias("fmv.h", "fsgnj.h", "fd, fs1", tie(Field.FS1, Field.FS2));
        alias("fneg.h", "fsgnjn.h", "fd, fs1", tie(Field.FS1, Field.FS2));
        alias("fabs.h", "fsgnjx.h", "fd, fs1", tie(Field.FS1, Field.FS2));
        // the names F used before the spec renamed them to fmv.x.w and fmv.w.x
        accepted("fmv.x.s", "fmv.x.w", "rd, fs1");
        accepted("fmv.s.x", "fmv.w.x", "fd, rs1");
        alias("frflags", "csrrs", "rd", fix(Field.RS1, 0), fix(Field.CSR, Csrs.FFLAGS));
        alias("frrm", "csrrs", "rd", fix(Field.RS1, 0), fix(Field.CSR, Csrs.FRM));
        alias("frcsr", "csrrs", "rd", fix(Field.RS1, 0), fix(Field.CSR, Csrs.FCSR));
        for (String counter : new String[] {"cycle", "time", "instret", "cycleh", "timeh", "instreth"}) {
            alias("rd" + counter, "csrrs", "rd", fix(Field.RS1, 0), fix(Field.CSR, Csrs.number(counter)));
        }
        alias("csrr", "csrrs", "rd, csr", fix(Field.RS1, 0));
        // csrrw x0, cycle, x0: the assembly manual's canonical illegal instruction
        alias("unimp", "csrrw", "", fix(Field.RD, 0), fix(Field.CSR, Csrs.CYCLE), fix(Field.RS1, 0));
        alias("fsflags", "csrrw", "rs1", fix(Field.RD, 0), fix(Field.CSR, Csrs.FFLAGS));
        alias("fsrm", "csrrw", "rs1", fix(Field.RD, 0), fix(Field.CSR, Csrs.FRM));
        alias("fscsr", "csrrw", "rs1", fix(Field.RD, 0), fix(Field.CSR, Csrs.FCSR));
        alias("fsflags", "csrrw", "rd, rs1", fix(Field.CSR, Csrs.FFLAGS));
        alias("fsrm", "csrrw", "rd, rs1", fix(Field.CSR, Csrs.FRM));
        alias("fscsr", "csrrw", "rd, rs1", fix(Field.CSR, Csrs.FCSR));
        alias("fsflagsi", "csrrwi", "zimm", fix(Field.RD, 0), fix(Field.CSR, Csrs.FFLAGS));
        alias("fsrmi", "csrrwi", "zimm", fix(Field.RD, 0), fix(Field.CSR, Csrs.FRM));
        alias("fsflagsi", "csrrwi", "rd, zimm", fix(Field.CSR, Csrs.FFLAGS));
        alias("fsrmi", "csrrwi", "rd, zimm", fix(Field.CSR, Csrs.FRM));
        for (String op : new String[] {"w", "s", "c"}) {
            alias("csr" + op, "csrr" + op, "csr, rs1", fix(Field.RD, 0));
            alias("csr" + op + "i", "csrr" + op + "i", "csr, zimm", fix(Field.RD, 0));
            // an immediate where a register goes picks the immediate form
            accepted("csr" + op, "csrr" + op + "i", "csr, zimm", fix(Field.RD, 0));
            accepted("csrr" + op, "csrr" + op + "i", "rd, csr, zimm");
        }
        for (String n : new String[] {"1", "2", "4", "8"}) {
            alias("vl" + n + "r.v", "vl" + n + "re8.v", "vd, (rs1)");
        }
        alias("vmmv.m", "vmand.mm", "vd, vs2", tie(Field.VS2, Field.VS1));
        alias("vmnot.m", "vmnand.mm", "vd, vs2", tie(Field.VS2, Field.VS1));
        alias("vmclr.m", "vmxor.mm", "vd", tie(Field.VD, Field.VS2), tie(Field.VD, Field.VS1));
        alias("vmset.m", "vmxnor.mm", "vd", tie(Field.VD, Field.VS2), tie(Field.VD, Field.VS1));
        alias("vneg.v", "vrsub.vx", "vd, vs2, vm", fix(Field.RS1, 0));
        alias("vnot.v", "vxor.vi", "vd, vs2, vm", fix(Field.SIMM5, -1));
        alias("vfneg.v", "vfsgnjn.vv", "vd, vs2, vm", tie(Field.VS2, Field.VS1));
        alias("vfabs.v", "vfsgnjx.vv", "vd, vs2, vm", tie(Field.VS2, Field.VS1));
        // the compares RVV leaves out are the declared ones with their sources swapped (11.8, 13.13)
        String[] swapped = {"vmsgt.vv", "vmslt.vv", "vmsgtu.vv", "vmsltu.vv", "vmsge.vv", "vmsle.vv",
            "vmsgeu.vv", "vmsleu.vv", "vmfgt.vv", "vmflt.vv", "vmfge.vv", "vmfle.vv"};
        for (int i = 0; i < swapped.length; i += 2) {
            accepted(swapped[i], swapped[i + 1], "vd, vs1, vs2, vm");
        }
        // FENCE.TSO: fm = 1000 (bits 31:28), pred = succ = rw (unprivileged spec, "Memory Ordering Instructions")
        alias("fence.tso", "fence", "", fix(Field.PRED, 3), fix(Field.SUCC, 3), new Fixed(0xF000_0000, 0x8000_0000));
        alias("fence", "fence", "", fix(Field.PRED, 15), fix(Field.SUCC, 15));
        // The Vortex reference writes its instructions without the vx_ prefix; the listing keeps the prefix.
        String[] vortex = {"tmc", "wspawn", "split", "split.n", "join", "bar", "pred", "pred.n", "vote.all", "vote.any",
            "vote.uni", "vote.ballot", "shfl.up", "shfl.down", "shfl.bfly", "shfl.idx"};
        for (String v : vortex) {
            InstructionDef d = InstructionSet.byMnemonic("vx_" + v.replace('.', '_'));
            add(v, d, d.slots(), false);
        }
    }

    private Aliases() { }

    /** Every alias, in listing priority order. */
    public static List<Alias> all() {
        return Collections.unmodifiableList(ALL);
    }

    /** The aliases of that name (empty if none). */
    public static List<Alias> named(String mnemonic) {
        return BY_NAME.getOrDefault(mnemonic, List.of());
    }

    /** The aliases the listing may print for a word of {@code base}, first match wins. */
    public static List<Alias> listedFor(InstructionDef base) {
        return LISTED_BY_BASE.getOrDefault(base.id(), List.of());
    }

    /** What an alias adds to its base: fixed bits, or a field that repeats another. */
    private sealed interface Fix { }

    private record Fixed(int mask, int match) implements Fix { }

    private record Tied(Field from, Field to) implements Fix { }

    private static Fix fix(Field f, int value) {
        return new Fixed(f.bitMask(), f.insert(0, value));
    }

    /** {@code to} repeats {@code from}. */
    private static Fix tie(Field from, Field to) {
        return new Tied(from, to);
    }

    /** Printed by the listing (as llvm-objdump does by default) and taken by the assembler. */
    private static void alias(String name, String base, String syntax, Fix... fixes) {
        add(name, base, syntax, true, fixes);
    }

    /** Taken by the assembler only: llvm-objdump prints the word as its base or as another alias. */
    private static void accepted(String name, String base, String syntax, Fix... fixes) {
        add(name, base, syntax, false, fixes);
    }

    private static void add(String name, String base, String syntax, boolean listed, Fix... fixes) {
        InstructionDef d = InstructionSet.byMnemonic(base);
        int mask = d.mask();
        int match = d.match();
        List<Field> from = new ArrayList<>();
        List<Field> to = new ArrayList<>();
        for (Fix f : fixes) {
            switch (f) {
                case Tied t -> {
                    from.add(t.from());
                    to.add(t.to());
                }
                case Fixed x -> {
                    mask |= x.mask();
                    match |= x.match();
                }
            }
        }
        add(new Alias(name, d, InstructionSet.SyntaxParser.parse(syntax), mask, match, from, to, listed));
    }

    /** Another spelling of {@code base}: its operands, nothing fixed. */
    private static void add(String name, InstructionDef base, List<Slot> slots, boolean listed) {
        add(new Alias(name, base, slots, base.mask(), base.match(), List.of(), List.of(), listed));
    }

    private static void add(Alias a) {
        // every field of the base is an operand, fixed, or tied, so no form can leave one at zero by omission
        List<Field> covered = new ArrayList<>(a.tiedTo());
        a.slots().forEach(s -> covered.addAll(s.fields()));
        for (Field f : a.base().fields()) {
            if (!covered.contains(f) && (a.mask() & f.bitMask()) != f.bitMask() && f != Field.RM && f != Field.AQRL) {
                throw new IllegalStateException(a.mnemonic() + " " + a.slots() + ": field " + f + " of "
                        + a.base().mnemonic() + " has no value");
            }
        }
        ALL.add(a);
        BY_NAME.computeIfAbsent(a.mnemonic(), k -> new ArrayList<>()).add(a);
        if (a.listed()) {
            LISTED_BY_BASE.computeIfAbsent(a.base().id(), k -> new ArrayList<>()).add(a);
        }
    }
}
