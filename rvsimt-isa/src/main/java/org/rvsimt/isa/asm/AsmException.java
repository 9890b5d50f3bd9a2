package org.rvsimt.isa.asm;

import java.io.Serial;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * An assembly error at one place in the source. {@link #getMessage()} is a single line in the
 * form compilers use, {@code file:line:column: message}, for example
 * {@code saxpy.S:12:9: unknown register 'x32'}; lines and columns are 1-based and the column is
 * that of the offending token (a tab counts as one column).
 *
 * <p>The assembler does not stop at the first problem: the exception it throws is the first error
 * in line order, and {@link #errors()} lists every error it found, in line order, this one first.
 */
public final class AsmException extends Exception {

    @Serial
    private static final long serialVersionUID = 1L;

    private final String file;
    private final int line;
    private final int column;
    private final String reason;
    private final transient List<AsmException> errors;
    private final int count;

    public AsmException(String file, int line, int column, String reason) {
        super(file + ":" + line + ":" + column + ": " + oneLine(reason));
        this.file = file;
        this.line = line;
        this.column = column;
        this.reason = oneLine(reason);
        this.errors = List.of(this);
        this.count = 1;
    }

    private AsmException(AsmException first, List<AsmException> errors, int count) {
        super(first.getMessage());
        this.file = first.file;
        this.line = first.line;
        this.column = first.column;
        this.reason = first.reason;
        this.errors = errors;
        this.count = count;
    }

    /**
     * The first of several errors, carrying all of them.
     *
     * @param found errors in line order (not empty)
     * @param count how many errors there were, at least {@code found.size()} (the assembler keeps a
     *              bounded number and counts the rest)
     */
    static AsmException of(List<AsmException> found, int count) {
        if (found.size() == 1 && count == 1) {
            return found.get(0);
        }
        List<AsmException> all = new ArrayList<>(found.size());
        AsmException first = new AsmException(found.get(0), all, count);
        all.add(first);
        all.addAll(found.subList(1, found.size()));
        return first;
    }

    /** Every error found, in line order, this one first (see {@link #count()} for any not kept). */
    public List<AsmException> errors() {
        return Collections.unmodifiableList(errors);
    }

    /** How many errors the assembler found; may exceed {@code errors().size()} for very broken input. */
    public int count() {
        return count;
    }

    public String file() {
        return file;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }

    /** The message without the location prefix. */
    public String reason() {
        return reason;
    }

    private static String oneLine(String s) {
        return s.replace('\n', ' ').replace('\r', ' ');
    }
}
