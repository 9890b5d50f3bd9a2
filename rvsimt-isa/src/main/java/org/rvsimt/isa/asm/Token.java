package org.rvsimt.isa.asm;

/**
 * One lexical token of a source line. {@code start} and {@code end} index the line's text, so the
 * exact source of an operand can be quoted in messages; {@code column} is {@code start + 1}.
 */
record Token(Type type, String text, int line, int start, int end, byte[] bytes, long value) {

    enum Type { IDENT, NUMBER, STRING, CHAR, PUNCT }

    int column() {
        return start + 1;
    }

    boolean is(String punct) {
        return type == Type.PUNCT && text.equals(punct);
    }

    boolean isIdent() {
        return type == Type.IDENT;
    }
}
