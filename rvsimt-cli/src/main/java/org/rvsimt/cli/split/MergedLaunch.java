package org.rvsimt.cli.split;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.rvsimt.core.api.LaunchStatistics;
import org.rvsimt.core.fault.FaultKind;
import org.rvsimt.core.fault.KernelFault;

/**
 * The block ranges' results merged into what one run of every block gives: device memory, counters, console,
 * exit code and fault, statistics.
 *
 * <p>Memory: each range's changed bytes are copied over the input image. A byte two ranges changed to
 * different values is a conflict (the launch fails naming both ranges); to the same value it is not, since
 * that value is the result in any block order. A word ranges updated with one commutative atomic is merged as
 * deltas on its input value ({@link CommutativeAtomic#combine}); a range that stores to such a word, or uses
 * another atomic on it, is a conflict.
 *
 * <p>The rest follows the launch's rules for a run of every block in block order: ranges are contiguous and in
 * block order, so their console lines concatenate; the first range with a fault ends the launch there (later
 * ranges' counts and console are left out, as blocks after a fault are); the first non-zero exit code counts.
 */
public record MergedLaunch(byte[] memory, long warpInstructions, long laneInstructions, List<String> console,
                           int exitCode, KernelFault fault, LaunchStatistics statistics) {

    /** Merges {@code results} (one per range, in block order) over {@code input}; {@link SplitRefused} if they conflict. */
    public static MergedLaunch of(byte[] input, List<RangeResult> results) {
        for (RangeResult r : results) {
            if (r.refusal() != null) {
                throw new SplitRefused(r.refusal());
            }
        }
        byte[] memory = input.clone();
        Map<Integer, RangeResult> atomicOwner = atomicWords(results);
        BitSet written = new BitSet();
        for (RangeResult r : results) {
            for (MemoryRun run : r.changed()) {
                for (int i = 0; i < run.bytes().length; i++) {
                    int a = run.address() + i;
                    RangeResult atomic = atomicOwner.get(a & ~3);
                    if (atomic != null) {
                        if (!r.atomics().containsKey(a & ~3)) {
                            throw new SplitRefused(String.format("%s store to global 0x%08x, which %s update with %s: a split "
                                    + "launch merges either plain writes or atomics of a word", r.range(), a, atomic.range(),
                                    atomic.atomics().get(a & ~3).op().mnemonic()));
                        }
                        continue;
                    }
                    byte b = run.bytes()[i];
                    if (written.get(a) && memory[a] != b) {
                        throw new SplitRefused(String.format("%s and %s both write global 0x%08x (0x%02x and 0x%02x): a split "
                                + "launch merges only disjoint writes, and never picks a winner", writerBefore(results, r, a),
                                r.range(), a, memory[a] & 0xFF, b & 0xFF));
                    }
                    written.set(a);
                    memory[a] = b;
                }
            }
        }
        for (int word : atomicOwner.keySet()) {
            int in = MemoryRun.wordAt(input, word);
            int merged = in;
            for (RangeResult r : results) {
                AtomicUpdate u = r.atomics().get(word);
                if (u != null) {
                    merged = u.op().combine(merged, in, u.result());
                }
            }
            for (int k = 0; k < 4; k++) {
                memory[word + k] = (byte) (merged >>> 8 * k);
            }
        }
        return outcome(memory, results);
    }

    /** Every atomically updated word, with the first range that updated it; two different atomics on it are refused. */
    private static Map<Integer, RangeResult> atomicWords(List<RangeResult> results) {
        Map<Integer, RangeResult> owner = new TreeMap<>();
        for (RangeResult r : results) {
            for (Map.Entry<Integer, AtomicUpdate> e : r.atomics().entrySet()) {
                RangeResult first = owner.putIfAbsent(e.getKey(), r);
                CommutativeAtomic op = first == null ? null : first.atomics().get(e.getKey()).op();
                if (op != null && op != e.getValue().op()) {
                    throw new SplitRefused(first.range() + " and " + r.range() + ": "
                            + AtomicWatch.mixed(e.getKey(), op, e.getValue().op()));
                }
            }
        }
        return owner;
    }

    /** The earlier range that changed byte {@code a} (for the conflict message). */
    private static BlockRange writerBefore(List<RangeResult> results, RangeResult current, int a) {
        for (RangeResult r : results) {
            if (r == current) {
                break;
            }
            for (MemoryRun run : r.changed()) {
                if (a >= run.address() && a < run.address() + run.bytes().length) {
                    return r.range();
                }
            }
        }
        throw new IllegalStateException("no earlier writer of 0x" + Integer.toHexString(a));
    }

    private static MergedLaunch outcome(byte[] memory, List<RangeResult> results) {
        long wi = 0;
        long li = 0;
        List<String> console = new ArrayList<>();
        List<LaunchStatistics> statistics = new ArrayList<>();
        int exitCode = 0;
        KernelFault exit = null;
        KernelFault fault = null;
        for (RangeResult r : results) {
            wi += r.warpInstructions();
            li += r.laneInstructions();
            console.addAll(r.console());
            statistics.add(r.statistics());
            if (r.fault() != null && r.fault().kind() != FaultKind.EXIT_CODE) {
                fault = r.fault();
                break;   // as in one run: blocks after the first faulting one are left out
            }
            if (r.exitCode() != 0 && exit == null) {
                exitCode = r.exitCode();
                exit = r.fault();
            }
        }
        return new MergedLaunch(memory, wi, li, List.copyOf(console), exitCode, fault != null ? fault : exit,
                StatisticsMerge.of(statistics));
    }
}
