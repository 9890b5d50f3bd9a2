package org.rvsimt.isa.asm;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The errors one assembly found so far. Pass 2 finds errors in lines that come before pass 1's
 * errors (an undefined symbol on line 3, an unknown mnemonic on line 10), so they are reported in
 * line order, not in the order they were found. A bounded number is kept, so that assembling a file
 * that is not assembly at all stays cheap; the rest are only counted.
 */
final class AsmErrorList {
    /** Errors kept; far more than anyone reads, few enough to sort for free. */
    static final int KEPT = 1000;

    private final List<AsmException> kept = new ArrayList<>();
    private int count;

    void add(AsmException e) {
        count++;
        if (kept.size() < KEPT) {
            kept.add(e);
        }
    }

    /** Throws the first error in line order, carrying all of them; does nothing if there were none. */
    void throwIfAny() throws AsmException {
        if (count == 0) {
            return;
        }
        List<AsmException> sorted = new ArrayList<>(kept);
        sorted.sort(Comparator.comparingInt(AsmException::line).thenComparingInt(AsmException::column));
        throw AsmException.of(sorted, count);
    }
}
