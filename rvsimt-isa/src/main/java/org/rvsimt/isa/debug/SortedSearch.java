package org.rvsimt.isa.debug;

/** Binary search for the lookups of {@link LineTable} and {@link ScopeTable}. */
final class SortedSearch {

    private SortedSearch() { }

    /**
     * The last index in {@code [from, to]} of the ascending {@code sorted} whose value is at most
     * {@code key}, or {@code from - 1} when there is none.
     */
    static int lastAtMost(long[] sorted, int from, int to, long key) {
        int lo = from;
        int hi = to;
        int found = from - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] <= key) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found;
    }
}
