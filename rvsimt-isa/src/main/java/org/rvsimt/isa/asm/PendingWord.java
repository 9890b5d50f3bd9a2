package org.rvsimt.isa.asm;

import java.util.List;
import org.rvsimt.isa.CompressedDef;
import org.rvsimt.isa.Field;
import org.rvsimt.isa.InstructionDef;

/**
 * One instruction word whose operand values may still depend on symbols: the fixed bits
 * ({@code base}, a declaration's match value or a {@code .insn} word) plus the fields to insert.
 * {@code def} is the declaration the word is an instance of, or null for a {@code .insn} word (which
 * is never compressed, as in LLVM). {@code written} is the compressed instruction the source named
 * ({@code c.addi a0, 1}: the word is its expansion and must compress to it), else null.
 */
record PendingWord(int base, List<Part> parts, InstructionDef def, CompressedDef written, Token at) {

    PendingWord {
        parts = List.copyOf(parts);
    }

    PendingWord(int base, List<Part> parts, InstructionDef def, Token at) {
        this(base, parts, def, null, at);
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
