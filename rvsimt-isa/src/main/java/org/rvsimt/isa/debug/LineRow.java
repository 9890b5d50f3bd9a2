package org.rvsimt.isa.debug;

/**
 * One row of a line-number matrix (DWARF 5 section 6.2.2): the instruction at {@code address}
 * (unsigned) starts {@code location}. {@code fileIndex} is the index the line program used (0-based
 * in DWARF 5, 1-based before); {@code location} is null when that index names no file.
 * An {@code endSequence} row marks the first address after a contiguous run of instructions.
 */
public record LineRow(int address, int fileIndex, SourceLocation location, boolean isStmt, boolean endSequence) {
}
