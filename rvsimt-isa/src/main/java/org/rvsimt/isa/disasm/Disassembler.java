package org.rvsimt.isa.disasm;

import java.util.List;
import java.util.function.IntFunction;
import org.rvsimt.isa.Csrs;
import org.rvsimt.isa.Field;
import org.rvsimt.isa.InstructionDef;
import org.rvsimt.isa.Registers;
import org.rvsimt.isa.RoundingMode;
import org.rvsimt.isa.Slot;
import org.rvsimt.isa.VectorType;
import org.rvsimt.isa.decode.Decoder;

/**
 * Turns instruction words into assembly text, driven only by the declarations.
 *
 * <p>Two styles: {@link #listing()} prints what objdump prints (common aliases such as {@code li},
 * {@code mv}, {@code ret}; branch targets as absolute addresses with the nearest symbol), and
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
        InstructionDef d = Decoder.lookup(word);
        if (d == null) {
            return String.format(".word 0x%08x", word);
        }
        if (aliases) {
            String alias = alias(d, word, pc);
            if (alias != null) {
                return alias;
            }
        }
        StringBuilder sb = new StringBuilder(d.mnemonic());
        if (d.ordering()) {
            int aqrl = Field.AQRL.extract(word);
            sb.append(aqrl == 3 ? ".aqrl" : aqrl == 2 ? ".aq" : aqrl == 1 ? ".rl" : "");
        }
        List<Slot> slots = d.slots();
        for (int i = 0; i < slots.size(); i++) {
            Slot s = slots.get(i);
            if (s.isMask()) {
                sb.append(maskSuffix(word));
            } else {
                sb.append(i == 0 ? " " : ", ").append(slot(s, word, pc));
            }
        }
        if (d.roundingMode()) {
            int rm = Field.RM.extract(word);
            if (rm != d.defaultRoundingMode()) {
                String name = RoundingMode.name(rm);
                sb.append(", ").append(name != null ? name : String.valueOf(rm));
            }
        }
        return sb.toString();
    }

    private String slot(Slot s, int word, int pc) {
        return switch (s.shape()) {
            case PLAIN -> value(s.value(), word, pc);
            case MEMORY -> value(s.value(), word, pc) + "(" + value(s.base(), word, pc) + ")";
            case ADDRESS -> "(" + value(s.base(), word, pc) + ")";
            case LITERAL -> s.literal();
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

    static String fenceSet(int v) {
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

    /** The objdump aliases; each is also a pseudo-instruction the assembler accepts. */
    private String alias(InstructionDef d, int w, int pc) {
        int rd = Field.RD.extract(w);
        int rs1 = Field.RS1.extract(w);
        int rs2 = Field.RS2.extract(w);
        int imm = Field.IMM_I.extract(w);
        String xd = Registers.xName(rd);
        String x1 = Registers.xName(rs1);
        String x2 = Registers.xName(rs2);
        return switch (d.mnemonic()) {
            case "addi" -> rd == 0 && rs1 == 0 && imm == 0 ? "nop"
                    : rs1 == 0 ? "li " + xd + ", " + imm
                    : imm == 0 ? "mv " + xd + ", " + x1 : null;
            case "xori" -> imm == -1 ? "not " + xd + ", " + x1 : null;
            case "sub" -> rs1 == 0 ? "neg " + xd + ", " + x2 : null;
            case "sltiu" -> imm == 1 ? "seqz " + xd + ", " + x1 : null;
            case "sltu" -> rs1 == 0 ? "snez " + xd + ", " + x2 : null;
            case "jal" -> rd == 0 ? "j " + target(pc, Field.IMM_J.extract(w))
                    : rd == 1 ? "jal " + target(pc, Field.IMM_J.extract(w)) : null;
            case "jalr" -> rd == 0 && rs1 == 1 && imm == 0 ? "ret"
                    : rd == 0 && imm == 0 ? "jr " + x1
                    : rd == 1 && imm == 0 ? "jalr " + x1 : null;
            case "beq", "bne", "bge", "blt" -> branchAlias(d.mnemonic(), rs1, rs2, pc, Field.IMM_B.extract(w));
            case "fsgnj.s", "fsgnjn.s", "fsgnjx.s", "fsgnj.h", "fsgnjn.h", "fsgnjx.h" -> rs1 == rs2
                    ? (d.mnemonic().startsWith("fsgnj.") ? "fmv" : d.mnemonic().startsWith("fsgnjn") ? "fneg" : "fabs")
                    + d.mnemonic().substring(d.mnemonic().length() - 2) + " " + Registers.fName(rd) + ", "
                    + Registers.fName(rs1) : null;
            case "csrrs" -> rs1 == 0 ? csrRead(rd, Field.CSR.extract(w)) : null;
            case "csrrw" -> rd == 0 ? csrWrite("w", Field.CSR.extract(w), x1) : null;
            case "csrrc" -> rd == 0 ? csrWrite("c", Field.CSR.extract(w), x1) : null;
            case "vl1re8.v", "vl2re8.v", "vl4re8.v", "vl8re8.v" -> "vl" + d.mnemonic().charAt(2) + "r.v "
                    + Registers.vName(rd) + ", (" + x1 + ")";
            case "vmand.mm", "vmnand.mm" -> rs1 == rs2
                    ? (d.mnemonic().equals("vmand.mm") ? "vmmv.m " : "vmnot.m ") + Registers.vName(rd) + ", "
                    + Registers.vName(rs2) : null;
            case "vmxor.mm", "vmxnor.mm" -> rd == rs1 && rs1 == rs2
                    ? (d.mnemonic().equals("vmxor.mm") ? "vmclr.m " : "vmset.m ") + Registers.vName(rd) : null;
            case "vrsub.vx" -> rs1 == 0 ? "vneg.v " + Registers.vName(rd) + ", " + Registers.vName(rs2) + maskSuffix(w)
                    : null;
            case "vxor.vi" -> Field.SIMM5.extract(w) == -1
                    ? "vnot.v " + Registers.vName(rd) + ", " + Registers.vName(rs2) + maskSuffix(w) : null;
            case "vfsgnjn.vv", "vfsgnjx.vv" -> rs1 == rs2
                    ? (d.mnemonic().equals("vfsgnjn.vv") ? "vfneg.v " : "vfabs.v ") + Registers.vName(rd) + ", "
                    + Registers.vName(rs2) + maskSuffix(w) : null;
            case "fence" -> (w >>> 28) == 8 && Field.PRED.extract(w) == 3 && Field.SUCC.extract(w) == 3 ? "fence.tso"
                    : Field.PRED.extract(w) == 15 && Field.SUCC.extract(w) == 15 ? "fence" : null;
            default -> null;
        };
    }

    private String branchAlias(String m, int rs1, int rs2, int pc, int off) {
        String t = target(pc, off);
        if (rs2 == 0) {
            return switch (m) {
                case "beq" -> "beqz " + Registers.xName(rs1) + ", " + t;
                case "bne" -> "bnez " + Registers.xName(rs1) + ", " + t;
                case "bge" -> "bgez " + Registers.xName(rs1) + ", " + t;
                default -> "bltz " + Registers.xName(rs1) + ", " + t;
            };
        }
        if (rs1 == 0) {
            return switch (m) {
                case "bge" -> "blez " + Registers.xName(rs2) + ", " + t;
                case "blt" -> "bgtz " + Registers.xName(rs2) + ", " + t;
                default -> null;
            };
        }
        return null;
    }

    private static String csrRead(int rd, int csr) {
        return switch (csr) {
            case Csrs.FFLAGS -> "frflags " + Registers.xName(rd);
            case Csrs.FRM -> "frrm " + Registers.xName(rd);
            case Csrs.FCSR -> "frcsr " + Registers.xName(rd);
            default -> "csrr " + Registers.xName(rd) + ", " + Csrs.name(csr);
        };
    }

    private static String csrWrite(String op, int csr, String rs) {
        if (op.equals("w")) {
            switch (csr) {
                case Csrs.FFLAGS: return "fsflags " + rs;
                case Csrs.FRM: return "fsrm " + rs;
                case Csrs.FCSR: return "fscsr " + rs;
                default: break;
            }
        }
        return "csr" + op + " " + Csrs.name(csr) + ", " + rs;
    }
}
