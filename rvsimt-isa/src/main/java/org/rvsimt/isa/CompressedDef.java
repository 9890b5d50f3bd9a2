package org.rvsimt.isa;

import java.util.List;
import java.util.Set;

/**
 * The declaration of one 16-bit compressed instruction: its bits, its assembly operands, and the
 * 32-bit instruction it expands to (RISC-V unprivileged specification, chapter "C" Standard
 * Extension: "each RVC instruction expands into a single 32-bit instruction"). Engines execute the
 * expansion; the decoder, assembler, disassembler and documentation derive from this record.
 *
 * @param mnemonic  assembly mnemonic, {@code c.} and lower case
 * @param mask      halfword bits fixed by the pattern
 * @param match     their values
 * @param operands  the operands in assembly order
 * @param nonzero   fields whose value 0 is reserved (the halfword is illegal) or a HINT the assembler
 *                  never compresses to (LLVM's compression rules leave those out too)
 * @param reserved  the subset of {@code nonzero} whose 0 makes the halfword illegal
 * @param needs     a second extension the instruction needs besides C ({@code F} for c.flw), or null
 * @param target    the 32-bit declaration it expands to
 * @param parts     how the expansion's fields are filled
 * @param also      other 32-bit forms that compress to it (LLVM's compress-only patterns: {@code addi rd,
 *                  rs, 0} compresses to {@code c.mv}, {@code add rd, rs2, rd} to {@code c.add})
 * @param listedAs  the 32-bit form a listing prints, where llvm-objdump's differs from the expansion
 *                  ({@code c.mv} lists as {@code addi rd, rs2, 0}, that is {@code mv}); null: the expansion
 * @param summary   one line of what it does, for the documentation
 */
public record CompressedDef(String mnemonic, int mask, int match, List<Operand> operands, Set<CField> nonzero,
                            Set<CField> reserved, Extension needs, InstructionDef target, List<Part> parts,
                            List<Form32> also, Form32 listedAs, String summary) {

    public CompressedDef {
        operands = List.copyOf(operands);
        nonzero = Set.copyOf(nonzero);
        reserved = Set.copyOf(reserved);
        parts = List.copyOf(parts);
        also = List.copyOf(also);
    }

    /**
     * One assembly operand: a field, a field with a base register ({@code imm(rs1')}), or a field
     * with the implied base {@code sp} ({@code imm(sp)}).
     */
    public record Operand(CField field, CField base, boolean spBase) {
        public String text() {
            if (field == null) {
                return "sp";
            }
            return field.text() + (base != null ? "(" + base.text() + ")" : spBase ? "(sp)" : "");
        }
    }

    /** A field of the expansion, taken from a compressed field or fixed ({@code x0}, {@code sp}, {@code ra}). */
    public record Part(Field field, CField from, int constant) { }

    /** Another 32-bit form compressed to this instruction. */
    public record Form32(InstructionDef target, List<Part> parts) { }

    /** True if the halfword has this instruction's fixed bits and none of its reserved zeros. */
    public boolean matches(int h) {
        if ((h & mask) != match) {
            return false;
        }
        for (CField f : reserved) {
            if ((h & f.bitMask()) == 0) {
                return false;
            }
        }
        return true;
    }

    /** The 32-bit instruction word a matching halfword stands for. */
    public int expand(int h) {
        return fill(target, parts, h);
    }

    /** The 32-bit word a listing prints for a matching halfword (see {@link #listedAs}). */
    public int listedWord(int h) {
        return listedAs == null ? expand(h) : fill(listedAs.target(), listedAs.parts(), h);
    }

    private static int fill(InstructionDef target, List<Part> parts, int h) {
        int w = target.match();
        for (Part p : parts) {
            w = p.field().insert(w, p.from() != null ? p.from().extract(h) : p.constant());
        }
        return w;
    }

    /** The halfword of this instruction for a 32-bit word it can stand for, or -1. */
    public int compress(InstructionDef def, int word) {
        if (def == target) {
            int h = compress(parts, word);
            if (h >= 0) {
                return h;
            }
        }
        for (Form32 f : also) {
            if (def == f.target()) {
                int h = compress(f.parts(), word);
                if (h >= 0) {
                    return h;
                }
            }
        }
        return -1;
    }

    private int compress(List<Part> from, int word) {
        int h = match;
        int assigned = 0;          // compressed fields set so far, by ordinal
        int[] values = new int[CField.values().length];
        for (Part p : from) {
            int v = p.field().extract(word);
            if (p.from() == null) {
                if (v != p.constant()) {
                    return -1;
                }
                continue;
            }
            CField c = p.from();
            if ((assigned & 1 << c.ordinal()) != 0) {
                if (values[c.ordinal()] != v) {
                    return -1;
                }
                continue;
            }
            if (!c.accepts(v) || v == 0 && nonzero.contains(c)) {
                return -1;
            }
            assigned |= 1 << c.ordinal();
            values[c.ordinal()] = v;
            h = c.insert(h, v);
        }
        return h;
    }

    /** The syntax as the table shows it, e.g. {@code c.lw rs2', imm(rs1')}. */
    public String syntax() {
        StringBuilder sb = new StringBuilder(mnemonic);
        for (int i = 0; i < operands.size(); i++) {
            Operand o = operands.get(i);
            boolean destination = o.base() == null && parts.stream().anyMatch(
                    p -> p.from() == o.field() && (p.field() == Field.RD || p.field() == Field.FD));
            String text = o.text();
            if (destination && (o.field() == CField.RS2P || o.field() == CField.FS2P)) {
                text = o.field() == CField.RS2P ? "rd'" : "fd'";   // the 4:2 register is written here
            } else if (destination && o.field() == CField.RS1P) {
                text = "rd'";
            } else if (!destination && o.field() == CField.RD) {
                text = "rs1";      // c.jr and c.jalr read the register in the rd position
            }
            sb.append(i == 0 ? " " : ", ").append(text);
        }
        return sb.toString();
    }
}
