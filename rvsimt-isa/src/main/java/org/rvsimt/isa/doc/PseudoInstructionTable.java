package org.rvsimt.isa.doc;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.rvsimt.isa.Alias;
import org.rvsimt.isa.Aliases;
import org.rvsimt.isa.Csrs;
import org.rvsimt.isa.Extension;
import org.rvsimt.isa.Field;
import org.rvsimt.isa.InstructionDef;
import org.rvsimt.isa.PseudoInstructions;
import org.rvsimt.isa.PseudoInstructions.Expansion;
import org.rvsimt.isa.PseudoInstructions.FieldValue;
import org.rvsimt.isa.PseudoInstructions.Pseudo;
import org.rvsimt.isa.Registers;
import org.rvsimt.isa.Slot;
import org.rvsimt.isa.disasm.Disassembler;

/**
 * The pseudo-instructions and aliases of one extension as a Markdown table for docs/isa.md, written from
 * the declarations the assembler and the disassembler use ({@link Aliases}, {@link PseudoInstructions}):
 * each form, the instruction(s) it stands for with its fixed operands filled in, and whether the listing
 * prints it.
 */
final class PseudoInstructionTable {

    private PseudoInstructionTable() { }

    /** The table, or "" when the extension has no pseudo-instruction. */
    static String of(Extension e) {
        List<String> rows = new ArrayList<>();
        for (Pseudo p : PseudoInstructions.all()) {
            List<PseudoInstructions.Word> last = p.expansions().get(p.expansions().size() - 1).words();
            if (last.get(last.size() - 1).instruction().extension() == e) {
                rows.add(row(p.mnemonic() + " " + p.syntax(), expansions(p), "each word"));
            }
        }
        for (Alias a : Aliases.all()) {
            if (a.base().extension() == e) {
                rows.add(row(a.mnemonic() + a.definition().operands(Slot::name, "[, v0.t]"), standsFor(a),
                        a.listed() ? "yes" : ""));
            }
        }
        if (rows.isEmpty()) {
            return "";
        }
        return "\nPseudo-instructions and aliases (\"listed\": `disasm` prints the word this way, as llvm-objdump"
                + " does):\n\n| pseudo-instruction | stands for | listed |\n|---|---|---|\n" + String.join("", rows);
    }

    private static String row(String syntax, String standsFor, String listed) {
        return "| `" + syntax.trim() + "` | " + standsFor + " | " + listed + " |\n";
    }

    /** The base instruction with the alias's fixed fields as values and its tied fields as the field they repeat. */
    private static String standsFor(Alias a) {
        List<Field> operands = new ArrayList<>();
        a.slots().forEach(s -> operands.addAll(s.fields()));
        String text = written(a.base(), f -> {
            int tied = a.tiedTo().indexOf(f);
            if (tied >= 0) {
                return name(a.tiedFrom().get(tied));
            }
            return operands.contains(f) ? name(f) : value(f, f.extract(a.match()));
        }, operands.contains(Field.VM));
        int other = a.mask() & ~a.base().mask();
        for (Field f : a.base().fields()) {
            other &= ~f.bitMask();
        }
        // bits no field holds (fence.tso's fm)
        return "`" + text + "`" + (other == 0 ? "" : String.format(" with bits 0x%08x = 0x%08x", other, a.match() & other));
    }

    /**
     * Each expansion, with the values it is for when there are several ({@code li}). {@code %pcrel_lo} is
     * written of the symbol for short; the assembler points it at the auipc's address.
     */
    private static String expansions(Pseudo p) {
        String[] names = p.syntax().split(",\\s*");
        List<String> out = new ArrayList<>();
        for (Expansion x : p.expansions()) {
            List<String> words = new ArrayList<>();
            for (PseudoInstructions.Word w : x.words()) {
                words.add("`" + written(w.instruction(), f -> {
                    FieldValue v = w.fields().stream().filter(fv -> fv.field() == f).findFirst().orElseThrow();
                    if (v.operand() < 0) {
                        return value(f, v.constant());
                    }
                    String n = names[v.operand()];
                    return switch (v.relocation()) {
                        case NONE -> n;
                        case HI -> "%hi(" + n + ")";
                        case LO -> "%lo(" + n + ")";
                        case PCREL_HI -> "%pcrel_hi(" + n + ")";
                        case PCREL_LO -> "%pcrel_lo(" + n + ")";
                    };
                }, false) + "`");
            }
            String when = switch (x.when()) {
                case ALWAYS -> p.expansions().size() > 1 ? "otherwise: " : "";
                case FITS_12_BITS -> "in [-2048, 2047]: ";
                case LOW_12_BITS_ZERO -> "low 12 bits zero: ";
            };
            out.add(when + String.join("; ", words));
        }
        return String.join("<br>", out);
    }

    /** {@code d} as assembly, each field's text from {@code text} ({@code masked}: the optional v0.t). */
    private static String written(InstructionDef d, Function<Field, String> text, boolean masked) {
        return d.mnemonic() + d.operands(text, masked ? "[, v0.t]" : "");
    }

    private static String name(Field f) {
        return Slot.name(f);
    }

    private static String value(Field f, int v) {
        return switch (f.valueClass()) {
            case XREG -> Registers.xName(v);
            case FREG -> Registers.fName(v);
            case VREG -> Registers.vName(v);
            case CSR -> Csrs.name(v);
            case FENCE_SET -> Disassembler.fenceSet(v);
            default -> Integer.toString(v);
        };
    }
}
