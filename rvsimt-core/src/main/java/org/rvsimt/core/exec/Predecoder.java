package org.rvsimt.core.exec;

import java.util.Map;
import org.rvsimt.core.semantics.Atomics;
import org.rvsimt.core.semantics.Control;
import org.rvsimt.core.semantics.IntOps;
import org.rvsimt.isa.Field;
import org.rvsimt.isa.InstructionDef;
import org.rvsimt.isa.InstructionSet;
import org.rvsimt.isa.Slot;
import org.rvsimt.isa.decode.Decoder;

/**
 * Maps each declaration to an engine shape and function through its semantics reference
 * ({@code "IntOps.add"}), so the engine depends on the table's semantics names, not on mnemonics.
 */
final class Predecoder {

    /** Register row that absorbs writes to x0, so lane loops need no "rd != 0" test. */
    static final int SINK = 32;

    private static final Map<String, int[]> FIXED = Map.ofEntries(
            Map.entry("Control.jal", new int[] {Form.JAL, 0}),
            Map.entry("Control.jalr", new int[] {Form.JALR, 0}),
            Map.entry("Control.ecall", new int[] {Form.ECALL, 0}),
            Map.entry("Control.ebreak", new int[] {Form.EBREAK, 0}),
            Map.entry("Control.fence", new int[] {Form.FENCE, 0}),
            Map.entry("Control.fenceI", new int[] {Form.FENCE, 0}),
            Map.entry("IntOps.lui", new int[] {Form.LUI, 0}),
            Map.entry("IntOps.auipc", new int[] {Form.AUIPC, 0}),
            Map.entry("Memory.lb", new int[] {Form.LOAD, 1}),
            Map.entry("Memory.lh", new int[] {Form.LOAD, 2}),
            Map.entry("Memory.lw", new int[] {Form.LOAD, 4}),
            Map.entry("Memory.lbu", new int[] {Form.LOAD, 1 | 8}),
            Map.entry("Memory.lhu", new int[] {Form.LOAD, 2 | 8}),
            Map.entry("Memory.sb", new int[] {Form.STORE, 1}),
            Map.entry("Memory.sh", new int[] {Form.STORE, 2}),
            Map.entry("Memory.sw", new int[] {Form.STORE, 4}),
            Map.entry("Memory.flw", new int[] {Form.FLW, 4}),
            Map.entry("Memory.fsw", new int[] {Form.FSW, 4}),
            Map.entry("Csr.csrrw", new int[] {Form.CSR, 1}),
            Map.entry("Csr.csrrs", new int[] {Form.CSR, 2}),
            Map.entry("Csr.csrrc", new int[] {Form.CSR, 3}),
            Map.entry("Csr.csrrwi", new int[] {Form.CSR, 5}),
            Map.entry("Csr.csrrsi", new int[] {Form.CSR, 6}),
            Map.entry("Csr.csrrci", new int[] {Form.CSR, 7}),
            Map.entry("FloatOps.faddS", new int[] {Form.FP_RR, 0}),
            Map.entry("FloatOps.fsubS", new int[] {Form.FP_RR, 1}),
            Map.entry("FloatOps.fmulS", new int[] {Form.FP_RR, 2}),
            Map.entry("FloatOps.fdivS", new int[] {Form.FP_RR, 3}),
            Map.entry("FloatOps.fsqrtS", new int[] {Form.FP_SQRT, 0}),
            Map.entry("FloatOps.fmaddS", new int[] {Form.FP_FMA, 0}),
            Map.entry("FloatOps.fmsubS", new int[] {Form.FP_FMA, 1}),
            Map.entry("FloatOps.fnmsubS", new int[] {Form.FP_FMA, 2}),
            Map.entry("FloatOps.fnmaddS", new int[] {Form.FP_FMA, 3}),
            Map.entry("FloatOps.fsgnjS", new int[] {Form.FP_SGNJ, 0}),
            Map.entry("FloatOps.fsgnjnS", new int[] {Form.FP_SGNJ, 1}),
            Map.entry("FloatOps.fsgnjxS", new int[] {Form.FP_SGNJ, 2}),
            Map.entry("FloatOps.fminS", new int[] {Form.FP_MINMAX, 0}),
            Map.entry("FloatOps.fmaxS", new int[] {Form.FP_MINMAX, 1}),
            Map.entry("FloatOps.feqS", new int[] {Form.FP_CMP, 0}),
            Map.entry("FloatOps.fltS", new int[] {Form.FP_CMP, 1}),
            Map.entry("FloatOps.fleS", new int[] {Form.FP_CMP, 2}),
            Map.entry("FloatOps.fclassS", new int[] {Form.FP_CLASS, 0}),
            Map.entry("FloatOps.fcvtWS", new int[] {Form.FCVT_W_S, 0}),
            Map.entry("FloatOps.fcvtWuS", new int[] {Form.FCVT_W_S, 1}),
            Map.entry("FloatOps.fcvtSW", new int[] {Form.FCVT_S_W, 0}),
            Map.entry("FloatOps.fcvtSWu", new int[] {Form.FCVT_S_W, 1}),
            Map.entry("FloatOps.fmvXW", new int[] {Form.FMV_X_W, 0}),
            Map.entry("FloatOps.fmvWX", new int[] {Form.FMV_W_X, 0}),
            Map.entry("LowPrecision.fcvtSBf16", new int[] {Form.LOWP_TO_F, 0}),
            Map.entry("LowPrecision.fcvtSE4m3", new int[] {Form.LOWP_TO_F, 1}),
            Map.entry("LowPrecision.fcvtSE5m2", new int[] {Form.LOWP_TO_F, 2}),
            Map.entry("LowPrecision.fcvtSE2m1", new int[] {Form.LOWP_TO_F, 3}),
            Map.entry("LowPrecision.fcvtBf16S", new int[] {Form.LOWP_FROM_F, 0}),
            Map.entry("LowPrecision.fcvtE4m3S", new int[] {Form.LOWP_FROM_F, 1}),
            Map.entry("LowPrecision.fcvtE5m2S", new int[] {Form.LOWP_FROM_F, 2}),
            Map.entry("LowPrecision.fcvtE2m1S", new int[] {Form.LOWP_FROM_F, 3}),
            Map.entry("Sfu.fexpS", new int[] {Form.SFU, 0}),
            Map.entry("Sfu.flnS", new int[] {Form.SFU, 1}),
            Map.entry("Sfu.frcpS", new int[] {Form.SFU, 2}),
            Map.entry("Sfu.frsqrtS", new int[] {Form.SFU, 3}),
            Map.entry("Sfu.ftanhS", new int[] {Form.SFU, 4}),
            Map.entry("Sfu.fsigmoidS", new int[] {Form.SFU, 5}),
            Map.entry("Sfu.fsinS", new int[] {Form.SFU, 6}),
            Map.entry("Sfu.fcosS", new int[] {Form.SFU, 7}),
            Map.entry("Simt.tmc", new int[] {Form.TMC, 0}),
            Map.entry("Simt.wspawn", new int[] {Form.WSPAWN, 0}),
            Map.entry("Simt.split", new int[] {Form.SPLIT, 0}),
            Map.entry("Simt.splitN", new int[] {Form.SPLIT, 1}),
            Map.entry("Simt.join", new int[] {Form.JOIN, 0}),
            Map.entry("Simt.bar", new int[] {Form.BAR, 0}),
            Map.entry("Simt.pred", new int[] {Form.PRED, 0}),
            Map.entry("Simt.predN", new int[] {Form.PRED, 1}),
            Map.entry("Simt.voteAll", new int[] {Form.VOTE, 0}),
            Map.entry("Simt.voteAny", new int[] {Form.VOTE, 1}),
            Map.entry("Simt.voteUni", new int[] {Form.VOTE, 2}),
            Map.entry("Simt.voteBallot", new int[] {Form.VOTE, 3}),
            Map.entry("Simt.shflUp", new int[] {Form.SHFL, 0}),
            Map.entry("Simt.shflDown", new int[] {Form.SHFL, 1}),
            Map.entry("Simt.shflBfly", new int[] {Form.SHFL, 2}),
            Map.entry("Simt.shflIdx", new int[] {Form.SHFL, 3}));

    private Predecoder() { }

    /** Shape and function of a declaration; throws if the engine does not implement it. */
    static int[] shapeOf(InstructionDef d) {
        int[] fixed = FIXED.get(d.semantics());
        if (fixed != null) {
            return fixed;
        }
        String sem = d.semantics();
        if (sem.startsWith("Vector.")) {
            int fn = VectorDecode.idOf(sem.substring(7));
            return fn >= 0 ? new int[] {Form.VECTOR, fn} : new int[] {Form.ILLEGAL, 0};
        }
        if (sem.startsWith("Matrix.")) {
            int fn = MatrixDecode.idOf(sem.substring(7));
            return fn >= 0 ? new int[] {Form.MATRIX, fn} : new int[] {Form.ILLEGAL, 0};
        }
        if (sem.startsWith("IntOps.")) {
            int fn = IntOps.idOf(sem.substring(7));
            if (fn >= 0) {
                boolean imm = d.slots().size() == 3 && d.slots().get(2).equals(Slot.plain(Field.IMM_I))
                        || d.slots().size() == 3 && d.slots().get(2).equals(Slot.plain(Field.SHAMT));
                return new int[] {imm ? Form.ALU_RI : Form.ALU_RR, fn};
            }
        }
        if (sem.startsWith("Control.")) {
            int fn = Control.idOf(sem.substring(8));
            if (fn >= 0) {
                return new int[] {Form.BRANCH, fn};
            }
        }
        if (sem.startsWith("Atomics.")) {
            int fn = Atomics.idOf(sem.substring(8));
            if (fn == Atomics.LR) {
                return new int[] {Form.LR, fn};
            }
            if (fn == Atomics.SC) {
                return new int[] {Form.SC, fn};
            }
            if (fn >= 0) {
                return new int[] {Form.AMO, fn};
            }
        }
        throw new IllegalStateException("no engine implementation for " + d.mnemonic() + " (" + sem + ")");
    }

    static void fill(Program p) {
        for (int i = 0; i < p.length; i++) {
            int w = p.words[i];
            int id = Decoder.decode(w);
            p.defId[i] = id;
            if (id < 0) {
                extension(p, i, w);
                continue;
            }
            InstructionDef d = InstructionSet.get(id);
            int[] shape = shapeOf(d);
            p.form[i] = shape[0];
            p.fn[i] = shape[1];
            int rd = Field.RD.extract(w);
            p.rd[i] = rd == 0 ? SINK : rd;
            p.rs1[i] = Field.RS1.extract(w);
            p.rs2[i] = Field.RS2.extract(w);
            p.rs3[i] = Field.FS3.extract(w);
            p.rm[i] = Field.RM.extract(w);
            p.imm[i] = immediate(d, w);
            if (p.form[i] == Form.CSR) {
                p.imm[i] = Field.CSR.extract(w);
            }
            if (isFloatDest(p.form[i])) {
                p.rd[i] = rd; // f0 is a real register
            }
        }
    }

    /** The instruction's destination is an f register. */
    static boolean writesFloat(int form) {
        return isFloatDest(form);
    }

    /** The instruction writes its rd as an x register. */
    static boolean writesInteger(int form) {
        return switch (form) {
            case Form.ALU_RR, Form.ALU_RI, Form.LUI, Form.AUIPC, Form.JAL, Form.JALR, Form.LOAD, Form.CSR, Form.AMO,
                 Form.LR, Form.SC, Form.VOTE, Form.SHFL, Form.SPLIT, Form.FP_CMP, Form.FP_CLASS, Form.FCVT_W_S,
                 Form.FMV_X_W -> true;
            default -> false;
        };
    }

    /**
     * A word the ISA table does not declare may still be an RVV or matrix instruction the engine
     * implements (decoded from its fields, so programs built by LLVM run before the table knows
     * them); anything else is illegal. The units read their operands from the word itself.
     */
    private static void extension(Program p, int i, int w) {
        int vector = VectorDecode.decode(w);
        int matrix = MatrixDecode.decode(w);
        if (vector >= 0) {
            p.form[i] = Form.VECTOR;
            p.fn[i] = vector;
        } else if (matrix >= 0) {
            p.form[i] = Form.MATRIX;
            p.fn[i] = matrix;
        } else {
            p.form[i] = Form.ILLEGAL;
        }
    }

    private static boolean isFloatDest(int form) {
        return switch (form) {
            case Form.FLW, Form.FP_RR, Form.FP_SQRT, Form.FP_FMA, Form.FP_SGNJ, Form.FP_MINMAX, Form.FCVT_S_W,
                 Form.FMV_W_X, Form.LOWP_TO_F, Form.LOWP_FROM_F, Form.SFU -> true;
            default -> false;
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
