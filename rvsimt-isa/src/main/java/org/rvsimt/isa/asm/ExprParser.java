package org.rvsimt.isa.asm;

import java.util.List;

/**
 * Recursive-descent parser for expressions with C precedence (unary, then {@code * / %}, {@code + -},
 * {@code << >>}, {@code &}, {@code ^}, {@code |}), plus {@code %hi %lo %pcrel_hi %pcrel_lo}.
 */
final class ExprParser {

    private static final int MAX_DEPTH = 200;

    private final Assembly asm;
    private final List<Token> tokens;
    private final int localPosition;
    private int pos;
    private int depth;

    private ExprParser(Assembly asm, List<Token> tokens, int localPosition) {
        this.asm = asm;
        this.tokens = tokens;
        this.localPosition = localPosition;
    }

    /** Parses an entire operand as one expression. */
    static Expr parse(Assembly asm, Operand op, int localPosition) throws AsmException {
        if (op.tokens().isEmpty()) {
            throw asm.error(null, "missing expression");
        }
        ExprParser p = new ExprParser(asm, op.tokens(), localPosition);
        Expr e = p.or();
        if (p.pos < p.tokens.size()) {
            Token t = p.tokens.get(p.pos);
            throw asm.error(t, "unexpected '" + t.text() + "' in expression");
        }
        return e;
    }

    private Token peek() {
        return pos < tokens.size() ? tokens.get(pos) : null;
    }

    private boolean at(String punct) {
        Token t = peek();
        return t != null && t.is(punct);
    }

    private Expr or() throws AsmException {
        Expr e = xor();
        while (at("|")) {
            Token op = tokens.get(pos++);
            e = new Expr.Binary("|", e, xor(), op);
        }
        return e;
    }

    private Expr xor() throws AsmException {
        Expr e = and();
        while (at("^")) {
            Token op = tokens.get(pos++);
            e = new Expr.Binary("^", e, and(), op);
        }
        return e;
    }

    private Expr and() throws AsmException {
        Expr e = shift();
        while (at("&")) {
            Token op = tokens.get(pos++);
            e = new Expr.Binary("&", e, shift(), op);
        }
        return e;
    }

    private Expr shift() throws AsmException {
        Expr e = additive();
        while (at("<<") || at(">>")) {
            Token op = tokens.get(pos++);
            e = new Expr.Binary(op.text(), e, additive(), op);
        }
        return e;
    }

    private Expr additive() throws AsmException {
        Expr e = multiplicative();
        while (at("+") || at("-")) {
            Token op = tokens.get(pos++);
            e = new Expr.Binary(op.text(), e, multiplicative(), op);
        }
        return e;
    }

    private Expr multiplicative() throws AsmException {
        Expr e = unary();
        while (at("*") || at("/") || (at("%") && !relocationFollows())) {
            Token op = tokens.get(pos++);
            e = new Expr.Binary(op.text(), e, unary(), op);
        }
        return e;
    }

    /** {@code a %lo(x)} is not a modulo: % directly followed by a relocation name and '('. */
    private boolean relocationFollows() {
        return pos + 2 < tokens.size() && tokens.get(pos + 1).isIdent() && tokens.get(pos + 2).is("(")
                && isRelocation(tokens.get(pos + 1).text());
    }

    private static boolean isRelocation(String s) {
        return switch (s.toLowerCase(java.util.Locale.ROOT)) {
            case "hi", "lo", "pcrel_hi", "pcrel_lo" -> true;
            default -> false;
        };
    }

    private Expr unary() throws AsmException {
        if (++depth > MAX_DEPTH) {
            throw asm.error(peek(), "expression is too deeply nested");
        }
        try {
            Token t = peek();
            if (t != null && (t.is("-") || t.is("~") || t.is("+") || t.is("!"))) {
                pos++;
                return new Expr.Unary(t.text().charAt(0), unary(), t);
            }
            return primary();
        } finally {
            depth--;
        }
    }

    private Expr primary() throws AsmException {
        Token t = peek();
        if (t == null) {
            Token last = tokens.get(tokens.size() - 1);
            throw asm.errorAt(last.line(), last.end() + 1, "expected an expression after '" + last.text() + "'");
        }
        switch (t.type()) {
            case NUMBER -> {
                pos++;
                return number(t);
            }
            case CHAR -> {
                pos++;
                return new Expr.Num(t.value(), t);
            }
            case IDENT -> {
                pos++;
                if (t.text().equals(".")) {
                    return new Expr.Dot(t);
                }
                return new Expr.Sym(t.text(), t, null);
            }
            case STRING -> throw asm.error(t, "unexpected string in expression");
            default -> { }
        }
        if (t.is("(")) {
            pos++;
            Expr e = or();
            expect(")", t);
            return e;
        }
        if (t.is("%")) {
            pos++;
            Token name = peek();
            if (name == null || !name.isIdent()) {
                throw asm.error(t, "expected a relocation name after '%'");
            }
            pos++;
            String n = name.text().toLowerCase(java.util.Locale.ROOT);
            if (!isRelocation(n)) {
                throw asm.error(name, "unknown relocation '%" + name.text() + "' (expected %hi, %lo, %pcrel_hi or %pcrel_lo)");
            }
            Token open = peek();
            if (open == null || !open.is("(")) {
                throw asm.error(name, "expected '(' after '%" + name.text() + "'");
            }
            pos++;
            Expr inner = or();
            expect(")", open);
            return switch (n) {
                case "hi" -> new Expr.HiLo(true, new Expr.Fits32(inner, inner.at()), t);
                case "lo" -> new Expr.HiLo(false, inner, t);
                case "pcrel_hi" -> new Expr.PcRel(true, inner, 0, t);
                default -> {
                    if (!(inner instanceof Expr.Sym) && !(inner instanceof Expr.LocalRef)) {
                        throw asm.error(inner.at(), "%pcrel_lo takes the label of its auipc");
                    }
                    yield new Expr.PcRelLo(inner, t);
                }
            };
        }
        throw asm.error(t, "expected an expression, got '" + t.text() + "'");
    }

    private void expect(String punct, Token open) throws AsmException {
        Token t = peek();
        if (t == null || !t.is(punct)) {
            throw asm.error(t != null ? t : open, t != null ? "expected '" + punct + "', got '" + t.text() + "'"
                    : "missing '" + punct + "' for this '" + open.text() + "'");
        }
        pos++;
    }

    private Expr number(Token t) throws AsmException {
        String s = t.text();
        int n = s.length();
        char last = Character.toLowerCase(s.charAt(n - 1));
        boolean binaryLiteral = n > 2 && (s.charAt(1) == 'b' || s.charAt(1) == 'B') && s.charAt(0) == '0';
        if ((last == 'b' || last == 'f') && n > 1 && allDigits(s, 0, n - 1) && !binaryLiteral) {
            int label;
            try {
                label = Integer.parseInt(s.substring(0, n - 1));
            } catch (NumberFormatException e) {
                throw asm.error(t, "bad local label reference '" + s + "'");
            }
            return new Expr.LocalRef(label, last == 'b', localPosition, t);
        }
        return new Expr.Num(parseNumber(asm, t), t);
    }

    static long parseNumber(Assembly asm, Token t) throws AsmException {
        String s = t.text();
        int radix = 10;
        String digits = s;
        if (s.length() >= 2 && s.charAt(0) == '0' && (s.charAt(1) == 'x' || s.charAt(1) == 'X')) {
            radix = 16;
            digits = s.substring(2);
        } else if (s.length() >= 2 && s.charAt(0) == '0' && (s.charAt(1) == 'b' || s.charAt(1) == 'B')) {
            radix = 2;
            digits = s.substring(2);
        } else if (s.length() >= 2 && s.charAt(0) == '0') {
            radix = 8;
            digits = s.substring(1);
        }
        if (digits.isEmpty()) {
            throw asm.error(t, "bad number '" + s + "'");
        }
        for (int i = 0; i < digits.length(); i++) {
            if (Character.digit(digits.charAt(i), radix) < 0 || digits.charAt(i) > 0x7F) {
                throw asm.error(t, "bad number '" + s + "'");
            }
        }
        try {
            return Long.parseUnsignedLong(digits, radix);
        } catch (NumberFormatException e) {
            throw asm.error(t, "number '" + s + "' is too large");
        }
    }

    private static boolean allDigits(String s, int from, int to) {
        for (int i = from; i < to; i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return to > from;
    }
}
