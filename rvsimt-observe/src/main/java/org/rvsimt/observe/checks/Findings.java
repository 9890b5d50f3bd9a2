package org.rvsimt.observe.checks;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The findings of a launch, folded per kind and instruction (and other instruction, for races), so a
 * bug hit by a million lanes is one line with a count. Host threads add concurrently; which
 * occurrence represents a folded finding does not depend on their timing: the one of the lowest
 * block, then thread.
 */
public final class Findings {
    private record Key(FindingKind kind, int pc, int otherPc) { }

    private static final class Entry {
        Finding first;
        long firstBlock;
        int firstThread;
        long count;
    }

    private final Map<Key, Entry> entries = new ConcurrentHashMap<>();

    /**
     * Adds an occurrence. {@code linearBlock} and {@code linearThread} order occurrences; the finding's
     * count is ignored (each call is one occurrence).
     */
    void add(Finding f, long linearBlock, int linearThread) {
        Key key = new Key(f.kind(), f.pc(), f.other() == null ? -1 : f.other().pc());
        Entry e = entries.computeIfAbsent(key, k -> new Entry());
        synchronized (e) {
            e.count++;
            if (e.first == null || linearBlock < e.firstBlock
                    || linearBlock == e.firstBlock && linearThread < e.firstThread) {
                e.first = f;
                e.firstBlock = linearBlock;
                e.firstThread = linearThread;
            }
        }
    }

    /** Every finding, errors first, then by check, kind and pc. */
    public List<Finding> list() {
        List<Finding> out = new ArrayList<>();
        for (Entry e : entries.values()) {
            synchronized (e) {
                out.add(e.first.withCount(e.count));
            }
        }
        out.sort(Comparator.comparing(Finding::severity).thenComparing(Finding::check).thenComparing(Finding::kind)
                .thenComparingInt(f -> f.pc()).thenComparingInt(f -> f.other() == null ? -1 : f.other().pc()));
        return out;
    }

    public boolean hasErrors() {
        return entries.keySet().stream().anyMatch(k -> k.kind().severity() == Severity.ERROR);
    }
}
