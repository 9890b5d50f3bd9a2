package org.rvsimt.isa;

import org.rvsimt.isa.Operation.MatrixConfig;
import org.rvsimt.isa.Operation.MatrixFloatMultiply;
import org.rvsimt.isa.Operation.MatrixIntMultiply;
import org.rvsimt.isa.Operation.MatrixMemory;
import org.rvsimt.isa.Operation.MatrixZero;

/**
 * The subset of the XuanTie (T-Head) RISC-V matrix extension rvsimt implements, in custom-1 (0x2B).
 *
 * <p>Source: the specification's repository on GitHub, XUANTIE-RV/riscv-matrix-extension-spec:
 * {@code spec/instruction_list.adoc} (field tables), {@code spec/inst32_format.adoc},
 * {@code spec/matmul.adoc}; summarised in docs/isa.md, section XMATRIX. Layout, bit 31 first:
 * func4 [31:28] | uop [27:26] | group-specific [25:12] | d_size [11:10] | md [9:7] | 0101011.
 *
 * <p><b>Decisions where the specification contradicts itself</b> (documented in docs/isa.md too):
 * <ul>
 *   <li>The matrix-multiply group uses <b>uop = 10</b>, as {@code inst32_format.adoc} says. The
 *       instruction list writes uop = 01 for every multiply, which would make e.g. mfmacc.s
 *       (func4 0000, func3 000) share its fixed bits with the mlae/msae load/store forms (also uop 01);
 *       uop 10 is the collision-free reading. So {@code mfmacc.s acc0, tr1, tr0} = 0x08180A2B.</li>
 *   <li>bf16 is selected by size_sup = 001 with s_size = 01, as in {@code instruction_list.adoc}
 *       (the format page's "inst[25] selects bf16" is not used); fp8 E4M3 is size_sup = 001 and
 *       E5M2 size_sup = 000 with s_size = 00.</li>
 *   <li>Register classes are part of the encoding: ms1/ms2 of a multiply must be tiles and md an
 *       accumulator, so those fields are declared with their top bit fixed (tiles 0xx, accumulators
 *       1xx) and a wrong class decodes as an illegal instruction. mlae/mlbe load tiles and mlce an
 *       accumulator (likewise the stores); mzero takes any register.</li>
 * </ul>
 * Assembly order is the specification's: {@code mfmacc.s md, ms2, ms1} (md += ms1 * ms2^T), loads
 * {@code mlae32 md, (rs1), rs2} with rs2 the row stride in bytes, {@code msettilemi uimm10}.
 *
 * <p>Each declaration names its {@link Operation.Matrix} operation. Trace ids are assigned from 768 in
 * declaration order; append new declarations at the end to keep them stable.
 */
final class MatrixInstructions {

    static final int FIRST_TRACE_ID = 768;

    private static final String CUSTOM1 = "0101011";
    private static final String FUNC3 = "000";
    private static final String UOP_CONFIG = "00";
    private static final String UOP_LOAD_STORE = "01";
    private static final String UOP_MULTIPLY = "10";
    private static final String UOP_MISC = "11";
    private static final String FREE5 = ".....";
    /** Element sizes and their d_size/s_size codes. */
    private static final String[][] SIZES = {{"8", "00"}, {"16", "01"}, {"32", "10"}};

    private final InstructionSet.Table table;
    private int trace = FIRST_TRACE_ID;

    private MatrixInstructions(InstructionSet.Table table) {
        this.table = table;
    }

    static void declare(InstructionSet.Table table) {
        MatrixInstructions m = new MatrixInstructions(table);
        m.configuration();
        m.loadsAndStores();
        m.multiplies();
        m.misc();
        m.transposedLoads();
    }

    private void configuration() {
        add("mrelease", "0000" + UOP_CONFIG + "0" + "0000000000" + FUNC3 + "00000" + CUSTOM1, "", Kind.MATRIX_CONFIG, MatrixConfig.RELEASE,
                "release the matrix state (tiles and accumulators become undefined)");
        // func4 0001 = k, 0010 = m, 0011 = n; bit 25 = 1: the value comes from rs1, 0: from uimm10.
        String[][] dims = {{"k", "0001"}, {"m", "0010"}, {"n", "0011"}};
        MatrixConfig[] ops = {MatrixConfig.TILE_K, MatrixConfig.TILE_M, MatrixConfig.TILE_N};
        for (int i = 0; i < dims.length; i++) {
            String[] d = dims[i];
            add("msettile" + d[0], d[1] + UOP_CONFIG + "1" + "00000" + FREE5 + FUNC3 + "00000" + CUSTOM1, "rs1",
                    Kind.MATRIX_CONFIG, ops[i], "mtile" + d[0] + " = min(x[rs1], the maximum " + d[0].toUpperCase() + ")");
            add("msettile" + d[0] + "i", d[1] + UOP_CONFIG + "0" + ".........." + FUNC3 + "00000" + CUSTOM1,
                    "uimm10", Kind.MATRIX_CONFIG, ops[i], "mtile" + d[0] + " = min(uimm10, the maximum " + d[0].toUpperCase() + ")");
        }
    }

    private void loadsAndStores() {
        // func4 selects the matrix (0000 A, 0001 B, 0010 C); bit 25 = 0 load, 1 store; rs2 = row stride.
        String[][] matrices = {{"a", "0000", "mdtile", "A tile", "mtilem x mtilek"},
            {"b", "0001", "mdtile", "B tile", "mtilen x mtilek"}, {"c", "0010", "mdacc", "C accumulator", "mtilem x mtilen"}};
        MatrixMemory[][] ops = {{MatrixMemory.LOAD_A, MatrixMemory.STORE_A}, {MatrixMemory.LOAD_B, MatrixMemory.STORE_B},
            {MatrixMemory.LOAD_C, MatrixMemory.STORE_C}};
        for (int i = 0; i < matrices.length; i++) {
            String[] m = matrices[i];
            String top = m[2].equals("mdacc") ? "1" : "0";
            for (String[] s : SIZES) {
                add("ml" + m[0] + "e" + s[0], m[1] + UOP_LOAD_STORE + "0" + FREE5 + FREE5 + FUNC3 + s[1] + top + ".."
                        + CUSTOM1, m[2] + ", (rs1), rs2", Kind.MATRIX_LOAD, ops[i][0],
                        "load " + m[3] + " md (" + m[4] + ", " + s[0] + "-bit) from x[rs1], row stride x[rs2]");
            }
            for (String[] s : SIZES) {
                add("ms" + m[0] + "e" + s[0], m[1] + UOP_LOAD_STORE + "1" + FREE5 + FREE5 + FUNC3 + s[1] + top + ".."
                        + CUSTOM1, m[2] + ", (rs1), rs2", Kind.MATRIX_STORE, ops[i][1],
                        "store " + m[3] + " md (" + m[4] + ", " + s[0] + "-bit) to x[rs1], row stride x[rs2]");
            }
        }
    }

    private void multiplies() {
        // func4 | uop 10 | size_sup | 0 ms2 | s_size | 0 ms1 | 000 | d_size | 1 md | custom-1
        String[] ops = {
            "mfmacc.s", "0000", "000", "10", "f32 x f32 -> f32",
            "mfmacc.s.bf16", "0000", "001", "01", "bf16 x bf16 -> f32",
            "mfmacc.s.e4", "0000", "001", "00", "fp8 E4M3 x E4M3 -> f32",
            "mfmacc.s.e5", "0000", "000", "00", "fp8 E5M2 x E5M2 -> f32",
            "mmacc.w.b", "0001", "011", "00", "int8 x int8 -> int32",
            "mmaccu.w.b", "0001", "000", "00", "uint8 x uint8 -> int32",
            "mmaccus.w.b", "0001", "001", "00", "uint8 (ms1) x int8 (ms2) -> int32",
            "mmaccsu.w.b", "0001", "010", "00", "int8 (ms1) x uint8 (ms2) -> int32"};
        Operation.Matrix[] operations = {MatrixFloatMultiply.F32, MatrixFloatMultiply.BF16, MatrixFloatMultiply.E4M3,
            MatrixFloatMultiply.E5M2, MatrixIntMultiply.SIGNED, MatrixIntMultiply.UNSIGNED,
            MatrixIntMultiply.UNSIGNED_SIGNED, MatrixIntMultiply.SIGNED_UNSIGNED};
        for (int i = 0; i < ops.length; i += 5) {
            add(ops[i], ops[i + 1] + UOP_MULTIPLY + ops[i + 2] + "0.." + ops[i + 3] + "0.." + FUNC3 + "10" + "1.."
                    + CUSTOM1, "mdacc, ms2, ms1", Kind.MATRIX_MMA, operations[i / 5],
                    "md[i][j] += sum_k ms1[i][k] * ms2[j][k] (" + ops[i + 4] + ")");
        }
    }

    private void misc() {
        // mzero: func4 0000, uop 11, uimm3 = 000 (one register; the 2r/4r/8r forms are not declared).
        add("mzero", "0000" + UOP_MISC + "000" + "000" + "00" + "000" + FUNC3 + "00" + "..." + CUSTOM1, "md",
                Kind.MATRIX_MISC, MatrixZero.ZERO, "md = 0 (a tile or an accumulator)");
    }

    private void transposedLoads() {
        // func4 0101 (B, transposed), uop 01, bit 25 = 0 (load); instruction_list.adoc, load/store table.
        for (String[] s : SIZES) {
            add("mlbte" + s[0], "0101" + UOP_LOAD_STORE + "0" + FREE5 + FREE5 + FUNC3 + s[1] + "0.." + CUSTOM1,
                    "mdtile, (rs1), rs2", Kind.MATRIX_LOAD, MatrixMemory.LOAD_B_TRANSPOSED,
                    "load B tile md (mtilen x mtilek, " + s[0] + "-bit) from x[rs1] column-major: md[j][k] at x[rs1]"
                            + " + k * x[rs2] + j * size");
        }
    }

    private void add(String mnemonic, String pattern, String syntax, Kind kind, Operation.Matrix op, String summary) {
        table.add(mnemonic, pattern, syntax, kind, Extension.XMATRIX, trace++, op, summary);
    }
}
