package org.rvsimt.cli.split;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Consecutive bytes of device memory at {@code address}: how images and block ranges' writes travel. */
public record MemoryRun(int address, byte[] bytes) implements Serializable {

    /** Zero bytes between two runs that are shipped rather than starting a new run (a run costs ~40 bytes). */
    private static final int GAP = 32;

    /** The bytes of {@code memory} that are not zero, as runs (a fresh device's memory is all zeros). */
    static List<MemoryRun> nonZero(byte[] memory) {
        return differences(new byte[memory.length], memory, GAP);
    }

    /** The bytes that differ between {@code before} and {@code after}, exactly (a run holds only changed bytes). */
    static List<MemoryRun> changed(byte[] before, byte[] after) {
        return differences(before, after, 0);
    }

    private static List<MemoryRun> differences(byte[] before, byte[] after, int gap) {
        List<MemoryRun> runs = new ArrayList<>();
        int n = after.length;
        int i = 0;
        while (i < n) {
            int d = Arrays.mismatch(before, i, n, after, i, n);   // vectorised: skips equal stretches quickly
            if (d < 0) {
                break;
            }
            int start = i + d;
            int end = start + 1;
            while (end < n) {
                if (before[end] != after[end]) {
                    end++;
                    continue;
                }
                int next = end;
                while (next < n && next - end < gap && before[next] == after[next]) {
                    next++;
                }
                if (next < n && next - end < gap && before[next] != after[next]) {
                    end = next;
                } else {
                    break;
                }
            }
            runs.add(new MemoryRun(start, Arrays.copyOfRange(after, start, end)));
            i = end;
        }
        return runs;
    }

    /** The little-endian word at {@code a}. */
    static int wordAt(byte[] m, int a) {
        return m[a] & 0xFF | (m[a + 1] & 0xFF) << 8 | (m[a + 2] & 0xFF) << 16 | m[a + 3] << 24;
    }

    /** Writes every run into {@code memory}. */
    static void apply(List<MemoryRun> runs, byte[] memory) {
        for (MemoryRun r : runs) {
            System.arraycopy(r.bytes, 0, memory, r.address, r.bytes.length);
        }
    }
}
