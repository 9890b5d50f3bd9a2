package org.rvsimt.isa;

/** The ISA extension an instruction belongs to; used for documentation, filtering and cross-checks. */
public enum Extension {
    RV32I("base integer"),
    M("integer multiply/divide"),
    A("atomics"),
    F("single-precision floating point"),
    ZICSR("control and status registers"),
    ZIFENCEI("instruction-fetch fence"),
    ZBA("address generation: shift-and-add"),
    ZBB("basic bit manipulation"),
    ZBS("single-bit instructions"),
    ZICOND("integer conditional operations"),
    XSFU("seed transcendental SFU ops (custom, OP-FP funct7 0110000)"),
    XLOWP("seed low-precision conversions (custom, OP-FP)"),
    XVORTEX("Vortex SIMT control (custom-0)"),
    V("RVV 1.0 vector subset: Zve32f (SEW 8/16/32, f32), per lane"),
    XMATRIX("XuanTie matrix extension subset (custom-1): tiles tr0-tr3, accumulators acc0-acc3");

    private final String description;

    Extension(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }

    /**
     * True for the scalar extensions LLVM knows, so their encodings can be cross-checked with llvm-mc
     * on random operands. V is cross-checked separately (its register-group and overlap rules make
     * llvm-mc reject some random operand sets), XMATRIX is not in LLVM.
     */
    public boolean isStandard() {
        return this.ordinal() <= ZICOND.ordinal();
    }
}
