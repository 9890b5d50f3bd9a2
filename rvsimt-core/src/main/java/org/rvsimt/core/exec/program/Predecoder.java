package org.rvsimt.core.exec.program;

import org.rvsimt.isa.CompressedDef;
import org.rvsimt.isa.CompressedInstructions;
import org.rvsimt.isa.Extension;
import org.rvsimt.isa.Field;
import org.rvsimt.isa.Form;
import org.rvsimt.isa.InstructionDef;
import org.rvsimt.isa.InstructionSet;
import org.rvsimt.isa.decode.Decoder;

/**
 * Fills a {@link Program}'s arrays from the declarations: each instruction's form and operation come
 * from its {@link InstructionDef}, its operands from the word's fields. A word no declaration
 * matches is {@link Form#ILLEGAL}.
 */
public final class Predecoder {

    /** Register row that absorbs writes to x0, so lane loops need no "rd != 0" test. */
    public static final int SINK = 32;

    private Predecoder() { }

    static void fill(Program p) {
        for (int i = 0; i < p.length; i++) {
            fillSlot(p, i);
        }
    }

    /**
     * Predecodes the instruction at slot {@code i}; a compressed one as the 32-bit instruction it
     * expands to, which is illegal on a device without C (or, for c.flw and the like, without F).
     */
    static void fillSlot(Program p, int i) {
        int w = p.words[i];
        boolean compressed = CompressedInstructions.isCompressed(w);
        p.size[i] = (byte) (compressed ? 2 : 4);
        p.defId[i] = -1;
        p.op[i] = null;
        p.source[i] = null;
        p.form[i] = Form.ILLEGAL;
        if ((p.base + 2 * i & p.alignMask) != 0 || !compressed && i + 1 >= p.length) {
            return;    // a pc the device never fetches from (no C: not a multiple of 4), or cut off by the end
        }
        boolean allowed = true;
        if (compressed) {
            CompressedDef c = CompressedInstructions.lookup(w);
            if (c == null) {
                return;
            }
            allowed = p.isa.has(Extension.C) && (c.needs() == null || p.isa.has(c.needs()));
            w = c.expand(w);
        }
        int id = Decoder.decode(w);
        p.defId[i] = id;
        if (id < 0) {
            return;
        }
        InstructionDef d = InstructionSet.get(id);
        Form form = d.form();
        if (!allowed || !p.isa.has(d.extension())) {
            p.form[i] = Form.ILLEGAL;   // the device lacks its extension: it faults as illegal
            return;
        }
        p.form[i] = form;
        p.op[i] = d.operation();
        p.source[i] = d.source();
        int rd = Field.RD.extract(w);
        p.rd[i] = rd == 0 ? SINK : rd;
        p.rs1[i] = Field.RS1.extract(w);
        p.rs2[i] = Field.RS2.extract(w);
        p.rs3[i] = Field.FS3.extract(w);
        p.rm[i] = Field.RM.extract(w);
        p.imm[i] = form == Form.CSR ? Field.CSR.extract(w) : immediate(d, w);
        if (writesFloat(form)) {
            p.rd[i] = rd; // f0 is a real register
        }
    }

    /** The instruction's destination is an f register. */
    public static boolean writesFloat(Form form) {
        return switch (form) {
            case FLW, FP_RR, FP_SQRT, FP_FMA, FP_SGNJ, FP_MINMAX, FCVT_S_W, FMV_W_X, LOWP_TO_F, LOWP_FROM_F, SFU -> true;
            case ILLEGAL, ALU_RR, ALU_RI, LUI, AUIPC, BRANCH, JAL, JALR, LOAD, STORE, CSR, ECALL, EBREAK, FENCE, FSW,
                 FP_CMP, FP_CLASS, FCVT_W_S, FMV_X_W, AMO, LR, SC, TMC, WSPAWN, SPLIT, JOIN, BAR, PRED, VOTE, SHFL,
                 VECTOR, MATRIX -> false;
        };
    }

    /** The instruction writes its rd as an x register (vector and matrix results are the units' own). */
    public static boolean writesInteger(Form form) {
        return switch (form) {
            case ALU_RR, ALU_RI, LUI, AUIPC, JAL, JALR, LOAD, CSR, AMO, LR, SC, VOTE, SHFL, SPLIT, FP_CMP, FP_CLASS,
                 FCVT_W_S, FMV_X_W -> true;
            case ILLEGAL, BRANCH, STORE, ECALL, EBREAK, FENCE, FLW, FSW, FP_RR, FP_SQRT, FP_FMA, FP_SGNJ, FP_MINMAX,
                 FCVT_S_W, FMV_W_X, LOWP_TO_F, LOWP_FROM_F, SFU, TMC, WSPAWN, JOIN, BAR, PRED, VECTOR, MATRIX -> false;
        };
    }

    private static int immediate(InstructionDef d, int w) {
        for (Field f : d.fields()) {
            switch (f) {
                case IMM_I, IMM_S, IMM_B, IMM_J, IMM_U, SHAMT, ZIMM -> {
                    return f.extract(w);
                }
                default -> { }
            }
        }
        return 0;
    }
}
