package org.rvsimt.cli.split;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.rvsimt.core.events.AccessKind;
import org.rvsimt.core.events.ExecutionConsumer;
import org.rvsimt.core.events.ExecutionListener;
import org.rvsimt.core.events.InstructionEvent;
import org.rvsimt.core.events.MemorySpace;

/**
 * Watches one block range's global-memory atomics, for kernels that have any: which words it updated with
 * which commutative atomic, and the first thing it did that a merge cannot undo (an amoswap, an lr/sc on
 * global memory, an atomic whose old value reaches a register, a word both stored to and updated
 * atomically, or two different atomics on one word). Shared memory is private to a block, so its atomics
 * need no watching.
 */
final class AtomicWatch implements ExecutionConsumer {
    private final long vramBytes;
    private final List<Watcher> watchers = new ArrayList<>();

    AtomicWatch(long vramBytes) {
        this.vramBytes = vramBytes;
    }

    @Override
    public synchronized ExecutionListener listener(int hostThread, int hostThreads) {
        Watcher w = new Watcher();
        watchers.add(w);
        return w;
    }

    /** Why the range cannot be merged, or null. */
    String refusal() {
        for (Watcher w : watchers) {
            if (w.refusal != null) {
                return w.refusal;
            }
        }
        Map<Integer, CommutativeAtomic> ops = new TreeMap<>();
        BitSet stored = new BitSet();
        for (Watcher w : watchers) {
            stored.or(w.stored);
        }
        for (Watcher w : watchers) {
            for (Map.Entry<Integer, int[]> e : w.atomics.entrySet()) {
                CommutativeAtomic op = CommutativeAtomic.values()[e.getValue()[0]];
                CommutativeAtomic other = ops.putIfAbsent(e.getKey(), op);
                if (other != null && other != op) {
                    return mixed(e.getKey(), other, op);
                }
                if (stored.get(e.getKey() >>> 2)) {
                    return String.format("global word 0x%08x is both stored to and updated with %s: a split launch merges "
                            + "either plain writes or atomics of a word", e.getKey(), op.mnemonic());
                }
            }
        }
        return null;
    }

    static String mixed(int word, CommutativeAtomic a, CommutativeAtomic b) {
        return String.format("global word 0x%08x is updated with both %s and %s, which do not commute with each other",
                word, a.mnemonic(), b.mnemonic());
    }

    /** The words updated atomically, with the value each holds in {@code memory} (the range's result). */
    Map<Integer, AtomicUpdate> updates(byte[] memory) {
        Map<Integer, AtomicUpdate> out = new TreeMap<>();
        for (Watcher w : watchers) {
            for (Map.Entry<Integer, int[]> e : w.atomics.entrySet()) {
                int a = e.getKey();
                out.putIfAbsent(a, new AtomicUpdate(CommutativeAtomic.values()[e.getValue()[0]], e.getValue()[1],
                        MemoryRun.wordAt(memory, a)));
            }
        }
        return out;
    }

    /** One host thread's view. */
    private final class Watcher implements ExecutionListener {
        /** word address -> {atomic's ordinal, pc of its first use}. */
        final Map<Integer, int[]> atomics = new TreeMap<>();
        /** Words of VRAM stored to, by word index. */
        final BitSet stored = new BitSet();
        String refusal;

        @Override
        public void instruction(InstructionEvent e) {
            AccessKind kind = e.accessKind();
            if (kind == null || kind == AccessKind.READ || refusal != null) {
                return;
            }
            for (int k = 0; k < e.accessCount(); k++) {
                long address = Integer.toUnsignedLong(e.accessAddress(k));
                if (e.accessSpace(k) != MemorySpace.GLOBAL || address >= vramBytes) {
                    continue;   // shared memory and stacks are the block's own; the argument window is read-only
                }
                switch (kind) {
                    case WRITE -> stored.set((int) (address >>> 2), (int) ((address + e.accessSize(k) - 1 >>> 2) + 1));
                    case ATOMIC -> atomic(e, (int) address);
                    default -> refusal = String.format("%s at pc 0x%08x reserves global memory (0x%08x): lr/sc pairs "
                            + "need every block on one device", e.definition().mnemonic(), e.pc(), address);
                }
                if (refusal != null) {
                    return;
                }
            }
        }

        private void atomic(InstructionEvent e, int address) {
            String mnemonic = e.definition().mnemonic();
            CommutativeAtomic op = CommutativeAtomic.of(mnemonic).orElse(null);
            if (op == null) {
                refusal = String.format("%s at pc 0x%08x updates global memory (0x%08x): its result depends on the order "
                        + "of the blocks; only amoadd, amoand, amoor, amoxor, amomin[u] and amomax[u] merge across block "
                        + "ranges", mnemonic, e.pc(), address);
            } else if (e.destination() > 0) {
                refusal = String.format("%s at pc 0x%08x returns the old value of global 0x%08x into x%d: a block range "
                        + "sees only its own updates, so the kernel would see other values than on one device", mnemonic,
                        e.pc(), address, e.destination());
            } else {
                int[] seen = atomics.putIfAbsent(address, new int[] {op.ordinal(), e.pc()});
                if (seen != null && seen[0] != op.ordinal()) {
                    refusal = mixed(address, CommutativeAtomic.values()[seen[0]], op);
                }
            }
        }
    }
}
