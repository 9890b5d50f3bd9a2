package org.rvsimt.isa.asm;

/**
 * A named symbol: a label (section + the index of the item it precedes) or an {@code .equ}/{@code .set}
 * value (whose {@code .} is that same place).
 */
final class Symbol {

    final String name;
    final boolean label;
    final Section section;
    final int anchor;
    final Expr expr;
    final Token definedAt;
    Long value;
    boolean resolving;

    /** Where the symbol is now (changes while layout widens instructions). */
    long offset() {
        return section.offsetOf(anchor);
    }

    Symbol(String name, boolean label, Section section, int anchor, Expr expr, Token definedAt) {
        this.name = name;
        this.label = label;
        this.section = section;
        this.anchor = anchor;
        this.expr = expr;
        this.definedAt = definedAt;
    }
}
