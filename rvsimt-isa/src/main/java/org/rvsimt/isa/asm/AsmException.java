package org.rvsimt.isa.asm;

import java.io.Serial;

/**
 * An assembly error at one place in the source. {@link #getMessage()} is a single line in the
 * form compilers use, {@code file:line:column: message}, for example
 * {@code saxpy.S:12:9: unknown register 'x32'}; lines and columns are 1-based and the column is
 * that of the offending token (a tab counts as one column).
 */
public final class AsmException extends Exception {

    @Serial
    private static final long serialVersionUID = 1L;

    private final String file;
    private final int line;
    private final int column;
    private final String reason;

    public AsmException(String file, int line, int column, String reason) {
        super(file + ":" + line + ":" + column + ": " + oneLine(reason));
        this.file = file;
        this.line = line;
        this.column = column;
        this.reason = oneLine(reason);
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
