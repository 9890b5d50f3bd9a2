package org.rvsimt.timing.record;

import org.rvsimt.core.events.AccessKind;
import org.rvsimt.core.events.ExecutionConsumer;
import org.rvsimt.core.events.ExecutionListener;
import org.rvsimt.core.events.InstructionEvent;
import org.rvsimt.core.events.MemorySpace;
import org.rvsimt.core.memory.MemoryMap;
import org.rvsimt.isa.InstructionDef;
import org.rvsimt.isa.Kind;
import org.rvsimt.timing.config.GpuConfig;
import org.rvsimt.timing.config.OpClass;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Records each warp's instruction stream from the execution events, compactly: pipe, registers,
 * and for memory instructions the coalesced sector set or the shared-memory conflict degree. The
 * cycle model runs on these streams after the launch, so the timing does not depend on how the
 * functional engine spread blocks over host threads.
 */
public final class TraceRecorder implements ExecutionConsumer {
    private final int sectorShift;
    private final int banks;
    private final List<List<BlockTrace>> perThread = new ArrayList<>();
    private long flops;
    private final java.util.concurrent.ConcurrentHashMap<Integer, Integer> pcIds = new java.util.concurrent.ConcurrentHashMap<>();
    /** The pc of each pc id (guarded by pcIds). */
    private int[] pcById = new int[64];
    /** Null unless a model runs beside the recording ({@link #feed}). */
    private volatile BlockFeed feed;

    public TraceRecorder(GpuConfig config) {
        this.sectorShift = Integer.numberOfTrailingZeros(config.l1().sector());
        this.banks = config.shared().banks();
    }

    @Override
    public synchronized ExecutionListener listener(int hostThread, int hostThreads) {
        List<BlockTrace> mine = new ArrayList<>();
        perThread.add(mine);
        return new Listener(mine);
    }

    /** Every recorded block, by linear index. */
    public synchronized List<BlockTrace> blocks() {
        List<BlockTrace> all = new ArrayList<>();
        perThread.forEach(all::addAll);
        all.sort(Comparator.comparingLong(b -> b.block));
        return all;
    }

    /** The pc of each pc id the streams hold. */
    public int[] pcs() {
        synchronized (pcIds) {
            return java.util.Arrays.copyOf(pcById, pcIds.size());
        }
    }

    private int pcId(int pc) {
        Integer id = pcIds.get(pc);
        if (id != null) {
            return id;
        }
        synchronized (pcIds) {
            return pcIds.computeIfAbsent(pc, k -> {
                int n = pcIds.size();
                if (n == pcById.length) {
                    pcById = java.util.Arrays.copyOf(pcById, n * 2);
                }
                pcById[n] = k;
                return n;
            });
        }
    }

    /**
     * The blocks as they are recorded, for a cycle model running beside the launch; call before
     * the launch starts, and {@link #endFeed} when it ended.
     */
    public synchronized BlockSource feed() {
        if (feed == null) {
            feed = new BlockFeed(this);
        }
        return feed;
    }

    /** The launch ended: the feed's model sees no more blocks after those recorded. */
    public void endFeed() {
        BlockFeed f = feed;
        if (f != null) {
            f.close();
        }
    }

    /**
     * Whether the registers and warps per block {@code source} assumed (the first block's, for a
     * feed) are those of the whole recording; when not, the model's occupancy was wrong and it must
     * run again on {@link #blocks}.
     */
    public boolean matchesAssumed(BlockSource source) {
        BlockSource all = BlockSource.of(blocks(), new int[0]);
        return all.registersUsed() == source.registersUsed() && all.warpsPerBlock() == source.warpsPerBlock();
    }

    /** Floating-point operations of all lanes (FMA counts two). */
    public synchronized long flops() {
        return flops;
    }

    private synchronized void addFlops(long f) {
        flops += f;
    }

    private final class Listener implements ExecutionListener {
        private final List<BlockTrace> out;
        private BlockTrace current;
        private int[] streamHint = new int[0];
        private int lastWarp = -1;
        private boolean started;
        private long flops;
        // Per-pc cache of what does not depend on lanes: pc -> {opClass, sources, flops}.
        private final java.util.HashMap<Integer, int[]> statics = new java.util.HashMap<>();
        // Statics by (pc - base) / 2 (instructions sit at even pcs) for the 128 KiB of code from the
        // first pc's 64 KiB page; a map past that.
        private int base;
        private int[][] byIndex = new int[0][];
        private int cachedPc = 1;
        private int[] cached;
        private final int[] sectors = new int[128];
        private final int[] words = new int[64];
        private final int[] bankCounts = new int[banks];
        private final int[] bankWords = new int[banks * 64];

        Listener(List<BlockTrace> out) {
            this.out = out;
        }

        @Override
        public void blockBegin(long block, int x, int y, int z, int warps) {
            // The blocks of a launch mostly run the same code: size each warp's stream like the
            // same warp's in this thread's previous block, with some slack.
            if (current != null) {
                if (streamHint.length < current.warps()) {
                    streamHint = java.util.Arrays.copyOf(streamHint, current.warps());
                }
                for (int i = 0; i < current.warps(); i++) {
                    streamHint[i] = current.streams[i].size() + (current.streams[i].size() >>> 4) + 16;
                }
            }
            current = new BlockTrace(block, warps, streamHint);
            out.add(current);
            started = false;
            lastWarp = -1;
        }

        @Override
        public void blockEnd(long block, long warpInstructions, long laneInstructions) {
            addFlops(flops);
            flops = 0;
            current.pcIdLimit = pcIds.size();
            BlockFeed f = feed;
            if (f != null) {
                f.publish(current);
            }
        }

        @Override
        public void warpStart(long block, int warp, int pc, long mask) {
            if (!started) {
                current.initial[warp] = true;
            } else if (lastWarp >= 0) {
                IntBuffer s = current.streams[lastWarp];
                s.add(StreamFormat.ENTRY_SPAWN);
                s.add(warp);
            }
        }

        @Override
        public void barrierArrive(long block, int warp, int pc, int id) {
            current.streams[warp].add(StreamFormat.ENTRY_BARRIER);
        }

        @Override
        public void warpExit(long block, int warp, int pc) {
            current.streams[warp].add(StreamFormat.ENTRY_EXIT);
        }

        @Override
        public void instruction(InstructionEvent e) {
            started = true;
            int warp = e.warp();
            lastWarp = warp;
            int pc = e.pc();
            int[] st;
            if (pc == cachedPc && cached != null) {
                st = cached;
            } else {
                int slot = (pc >>> 1) - (base >>> 1);
                st = slot >= 0 && slot < byIndex.length ? byIndex[slot] : statics.get(pc);
                if (st == null) {
                    InstructionDef d = e.definition();
                    st = new int[] {OpClassifier.classOf(d).ordinal(), OpClassifier.sources(d, e.word()),
                        OpClassifier.flopsPerLane(d), pcId(pc)};
                    if (byIndex.length == 0) {
                        base = pc & ~0xFFFF;
                        byIndex = new int[1 << 16][];
                        slot = (pc >>> 1) - (base >>> 1);
                    }
                    if (slot >= 0 && slot < byIndex.length) {
                        byIndex[slot] = st;
                    } else {
                        statics.put(pc, st);
                    }
                }
                cachedPc = pc;
                cached = st;
            }
            BlockTrace b = current;
            int active = e.activeLanes();
            int dest = e.destination();
            int destReg = dest < 0 ? 0 : e.destinationFloat() ? 32 + dest : dest;
            int srcs = st[1];
            b.registersUsed |= (destReg != 0 ? 1L << destReg : 0) | bit(srcs) | bit(srcs >>> 8) | bit(srcs >>> 16);
            b.warpInstructions++;
            b.laneInstructions += active;
            flops += (long) st[2] * active;
            IntBuffer s = b.streams[warp];
            AccessKind kind = e.accessKind();
            int opClass = st[0];
            if (kind == null || e.accessCount() == 0 && e.accessesKnown()) {
                s.add(StreamFormat.instruction(opClass, StreamFormat.MEM_NONE, destReg, active));
                s.add(st[3]);
                s.add(srcs);
                return;
            }
            // Vector and tile accesses (one per element of each lane) are not modelled yet: unknown, as before.
            Kind k = e.kind();
            if (!e.accessesKnown() || k == Kind.VECTOR_LOAD || k == Kind.VECTOR_STORE || k == Kind.MATRIX_LOAD
                    || k == Kind.MATRIX_STORE) {
                s.add(StreamFormat.instruction(opClass, StreamFormat.MEM_UNKNOWN, destReg, active));
                s.add(st[3]);
                s.add(srcs);
                return;
            }
            MemorySpace space = e.accessSpace(0);
            boolean atomic = kind == AccessKind.ATOMIC || kind == AccessKind.LOAD_RESERVED
                    || kind == AccessKind.STORE_CONDITIONAL;
            if (space == MemorySpace.SHARED) {
                int mem = atomic ? StreamFormat.MEM_SHARED_ATOMIC
                        : kind == AccessKind.WRITE ? StreamFormat.MEM_SHARED_STORE : StreamFormat.MEM_SHARED_LOAD;
                s.add(StreamFormat.instruction(opClass, mem, destReg, active));
                s.add(st[3]);
                s.add(srcs);
                s.add(conflictDegree(e, atomic));
            } else if (space == MemorySpace.GLOBAL || space == MemorySpace.STACK) {
                int mem = atomic ? StreamFormat.MEM_GLOBAL_ATOMIC
                        : kind == AccessKind.WRITE ? StreamFormat.MEM_GLOBAL_STORE : StreamFormat.MEM_GLOBAL_LOAD;
                int n = coalesce(e, space == MemorySpace.STACK, b.block * b.warps() + warp);
                s.add(StreamFormat.instruction(opClass, mem, destReg, active));
                s.add(st[3]);
                s.add(srcs);
                s.add(n | (atomic ? mostOnOneAddress(e) : 1) << 16);
                for (int i = 0; i < n; i++) {
                    s.add(sectors[i]);
                }
            } else {
                // Control window and device registers: a special-register read, no memory traffic.
                s.add(StreamFormat.instruction(OpClass.CSR.ordinal(), StreamFormat.MEM_NONE, destReg, active));
                s.add(st[3]);
                s.add(srcs);
            }
        }

        private static long bit(int reg) {
            reg &= 0xFF;
            return reg == 0 ? 0 : 1L << reg;
        }

        /**
         * The unique sectors the warp's accesses touch, sorted (so grouped by line). Private
         * (stack) memory is interleaved by lane as GPUs do, so the same offset in every lane's
         * stack is one contiguous run.
         */
        private int coalesce(InstructionEvent e, boolean stack, long warpId) {
            int n = 0;
            int count = e.accessCount();
            for (int k = 0; k < count; k++) {
                int a = e.accessAddress(k);
                int size = e.accessSize(k);
                int first;
                int last;
                if (stack) {
                    // Lanes are contiguous (a warp's spill of one slot is 4 sectors); each (warp, word)
                    // 256-byte chunk gets a scrambled place so the chunks spread over cache sets as
                    // hashed local addresses do (any regular layout puts one warp's words, or one
                    // word of every warp, in a single set). 16 bits of warp and 12 of word.
                    long word = (Integer.toUnsignedLong(a - MemoryMap.PRIVATE_BASE) >>> 2) & 0xFFF;
                    long chunk = scramble(word << 16 | warpId & 0xFFFF) & 0xFF_FFFFL;
                    long synthetic = chunk << 8 | (long) e.accessLane(k) << 2;
                    int sec = 0x8000_0000 | (int) (synthetic >>> sectorShift) & 0x7FFF_FFFF;
                    first = sec;
                    last = sec;
                } else {
                    first = a >>> sectorShift;
                    last = (a + size - 1) >>> sectorShift;
                }
                for (int sec = first; ; sec++) {
                    n = insert(n, sec);
                    if (sec == last) {
                        break;
                    }
                }
            }
            return n;
        }

        /** A 64-bit mix (the SplitMix64 finaliser): neighbouring keys land far apart. */
        private static long scramble(long z) {
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            return z ^ (z >>> 31);
        }

        private int insert(int n, int sec) {
            // Small sorted set: warps have at most 64 lanes.
            int lo = 0;
            int hi = n;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (Integer.compareUnsigned(sectors[mid], sec) < 0) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            if (lo < n && sectors[lo] == sec) {
                return n;
            }
            if (n == sectors.length) {
                return n;
            }
            System.arraycopy(sectors, lo, sectors, lo + 1, n - lo);
            sectors[lo] = sec;
            return n + 1;
        }

        /**
         * Passes a shared-memory access takes: the most distinct words in one bank (lanes reading
         * the same word share it, the broadcast); for atomics every lane's operation counts.
         */
        private int conflictDegree(InstructionEvent e, boolean atomic) {
            int count = e.accessCount();
            int mask = banks - 1;
            int[] perBank = bankCounts;
            java.util.Arrays.fill(perBank, 0);
            int worst = 1;
            for (int k = 0; k < count; k++) {
                int w = e.accessAddress(k) >>> 2;
                int bank = w & mask;
                int n = perBank[bank];
                boolean seen = false;
                if (!atomic) {
                    for (int j = 0; j < n; j++) {
                        if (bankWords[bank * 64 + j] == w) {
                            seen = true;
                            break;
                        }
                    }
                }
                if (!seen) {
                    bankWords[bank * 64 + n] = w;
                    perBank[bank] = ++n;
                    if (n > worst) {
                        worst = n;
                    }
                }
            }
            return worst;
        }

        /** The most lanes of an atomic that hit one address (they serialise). */
        private int mostOnOneAddress(InstructionEvent e) {
            int count = e.accessCount();
            int worst = 1;
            for (int k = 0; k < count; k++) {
                int a = e.accessAddress(k);
                int c = 0;
                for (int j = 0; j < count; j++) {
                    if (e.accessAddress(j) == a) {
                        c++;
                    }
                }
                worst = Math.max(worst, c);
            }
            return Math.min(worst, 0x7FFF);
        }
    }
}
