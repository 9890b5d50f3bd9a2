package org.rvsimt.isa.disasm;

import java.util.List;
import java.util.function.IntFunction;
import org.rvsimt.isa.Alias;
import org.rvsimt.isa.Aliases;
import org.rvsimt.isa.CField;
import org.rvsimt.isa.CompressedDef;
import org.rvsimt.isa.CompressedInstructions;
import org.rvsimt.isa.Csrs;
import org.rvsimt.isa.Field;
import org.rvsimt.isa.InstructionDef;
import org.rvsimt.isa.Registers;
import org.rvsimt.isa.RoundingMode;
import org.rvsimt.isa.VectorType;
import org.rvsimt.isa.decode.Decoder;

/**
 * Turns instruction words into assembly text, driven only by the declarations.
 *
 * <p>Two styles: {@link #listing()} prints what objdump prints (the aliases of {@link Aliases} such as
 * {@code li}, {@code mv}, {@code ret}; branch targets as absolute addresses with the nearest symbol), and
 * {@link #canonical()} prints the declared instruction with pc-relative offsets, which the
 * assembler reads back to the same word.
 */
public final class Disassembler {

    private final boolean aliases;
    private final boolean absoluteTargets;
    private final IntFunction<String> symbolizer;

    private Disassembler(boolean aliases, boolean absoluteTargets, IntFunction<String> symbolizer) {
        this.aliases = aliases;
        this.absoluteTargets = absoluteTargets;
        this.symbolizer = symbolizer;
    }

    /** objdump-like text. */
    public static Disassembler listing() {
        return new Disassembler(true, true, a -> null);
    }

    /** Declared mnemonics, numeric pc-relative offsets: re-assembles to the same word. */
    public static Disassembler canonical() {
        return new Disassembler(false, false, a -> null);
    }

    /** The same style, naming branch targets with {@code symbolizer} ({@code address -> "label+0x4"} or null). */
    public Disassembler withSymbols(IntFunction<String> symbolizer) {
        return new Disassembler(aliases, absoluteTargets, symbolizer);
    }

    public Disassembler withAliases(boolean on) {
        return new Disassembler(on, absoluteTargets, symbolizer);
    }

    /** The text of one word at address {@code pc}; an undecodable word prints as {@code .word}. */
    public String format(int word, int pc) {
        if (CompressedInstructions.isCompressed(word)) {
            return compressed(word & 0xFFFF, pc);
        }
        InstructionDef d = Decoder.lookup(word);
        if (d == null) {
            return String.format(".word 0x%08x", word);
        }
        if (aliases) {
            for (Alias a : Aliases.listedFor(d)) {
                if (a.matches(word)) {
                    return formatAs(a.definition(), word, pc);
                }
            }
        }
        return formatAs(d, word, pc);
    }

    /** The word written as the instruction {@code d} (a declaration, or an alias's): its name and operands. */
    private String formatAs(InstructionDef d, int word, int pc) {
        StringBuilder sb = new StringBuilder(d.mnemonic());
        if (d.ordering()) {
            int aqrl = Field.AQRL.extract(word);
            sb.append(aqrl == 3 ? ".aqrl" : aqrl == 2 ? ".aq" : aqrl == 1 ? ".rl" : "");
        }
        sb.append(d.operands(f -> value(f, word, pc), maskSuffix(word)));
        if (d.roundingMode()) {
            int rm = Field.RM.extract(word);
            if (rm != d.defaultRoundingMode()) {
                String name = RoundingMode.name(rm);
                sb.append(", ").append(name != null ? name : String.valueOf(rm));
            }
        }
        return sb.toString();
    }

    /**
     * A 16-bit instruction: the listing prints its expansion, as llvm-objdump does; the canonical style
     * prints the {@code c.} form, which the assembler reads back to the same halfword.
     */
    private String compressed(int h, int pc) {
        CompressedDef d = CompressedInstructions.lookup(h);
        if (d == null) {
            return String.format(".2byte 0x%04x", h);
        }
        if (aliases) {
            return format(d.listedWord(h), pc);
        }
        StringBuilder sb = new StringBuilder(d.mnemonic());
        List<CompressedDef.Operand> ops = d.operands();
        for (int i = 0; i < ops.size(); i++) {
            CompressedDef.Operand o = ops.get(i);
            sb.append(i == 0 ? " " : ", ");
            if (o.field() == null) {
                sb.append("sp");
                continue;
            }
            sb.append(compressedValue(o.field(), h, pc));
            if (o.base() != null) {
                sb.append('(').append(compressedValue(o.base(), h, pc)).append(')');
            } else if (o.spBase()) {
                sb.append("(sp)");
            }
        }
        return sb.toString();
    }

    private String compressedValue(CField f, int h, int pc) {
        int v = f.extract(h);
        return switch (f.kind()) {
            case XREG, XREG_C -> Registers.xName(v);
            case FREG, FREG_C -> Registers.fName(v);
            case SIGNED, UNSIGNED -> Integer.toString(v);
            case LUI -> String.format("0x%x", v);
            case PCREL -> target(pc, v);
        };
    }

    /** {@code ", v0.t"} for a masked vector instruction (vm = 0), nothing for an unmasked one. */
    private static String maskSuffix(int word) {
        return Field.VM.extract(word) == 0 ? ", v0.t" : "";
    }

    private String value(Field f, int word, int pc) {
        int v = f.extract(word);
        return switch (f.valueClass()) {
            case XREG -> Registers.xName(v);
            case FREG -> Registers.fName(v);
            case SIGNED -> Integer.toString(v);
            case UNSIGNED -> f == Field.IMM_U ? String.format("0x%x", v) : Integer.toString(v);
            case PCREL -> target(pc, v);
            case CSR -> Csrs.name(v);
            case FENCE_SET -> fenceSet(v);
            case ROUNDING, ORDERING, MASK -> Integer.toString(v);
            case VREG -> Registers.vName(v);
            case VTYPE -> VectorType.format(v);
            case MATRIX_REG -> Registers.mName(v);
            case MATRIX_TILE -> Registers.mName(v);
            case MATRIX_ACC -> Registers.mName(4 + v);
        };
    }

    private String target(int pc, int offset) {
        if (!absoluteTargets) {
            return Integer.toString(offset);
        }
        int t = pc + offset;
        String sym = symbolizer.apply(t);
        return String.format("0x%x", t) + (sym != null ? " <" + sym + ">" : "");
    }

    /** A fence set as assembly writes it ({@code iorw}, {@code rw}, {@code 0}). */
    public static String fenceSet(int v) {
        StringBuilder sb = new StringBuilder();
        if ((v & 8) != 0) {
            sb.append('i');
        }
        if ((v & 4) != 0) {
            sb.append('o');
        }
        if ((v & 2) != 0) {
            sb.append('r');
        }
        if ((v & 1) != 0) {
            sb.append('w');
        }
        return sb.isEmpty() ? "0" : sb.toString();
    }
}
