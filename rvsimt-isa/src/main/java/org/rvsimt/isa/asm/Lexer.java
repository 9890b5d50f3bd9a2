package org.rvsimt.isa.asm;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits source text into lines of tokens. Comments ({@code #} and {@code //} to the end of the
 * line, {@code /* ... *}{@code /} possibly over several lines) are blanked out first, keeping every
 * other character in its column.
 */
final class Lexer {

    private final String file;

    Lexer(String file) {
        this.file = file;
    }

    /** The source with comments replaced by spaces, split into lines (line i+1 at index i). */
    List<String> stripComments(String source) throws AsmException {
        StringBuilder out = new StringBuilder(source.length());
        int n = source.length();
        int line = 1;
        int lineStart = 0;
        int i = 0;
        while (i < n) {
            char c = source.charAt(i);
            if (c == '\n') {
                out.append(c);
                line++;
                lineStart = i + 1;
                i++;
            } else if (c == '"' || c == '\'') {
                // Copy a string or character literal verbatim; the tokenizer reports bad ones.
                out.append(c);
                i++;
                while (i < n && source.charAt(i) != '\n') {
                    char d = source.charAt(i);
                    out.append(d);
                    i++;
                    if (d == '\\' && i < n && source.charAt(i) != '\n') {
                        out.append(source.charAt(i));
                        i++;
                    } else if (d == c) {
                        break;
                    }
                }
            } else if (c == '#' || (c == '/' && i + 1 < n && source.charAt(i + 1) == '/')) {
                if (c == '#' && source.substring(lineStart, i).isBlank()) {
                    preprocessorCheck(source, i, line, i - lineStart + 1);
                }
                while (i < n && source.charAt(i) != '\n') {
                    i++;
                }
            } else if (c == '/' && i + 1 < n && source.charAt(i + 1) == '*') {
                int startLine = line;
                int startCol = i - lineStart + 1;
                out.append("  ");
                i += 2;
                boolean closed = false;
                while (i < n) {
                    char d = source.charAt(i);
                    if (d == '*' && i + 1 < n && source.charAt(i + 1) == '/') {
                        out.append("  ");
                        i += 2;
                        closed = true;
                        break;
                    }
                    if (d == '\n') {
                        out.append('\n');
                        line++;
                        lineStart = i + 1;
                    } else {
                        out.append(' ');
                    }
                    i++;
                }
                if (!closed) {
                    throw new AsmException(file, startLine, startCol, "unterminated comment");
                }
            } else {
                out.append(c);
                i++;
            }
        }
        List<String> lines = new ArrayList<>();
        int from = 0;
        String s = out.toString();
        for (int k = 0; k <= s.length(); k++) {
            if (k == s.length() || s.charAt(k) == '\n') {
                String l = s.substring(from, k);
                lines.add(l.endsWith("\r") ? l.substring(0, l.length() - 1) : l);
                from = k + 1;
            }
        }
        return lines;
    }

    private static final java.util.regex.Pattern CPP = java.util.regex.Pattern.compile(
            "#\\s*(include|define|undef|ifdef|ifndef|endif|elif)\\b");

    /**
     * {@code #} starts a comment, so a C preprocessor line would silently vanish; say so instead.
     * ({@code # 12 "file.c"} line markers and {@code # text} comments are fine.)
     */
    private void preprocessorCheck(String source, int i, int line, int column) throws AsmException {
        java.util.regex.Matcher m = CPP.matcher(source).region(i, Math.min(source.length(), i + 40));
        if (m.lookingAt()) {
            throw new AsmException(file, line, column, "C preprocessor directive '#" + m.group(1)
                    + "' is not supported (run the file through cpp first, or use .equ)");
        }
    }

    /** The tokens of one (comment-free) line. */
    List<Token> tokenize(String text, int line) throws AsmException {
        List<Token> out = new ArrayList<>();
        int n = text.length();
        int i = 0;
        while (i < n) {
            char c = text.charAt(i);
            if (c == ' ' || c == '\t' || c == '\f' || c == 0x0B || c == '\r') {
                i++;
            } else if (isIdentStart(c)) {
                int s = i;
                while (i < n && isIdentPart(text.charAt(i))) {
                    i++;
                }
                out.add(new Token(Token.Type.IDENT, text.substring(s, i), line, s, i, null, 0));
            } else if (c >= '0' && c <= '9') {
                int s = i;
                while (i < n && (isIdentPart(text.charAt(i)) && text.charAt(i) != '$')) {
                    i++;
                }
                out.add(new Token(Token.Type.NUMBER, text.substring(s, i), line, s, i, null, 0));
            } else if (c == '"') {
                i = string(text, line, i, out);
            } else if (c == '\'') {
                i = character(text, line, i, out);
            } else if ((c == '<' || c == '>') && i + 1 < n && text.charAt(i + 1) == c) {
                out.add(new Token(Token.Type.PUNCT, text.substring(i, i + 2), line, i, i + 2, null, 0));
                i += 2;
            } else if ("(),+-*/%&|^~:;=@!<>".indexOf(c) >= 0) {
                out.add(new Token(Token.Type.PUNCT, String.valueOf(c), line, i, i + 1, null, 0));
                i++;
            } else {
                String shown = Character.isISOControl(c) ? String.format("\\u%04x", (int) c)
                        : new String(Character.toChars(text.codePointAt(i)));
                throw new AsmException(file, line, i + 1, "unexpected character '" + shown + "'");
            }
        }
        return out;
    }

    static boolean isIdentStart(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '.' || c == '$';
    }

    static boolean isIdentPart(char c) {
        return isIdentStart(c) || (c >= '0' && c <= '9');
    }

    private int string(String text, int line, int start, List<Token> out) throws AsmException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int i = start + 1;
        int n = text.length();
        while (true) {
            if (i >= n) {
                throw new AsmException(file, line, start + 1, "unterminated string");
            }
            char c = text.charAt(i);
            if (c == '"') {
                i++;
                break;
            }
            if (c == '\\') {
                i = escape(text, line, i, bytes);
            } else {
                int cp = text.codePointAt(i);
                byte[] utf8 = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8);
                bytes.write(utf8, 0, utf8.length);
                i += Character.charCount(cp);
            }
        }
        out.add(new Token(Token.Type.STRING, text.substring(start, i), line, start, i, bytes.toByteArray(), 0));
        return i;
    }

    private int character(String text, int line, int start, List<Token> out) throws AsmException {
        int n = text.length();
        int i = start + 1;
        if (i >= n || text.charAt(i) == '\'') {
            throw new AsmException(file, line, start + 1, i >= n ? "unterminated character constant"
                    : "empty character constant");
        }
        long value;
        if (text.charAt(i) == '\\') {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            i = escape(text, line, i, b);
            byte[] v = b.toByteArray();
            value = v.length == 0 ? 0 : v[0] & 0xFF;
        } else {
            int cp = text.codePointAt(i);
            value = cp;
            i += Character.charCount(cp);
        }
        if (i >= n || text.charAt(i) != '\'') {
            throw new AsmException(file, line, start + 1, "unterminated character constant");
        }
        i++;
        out.add(new Token(Token.Type.CHAR, text.substring(start, i), line, start, i, null, value));
        return i;
    }

    /** Reads one C escape sequence starting at the backslash at {@code i}; returns the index after it. */
    private int escape(String text, int line, int i, ByteArrayOutputStream out) throws AsmException {
        int n = text.length();
        if (i + 1 >= n) {
            throw new AsmException(file, line, i + 1, "unterminated string");
        }
        char e = text.charAt(i + 1);
        int next = i + 2;
        switch (e) {
            case 'n' -> out.write('\n');
            case 't' -> out.write('\t');
            case 'r' -> out.write('\r');
            case 'a' -> out.write(7);
            case 'b' -> out.write('\b');
            case 'f' -> out.write('\f');
            case 'v' -> out.write(0x0B);
            case 'e' -> out.write(0x1B);
            case '\\', '"', '\'', '?' -> out.write(e);
            case 'x', 'X' -> {
                int v = 0;
                int digits = 0;
                while (next < n && digits < 2 && Character.digit(text.charAt(next), 16) >= 0) {
                    v = v * 16 + Character.digit(text.charAt(next), 16);
                    next++;
                    digits++;
                }
                if (digits == 0) {
                    throw new AsmException(file, line, i + 1, "\\x escape without hex digits");
                }
                out.write(v);
            }
            default -> {
                if (e >= '0' && e <= '7') {
                    int v = e - '0';
                    int digits = 1;
                    while (next < n && digits < 3 && text.charAt(next) >= '0' && text.charAt(next) <= '7') {
                        v = v * 8 + (text.charAt(next) - '0');
                        next++;
                        digits++;
                    }
                    out.write(v & 0xFF);
                } else {
                    throw new AsmException(file, line, i + 1, "unknown escape sequence '\\" + e + "'");
                }
            }
        }
        return next;
    }
}
