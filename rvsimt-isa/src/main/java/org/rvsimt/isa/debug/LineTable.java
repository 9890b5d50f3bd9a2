package org.rvsimt.isa.debug;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The address to source-line map of an executable: the rows of all its line programs, grouped in
 * sequences (contiguous address ranges) sorted by start address. Immutable; {@link #lookup} is two
 * binary searches.
 *
 * <p>A pc maps to the last row whose address is at most the pc, inside the sequence whose
 * {@code [start, end)} holds it, as {@code llvm-symbolizer} and {@code addr2line} map it.
 */
public final class LineTable {

    /** A table without rows. */
    public static final LineTable EMPTY = new LineTable(List.of());

    private final LineRow[] rows;
    /** The rows' addresses, unsigned, for the binary search. */
    private final long[] rowAddress;
    /** Per sequence, the index of its first row; its end row is the row before the next sequence's first. */
    private final int[] sequenceFirst;
    private final long[] sequenceStart;
    private final long[] sequenceEnd;

    /** A table of {@code sequences}, each a non-empty list of rows ending with its end-sequence row. */
    LineTable(List<List<LineRow>> sequences) {
        List<List<LineRow>> sorted = new ArrayList<>(sequences);
        sorted.sort(Comparator.comparingLong(s -> Integer.toUnsignedLong(s.getFirst().address())));
        int count = 0;
        for (List<LineRow> s : sorted) {
            count += s.size();
        }
        rows = new LineRow[count];
        rowAddress = new long[count];
        sequenceFirst = new int[sorted.size()];
        sequenceStart = new long[sorted.size()];
        sequenceEnd = new long[sorted.size()];
        int r = 0;
        for (int i = 0; i < sorted.size(); i++) {
            List<LineRow> s = sorted.get(i);
            sequenceFirst[i] = r;
            sequenceStart[i] = Integer.toUnsignedLong(s.getFirst().address());
            sequenceEnd[i] = Integer.toUnsignedLong(s.getLast().address());
            for (LineRow row : s) {
                rowAddress[r] = Integer.toUnsignedLong(row.address());
                rows[r++] = row;
            }
        }
    }

    /** Every row, sequence by sequence (sequences by start address, rows in program order). */
    public List<LineRow> rows() {
        return List.of(rows);
    }

    public boolean isEmpty() {
        return rows.length == 0;
    }

    /** The row that describes the instruction at {@code pc}, if a sequence covers it. */
    public Optional<LineRow> row(int pc) {
        long a = Integer.toUnsignedLong(pc);
        // The last sequence starting at or before pc; earlier ones may overlap it (code discarded
        // by the linker keeps its sequences, at address 0), so walk back to the first that holds pc.
        for (int s = SortedSearch.lastAtMost(sequenceStart, 0, sequenceStart.length - 1, a); s >= 0; s--) {
            if (a < sequenceEnd[s]) {
                return Optional.of(rows[rowIn(s, a)]);
            }
        }
        return Optional.empty();
    }

    /** The source location of the instruction at {@code pc}, if known. */
    public Optional<SourceLocation> lookup(int pc) {
        return row(pc).map(LineRow::location);
    }

    /** The last row of sequence {@code s}, not its end row, whose address is at most {@code a}. */
    private int rowIn(int s, long a) {
        int last = (s + 1 < sequenceFirst.length ? sequenceFirst[s + 1] : rows.length) - 2; // skip the end row
        // The sequence holds a, so its first row is at most a and the search finds a row.
        return SortedSearch.lastAtMost(rowAddress, sequenceFirst[s], last, a);
    }
}
