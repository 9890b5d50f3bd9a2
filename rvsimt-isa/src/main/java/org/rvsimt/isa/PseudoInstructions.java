package org.rvsimt.isa;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The pseudo-instructions that expand to several words ({@code li}, {@code la}, {@code call},
 * {@code tail}, the load and store of a symbol), declared once as data next to the one-word
 * {@link Aliases}: each word is a declared instruction whose fields take an operand, a fixed register,
 * or a part of an operand's value named by its relocation ({@code %hi}, {@code %lo},
 * {@code %pcrel_hi}, {@code %pcrel_lo}). Source: the RISC-V Assembly Programmer's Manual
 * (riscv-non-isa/riscv-asm-manual, "Pseudo Instructions" and "Load and Store Global"); the tests check
 * every expansion against llvm-mc's. The assembler builds the words from these declarations; a listing
 * shows the words one by one (as llvm-objdump does), so the disassembler needs no fusing.
 */
public final class PseudoInstructions {

    /** What an operand is in the source. */
    public enum OperandKind {
        /** An integer register. */
        XREG,
        /** A floating-point register. */
        FREG,
        /** An integer register the expansion overwrites ({@code rt} of a store or float load of a symbol). */
        TEMP,
        /** A value: a number is the value itself ({@code li}, {@code la}, loads and stores of a symbol). */
        VALUE,
        /** A jump target: a symbol is an address, a plain number an offset from the pseudo's pc ({@code call}). */
        TARGET
    }

    /** The part of an operand's value a field takes. */
    public enum Relocation {
        /** The value itself. */
        NONE,
        /** {@code %hi}: the upper 20 bits, rounded so that adding the sign-extended {@code %lo} rebuilds it. */
        HI,
        /** {@code %lo}: the low 12 bits, sign-extended. */
        LO,
        /** {@code %pcrel_hi}: {@code %hi} of the value minus this word's address. */
        PCREL_HI,
        /** {@code %pcrel_lo}: {@code %lo} of the value minus the address of the word with the {@code %pcrel_hi}. */
        PCREL_LO
    }

    /** Which constants an expansion is for ({@code li} picks the shortest; any other value takes the last). */
    public enum When {
        ALWAYS,
        /** A constant in [-2048, 2047]. */
        FITS_12_BITS,
        /** A constant whose low 12 bits are zero. */
        LOW_12_BITS_ZERO
    }

    /**
     * Where a field's value comes from: operand {@code operand} (with {@code relocation} when it is a value),
     * or, when {@code operand} is -1, the constant {@code constant} (a register number or an immediate).
     */
    public record FieldValue(Field field, int operand, Relocation relocation, int constant) { }

    /** One word of an expansion. */
    public record Word(InstructionDef instruction, List<FieldValue> fields) {
        public Word {
            fields = List.copyOf(fields);
        }
    }

    /** One way to expand: its words, and which operand values it is for. */
    public record Expansion(When when, List<Word> words) {
        public Expansion {
            words = List.copyOf(words);
        }
    }

    /**
     * A pseudo-instruction of one operand shape.
     *
     * @param mnemonic   its name (several shapes may share one: {@code call sym} and {@code call rd, sym})
     * @param operands   the operand kinds in source order
     * @param syntax     the operands as the manual writes them
     * @param expansions the ways to expand, the first that applies wins
     */
    public record Pseudo(String mnemonic, List<OperandKind> operands, String syntax, List<Expansion> expansions) {
        public Pseudo {
            operands = List.copyOf(operands);
            expansions = List.copyOf(expansions);
        }

        /** The operand that carries the value or target (the one a {@link When} condition reads). */
        public int valueOperand() {
            for (int i = 0; i < operands.size(); i++) {
                if (operands.get(i) == OperandKind.VALUE || operands.get(i) == OperandKind.TARGET) {
                    return i;
                }
            }
            throw new IllegalStateException(mnemonic + " has no value operand");
        }
    }

    private static final int ZERO = 0;
    private static final int RA = 1;
    private static final int T1 = 6;

    private static final List<Pseudo> ALL = new ArrayList<>();
    private static final Map<String, List<Pseudo>> BY_NAME = new HashMap<>();

    static {
        OperandKind x = OperandKind.XREG;
        OperandKind f = OperandKind.FREG;
        OperandKind v = OperandKind.VALUE;
        OperandKind t = OperandKind.TEMP;
        // li rd, imm: addi alone for 12 bits, lui alone when the low 12 bits are 0, else lui + addi.
        add("li", List.of(x, v), "rd, imm",
                new Expansion(When.FITS_12_BITS, List.of(
                        word("addi", op(Field.RD, 0), fixed(Field.RS1, ZERO), op(Field.IMM_I, 1, Relocation.NONE)))),
                new Expansion(When.LOW_12_BITS_ZERO, List.of(word("lui", op(Field.RD, 0), op(Field.IMM_U, 1, Relocation.HI)))),
                new Expansion(When.ALWAYS, List.of(
                        word("lui", op(Field.RD, 0), op(Field.IMM_U, 1, Relocation.HI)),
                        word("addi", op(Field.RD, 0), op(Field.RS1, 0), op(Field.IMM_I, 1, Relocation.LO)))));
        // la/lla rd, symbol: pc-relative (the manual's la without PIC, and lla).
        for (String m : new String[] {"la", "lla"}) {
            add(m, List.of(x, v), "rd, symbol", pcrel(0, 1, word("addi", op(Field.RD, 0), op(Field.RS1, 0),
                    op(Field.IMM_I, 1, Relocation.PCREL_LO))));
        }
        // call [rd,] symbol: auipc rd (ra), jalr rd, rd; tail symbol: auipc t1, jalr zero, t1.
        add("call", List.of(OperandKind.TARGET), "symbol", new Expansion(When.ALWAYS, List.of(
                word("auipc", fixed(Field.RD, RA), op(Field.IMM_U, 0, Relocation.PCREL_HI)),
                word("jalr", fixed(Field.RD, RA), fixed(Field.RS1, RA), op(Field.IMM_I, 0, Relocation.PCREL_LO)))));
        add("call", List.of(x, OperandKind.TARGET), "rd, symbol", pcrel(0, 1, word("jalr", op(Field.RD, 0),
                op(Field.RS1, 0), op(Field.IMM_I, 1, Relocation.PCREL_LO))));
        add("tail", List.of(OperandKind.TARGET), "symbol", new Expansion(When.ALWAYS, List.of(
                word("auipc", fixed(Field.RD, T1), op(Field.IMM_U, 0, Relocation.PCREL_HI)),
                word("jalr", fixed(Field.RD, ZERO), fixed(Field.RS1, T1), op(Field.IMM_I, 0, Relocation.PCREL_LO)))));
        // Load and store global: an integer load uses its rd as the address register; float loads and
        // all stores name a temporary rt.
        for (String m : new String[] {"lb", "lh", "lw", "lbu", "lhu"}) {
            add(m, List.of(x, v), "rd, symbol", pcrel(0, 1, word(m, op(Field.RD, 0), op(Field.RS1, 0),
                    op(Field.IMM_I, 1, Relocation.PCREL_LO))));
        }
        for (String m : new String[] {"flw", "flh"}) {
            add(m, List.of(f, v, t), "fd, symbol, rt", pcrel(2, 1, word(m, op(Field.FD, 0), op(Field.RS1, 2),
                    op(Field.IMM_I, 1, Relocation.PCREL_LO))));
        }
        for (String m : new String[] {"sb", "sh", "sw"}) {
            add(m, List.of(x, v, t), "rs, symbol, rt", pcrel(2, 1, word(m, op(Field.RS2, 0), op(Field.RS1, 2),
                    op(Field.IMM_S, 1, Relocation.PCREL_LO))));
        }
        for (String m : new String[] {"fsw", "fsh"}) {
            add(m, List.of(f, v, t), "fs, symbol, rt", pcrel(2, 1, word(m, op(Field.FS2, 0), op(Field.RS1, 2),
                    op(Field.IMM_S, 1, Relocation.PCREL_LO))));
        }
    }

    private PseudoInstructions() { }

    /** Every multi-word pseudo-instruction shape, in declaration order. */
    public static List<Pseudo> all() {
        return Collections.unmodifiableList(ALL);
    }

    /** The shapes of that name (empty if none). */
    public static List<Pseudo> named(String mnemonic) {
        return BY_NAME.getOrDefault(mnemonic, List.of());
    }

    /** {@code auipc} into operand {@code reg}'s register with {@code %pcrel_hi} of operand {@code value}, then {@code second}. */
    private static Expansion pcrel(int reg, int value, Word second) {
        return new Expansion(When.ALWAYS, List.of(
                word("auipc", op(Field.RD, reg), op(Field.IMM_U, value, Relocation.PCREL_HI)), second));
    }

    private static Word word(String mnemonic, FieldValue... fields) {
        InstructionDef d = InstructionSet.byMnemonic(mnemonic);
        List<Field> set = new ArrayList<>();
        for (FieldValue v : fields) {
            set.add(v.field());
        }
        // every field of the instruction gets a value, so an expansion can never leave one at zero by omission
        if (!set.containsAll(d.fields()) || set.size() != d.fields().size()) {
            throw new IllegalStateException(mnemonic + ": the expansion must set exactly " + d.fields());
        }
        return new Word(d, List.of(fields));
    }

    private static FieldValue op(Field f, int operand) {
        return new FieldValue(f, operand, Relocation.NONE, 0);
    }

    private static FieldValue op(Field f, int operand, Relocation r) {
        return new FieldValue(f, operand, r, 0);
    }

    private static FieldValue fixed(Field f, int value) {
        return new FieldValue(f, -1, Relocation.NONE, value);
    }

    private static void add(String mnemonic, List<OperandKind> operands, String syntax, Expansion... expansions) {
        Pseudo p = new Pseudo(mnemonic, operands, syntax, List.of(expansions));
        ALL.add(p);
        BY_NAME.computeIfAbsent(mnemonic, k -> new ArrayList<>()).add(p);
    }
}
