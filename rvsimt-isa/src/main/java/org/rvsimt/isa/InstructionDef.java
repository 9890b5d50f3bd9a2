package org.rvsimt.isa;

import java.util.ArrayList;
import java.util.List;

/**
 * The single declaration of one instruction. Everything else (decoder, assembler, disassembler,
 * trace schema, documentation, engines) is derived from these records.
 *
 * @param id           dense index into {@link InstructionSet#all()}, used by engines as the opcode id
 * @param mnemonic     assembly mnemonic, lower case
 * @param pattern      32 characters of {@code 0}, {@code 1} or {@code .} (a free bit), bit 31 first
 * @param mask         bits fixed by the pattern
 * @param match        values of the fixed bits
 * @param slots        the operands in assembly order
 * @param roundingMode the instruction has an {@code rm} field, written as an optional last operand
 * @param ordering     the instruction has aq/rl bits, written as a mnemonic suffix ({@code .aq .rl .aqrl})
 * @param ignoredMask  free bits that no operand writes (reserved or ignored by the semantics); encoded as 0
 * @param kind         the instruction's class, for statistics
 * @param extension    the extension that declares it
 * @param traceId      stable id in trace records (the seed's opcode numbers where the seed had the instruction)
 * @param operation    what it does, as the engines dispatch on it
 * @param summary      one line of what it does, for the documentation
 */
public record InstructionDef(int id, String mnemonic, String pattern, int mask, int match, List<Slot> slots,
                             boolean roundingMode, boolean ordering, int ignoredMask, Kind kind,
                             Extension extension, int traceId, Operation operation, String summary) {

    public InstructionDef {
        slots = List.copyOf(slots);
    }

    /**
     * How the engines run it: the operation's form, except that an ALU operation whose last operand
     * is an immediate ({@code addi}, {@code slli}) reads the immediate instead of rs2, and a unary one
     * ({@code clz rd, rs1}, whose rs2 field is part of the opcode) reads the immediate 0, not a register.
     */
    public Form form() {
        Form s = operation.form();
        if (s == Form.ALU_RR && !slots.isEmpty()) {
            // Field by field rather than Slot.equals: a record's equals is an invokedynamic whose first
            // call links method handles, a few milliseconds of a fresh process's first launch (the
            // predecoder asks every instruction).
            Slot last = slots.get(slots.size() - 1);
            Field f = last.value();
            if (last.shape() == Slot.Shape.PLAIN && last.base() == null && last.literal() == null
                    && (f == Field.IMM_I || f == Field.SHAMT || f == Field.RS1)) {
                return Form.ALU_RI;
            }
        }
        return s;
    }

    /**
     * For a vector or matrix instruction, the operand its syntax names beside the vector and tile
     * registers: the first plain vs1, rs1, fs1, simm5, uimm5 or uimm10 slot ({@link OperandSource#NONE} if
     * there is none; address slots such as {@code (rs1)} are not operands of this kind).
     */
    public OperandSource source() {
        for (Slot s : slots) {
            if (s.shape() == Slot.Shape.PLAIN) {
                OperandSource src = OperandSource.of(s.value());
                if (src != null) {
                    return src;
                }
            }
        }
        return OperandSource.NONE;
    }

    /**
     * The rm an assembler writes when the operand is left out, and a listing therefore leaves out:
     * dyn, except for the exact widening conversion fcvt.s.h, which GNU as and LLVM encode with rne
     * (as they do fcvt.d.s).
     */
    public int defaultRoundingMode() {
        return operation == Operation.Standalone.FCVT_S_H ? RoundingMode.RNE : RoundingMode.DYN;
    }

    /** True if {@code word} has this instruction's fixed bits. */
    public boolean matches(int word) {
        return (word & mask) == match;
    }

    /** Every field the syntax (plus rm and aq/rl) writes. */
    public List<Field> fields() {
        List<Field> out = new ArrayList<>();
        for (Slot s : slots) {
            out.addAll(s.fields());
        }
        if (roundingMode) {
            out.add(Field.RM);
        }
        if (ordering) {
            out.add(Field.AQRL);
        }
        return out;
    }

    /** The syntax as the table shows it, e.g. {@code add rd, rs1, rs2}. */
    public String syntax() {
        StringBuilder sb = new StringBuilder(mnemonic);
        if (ordering) {
            sb.append("[.aq|.rl|.aqrl]");
        }
        sb.append(operands(Slot::name, "[, v0.t]"));   // v0.t is optional: omitted means unmasked
        if (roundingMode) {
            sb.append(slots.isEmpty() ? " " : "").append("[, rm]");
        }
        return sb.toString();
    }

    /**
     * The operands written out, each field's text from {@code fieldText}, and {@code mask} where the optional
     * {@code v0.t} goes: with a leading space, or "" when there are none. The listing, the table and the
     * assembler's messages all write operands this way.
     */
    public String operands(java.util.function.Function<Field, String> fieldText, String mask) {
        StringBuilder sb = new StringBuilder();
        boolean first = true;
        for (Slot s : slots) {
            if (s.isMask()) {
                sb.append(mask);
            } else {
                sb.append(first ? " " : ", ").append(s.write(fieldText));
                first = false;
            }
        }
        return sb.toString();
    }

    /** Parses a 32-character pattern into {mask, match}. */
    static int[] parsePattern(String pattern) {
        String p = pattern.replace(" ", "");
        if (p.length() != 32) {
            throw new IllegalArgumentException("pattern must have 32 bits: " + pattern);
        }
        int mask = 0;
        int match = 0;
        for (int i = 0; i < 32; i++) {
            char c = p.charAt(i);
            int bit = 1 << (31 - i);
            switch (c) {
                case '0' -> mask |= bit;
                case '1' -> {
                    mask |= bit;
                    match |= bit;
                }
                case '.' -> { }
                default -> throw new IllegalArgumentException("bad pattern character '" + c + "' in " + pattern);
            }
        }
        return new int[] {mask, match};
    }
}
