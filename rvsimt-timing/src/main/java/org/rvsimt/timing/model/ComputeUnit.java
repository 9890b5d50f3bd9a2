package org.rvsimt.timing.model;

import org.rvsimt.timing.config.GpuConfig;
import org.rvsimt.timing.config.OpClass;
import org.rvsimt.timing.config.SchedulerPolicy;
import org.rvsimt.timing.record.BlockTrace;
import org.rvsimt.timing.record.StreamFormat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * One compute unit: S schedulers issuing at most one warp-instruction each per cycle, in order per
 * warp, behind a register scoreboard, into pipes with a latency and an initiation interval; an L1;
 * resident blocks under the occupancy limits. {@link #step} simulates one cycle; when no warp can
 * issue, the unit sleeps until the earliest time one could, and the skipped cycles are charged to
 * each warp's reason at once (nothing changes while it sleeps).
 */
final class ComputeUnit {
    private static final OpClass[] CLASSES = OpClass.values();
    private static final long NEVER = Long.MAX_VALUE / 4;

    private final GpuConfig config;
    private final MemorySystem memory;
    private final Counters counters;
    private final CycleModel gpu;
    private final SectorCache l1;
    private final int l1SectorsPerLineShift;
    private final int l1SectorsPerLine;
    private final int[] latency = new int[CLASSES.length];
    private final int[] initiation = new int[CLASSES.length];
    private final long[][] pipeFree;
    private long lsuFree;
    private long mioFree;
    private final PriorityQueue<Long> mshr = new PriorityQueue<>();
    private final Set<Integer> icache = new HashSet<>();
    private final List<WarpSlot>[] schedulerWarps;
    private final int[] lastIssued;
    private final WarpSlot[] lastWarp;
    final List<BlockSlot> blocks = new ArrayList<>();
    int residentWarps;
    int usedRegisters;
    int usedShared;
    long sleepUntil;
    private long lastStep = -1;
    private long ages;

    @SuppressWarnings("unchecked")
    ComputeUnit(GpuConfig config, MemorySystem memory, Counters counters, CycleModel gpu) {
        this.config = config;
        this.memory = memory;
        this.counters = counters;
        this.gpu = gpu;
        this.l1 = new SectorCache(config.l1().sets(), config.l1().ways());
        l1SectorsPerLine = config.l1().line() / config.l1().sector();
        l1SectorsPerLineShift = Integer.numberOfTrailingZeros(l1SectorsPerLine);
        for (OpClass c : CLASSES) {
            latency[c.ordinal()] = config.latencyOf(c);
            initiation[c.ordinal()] = config.initiationOf(c);
        }
        int s = config.schedulersPerCu();
        pipeFree = new long[s][CLASSES.length];
        schedulerWarps = new List[s];
        for (int i = 0; i < s; i++) {
            schedulerWarps[i] = new ArrayList<>();
        }
        lastIssued = new int[s];
        lastWarp = new WarpSlot[s];
    }

    boolean idle() {
        return blocks.isEmpty();
    }

    /** Makes block {@code t} resident from cycle {@code now}. */
    void dispatch(BlockTrace t, int registersPerBlock, int sharedPerBlock, long now) {
        BlockSlot b = new BlockSlot();
        b.trace = t;
        b.warps = new WarpSlot[t.warps()];
        for (int i = 0; i < t.warps(); i++) {
            WarpSlot w = new WarpSlot();
            // Warp slots go to schedulers round-robin, as warp ids do on an SM's sub-cores.
            int sched = (residentWarps + i) % schedulerWarps.length;
            w.reset(b, t.streams[i].array(), t.streams[i].size(), sched, ages++);
            b.warps[i] = w;
            if (t.initial[i]) {
                start(w, now);
            }
        }
        blocks.add(b);
        residentWarps += t.warps();
        usedRegisters += registersPerBlock;
        usedShared += sharedPerBlock;
        sleepUntil = Math.min(sleepUntil, now);
    }

    private void start(WarpSlot w, long now) {
        w.running = true;
        w.fetchReady = now;
        w.block.live++;
        w.block.unfinished++;
        schedulerWarps[w.scheduler].add(w);
        advanceMarkers(w, now);
    }

    /** Simulates cycle {@code now}; sets {@link #sleepUntil} to the next cycle anything can change. */
    void step(long now) {
        if (lastStep >= 0 && now > lastStep + 1) {
            chargeSkipped(now - lastStep - 1);
        }
        lastStep = now;
        if (blocks.isEmpty()) {
            sleepUntil = NEVER;
            return;
        }
        counters.activeCycles++;
        counters.residentWarpCycles += residentWarps;
        boolean issued = false;
        long wake = NEVER;
        for (int s = 0; s < schedulerWarps.length; s++) {
            List<WarpSlot> ws = schedulerWarps[s];
            int n = ws.size();
            if (n == 0) {
                continue;
            }
            WarpSlot chosen = null;
            int chosenIdx = -1;
            for (int k = 0; k < n; k++) {
                WarpSlot w = ws.get(k);
                // A warp whose wait has a known end keeps its reason until then: nothing another warp
                // does can end it sooner (pipes and the LSU only get busier; a barrier release resets wake).
                if (w.wake <= now) {
                    w.reason = classify(w, now);
                }
            }
            if (config.scheduler() == SchedulerPolicy.GTO) {
                WarpSlot last = lastWarp[s];
                if (last != null && last.running && last.reason == null) {
                    chosen = last;
                } else {
                    for (int k = 0; k < n; k++) {
                        WarpSlot w = ws.get(k);
                        if (w.reason == null && (chosen == null || w.age < chosen.age)) {
                            chosen = w;
                        }
                    }
                }
            } else {
                int startAt = (lastIssued[s] + 1) % n;
                for (int k = 0; k < n; k++) {
                    int idx = (startAt + k) % n;
                    if (ws.get(idx).reason == null) {
                        chosen = ws.get(idx);
                        chosenIdx = idx;
                        break;
                    }
                }
                if (chosen != null) {
                    lastIssued[s] = chosenIdx;
                }
            }
            for (int k = 0; k < n; k++) {
                WarpSlot w = ws.get(k);
                if (w.reason == null && w != chosen) {
                    w.reason = StallReason.NOT_SELECTED;
                    w.wake = now + 1;
                }
            }
            if (chosen != null) {
                chosen.reason = StallReason.SELECTED;
                chosen.wake = now + 1;
                lastWarp[s] = chosen;
                issued = true;
            }
            // Charge this cycle, then issue (issuing changes the warp's state for the next cycle).
            for (int k = 0; k < ws.size(); k++) {
                WarpSlot w = ws.get(k);
                charge(w, 1);
                if (w.wake < wake) {
                    wake = w.wake;
                }
            }
            if (chosen != null) {
                issue(chosen, now);
            }
        }
        sleepUntil = issued ? now + 1 : Math.max(now + 1, wake);
        retireFinished(now);
        if (blocks.isEmpty()) {
            sleepUntil = NEVER;
        }
    }

    private void chargeSkipped(long cycles) {
        if (blocks.isEmpty()) {
            return;
        }
        counters.activeCycles += cycles;
        counters.residentWarpCycles += residentWarps * cycles;
        for (List<WarpSlot> ws : schedulerWarps) {
            for (WarpSlot w : ws) {
                charge(w, cycles);
            }
        }
    }

    private void charge(WarpSlot w, long cycles) {
        int r = w.reason.ordinal();
        counters.stalls[r] += cycles;
        counters.pcStalls[w.lastPcId * Counters.REASONS + r] += cycles;
    }

    /** Null when the warp can issue now; else why not, with {@link WarpSlot#wake} set. */
    private StallReason classify(WarpSlot w, long now) {
        if (w.exited) {
            w.wake = w.drainUntil > now ? w.drainUntil : now + 1;
            return StallReason.DRAIN;
        }
        if (w.atBarrier) {
            w.wake = NEVER;
            return StallReason.BARRIER;
        }
        if (now < w.barrierUntil) {
            w.wake = w.barrierUntil;
            return StallReason.BARRIER;
        }
        if (now < w.fetchReady) {
            w.wake = w.fetchReady;
            return w.fetchReason;
        }
        int[] s = w.stream;
        int p = w.pos;
        int h = s[p];
        w.lastPcId = s[p + 1];
        int c = StreamFormat.opClass(h);
        int mem = StreamFormat.memory(h);
        // Instruction fetch: the first fetch of a 128-byte line in this unit misses to the L2.
        int line = gpu.pcLine(s[p + 1]);
        if (line != w.lastLine) {
            w.lastLine = line;
            if (icache.add(line)) {
                w.fetchReady = now + config.l2().latency();
                w.fetchReason = StallReason.NO_INSTRUCTION;
                w.wake = w.fetchReady;
                return StallReason.NO_INSTRUCTION;
            }
        }
        // Scoreboard: sources and the destination (no write-after-write overtaking).
        int srcs = s[p + 2];
        long ready = 0;
        byte kind = WarpSlot.SB_WAIT;
        for (int k = 0; k < 4; k++) {
            int r = k < 3 ? srcs >>> (8 * k) & 0xFF : StreamFormat.destination(h);
            if (r != 0 && w.regReady[r] > now && w.regReady[r] > ready) {
                ready = w.regReady[r];
                kind = w.regKind[r];
            }
        }
        if (ready > now) {
            w.wake = ready;
            return kind == WarpSlot.SB_LONG ? StallReason.LONG_SCOREBOARD
                    : kind == WarpSlot.SB_SHORT ? StallReason.SHORT_SCOREBOARD : StallReason.WAIT;
        }
        if (StreamFormat.isGlobal(mem) || mem == StreamFormat.MEM_UNKNOWN) {
            if (lsuFree > now) {
                w.wake = lsuFree;
                return StallReason.LG_THROTTLE;
            }
            while (!mshr.isEmpty() && mshr.peek() <= now) {
                mshr.poll();
            }
            if (mshr.size() >= config.l1().mshr()) {
                w.wake = mshr.peek();
                return StallReason.LG_THROTTLE;
            }
            return null;
        }
        if (StreamFormat.isShared(mem)) {
            if (mioFree > now) {
                w.wake = mioFree;
                return StallReason.MIO_THROTTLE;
            }
            return null;
        }
        long free = pipeFree[w.scheduler][c];
        if (free > now) {
            w.wake = free;
            return c == OpClass.SFU.ordinal() ? StallReason.MIO_THROTTLE : StallReason.MATH_PIPE_THROTTLE;
        }
        return null;
    }

    private void issue(WarpSlot w, long now) {
        int[] s = w.stream;
        int p = w.pos;
        int h = s[p];
        int pcId = s[p + 1];
        int c = StreamFormat.opClass(h);
        int mem = StreamFormat.memory(h);
        int dest = StreamFormat.destination(h);
        p += 3;
        counters.warpInstructions++;
        counters.issueSlots++;
        counters.pcExecuted[pcId]++;
        long done;
        byte kind = WarpSlot.SB_WAIT;
        switch (mem) {
            case StreamFormat.MEM_NONE -> {
                done = now + latency[c];
                pipeFree[w.scheduler][c] = now + initiation[c];
                if (c == OpClass.BRANCH.ordinal()) {
                    w.fetchReady = now + latency[c];
                    w.fetchReason = StallReason.BRANCH_RESOLVING;
                    done = now + latency[OpClass.ALU.ordinal()];
                } else if (c == OpClass.SFU.ordinal() || c == OpClass.CSR.ordinal() || c == OpClass.SIMT.ordinal()) {
                    kind = WarpSlot.SB_SHORT;
                }
            }
            case StreamFormat.MEM_UNKNOWN -> {
                done = now + config.l1().latency();
                lsuFree = now + initiation[OpClass.LSU.ordinal()];
                kind = WarpSlot.SB_LONG;
            }
            case StreamFormat.MEM_SHARED_LOAD, StreamFormat.MEM_SHARED_STORE, StreamFormat.MEM_SHARED_ATOMIC -> {
                int degree = s[p++];
                counters.sharedRequests++;
                counters.bankConflicts += degree - 1;
                counters.pcBankConflicts[pcId] += degree - 1;
                counters.issueSlots += degree - 1;
                mioFree = now + (long) degree * initiation[OpClass.LSU.ordinal()];
                done = now + config.shared().latency() + degree - 1
                        + (mem == StreamFormat.MEM_SHARED_ATOMIC ? latency[OpClass.ATOMIC.ordinal()] : 0);
                kind = WarpSlot.SB_SHORT;
                if (mem == StreamFormat.MEM_SHARED_STORE) {
                    w.drainUntil = Math.max(w.drainUntil, done);
                }
            }
            default -> {
                int word = s[p++];
                int n = word & 0xFFFF;
                int serial = word >>> 16;
                done = global(s, p, n, mem, serial, now, pcId, StreamFormat.activeLanes(h));
                p += n;
                kind = WarpSlot.SB_LONG;
                if (mem != StreamFormat.MEM_GLOBAL_LOAD) {
                    w.drainUntil = Math.max(w.drainUntil, done);
                }
            }
        }
        if (dest != 0) {
            w.regReady[dest] = done;
            w.regKind[dest] = kind;
        }
        w.pos = p;
        advanceMarkers(w, now);
    }

    /**
     * A global or local access: the coalesced sectors go through the L1 one 128-byte line per cycle;
     * misses allocate an MSHR per line and go to the L2. Returns when the last sector is back.
     */
    private long global(int[] s, int p, int n, int mem, int serial, long now, int pcId, int lanes) {
        boolean load = mem == StreamFormat.MEM_GLOBAL_LOAD;
        boolean atomic = mem == StreamFormat.MEM_GLOBAL_ATOMIC;
        counters.globalRequests++;
        counters.sectors += n;
        counters.pcSectors[pcId] += n;
        counters.pcIdealSectors[pcId] += Math.max(1, ((long) lanes * 4 + config.l1().sector() - 1) / config.l1().sector());
        long done = now;
        long lineStart = 0;
        long prevLine = -1;
        int lineIndex = -1;
        long lineDone = 0;
        boolean lineMissed = false;
        int l1Latency = config.l1().latency();
        for (int i = 0; i < n; i++) {
            int sec = s[p + i];
            long line = Integer.toUnsignedLong(sec) >>> l1SectorsPerLineShift;
            if (line != prevLine) {
                if (lineMissed) {
                    mshr.add(lineDone);
                }
                prevLine = line;
                lineIndex++;
                lineStart = now + lineIndex;
                lineMissed = false;
                lineDone = 0;
            }
            long t;
            if (atomic) {
                t = memory.request(sec, lineStart + l1Latency, 2, serial);
                counters.atomicSerial += serial - 1;
            } else if (load) {
                counters.l1Accesses++;
                int r = l1.access(line, sec & (l1SectorsPerLine - 1), true, false);
                if (r == SectorCache.HIT) {
                    counters.l1Hits++;
                    t = lineStart + l1Latency;
                } else {
                    t = memory.request(sec, lineStart + l1Latency, 0, 1);
                    lineMissed = true;
                }
            } else {
                // Global stores write through without allocating (the L1 copy is updated if
                // present); local (stack) stores allocate, as GPUs cache local memory in the L1 so
                // that spill reloads hit. Both are written to the L2.
                l1.access(line, sec & (l1SectorsPerLine - 1), sec < 0, false);
                t = memory.request(sec, lineStart + l1Latency, 1, 1);
            }
            lineDone = Math.max(lineDone, t);
            done = Math.max(done, t);
        }
        if (lineMissed) {
            mshr.add(lineDone);
        }
        int lines = lineIndex + 1;
        counters.issueSlots += lines - 1;
        lsuFree = now + (long) Math.max(1, lines) * initiation[OpClass.LSU.ordinal()];
        return done;
    }

    /** Handles barrier arrivals, exits and spawns that follow the warp's last instruction. */
    private void advanceMarkers(WarpSlot w, long now) {
        int[] s = w.stream;
        while (w.pos < w.end) {
            int h = s[w.pos];
            switch (StreamFormat.entry(h)) {
                case StreamFormat.ENTRY_INSTRUCTION -> {
                    return;
                }
                case StreamFormat.ENTRY_BARRIER -> {
                    w.pos++;
                    w.atBarrier = true;
                    w.block.arrived++;
                    releaseIfComplete(w.block, now);
                    return;
                }
                case StreamFormat.ENTRY_EXIT -> {
                    w.pos = w.end;
                }
                case StreamFormat.ENTRY_SPAWN -> {
                    WarpSlot other = w.block.warps[s[w.pos + 1]];
                    w.pos += 2;
                    if (!other.running && !other.exited) {
                        start(other, now + 1);
                    }
                }
                default -> throw new IllegalStateException("bad stream entry");
            }
        }
        // End of stream: the warp exited.
        w.exited = true;
        w.block.live--;
        releaseIfComplete(w.block, now);
    }

    private void releaseIfComplete(BlockSlot b, long now) {
        if (b.arrived > 0 && b.arrived >= b.live) {
            long release = now + latency[OpClass.BARRIER.ordinal()];
            for (WarpSlot x : b.warps) {
                if (x.atBarrier) {
                    x.atBarrier = false;
                    x.barrierUntil = release;
                    x.wake = 0;
                }
            }
            b.arrived = 0;
        }
    }

    /** Removes warps that exited and drained; frees blocks whose warps all finished. */
    private void retireFinished(long now) {
        boolean freed = false;
        for (List<WarpSlot> ws : schedulerWarps) {
            for (int k = ws.size() - 1; k >= 0; k--) {
                WarpSlot w = ws.get(k);
                if (w.exited && w.drainUntil <= now) {
                    ws.remove(k);
                    w.running = false;
                    w.block.unfinished--;
                    if (w.block.unfinished == 0) {
                        freed = true;
                    }
                }
            }
        }
        if (!freed) {
            return;
        }
        for (int i = blocks.size() - 1; i >= 0; i--) {
            BlockSlot b = blocks.get(i);
            if (b.unfinished == 0) {
                blocks.remove(i);
                residentWarps -= b.warps.length;
                usedRegisters -= gpu.registersPerBlock();
                usedShared -= gpu.sharedPerBlock();
            }
        }
        for (int s = 0; s < schedulerWarps.length; s++) {
            lastIssued[s] = Math.min(lastIssued[s], Math.max(0, schedulerWarps[s].size() - 1));
        }
        gpu.refill(this, now + 1);
    }
}
