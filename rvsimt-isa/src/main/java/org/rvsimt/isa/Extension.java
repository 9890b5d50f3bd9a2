package org.rvsimt.isa;

/** The ISA extension an instruction belongs to; used for documentation, filtering and cross-checks. */
public enum Extension {
    RV32I("base integer"),
    M("integer multiply/divide"),
    A("atomics"),
    F("single-precision floating point"),
    ZICSR("control and status registers"),
    ZIFENCEI("instruction-fetch fence"),
    XSFU("seed transcendental SFU ops (custom, OP-FP funct7 0110000)"),
    XLOWP("seed low-precision conversions (custom, OP-FP)"),
    XVORTEX("Vortex SIMT control (custom-0)");

    private final String description;

    Extension(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }

    /** True for the extensions LLVM knows, so their encodings can be cross-checked with llvm-mc. */
    public boolean isStandard() {
        return this.ordinal() <= ZIFENCEI.ordinal();
    }
}
