package org.rvsimt.isa;

import static org.rvsimt.isa.CField.ADDI16SP;
import static org.rvsimt.isa.CField.ADDI4SPN;
import static org.rvsimt.isa.CField.B;
import static org.rvsimt.isa.CField.FD;
import static org.rvsimt.isa.CField.FS2;
import static org.rvsimt.isa.CField.FS2P;
import static org.rvsimt.isa.CField.IMM6;
import static org.rvsimt.isa.CField.J;
import static org.rvsimt.isa.CField.LUI;
import static org.rvsimt.isa.CField.LW;
import static org.rvsimt.isa.CField.LWSP;
import static org.rvsimt.isa.CField.RD;
import static org.rvsimt.isa.CField.RS1P;
import static org.rvsimt.isa.CField.RS2;
import static org.rvsimt.isa.CField.RS2P;
import static org.rvsimt.isa.CField.SHAMT;
import static org.rvsimt.isa.CField.SWSP;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rvsimt.isa.CompressedDef.Form32;
import org.rvsimt.isa.CompressedDef.Operand;
import org.rvsimt.isa.CompressedDef.Part;

/**
 * The C extension for RV32 with F (RV32FC's c.flw, c.fsw, c.flwsp, c.fswsp), declared once: every
 * 16-bit instruction with its expansion into the 32-bit instruction the engines execute. Encodings
 * are the unprivileged specification's tables "RVC opcode map" and "Compressed Instruction
 * Formats"; the HINT and reserved encodings follow its text for each instruction.
 */
public final class CompressedInstructions {

    private static final int X0 = 0;
    private static final int RA = 1;
    private static final int SP = 2;

    private static final List<CompressedDef> ALL;
    private static final Map<String, CompressedDef> BY_MNEMONIC = new HashMap<>();
    /** Decoding order: more fixed bits first, so c.nop wins over c.addi and c.jr over c.mv. */
    private static final List<CompressedDef> DECODE_ORDER;

    static {
        List<CompressedDef> t = new ArrayList<>();
        // Quadrant 0
        t.add(def("c.addi4spn", "000 ........ ... 00", ops(o(RS2P), sp(), o(ADDI4SPN)), Set.of(ADDI4SPN),
                Set.of(ADDI4SPN), null, "addi", "rd' = sp + nzuimm (stack address)",
                p(Field.RD, RS2P), c(Field.RS1, SP), p(Field.IMM_I, ADDI4SPN)));
        t.add(def("c.lw", "010 ... ... .. ... 00", ops(o(RS2P), m(LW, RS1P)), Set.of(), Set.of(), null, "lw",
                "rd' = mem[rs1' + uimm] (word)", p(Field.RD, RS2P), p(Field.RS1, RS1P), p(Field.IMM_I, LW)));
        t.add(def("c.flw", "011 ... ... .. ... 00", ops(o(FS2P), m(LW, RS1P)), Set.of(), Set.of(), Extension.F,
                "flw", "fd' = mem[rs1' + uimm]", p(Field.FD, FS2P), p(Field.RS1, RS1P), p(Field.IMM_I, LW)));
        t.add(def("c.sw", "110 ... ... .. ... 00", ops(o(RS2P), m(LW, RS1P)), Set.of(), Set.of(), null, "sw",
                "mem[rs1' + uimm] = rs2' (word)", p(Field.RS2, RS2P), p(Field.RS1, RS1P), p(Field.IMM_S, LW)));
        t.add(def("c.fsw", "111 ... ... .. ... 00", ops(o(FS2P), m(LW, RS1P)), Set.of(), Set.of(), Extension.F,
                "fsw", "mem[rs1' + uimm] = fs2'", p(Field.FS2, FS2P), p(Field.RS1, RS1P), p(Field.IMM_S, LW)));
        // Quadrant 1
        t.add(def("c.nop", "000 0 00000 00000 01", ops(), Set.of(), Set.of(), null, "addi", "no operation",
                c(Field.RD, X0), c(Field.RS1, X0), c(Field.IMM_I, 0)));
        t.add(def("c.addi", "000 . ..... ..... 01", ops(o(RD), o(IMM6)), Set.of(RD, IMM6), Set.of(), null, "addi",
                "rd += nzimm", p(Field.RD, RD), p(Field.RS1, RD), p(Field.IMM_I, IMM6)));
        t.add(def("c.jal", "001 ........... 01", ops(o(J)), Set.of(), Set.of(), null, "jal",
                "ra = pc + 2; pc += offset", c(Field.RD, RA), p(Field.IMM_J, J)));
        t.add(def("c.li", "010 . ..... ..... 01", ops(o(RD), o(IMM6)), Set.of(RD), Set.of(), null, "addi",
                "rd = imm", p(Field.RD, RD), c(Field.RS1, X0), p(Field.IMM_I, IMM6)));
        t.add(def("c.addi16sp", "011 . 00010 ..... 01", ops(sp(), o(ADDI16SP)), Set.of(ADDI16SP), Set.of(ADDI16SP),
                null, "addi", "sp += nzimm (a multiple of 16)", c(Field.RD, SP), c(Field.RS1, SP),
                p(Field.IMM_I, ADDI16SP)));
        t.add(def("c.lui", "011 . ..... ..... 01", ops(o(RD), o(LUI)), Set.of(RD, LUI), Set.of(LUI), null, "lui",
                "rd = nzimm << 12 (rd not sp)", p(Field.RD, RD), p(Field.IMM_U, LUI)));
        t.add(def("c.srli", "100 0 00 ... ..... 01", ops(o(RS1P), o(SHAMT)), Set.of(SHAMT), Set.of(), null, "srli",
                "rd' >>= shamt (logical)", p(Field.RD, RS1P), p(Field.RS1, RS1P), p(Field.SHAMT, SHAMT)));
        t.add(def("c.srai", "100 0 01 ... ..... 01", ops(o(RS1P), o(SHAMT)), Set.of(SHAMT), Set.of(), null, "srai",
                "rd' >>= shamt (arithmetic)", p(Field.RD, RS1P), p(Field.RS1, RS1P), p(Field.SHAMT, SHAMT)));
        t.add(def("c.andi", "100 . 10 ... ..... 01", ops(o(RS1P), o(IMM6)), Set.of(), Set.of(), null, "andi",
                "rd' &= imm", p(Field.RD, RS1P), p(Field.RS1, RS1P), p(Field.IMM_I, IMM6)));
        String[] ca = {"c.sub", "00", "sub", "-", "c.xor", "01", "xor", "^", "c.or", "10", "or", "|", "c.and", "11",
            "and", "&"};
        for (int k = 0; k < ca.length; k += 4) {
            boolean commutes = !ca[k].equals("c.sub");
            t.add(def(ca[k], "100 0 11 ... " + ca[k + 1] + " ... 01", ops(o(RS1P), o(RS2P)), Set.of(), Set.of(), null,
                    ca[k + 2], "rd' = rd' " + ca[k + 3] + " rs2'", commutes ? List.of(swapped(ca[k + 2])) : List.of(),
                    p(Field.RD, RS1P), p(Field.RS1, RS1P), p(Field.RS2, RS2P)));
        }
        t.add(def("c.j", "101 ........... 01", ops(o(J)), Set.of(), Set.of(), null, "jal", "pc += offset",
                c(Field.RD, X0), p(Field.IMM_J, J)));
        t.add(def("c.beqz", "110 ... ... ..... 01", ops(o(RS1P), o(B)), Set.of(), Set.of(), null, "beq",
                "branch if rs1' == 0", p(Field.RS1, RS1P), c(Field.RS2, X0), p(Field.IMM_B, B)));
        t.add(def("c.bnez", "111 ... ... ..... 01", ops(o(RS1P), o(B)), Set.of(), Set.of(), null, "bne",
                "branch if rs1' != 0", p(Field.RS1, RS1P), c(Field.RS2, X0), p(Field.IMM_B, B)));
        // Quadrant 2
        t.add(def("c.slli", "000 0 ..... ..... 10", ops(o(RD), o(SHAMT)), Set.of(RD, SHAMT), Set.of(), null, "slli",
                "rd <<= shamt", p(Field.RD, RD), p(Field.RS1, RD), p(Field.SHAMT, SHAMT)));
        t.add(def("c.lwsp", "010 . ..... ..... 10", ops(o(RD), spm(LWSP)), Set.of(RD), Set.of(RD), null, "lw",
                "rd = mem[sp + uimm] (word)", p(Field.RD, RD), c(Field.RS1, SP), p(Field.IMM_I, LWSP)));
        t.add(def("c.flwsp", "011 . ..... ..... 10", ops(o(FD), spm(LWSP)), Set.of(), Set.of(), Extension.F, "flw",
                "fd = mem[sp + uimm]", p(Field.FD, FD), c(Field.RS1, SP), p(Field.IMM_I, LWSP)));
        t.add(def("c.jr", "100 0 ..... 00000 10", ops(o(RD)), Set.of(RD), Set.of(RD), null, "jalr", "pc = rs1",
                c(Field.RD, X0), p(Field.RS1, RD), c(Field.IMM_I, 0)));
        Form32 mvAsAddi = form("addi", p(Field.RD, RD), p(Field.RS1, RS2), c(Field.IMM_I, 0));
        t.add(listedAs(def("c.mv", "100 0 ..... ..... 10", ops(o(RD), o(RS2)), Set.of(RD, RS2), Set.of(), null, "add",
                "rd = rs2", List.of(form("add", p(Field.RD, RD), p(Field.RS1, RS2), c(Field.RS2, X0)), mvAsAddi),
                p(Field.RD, RD), c(Field.RS1, X0), p(Field.RS2, RS2)), mvAsAddi));
        t.add(def("c.ebreak", "100 1 00000 00000 10", ops(), Set.of(), Set.of(), null, "ebreak", "breakpoint"));
        t.add(def("c.jalr", "100 1 ..... 00000 10", ops(o(RD)), Set.of(RD), Set.of(RD), null, "jalr",
                "ra = pc + 2; pc = rs1", c(Field.RD, RA), p(Field.RS1, RD), c(Field.IMM_I, 0)));
        t.add(def("c.add", "100 1 ..... ..... 10", ops(o(RD), o(RS2)), Set.of(RD, RS2), Set.of(), null, "add",
                "rd += rs2", List.of(form("add", p(Field.RD, RD), p(Field.RS1, RS2), p(Field.RS2, RD))),
                p(Field.RD, RD), p(Field.RS1, RD), p(Field.RS2, RS2)));
        t.add(def("c.swsp", "110 ...... ..... 10", ops(o(RS2), spm(SWSP)), Set.of(), Set.of(), null, "sw",
                "mem[sp + uimm] = rs2 (word)", p(Field.RS2, RS2), c(Field.RS1, SP), p(Field.IMM_S, SWSP)));
        t.add(def("c.fswsp", "111 ...... ..... 10", ops(o(FS2), spm(SWSP)), Set.of(), Set.of(), Extension.F, "fsw",
                "mem[sp + uimm] = fs2", p(Field.FS2, FS2), c(Field.RS1, SP), p(Field.IMM_S, SWSP)));
        ALL = List.copyOf(t);
        for (CompressedDef d : ALL) {
            BY_MNEMONIC.put(d.mnemonic(), d);
        }
        List<CompressedDef> order = new ArrayList<>(ALL);
        order.sort(Comparator.comparingInt((CompressedDef d) -> -Integer.bitCount(d.mask())));
        DECODE_ORDER = List.copyOf(order);
    }

    private CompressedInstructions() { }

    /** Every compressed instruction, in the specification's opcode-map order. */
    public static List<CompressedDef> all() {
        return ALL;
    }

    /** The declaration of a {@code c.} mnemonic, or null. */
    public static CompressedDef byMnemonic(String mnemonic) {
        return BY_MNEMONIC.get(mnemonic);
    }

    /** True if an instruction with these low bits is 16 bits long (the spec's length encoding: low bits not 11). */
    public static boolean isCompressed(int bits) {
        return (bits & 3) != 3;
    }

    /** The declaration of a halfword, or null if it is illegal or reserved in RV32FC. */
    public static CompressedDef lookup(int halfword) {
        int h = halfword & 0xFFFF;
        for (CompressedDef d : DECODE_ORDER) {
            if (d.matches(h)) {
                return d;
            }
        }
        return null;
    }

    /** The 32-bit instruction word a halfword expands to, or 0 (never a valid instruction) if it is illegal. */
    public static int expand(int halfword) {
        CompressedDef d = lookup(halfword);
        return d == null ? 0 : d.expand(halfword & 0xFFFF);
    }

    /**
     * The compressed form of a 32-bit instruction, as LLVM's assembler chooses it when C is on, or -1
     * if it has none. {@code def} is the word's declaration.
     */
    public static int compress(InstructionDef def, int word) {
        for (CompressedDef d : ALL) {
            int h = d.compress(def, word);
            if (h >= 0 && lookup(h) == d) {
                return h;
            }
        }
        return -1;
    }

    // ---------------------------------------------------------------- declaration helpers

    private static CompressedDef def(String m, String pattern, List<Operand> ops, Set<CField> nonzero,
                                     Set<CField> reserved, Extension needs, String target, String summary,
                                     Part... parts) {
        return def(m, pattern, ops, nonzero, reserved, needs, target, summary, List.of(), parts);
    }

    private static CompressedDef def(String m, String pattern, List<Operand> ops, Set<CField> nonzero,
                                     Set<CField> reserved, Extension needs, String target, String summary,
                                     List<Form32> also, Part... parts) {
        String bits = pattern.replace(" ", "");
        if (bits.length() != 16) {
            throw new IllegalStateException(m + ": pattern must have 16 bits: " + pattern);
        }
        int mask = 0;
        int match = 0;
        for (int i = 0; i < 16; i++) {
            int bit = 1 << (15 - i);
            switch (bits.charAt(i)) {
                case '0' -> mask |= bit;
                case '1' -> {
                    mask |= bit;
                    match |= bit;
                }
                default -> { }
            }
        }
        InstructionDef t = InstructionSet.byMnemonic(target);
        checkCovers(m, t, List.of(parts));
        for (Form32 f : also) {
            checkCovers(m, f.target(), f.parts());
        }
        return new CompressedDef(m, mask, match, ops, nonzero, reserved, needs, t, List.of(parts), also, null, summary);
    }

    /** {@code d}, listed as {@code form} (LLVM's uncompression picks that form, so llvm-objdump prints it). */
    private static CompressedDef listedAs(CompressedDef d, Form32 form) {
        return new CompressedDef(d.mnemonic(), d.mask(), d.match(), d.operands(), d.nonzero(), d.reserved(), d.needs(),
                d.target(), d.parts(), d.also(), form, d.summary());
    }

    /** Every field of the expansion is filled, so compressing a word can never drop an operand. */
    private static void checkCovers(String m, InstructionDef t, List<Part> parts) {
        List<Field> filled = parts.stream().map(Part::field).toList();
        if (!filled.containsAll(t.fields()) || filled.size() != t.fields().size()) {
            throw new IllegalStateException(m + ": the parts must fill exactly " + t.fields() + " of " + t.mnemonic());
        }
    }

    private static Form32 form(String target, Part... parts) {
        return new Form32(InstructionSet.byMnemonic(target), List.of(parts));
    }

    /** {@code op rd', rs2', rd'}: the commuted form of a commutative CA instruction. */
    private static Form32 swapped(String target) {
        return form(target, p(Field.RD, RS1P), p(Field.RS1, RS2P), p(Field.RS2, RS1P));
    }

    private static List<Operand> ops(Operand... ops) {
        return List.of(ops);
    }

    private static Operand o(CField f) {
        return new Operand(f, null, false);
    }

    private static Operand m(CField offset, CField base) {
        return new Operand(offset, base, false);
    }

    private static Operand spm(CField offset) {
        return new Operand(offset, null, true);
    }

    /** The written-out {@code sp} of c.addi4spn and c.addi16sp. */
    private static Operand sp() {
        return new Operand(null, null, true);
    }

    private static Part p(Field f, CField from) {
        return new Part(f, from, 0);
    }

    private static Part c(Field f, int constant) {
        return new Part(f, null, constant);
    }
}
