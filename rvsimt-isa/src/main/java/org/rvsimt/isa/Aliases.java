package org.rvsimt.isa;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The one-word pseudo-instructions, declared once for the assembler and the disassembler. Sources: the
 * RISC-V Assembly Programmer's Manual (riscv-non-isa/riscv-asm-manual, "Pseudo Instructions") and RVV
 * 1.0 (7.9, 11.15, 13.12, 15.1). Where several aliases fit one word the listing prints the first in this
 * table, which is the order llvm-objdump prefers ({@code nop} before {@code li} before {@code mv}).
 * Pseudo-instructions of more than one word ({@code li} of any value, {@code la}, {@code call}, {@code tail},
 * the load and store of a symbol) are declared in {@link PseudoInstructions}; those of several forms
 * ({@code csrw} of an immediate, {@code jr 4(a0)}, {@code bgt} with swapped operands) are expanded by the
 * assembler itself.
 */
public final class Aliases {

    private static final List<Alias> ALL = new ArrayList<>();
    private static final Map<String, List<Alias>> BY_NAME = new HashMap<>();
    private static final Map<Integer, List<Alias>> LISTED_BY_BASE = new HashMap<>();

    static {
        alias("nop", "addi", "", fix(Field.RD, 0), fix(Field.RS1, 0), fix(Field.IMM_I, 0));
        listed("li", "addi", "rd, imm", fix(Field.RS1, 0));
        alias("mv", "addi", "rd, rs1", fix(Field.IMM_I, 0));
        alias("not", "xori", "rd, rs1", fix(Field.IMM_I, -1));
        alias("neg", "sub", "rd, rs2", fix(Field.RS1, 0));
        alias("seqz", "sltiu", "rd, rs1", fix(Field.IMM_I, 1));
        alias("snez", "sltu", "rd, rs2", fix(Field.RS1, 0));
        alias("j", "jal", "joff", fix(Field.RD, 0));
        alias("jal", "jal", "joff", fix(Field.RD, 1));
        alias("ret", "jalr", "", fix(Field.RD, 0), fix(Field.RS1, 1), fix(Field.IMM_I, 0));
        listed("jr", "jalr", "rs1", fix(Field.RD, 0), fix(Field.IMM_I, 0));     // the assembler also takes offsets
        listed("jalr", "jalr", "rs1", fix(Field.RD, 1), fix(Field.IMM_I, 0));
        alias("beqz", "beq", "rs1, boff", fix(Field.RS2, 0));
        alias("bnez", "bne", "rs1, boff", fix(Field.RS2, 0));
        alias("bgez", "bge", "rs1, boff", fix(Field.RS2, 0));
        alias("bltz", "blt", "rs1, boff", fix(Field.RS2, 0));
        alias("blez", "bge", "rs2, boff", fix(Field.RS1, 0));
        alias("bgtz", "blt", "rs2, boff", fix(Field.RS1, 0));
        alias("fmv.s", "fsgnj.s", "fd, fs1", tie(Field.FS1, Field.FS2));
        alias("fneg.s", "fsgnjn.s", "fd, fs1", tie(Field.FS1, Field.FS2));
        alias("fabs.s", "fsgnjx.s", "fd, fs1", tie(Field.FS1, Field.FS2));
        alias("fmv.h", "fsgnj.h", "fd, fs1", tie(Field.FS1, Field.FS2));
        alias("fneg.h", "fsgnjn.h", "fd, fs1", tie(Field.FS1, Field.FS2));
        alias("fabs.h", "fsgnjx.h", "fd, fs1", tie(Field.FS1, Field.FS2));
        alias("frflags", "csrrs", "rd", fix(Field.RS1, 0), fix(Field.CSR, Csrs.FFLAGS));
        alias("frrm", "csrrs", "rd", fix(Field.RS1, 0), fix(Field.CSR, Csrs.FRM));
        alias("frcsr", "csrrs", "rd", fix(Field.RS1, 0), fix(Field.CSR, Csrs.FCSR));
        alias("csrr", "csrrs", "rd, csr", fix(Field.RS1, 0));
        alias("fsflags", "csrrw", "rs1", fix(Field.RD, 0), fix(Field.CSR, Csrs.FFLAGS));
        alias("fsrm", "csrrw", "rs1", fix(Field.RD, 0), fix(Field.CSR, Csrs.FRM));
        alias("fscsr", "csrrw", "rs1", fix(Field.RD, 0), fix(Field.CSR, Csrs.FCSR));
        listed("csrw", "csrrw", "csr, rs1", fix(Field.RD, 0));
        listed("csrc", "csrrc", "csr, rs1", fix(Field.RD, 0));
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
        // FENCE.TSO: fm = 1000 (bits 31:28), pred = succ = rw (unprivileged spec, "Memory Ordering Instructions")
        alias("fence.tso", "fence", "", fix(Field.PRED, 3), fix(Field.SUCC, 3), new Fixed(0xF000_0000, 0x8000_0000));
        alias("fence", "fence", "", fix(Field.PRED, 15), fix(Field.SUCC, 15));
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

    private static void alias(String name, String base, String syntax, Fix... fixes) {
        add(name, base, syntax, true, true, fixes);
    }

    /** Printed by the listing; the assembler expands the name itself. */
    private static void listed(String name, String base, String syntax, Fix... fixes) {
        add(name, base, syntax, true, false, fixes);
    }

    private static void add(String name, String base, String syntax, boolean listed, boolean assembled, Fix... fixes) {
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
        Alias a = new Alias(name, d, InstructionSet.SyntaxParser.parse(syntax), mask, match, from, to, listed, assembled);
        ALL.add(a);
        BY_NAME.computeIfAbsent(name, k -> new ArrayList<>()).add(a);
        if (listed) {
            LISTED_BY_BASE.computeIfAbsent(d.id(), k -> new ArrayList<>()).add(a);
        }
    }
}
