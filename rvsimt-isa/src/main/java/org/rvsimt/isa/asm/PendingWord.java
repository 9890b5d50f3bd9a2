package org.rvsimt.isa.asm;

import java.util.List;
import org.rvsimt.isa.Field;

/**
 * One instruction word whose operand values may still depend on symbols: the fixed bits
 * ({@code base}, a declaration's match value or a {@code .insn} word) plus the fields to insert.
 */
record PendingWord(int base, List<Part> parts, Token at) {

    PendingWord {
        parts = List.copyOf(parts);
    }

    /** A field and where its value comes from. */
    record Part(Field field, Value value) { }

    /** The source of a field's value. */
    sealed interface Value { }

    /** Known in pass 1 (registers, rounding modes, fence sets, CSR names...). */
    record Fixed(int value) implements Value { }

    /** An immediate: evaluated in pass 2 and checked against the field's range. */
    record Immediate(Expr expr, Operand operand) implements Value { }

    /** A branch or jump: a symbolic expression is a target address, a plain number an offset. */
    record Target(Expr expr, Operand operand) implements Value { }

    /** A CSR number given as an expression. */
    record CsrNumber(Expr expr, Operand operand) implements Value { }
}
