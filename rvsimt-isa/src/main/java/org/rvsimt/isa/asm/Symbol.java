package org.rvsimt.isa.asm;

/** A named symbol: a label (section + offset) or an {@code .equ}/{@code .set} value. */
final class Symbol {

    final String name;
    final boolean label;
    final Section section;
    final long offset;
    final Expr expr;
    final Token definedAt;
    Long value;
    boolean resolving;

    Symbol(String name, boolean label, Section section, long offset, Expr expr, Token definedAt) {
        this.name = name;
        this.label = label;
        this.section = section;
        this.offset = offset;
        this.expr = expr;
        this.definedAt = definedAt;
    }
}
