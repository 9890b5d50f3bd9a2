package org.rvsimt.isa.debug;

import java.util.Arrays;
import java.util.List;

/**
 * The address ranges of function instances (see {@link DebugInfoReader.Scope}), for finding the
 * innermost instance that holds a pc: ranges sorted by start, with the running maximum of their
 * ends so that a backward scan stops as soon as no earlier range can reach the pc.
 */
final class ScopeTable {

    private final List<DebugInfoReader.Scope> scopes;
    private final long[] low;
    private final long[] high;
    private final int[] scope;
    private final long[] maxHighSoFar;

    ScopeTable(List<DebugInfoReader.Scope> scopes) {
        this.scopes = List.copyOf(scopes);
        int n = 0;
        for (DebugInfoReader.Scope s : scopes) {
            n += s.ranges().length / 2;
        }
        long[][] entries = new long[n][];
        int k = 0;
        for (int i = 0; i < scopes.size(); i++) {
            long[] r = scopes.get(i).ranges();
            for (int j = 0; j < r.length; j += 2) {
                entries[k++] = new long[] {r[j], r[j + 1], i};
            }
        }
        Arrays.sort(entries, (a, b) -> Long.compare(a[0], b[0]));
        low = new long[n];
        high = new long[n];
        scope = new int[n];
        maxHighSoFar = new long[n];
        long max = 0;
        for (int i = 0; i < n; i++) {
            low[i] = entries[i][0];
            high[i] = entries[i][1];
            scope[i] = (int) entries[i][2];
            max = Math.max(max, high[i]);
            maxHighSoFar[i] = max;
        }
    }

    DebugInfoReader.Scope get(int index) {
        return scopes.get(index);
    }

    /** The index of the most deeply nested scope holding {@code pc} (unsigned), or -1. */
    int innermost(long pc) {
        int best = -1;
        for (int i = SortedSearch.lastAtMost(low, 0, low.length - 1, pc); i >= 0 && maxHighSoFar[i] > pc; i--) {
            if (pc < high[i] && (best < 0 || scopes.get(scope[i]).depth() > scopes.get(best).depth())) {
                best = scope[i];
            }
        }
        return best;
    }
}
