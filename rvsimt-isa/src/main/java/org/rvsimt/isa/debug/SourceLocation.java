package org.rvsimt.isa.debug;

/**
 * A place in a source file: the path as the compiler recorded it (made absolute with the
 * compilation directory when that is known), the 1-based line and column. Line 0 means the
 * instruction belongs to no particular source line (compiler-generated code); column 0 means
 * the column is unknown.
 */
public record SourceLocation(String file, int line, int column) {

    /** {@code file:line}, as {@code llvm-objdump -l} prints it. */
    public String fileLine() {
        return file + ":" + Integer.toUnsignedString(line);
    }

    /** {@code file:line:column}, as {@code llvm-symbolizer} prints it. */
    @Override
    public String toString() {
        return fileLine() + ":" + Integer.toUnsignedString(column);
    }

    /** The file's last path component ({@code reduction.c} for {@code /src/kernels/reduction.c}). */
    public String baseName() {
        int slash = file.lastIndexOf('/');
        return slash < 0 ? file : file.substring(slash + 1);
    }
}
