package org.rvsimt.isa;

import java.util.List;

/**
 * A pseudo-instruction that is one declared instruction with some fields fixed ({@code nop} is
 * {@code addi} with rd, rs1 and imm 0) or tied to another field ({@code fmv.s fd, fs} is
 * {@code fsgnj.s fd, fs, fs}), written with its own syntax. The assembler accepts it and the
 * disassembler's listing prints it where the word matches, both from this one record ({@link Aliases}).
 * A name may have several forms ({@code jalr rs1}, {@code jalr imm(rs1)}, {@code jalr rd, rs1}); the
 * assembler takes the first whose operands fit the ones written.
 *
 * @param mnemonic  the alias's name
 * @param base      the declared instruction it stands for
 * @param slots     its operands, in its own assembly order
 * @param mask      the base's fixed bits plus the alias's fixed fields
 * @param match     their values
 * @param tiedFrom  fields written by an operand ...
 * @param tiedTo    ... whose value the field at the same index repeats
 * @param listed    the listing prints it (as llvm-objdump does by default); false: the assembler accepts it
 *                  only ({@code bgt} with swapped operands, {@code csrw} of an immediate)
 */
public record Alias(String mnemonic, InstructionDef base, List<Slot> slots, int mask, int match, List<Field> tiedFrom,
                    List<Field> tiedTo, boolean listed) {

    public Alias {
        slots = List.copyOf(slots);
        tiedFrom = List.copyOf(tiedFrom);
        tiedTo = List.copyOf(tiedTo);
    }

    /** True if {@code word} (an instruction of {@link #base}) is this alias. */
    public boolean matches(int word) {
        if ((word & mask) != match) {
            return false;
        }
        for (int i = 0; i < tiedFrom.size(); i++) {
            if (tiedFrom.get(i).extract(word) != tiedTo.get(i).extract(word)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The alias as a declaration: the base's, with the alias's name, operands and fixed bits, so the
     * assembler's and disassembler's generic operand code handles it (the tied fields are not operands).
     */
    public InstructionDef definition() {
        return new InstructionDef(base.id(), mnemonic, base.pattern(), mask, match, slots, base.roundingMode(),
                base.ordering(), base.ignoredMask(), base.kind(), base.extension(), base.traceId(), base.operation(),
                base.summary());
    }
}
