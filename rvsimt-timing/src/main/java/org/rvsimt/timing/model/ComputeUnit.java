package org.rvsimt.timing.model;

import org.rvsimt.timing.config.GpuConfig;
import org.rvsimt.timing.config.OpClass;
import org.rvsimt.timing.config.SchedulerPolicy;
import org.rvsimt.timing.record.BlockTrace;
import org.rvsimt.timing.record.StreamFormat;
import org.rvsimt.timing.timeline.TimelineListener;

import java.util.ArrayList;
import java.util.List;

/**
 * One compute unit: S schedulers issuing at most one warp-instruction each per cycle, in order per
 * warp, behind a register scoreboard, into pipes with a latency and an initiation interval; an L1;
 * resident blocks under the occupancy limits. {@link #step} simulates one cycle; when no warp can
 * issue, the unit sleeps until the earliest time one could.
 *
 * <p>The cost is kept proportional to what changes, not to warps x cycles: a warp waiting for a
 * known cycle (a register, a fetch, a drain) sits in its scheduler's {@link WakeQueue} and is
 * looked at only then; a warp whose own dependencies are met is <em>eligible</em> and waits only
 * for its pipe, and its cycles until it issues are charged at once from the pipe's {@link
 * BusyHistory} (busy: throttled, free: not selected), so many warps waiting for one busy pipe cost
 * nothing per cycle; a warp's reason is charged as one interval when it changes.
 */
final class ComputeUnit {
    private static final OpClass[] CLASSES = OpClass.values();
    private static final long NEVER = Long.MAX_VALUE / 4;
    private static final int LSU = OpClass.LSU.ordinal();
    private static final int SFU = OpClass.SFU.ordinal();
    /** Pipe keys: a scheduler's own pipe per class, then the unit's load/store unit and its shared-memory (MIO) pipe. */
    private static final int KEY_LSU = CLASSES.length;
    private static final int KEY_MIO = CLASSES.length + 1;
    private static final int KEYS = CLASSES.length + 2;

    private final GpuConfig config;
    private final MemorySystem memory;
    private final Counters counters;
    private final CycleModel gpu;
    /** This unit's number (the timeline's tracks). */
    private final int index;
    /** Null unless a view asked for the timeline (the model then reports every charged interval). */
    private final TimelineListener timeline;
    private final SectorCache l1;
    private final int l1SectorsPerLineShift;
    private final int l1SectorsPerLine;
    private final int l1Latency;
    private final int l1Mshr;
    private final int l2Latency;
    private final boolean gto;
    private final int[] latency = new int[CLASSES.length];
    private final int[] initiation = new int[CLASSES.length];
    private final long[][] pipeFree;
    private long lsuFree;
    private long mioFree;
    private final LongMinHeap mshr = new LongMinHeap();
    /** Code lines (by {@link CycleModel#pcLine} index) this unit has fetched once. */
    private boolean[] icache;
    /** Each scheduler's warps, in the order they started (the round-robin order). */
    private final WarpSlot[][] schedulerWarps;
    private final int[] schedulerCount;
    /** The earliest cycle any warp of the scheduler can change its state (0: look now). */
    private final long[] schedulerWake;
    private final int[] lastIssued;
    private final WarpSlot[] lastWarp;
    /** Per scheduler: the warps waiting for a known cycle, and the eligible ones (only a pipe stands in their way). */
    private final WakeQueue[] queues;
    private final EligibleSet[] eligible;
    /** Per observing scheduler and pipe key ({@link #keyOf}): when the pipe was busy. */
    private final BusyHistory[][] busy;
    private WarpSlot[] due = new WarpSlot[16];
    final List<BlockSlot> blocks = new ArrayList<>();
    int residentWarps;
    int usedRegisters;
    int usedShared;
    long sleepUntil;
    private long lastStep = -1;
    private long ages;
    /** The earliest drain end of an exited warp still in a scheduler's list (NEVER: none). */
    private long retireAt = NEVER;

    ComputeUnit(int index, GpuConfig config, MemorySystem memory, Counters counters, CycleModel gpu) {
        this.index = index;
        this.config = config;
        this.memory = memory;
        this.counters = counters;
        this.gpu = gpu;
        this.timeline = gpu.timeline();
        this.l1 = new SectorCache(config.l1().sets(), config.l1().ways());
        l1SectorsPerLine = config.l1().line() / config.l1().sector();
        l1SectorsPerLineShift = Integer.numberOfTrailingZeros(l1SectorsPerLine);
        l1Latency = config.l1().latency();
        l1Mshr = config.l1().mshr();
        l2Latency = config.l2().latency();
        gto = config.scheduler() == SchedulerPolicy.GTO;
        for (OpClass c : CLASSES) {
            latency[c.ordinal()] = config.latencyOf(c);
            initiation[c.ordinal()] = config.initiationOf(c);
        }
        int s = config.schedulersPerCu();
        pipeFree = new long[s][CLASSES.length];
        schedulerWarps = new WarpSlot[s][Math.max(1, config.warpsPerCu())];
        schedulerCount = new int[s];
        schedulerWake = new long[s];
        lastIssued = new int[s];
        lastWarp = new WarpSlot[s];
        queues = new WakeQueue[s];
        eligible = new EligibleSet[s];
        busy = new BusyHistory[s][KEYS];
        for (int i = 0; i < s; i++) {
            queues[i] = new WakeQueue();
            eligible[i] = new EligibleSet(KEYS);
            for (int k = 0; k < KEYS; k++) {
                busy[i][k] = new BusyHistory();
                if (timeline != null) {
                    busy[i][k].keepIntervals();
                }
            }
        }
        icache = new boolean[gpu.pcLines()];
    }

    /** Makes room in the instruction cache for {@code lines} code lines. */
    void growCodeLines(int lines) {
        if (lines > icache.length) {
            icache = java.util.Arrays.copyOf(icache, lines);
        }
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
            w.warp = i;
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
        w.since = now;
        w.block.live++;
        w.block.unfinished++;
        int s = w.scheduler;
        WarpSlot[] ws = schedulerWarps[s];
        if (schedulerCount[s] == ws.length) {
            schedulerWarps[s] = ws = java.util.Arrays.copyOf(ws, ws.length * 2);
        }
        w.index = schedulerCount[s];
        ws[schedulerCount[s]++] = w;
        queue(w, 0);
        advanceMarkers(w, now);
    }

    /** Simulates cycle {@code now}; sets {@link #sleepUntil} to the next cycle anything can change. */
    void step(long now) {
        long cycles = lastStep >= 0 ? now - lastStep : 1;
        lastStep = now;
        if (blocks.isEmpty()) {
            sleepUntil = NEVER;
            return;
        }
        // The cycles slept since the last step count as active: resident warps were waiting.
        counters.activeCycles += cycles;
        counters.residentWarpCycles += residentWarps * cycles;
        boolean issued = false;
        long wake = NEVER;
        for (int s = 0; s < schedulerWarps.length; s++) {
            if (schedulerWake[s] <= now) {
                issued |= schedule(s, now);
            }
            wake = Math.min(wake, schedulerWake[s]);
        }
        sleepUntil = issued ? now + 1 : Math.max(now + 1, wake);
        if (retireAt <= now) {
            retireFinished(now);
        }
        if (blocks.isEmpty()) {
            sleepUntil = NEVER;
        }
    }

    /**
     * One cycle of scheduler {@code s}: classifies the warps whose wait ended (in list order: the
     * first to reach a new code line fetches it), picks an eligible warp whose pipe is free and issues it.
     */
    private boolean schedule(int s, long now) {
        WakeQueue q = queues[s];
        int n = 0;
        for (WarpSlot w = q.pollDue(now); w != null; w = q.pollDue(now)) {
            if (n == due.length) {
                due = java.util.Arrays.copyOf(due, n * 2);
            }
            int k = n++;
            while (k > 0 && due[k - 1].index > w.index) {
                due[k] = due[k - 1];
                k--;
            }
            due[k] = w;
        }
        for (int k = 0; k < n; k++) {
            examine(due[k], now);
            due[k] = null;
        }
        WarpSlot chosen = select(s, now);
        if (chosen == null) {
            long wake = q.earliest();
            for (int m = eligible[s].keys(); m != 0; m &= m - 1) {
                wake = Math.min(wake, freeAt(s, Integer.numberOfTrailingZeros(m), now));
            }
            schedulerWake[s] = wake;
            return false;
        }
        leaveEligible(chosen, now);
        lastWarp[s] = chosen;
        // Issuing may start or release warps of any scheduler (they lower their scheduler's wake).
        schedulerWake[s] = now + 1;
        issue(chosen, now);
        queue(chosen, now + 1);
        return true;
    }

    /** Looks at warp {@code w} again at {@code t} (its scheduler too). */
    private void queue(WarpSlot w, long t) {
        queues[w.scheduler].add(w, t);
        if (t < schedulerWake[w.scheduler]) {
            schedulerWake[w.scheduler] = t;
        }
    }

    /** Classifies a warp whose wait ended: it waits again (queued for when that ends) or becomes eligible. */
    private void examine(WarpSlot w, long now) {
        StallReason was = w.reason;
        int wasPc = w.lastPcId;
        StallReason r = classify(w, now);
        if (r == null) {
            charge(w, was, wasPc, now);
            w.eligible = true;
            w.reason = StallReason.NOT_SELECTED;
            w.key = keyOf(w.head);
            w.busyAtStart = busy[w.scheduler][w.key].before(now);
            eligible[w.scheduler].add(w.index, w.key);
            return;
        }
        if (r != was || w.lastPcId != wasPc) {
            charge(w, was, wasPc, now);
        }
        w.reason = r;
        if (w.wake < NEVER) {
            queue(w, w.wake);
        }
    }

    /**
     * The eligible warp the policy picks among those whose pipe is free now, or null. An eligible
     * warp that is not picked in a cycle was throttled if its pipe was busy, else not selected;
     * {@link #leaveEligible} charges those cycles when it issues.
     */
    private WarpSlot select(int s, long now) {
        EligibleSet e = eligible[s];
        WarpSlot[] ws = schedulerWarps[s];
        if (gto) {
            WarpSlot last = lastWarp[s];
            if (last != null && last.running && last.eligible && freeAt(s, last.key, now) <= now) {
                return last;
            }
            int free = freeKeys(s, now);
            WarpSlot oldest = null;
            for (int k = e.next(0, free); k >= 0; k = e.next(k + 1, free)) {
                if (oldest == null || ws[k].age < oldest.age) {
                    oldest = ws[k];
                }
            }
            return oldest;
        }
        int n = schedulerCount[s];
        if (n == 0) {
            return null;
        }
        int free = freeKeys(s, now);
        if (free == 0) {
            return null;
        }
        // Loose round-robin: the first eligible warp with a free pipe from the one after the last issued.
        int startAt = (lastIssued[s] + 1) % n;
        int k = e.next(startAt, free);
        if (k < 0) {
            k = e.next(0, free);
        }
        if (k < 0) {
            return null;
        }
        lastIssued[s] = k;
        return ws[k];
    }

    /** The pipe keys scheduler {@code s}'s eligible warps wait for that can take an instruction now, as bits. */
    private int freeKeys(int s, long now) {
        int free = 0;
        for (int m = eligible[s].keys(); m != 0; m &= m - 1) {
            int key = Integer.numberOfTrailingZeros(m);
            if (freeAt(s, key, now) <= now) {
                free |= 1 << key;
            }
        }
        return free;
    }

    /** Charges the cycles warp {@code w} was eligible, throttled while its pipe was busy and not selected otherwise. */
    private void leaveEligible(WarpSlot w, long now) {
        long waited = now - w.since;
        if (waited > 0 && timeline != null) {
            StallReason throttle = throttleReason(w.key);
            busy[w.scheduler][w.key].forEachRun(w.since, now, (isBusy, from, to) -> {
                StallReason r = isBusy ? throttle : StallReason.NOT_SELECTED;
                add(r, w.lastPcId, to - from);
                timeline.warpState(index, w.scheduler, w.block.trace.block, w.warp, r, gpu.pc(w.lastPcId), from, to);
            });
        } else if (waited > 0) {
            long throttled = busy[w.scheduler][w.key].before(now) - w.busyAtStart;
            add(throttleReason(w.key), w.lastPcId, throttled);
            add(StallReason.NOT_SELECTED, w.lastPcId, waited - throttled);
        }
        w.since = now;
        w.reason = StallReason.SELECTED;
        w.eligible = false;
        eligible[w.scheduler].remove(w.index);
    }

    private void add(StallReason reason, int pcId, long cycles) {
        if (cycles > 0) {
            int r = reason.ordinal();
            counters.stalls[r] += cycles;
            counters.pcStalls[pcId * Counters.REASONS + r] += cycles;
        }
    }

    /** The pipe an instruction with header {@code h} waits for. */
    private static int keyOf(int h) {
        int mem = StreamFormat.memory(h);
        if (StreamFormat.isGlobal(mem) || mem == StreamFormat.MEM_UNKNOWN) {
            return KEY_LSU;
        }
        if (StreamFormat.isShared(mem)) {
            return KEY_MIO;
        }
        return StreamFormat.opClass(h);
    }

    private static StallReason throttleReason(int key) {
        return key == KEY_LSU ? StallReason.LG_THROTTLE
                : key == KEY_MIO || key == SFU ? StallReason.MIO_THROTTLE : StallReason.MATH_PIPE_THROTTLE;
    }

    /** The first cycle from {@code now} pipe {@code key} can take an instruction of scheduler {@code s}. */
    private long freeAt(int s, int key, long now) {
        if (key == KEY_LSU) {
            if (lsuFree > now) {
                return lsuFree;
            }
            while (!mshr.isEmpty() && mshr.peek() <= now) {
                mshr.poll();
            }
            return mshr.size() >= l1Mshr ? mshr.peek() : now;
        }
        if (key == KEY_MIO) {
            return mioFree;
        }
        return pipeFree[s][key];
    }

    /**
     * Notes how long the pipe an instruction issued at {@code now} by scheduler {@code s} stays busy.
     * The load/store and MIO pipes are the unit's: schedulers after {@code s} see them busy from this
     * cycle, {@code s} and those before it (which looked already) from the next.
     */
    private void recordBusy(int s, int mem, int c, long now) {
        if (StreamFormat.isGlobal(mem) || mem == StreamFormat.MEM_UNKNOWN) {
            long until = lsuFree;
            int over = mshr.size() - l1Mshr + 1;
            if (over > 0) {
                // Full miss registers free one at a time: the pipe takes the next access once the
                // excess over the limit completed.
                until = Math.max(until, mshr.kthSmallest(over));
            }
            for (int o = 0; o < busy.length; o++) {
                busy[o][KEY_LSU].busy(o <= s ? now + 1 : now, until);
            }
        } else if (StreamFormat.isShared(mem)) {
            for (int o = 0; o < busy.length; o++) {
                busy[o][KEY_MIO].busy(o <= s ? now + 1 : now, mioFree);
            }
        } else {
            busy[s][c].busy(now + 1, pipeFree[s][c]);
        }
    }

    /** Charges the warp's current reason from when it began up to {@code now}. */
    private void close(WarpSlot w, long now) {
        charge(w, w.reason, w.lastPcId, now);
    }

    /** Charges {@code reason} at {@code pcId} from when the warp's interval began up to {@code now}. */
    private void charge(WarpSlot w, StallReason reason, int pcId, long now) {
        long cycles = now - w.since;
        if (cycles > 0) {
            int r = reason.ordinal();
            counters.stalls[r] += cycles;
            counters.pcStalls[pcId * Counters.REASONS + r] += cycles;
            if (timeline != null) {
                timeline.warpState(index, w.scheduler, w.block.trace.block, w.warp, reason, gpu.pc(pcId), w.since,
                        now);
            }
        }
        w.since = now;
    }

    /** Null when only a pipe can keep the warp from issuing (it is eligible); else why not, with {@link WarpSlot#wake} set. */
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
        int h = w.head;
        w.lastPcId = w.headPcId;
        // Instruction fetch: the first fetch of a 128-byte line in this unit misses to the L2.
        int line = gpu.pcLine(w.headPcId);
        if (line != w.lastLine) {
            w.lastLine = line;
            if (!icache[line]) {
                icache[line] = true;
                w.fetchReady = now + l2Latency;
                w.fetchReason = StallReason.NO_INSTRUCTION;
                w.wake = w.fetchReady;
                return StallReason.NO_INSTRUCTION;
            }
        }
        // Scoreboard: sources and the destination (no write-after-write overtaking).
        int srcs = w.headSources;
        long ready = 0;
        int kind = WarpSlot.SB_WAIT;
        long[] regReady = w.regReady;
        for (int k = 0; k < 4; k++) {
            int r = k < 3 ? srcs >>> (8 * k) & 0xFF : StreamFormat.destination(h);
            long at = regReady[r] >>> WarpSlot.KIND_BITS;
            if (r != 0 && at > now && at > ready) {
                ready = at;
                kind = (int) regReady[r] & WarpSlot.KIND_MASK;
            }
        }
        if (ready > now) {
            w.wake = ready;
            return kind == WarpSlot.SB_LONG ? StallReason.LONG_SCOREBOARD
                    : kind == WarpSlot.SB_SHORT ? StallReason.SHORT_SCOREBOARD : StallReason.WAIT;
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
        int kind = WarpSlot.SB_WAIT;
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
                done = now + l1Latency;
                lsuFree = now + initiation[LSU];
                kind = WarpSlot.SB_LONG;
            }
            case StreamFormat.MEM_SHARED_LOAD, StreamFormat.MEM_SHARED_STORE, StreamFormat.MEM_SHARED_ATOMIC -> {
                int degree = s[p++];
                counters.sharedRequests++;
                counters.bankConflicts += degree - 1;
                counters.pcBankConflicts[pcId] += degree - 1;
                counters.issueSlots += degree - 1;
                mioFree = now + (long) degree * initiation[LSU];
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
        recordBusy(w.scheduler, mem, c, now);
        if (dest != 0) {
            w.regReady[dest] = done << WarpSlot.KIND_BITS | kind;
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
        lsuFree = now + (long) Math.max(1, lines) * initiation[LSU];
        return done;
    }

    /** Handles barrier arrivals, exits and spawns that follow the warp's last instruction. */
    private void advanceMarkers(WarpSlot w, long now) {
        int[] s = w.stream;
        while (w.pos < w.end) {
            int h = s[w.pos];
            switch (StreamFormat.entry(h)) {
                case StreamFormat.ENTRY_INSTRUCTION -> {
                    w.loadHead();
                    return;
                }
                case StreamFormat.ENTRY_BARRIER -> {
                    w.pos++;
                    w.loadHead();
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
        retireAt = Math.min(retireAt, w.drainUntil);
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
                    queue(x, 0);
                }
            }
            b.arrived = 0;
        }
    }

    /** Removes warps that exited and drained; frees blocks whose warps all finished. */
    private void retireFinished(long now) {
        boolean freed = false;
        long next = NEVER;
        for (int s = 0; s < schedulerWarps.length; s++) {
            WarpSlot[] ws = schedulerWarps[s];
            int n = schedulerCount[s];
            int kept = 0;
            for (int k = 0; k < n; k++) {
                WarpSlot w = ws[k];
                if (w.exited && w.drainUntil <= now) {
                    // Its last cycle (now) was charged to its reason: close through it.
                    close(w, now + 1);
                    w.running = false;
                    w.queuedAt = -2;
                    w.block.unfinished--;
                    if (w.block.unfinished == 0) {
                        freed = true;
                    }
                } else {
                    if (w.exited) {
                        next = Math.min(next, w.drainUntil);
                    }
                    w.index = kept;
                    ws[kept++] = w;
                }
            }
            java.util.Arrays.fill(ws, kept, n, null);
            schedulerCount[s] = kept;
            if (kept != n) {
                eligible[s].clear();
                for (int k = 0; k < kept; k++) {
                    if (ws[k].eligible) {
                        eligible[s].add(k, ws[k].key);
                    }
                }
            }
        }
        retireAt = next;
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
            lastIssued[s] = Math.min(lastIssued[s], Math.max(0, schedulerCount[s] - 1));
        }
        gpu.refill(this, now + 1);
    }
}
