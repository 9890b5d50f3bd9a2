package org.rvsimt.isa;

/**
 * The ISA extension an instruction belongs to; used for documentation, filtering, cross-checks and a
 * device's ISA ({@link DeviceIsa}), where each is written by its {@link #isaName()}.
 */
public enum Extension {
    RV32I("base integer", "i"),
    M("integer multiply/divide", "m"),
    A("atomics", "a"),
    F("single-precision floating point", "f"),
    C("compressed (16-bit) instructions, with RV32FC's float loads and stores", "c"),
    ZICSR("control and status registers", "zicsr"),
    ZIFENCEI("instruction-fetch fence", "zifencei"),
    ZBA("address generation: shift-and-add", "zba"),
    ZBB("basic bit manipulation", "zbb"),
    ZBS("single-bit instructions", "zbs"),
    ZFHMIN("half-precision loads, stores, moves and conversions to and from f32", "zfhmin"),
    ZFH("half-precision floating point (includes zfhmin)", "zfh"),
    ZICOND("integer conditional operations", "zicond"),
    XSFU("seed transcendental SFU ops (custom: OP-FP funct7 0110000; per vector element: OP-V funct6 010001)", "xsfu"),
    XLOWP("seed low-precision conversions (custom, OP-FP)", "xlowp"),
    XVORTEX("Vortex SIMT control (custom-0)", "xvortex"),
    V("RVV 1.0 vector subset: Zve32f (SEW 8/16/32, f32), per lane", "zve32f"),
    XMATRIX("XuanTie matrix extension subset (custom-1): tiles tr0-tr3, accumulators acc0-acc3", "xmatrix");

    private final String description;
    private final String isaName;

    Extension(String description, String isaName) {
        this.description = description;
        this.isaName = isaName;
    }

    public String description() {
        return description;
    }

    /** Its name in an ISA string such as {@code rv32imaf_zba_zbb}: one letter, or a multi-letter name. */
    public String isaName() {
        return isaName;
    }

    /** A single-letter extension (written after {@code rv32}, not after an underscore). */
    public boolean isSingleLetter() {
        return isaName.length() == 1;
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
