package org.rvsimt.core.semantics;

import org.rvsimt.isa.Operation.CsrAccess;

/** Zicsr: the new CSR value each instruction computes from the old one (spec chapter 9). */
public final class Csr {
    private Csr() { }

    /** csrrs/csrrc with rs1 = x0 (or zimm = 0) read without writing; csrrw always writes. */
    public static boolean writes(CsrAccess op, int rs1Field) {
        return op == CsrAccess.CSRRW || op == CsrAccess.CSRRWI || rs1Field != 0;
    }

    /** The new value from the old one and the source (x[rs1] or zimm). */
    public static int apply(CsrAccess op, int old, int src) {
        return switch (op) {
            case CSRRW, CSRRWI -> src;
            case CSRRS, CSRRSI -> old | src;
            case CSRRC, CSRRCI -> old & ~src;
        };
    }
}
