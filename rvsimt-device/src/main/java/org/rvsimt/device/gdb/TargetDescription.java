package org.rvsimt.device.gdb;

import java.util.List;
import java.util.Map;
import org.rvsimt.isa.Csrs;

/**
 * What GDB is told about a lane's registers (GDB manual, "Target Descriptions" and "RISC-V
 * Features"): architecture riscv:rv32, the required {@code org.gnu.gdb.riscv.cpu} feature (x0..x31
 * and pc), the {@code org.gnu.gdb.riscv.fpu} feature (f0..f31 single precision, fflags, frm, fcsr)
 * and a feature of rvsimt's own, {@code org.rvsimt.simt}, with the read-only SIMT CSRs.
 *
 * <p>Register numbers follow GDB's RISC-V numbering: x0..x31 are 0..31, pc 32, f0..f31 33..64 and a
 * CSR {@code n} is {@code 65 + n} (fflags 66, frm 67, fcsr 68, vx_lane_id 0xCC0 is 3329).
 */
final class TargetDescription {
    static final int PC = 32;
    static final int F0 = 33;
    static final int CSR0 = 65;

    /** The SIMT CSRs shown as registers, in the order GDB lists them. */
    static final List<Integer> SIMT_CSRS = List.of(Csrs.LANE_ID, Csrs.WARP_ID, Csrs.CORE_ID, Csrs.ACTIVE_WARPS,
            Csrs.THREAD_MASK, Csrs.THREAD_ID_X, Csrs.THREAD_ID_X + 1, Csrs.THREAD_ID_X + 2, Csrs.BLOCK_ID_X,
            Csrs.BLOCK_ID_X + 1, Csrs.BLOCK_ID_X + 2, Csrs.BLOCK_DIM_X, Csrs.BLOCK_DIM_X + 1, Csrs.BLOCK_DIM_X + 2,
            Csrs.GRID_DIM_X, Csrs.GRID_DIM_X + 1, Csrs.GRID_DIM_X + 2, Csrs.SHARED_BASE, Csrs.NUM_THREADS,
            Csrs.NUM_WARPS, Csrs.NUM_CORES, Csrs.MHARTID, Csrs.MSCRATCH);

    private static final String[] X_NAMES = {"zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "fp", "s1", "a0", "a1",
        "a2", "a3", "a4", "a5", "a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4",
        "t5", "t6"};
    private static final String[] F_NAMES = {"ft0", "ft1", "ft2", "ft3", "ft4", "ft5", "ft6", "ft7", "fs0", "fs1",
        "fa0", "fa1", "fa2", "fa3", "fa4", "fa5", "fa6", "fa7", "fs2", "fs3", "fs4", "fs5", "fs6", "fs7", "fs8", "fs9",
        "fs10", "fs11", "ft8", "ft9", "ft10", "ft11"};

    private static final String HEADER = "<?xml version=\"1.0\"?>\n<!DOCTYPE %s SYSTEM \"gdb-target.dtd\">\n";

    /** The annex names GDB may ask for with qXfer:features:read, and their text. */
    static final Map<String, String> ANNEXES = Map.of(
            "target.xml", String.format(HEADER, "target") + "<target version=\"1.0\">\n"
                    + "  <architecture>riscv:rv32</architecture>\n"
                    + "  <xi:include href=\"riscv-32bit-cpu.xml\"/>\n"
                    + "  <xi:include href=\"riscv-32bit-fpu.xml\"/>\n"
                    + "  <xi:include href=\"rvsimt-simt.xml\"/>\n"
                    + "</target>\n",
            "riscv-32bit-cpu.xml", cpu(),
            "riscv-32bit-fpu.xml", fpu(),
            "rvsimt-simt.xml", simt());

    private TargetDescription() { }

    private static String cpu() {
        StringBuilder s = new StringBuilder(String.format(HEADER, "feature"));
        s.append("<feature name=\"org.gnu.gdb.riscv.cpu\">\n");
        for (int r = 0; r < 32; r++) {
            String type = r == 1 ? "code_ptr" : r == 2 || r == 3 || r == 4 || r == 8 ? "data_ptr" : "int";
            s.append(String.format("  <reg name=\"%s\" bitsize=\"32\" type=\"%s\" regnum=\"%d\"/>%n", X_NAMES[r], type, r));
        }
        s.append(String.format("  <reg name=\"pc\" bitsize=\"32\" type=\"code_ptr\" regnum=\"%d\"/>%n", PC));
        return s.append("</feature>\n").toString();
    }

    private static String fpu() {
        StringBuilder s = new StringBuilder(String.format(HEADER, "feature"));
        s.append("<feature name=\"org.gnu.gdb.riscv.fpu\">\n");
        for (int r = 0; r < 32; r++) {
            s.append(String.format("  <reg name=\"%s\" bitsize=\"32\" type=\"ieee_single\" regnum=\"%d\"/>%n",
                    F_NAMES[r], F0 + r));
        }
        for (int csr : new int[] {Csrs.FFLAGS, Csrs.FRM, Csrs.FCSR}) {
            s.append(String.format("  <reg name=\"%s\" bitsize=\"32\" type=\"int\" regnum=\"%d\" group=\"float\"/>%n",
                    Csrs.name(csr), CSR0 + csr));
        }
        return s.append("</feature>\n").toString();
    }

    private static String simt() {
        StringBuilder s = new StringBuilder(String.format(HEADER, "feature"));
        s.append("<feature name=\"org.rvsimt.simt\">\n");
        for (int csr : SIMT_CSRS) {
            s.append(String.format("  <reg name=\"%s\" bitsize=\"32\" type=\"int\" regnum=\"%d\" group=\"system\"/>%n",
                    Csrs.name(csr), CSR0 + csr));
        }
        return s.append("</feature>\n").toString();
    }
}
