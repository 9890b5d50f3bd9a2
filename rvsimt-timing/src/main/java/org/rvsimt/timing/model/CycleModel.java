package org.rvsimt.timing.model;

import org.rvsimt.timing.config.GpuConfig;
import org.rvsimt.timing.config.OpClass;
import org.rvsimt.timing.record.BlockSource;
import org.rvsimt.timing.record.BlockTrace;
import org.rvsimt.timing.report.PcCounters;
import org.rvsimt.timing.report.TimingReport;
import org.rvsimt.timing.timeline.TimelineListener;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Runs the recorded warp streams of a launch through the compute units, cycle by cycle, in one
 * thread: blocks are dispatched in index order, round-robin over the units, as their resources
 * allow; every cycle each awake unit steps in unit order, so shared L2 and DRAM see requests in a
 * fixed order and the same recording always gives the same cycle count.
 */
public final class CycleModel {
    private final GpuConfig config;
    private final BlockSource blocks;
    private int[] pcs = new int[0];
    private final int warpSize;
    private final int sharedPerBlock;
    private final LongSupplier flops;
    private int registersPerBlock;
    private int registersPerThread;
    private Occupancy occupancy;
    private Counters counters;
    private ComputeUnit[] units;
    private TimelineListener timeline;

    /**
     * @param blocks         the launch's recorded blocks, taken in index order
     * @param warpSize       lanes per warp of the functional run
     * @param sharedPerBlock shared-memory bytes each block uses
     * @param flops          floating-point operations of the launch, for the roofline (asked when the model ends)
     */
    public CycleModel(GpuConfig config, BlockSource blocks, int warpSize, int sharedPerBlock, LongSupplier flops) {
        this.config = config;
        this.blocks = blocks;
        this.warpSize = warpSize;
        this.sharedPerBlock = sharedPerBlock;
        this.flops = flops;
    }

    /** The 128-byte code line of each pc id, numbered densely from 0 (the instruction cache's index). */
    private int[] pcLine = new int[0];
    private final Map<Integer, Integer> lines = new java.util.HashMap<>();

    /**
     * Extends the pc tables to the ids {@code b} may hold (a model beside the launch learns new pcs as
     * blocks arrive; the numbering of code lines is only an index, so learning them late changes nothing).
     */
    private void learnPcs(int limit) {
        if (limit <= pcs.length) {
            return;
        }
        pcs = blocks.pcs();
        int known = pcLine.length;
        pcLine = java.util.Arrays.copyOf(pcLine, pcs.length);
        for (int id = known; id < pcs.length; id++) {
            pcLine[id] = lines.computeIfAbsent(pcs[id] >>> 7, k -> lines.size());
        }
        counters.growPcs(pcs.length);
        for (ComputeUnit cu : units) {
            cu.growCodeLines(lines.size());
        }
    }

    /** The next block in index order, with the pc tables covering it; null when none is left. */
    private BlockTrace pending() {
        BlockTrace b = blocks.peek();
        if (b != null) {
            learnPcs(b.pcIdLimit);
        }
        return b;
    }

    /**
     * Reports what every warp did when to {@code listener} during {@link #run} (null: nothing, the
     * default; the model then does no timeline work).
     */
    public CycleModel timeline(TimelineListener listener) {
        this.timeline = listener;
        return this;
    }

    TimelineListener timeline() {
        return timeline;
    }

    int pc(int pcId) {
        return pcs[pcId];
    }

    int pcLine(int pcId) {
        return pcLine[pcId];
    }

    /** How many distinct code lines the pcs known so far touch. */
    int pcLines() {
        return lines.size();
    }

    int registersPerBlock() {
        return registersPerBlock;
    }

    int sharedPerBlock() {
        return sharedPerBlock;
    }

    /** Dispatches pending blocks to {@code cu} while they fit. */
    void refill(ComputeUnit cu, long now) {
        for (BlockTrace b = pending(); b != null && fits(cu, b); b = pending()) {
            blocks.take();
            cu.dispatch(b, registersPerBlock, sharedPerBlock, now);
        }
    }

    private boolean fits(ComputeUnit cu, BlockTrace b) {
        return cu.blocks.size() < occupancy.blocksPerCu()
                && cu.residentWarps + b.warps() <= config.warpsPerCu()
                && cu.usedRegisters + registersPerBlock <= config.registersPerCu()
                && cu.usedShared + sharedPerBlock <= config.shared().bytesPerCu();
    }

    /**
     * Simulates the launch.
     *
     * @throws IllegalArgumentException when a block does not fit a compute unit (the message names why)
     */
    public TimingReport run() {
        long used = blocks.registersUsed();
        int maxWarps = Math.max(1, blocks.warpsPerBlock());
        // Registers the kernel uses: every x and f register its code touches (x0 is free).
        registersPerThread = Math.max(1, Long.bitCount(used));
        registersPerBlock = registersPerThread * warpSize * maxWarps;
        occupancy = Occupancy.of(config, maxWarps, registersPerBlock, sharedPerBlock);
        counters = new Counters(0);
        Counters counters = this.counters;
        MemorySystem memory = new MemorySystem(config);
        units = new ComputeUnit[config.computeUnits()];
        for (int i = 0; i < units.length; i++) {
            units[i] = new ComputeUnit(i, config, memory, counters, this);
            units[i].sleepUntil = Long.MAX_VALUE / 4;
        }
        learnPcs(Integer.MAX_VALUE);
        // Round-robin first: one block per unit in turn while any fits.
        boolean placed = true;
        while (placed && pending() != null) {
            placed = false;
            for (ComputeUnit cu : units) {
                BlockTrace b = pending();
                if (b != null && fits(cu, b)) {
                    blocks.take();
                    cu.dispatch(b, registersPerBlock, sharedPerBlock, 0);
                    placed = true;
                }
            }
        }
        long now = 0;
        long end = 0;
        while (true) {
            if (timeline != null) {
                timeline.memory(now, counters.l1Accesses, counters.l1Hits, memory.l2Accesses, memory.l2Hits,
                        memory.dramReadBytes + memory.dramWriteBytes);
            }
            long soonest = Long.MAX_VALUE;
            for (ComputeUnit cu : units) {
                if (cu.sleepUntil <= now) {
                    boolean busy = !cu.idle();
                    cu.step(now);
                    if (busy) {
                        end = now + 1;
                    }
                }
                soonest = Math.min(soonest, cu.sleepUntil);
            }
            if (soonest >= Long.MAX_VALUE / 4) {
                break;
            }
            now = Math.max(now + 1, soonest);
        }
        if (timeline != null) {
            timeline.memory(Math.max(now, end), counters.l1Accesses, counters.l1Hits, memory.l2Accesses,
                    memory.l2Hits, memory.dramReadBytes + memory.dramWriteBytes);
        }
        return report(counters, memory, end);
    }

    private TimingReport report(Counters c, MemorySystem m, long cycles) {
        Map<StallReason, Long> stalls = new EnumMap<>(StallReason.class);
        for (StallReason r : StallReason.values()) {
            stalls.put(r, c.stalls[r.ordinal()]);
        }
        List<PcCounters> perPc = new ArrayList<>();
        for (int id = 0; id < pcs.length; id++) {
            long total = 0;
            long worst = -1;
            StallReason top = null;
            for (StallReason r : StallReason.values()) {
                long v = c.pcStalls[id * Counters.REASONS + r.ordinal()];
                if (r != StallReason.SELECTED) {
                    total += v;
                    if (v > worst) {
                        worst = v;
                        top = r;
                    }
                }
            }
            if (c.pcExecuted[id] == 0 && total == 0) {
                continue;
            }
            perPc.add(new PcCounters(pcs[id], c.pcExecuted[id], total, worst > 0 ? top : null, c.pcSectors[id],
                    c.pcIdealSectors[id], c.pcBankConflicts[id]));
        }
        perPc.sort((a, b) -> a.stallCycles() != b.stallCycles() ? Long.compare(b.stallCycles(), a.stallCycles())
                : Integer.compareUnsigned(a.pc(), b.pc()));
        long dramWrite = m.dramWriteBytes + m.flushBytes();
        double peakFlopsPerCycle = (double) config.computeUnits() * config.schedulersPerCu() * warpSize * 2
                / config.initiationOf(OpClass.FMA);
        return new TimingReport(config.name(), config.clockMhz(), cycles, c.warpInstructions, c.issueSlots,
                c.activeCycles, config.schedulersPerCu(), stalls, occupancy.theoretical(),
                c.activeCycles == 0 ? 0 : (double) c.residentWarpCycles / c.activeCycles / config.warpsPerCu(),
                occupancy.limiter().label(), occupancy.blocksPerCu(), registersPerThread,
                c.l1Accesses, c.l1Hits, m.l2Accesses, m.l2Hits, c.globalRequests, c.sectors, m.dramReadBytes, dramWrite,
                c.sharedRequests, c.bankConflicts, c.atomicSerial, flops.getAsLong(), peakFlopsPerCycle,
                config.dram().bytesPerCycle(), perPc);
    }
}
