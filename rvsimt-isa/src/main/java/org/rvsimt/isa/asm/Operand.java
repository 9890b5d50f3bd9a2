package org.rvsimt.isa.asm;

import java.util.List;

/** One comma-separated operand: its tokens and its exact source text. */
record Operand(List<Token> tokens, String text) {

    Token first() {
        return tokens.get(0);
    }

    int size() {
        return tokens.size();
    }

    Token get(int i) {
        return tokens.get(i);
    }

    /** The identifier if the operand is exactly one identifier, else null. */
    String ident() {
        return tokens.size() == 1 && tokens.get(0).isIdent() ? tokens.get(0).text() : null;
    }

    /**
     * True if the operand ends in {@code (identifier)} that is a base register rather than the
     * argument of {@code %lo(...)} and the like.
     */
    boolean hasBase() {
        int n = tokens.size();
        if (n < 3 || !tokens.get(n - 1).is(")") || !tokens.get(n - 3).is("(") || !tokens.get(n - 2).isIdent()) {
            return false;
        }
        return !(n >= 5 && tokens.get(n - 4).isIdent() && tokens.get(n - 5).is("%"));
    }

    /** The operand without its trailing {@code (base)}. */
    Operand offsetPart(String lineText) {
        int n = tokens.size() - 3;
        if (n == 0) {
            return new Operand(List.of(), "");
        }
        List<Token> t = tokens.subList(0, n);
        return new Operand(t, lineText.substring(t.get(0).start(), t.get(n - 1).end()));
    }

    Token baseToken() {
        return tokens.get(tokens.size() - 2);
    }
}
