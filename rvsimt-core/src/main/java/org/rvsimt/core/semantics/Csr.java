package org.rvsimt.core.semantics;

/** Zicsr: the new CSR value each instruction computes from the old one (spec chapter 9). */
public final class Csr {
    private Csr() { }

    public static int csrrw(int old, int src) {
        return src;
    }

    public static int csrrs(int old, int src) {
        return old | src;
    }

    public static int csrrc(int old, int src) {
        return old & ~src;
    }

    public static int csrrwi(int old, int zimm) {
        return zimm;
    }

    public static int csrrsi(int old, int zimm) {
        return old | zimm;
    }

    public static int csrrci(int old, int zimm) {
        return old & ~zimm;
    }

    /** csrrs/csrrc with rs1 = x0 (or zimm = 0) read without writing; csrrw always writes. */
    public static boolean writes(int variant, int rs1Field) {
        return (variant & 3) == 1 || rs1Field != 0;
    }

    /** Applies variant 1 rw, 2 rs, 3 rc (an immediate form adds 4). */
    public static int apply(int variant, int old, int src) {
        return switch (variant & 3) {
            case 1 -> src;
            case 2 -> old | src;
            default -> old & ~src;
        };
    }
}
