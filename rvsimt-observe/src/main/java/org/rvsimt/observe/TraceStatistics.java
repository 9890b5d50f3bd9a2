package org.rvsimt.observe;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.rvsimt.core.api.LaunchStatistics;
import org.rvsimt.core.trace.DropReport;
import org.rvsimt.core.trace.TraceListener;
import org.rvsimt.core.trace.TraceRecord;
import org.rvsimt.core.trace.TraceSchema;

/**
 * Statistics of a trace, over the instructions it recorded (with sampling, of the sample):
 * instruction mix by kind, SIMT efficiency, divergences per branch pc, barrier waiting time, memory
 * bytes by direction, the hottest pcs with disassembly, faults, and dropped records.
 *
 * <p>Memory bytes come from the access width in each load/store word (funct3 bits [13:12] give
 * log2 of the width, RISC-V unprivileged spec, "Load and Store Instructions") times the active
 * lanes. The split by space (global, shared, stack) needs each lane's address, which records do not
 * carry; it is left to the engine's own statistics.
 */
public final class TraceStatistics implements TraceListener {
    private static final int TOP = 10;

    private TraceSchema schema;
    private int warpSize = 32;
    private long launches;
    private long instructions;
    private long activeLanes;
    private long laneSlots;
    private long blocks;
    private long warpsDone;
    private long bytesRead;
    private long bytesWritten;
    private final Map<String, Long> mix = new TreeMap<>();
    private final Map<Integer, Long> divergences = new TreeMap<>();
    private final Map<Integer, long[]> hot = new HashMap<>();
    private final Map<String, Long> faults = new TreeMap<>();
    /** Block:barrier -> warp -> time it began waiting. */
    private final Map<String, Map<Integer, Long>> waiting = new HashMap<>();
    private long barrierWaits;
    private long barrierWaitTotal;
    private long barrierWaitMax;
    private long fastDropped;
    private long slowDropped;
    private long listenerDropped;

    @Override
    public void schema(TraceSchema s) {
        schema = s;
    }

    @Override
    public void record(int source, TraceRecord r) {
        switch (r) {
            case TraceRecord.Instruction i -> instruction(i);
            case TraceRecord.LaunchBegin l -> {
                launches++;
                warpSize = Math.max(1, l.warpSize());
                waiting.clear();
            }
            case TraceRecord.BlockBegin b -> blocks++;
            case TraceRecord.WarpDone d -> warpsDone++;
            case TraceRecord.Divergence d -> divergences.merge(d.pc(), 1L, Long::sum);
            case TraceRecord.BarrierWait w -> waiting.computeIfAbsent(source + ":" + w.block() + ":" + w.id(),
                    k -> new HashMap<>()).put(w.warp(), w.time());
            case TraceRecord.BarrierRelease b -> {
                Map<Integer, Long> waiters = waiting.remove(source + ":" + b.block() + ":" + b.id());
                if (waiters != null) {
                    for (long t : waiters.values()) {
                        long wait = Math.max(0, b.time() - t);
                        barrierWaits++;
                        barrierWaitTotal += wait;
                        barrierWaitMax = Math.max(barrierWaitMax, wait);
                    }
                }
            }
            case TraceRecord.Fault f -> faults.merge(f.kind(), 1L, Long::sum);
            default -> { }
        }
    }

    private void instruction(TraceRecord.Instruction i) {
        instructions++;
        int lanes = i.activeLanes();
        activeLanes += lanes;
        laneSlots += warpSize;
        TraceSchema.Op op = schema != null ? schema.op(i.traceId()) : null;
        String kind = op != null ? op.kind() : "unknown";
        mix.merge(kind, 1L, Long::sum);
        long width = 1L << (i.word() >>> 12 & 3);
        switch (kind) {
            case "load", "fp_load" -> bytesRead += width * lanes;
            case "store", "fp_store" -> bytesWritten += width * lanes;
            case "atomic" -> {
                bytesRead += 4L * lanes;
                bytesWritten += 4L * lanes;
            }
            default -> { }
        }
        long[] h = hot.computeIfAbsent(i.pc(), k -> new long[3]);
        h[0]++;
        h[1] = i.word();
        h[2] += lanes;
    }

    @Override
    public void drops(DropReport d) {
        fastDropped += d.totalFast();
        slowDropped += d.totalSlow();
    }

    @Override
    public void end(long fast, long slow, long listener) {
        fastDropped = fast;
        slowDropped = slow;
        listenerDropped = listener;
    }

    public long instructions() {
        return instructions;
    }

    /** Average active lanes over warp size, of the recorded instructions (0 if none). */
    public double simtEfficiency() {
        return laneSlots == 0 ? 0 : (double) activeLanes / laneSlots;
    }

    public Map<String, Long> mix() {
        return mix;
    }

    public Map<Integer, Long> divergences() {
        return divergences;
    }

    public long barrierWaitTotal() {
        return barrierWaitTotal;
    }

    /** The most executed pcs, most first (ties: lower pc first), at most ten: {pc, count, word}. */
    public List<long[]> hottest() {
        List<long[]> all = new ArrayList<>();
        hot.forEach((pc, h) -> all.add(new long[] {pc, h[0], h[1]}));
        all.sort(Comparator.<long[]>comparingLong(a -> -a[1]).thenComparingLong(a -> Integer.toUnsignedLong((int) a[0])));
        return all.subList(0, Math.min(TOP, all.size()));
    }

    /**
     * The launch statistics of the recorded instructions, in the schema {@code rvsimt run --json}
     * uses too. Memory spaces are unknown (records carry no addresses); barrier waits are in issue
     * slots of the host thread's clock, which runs one block at a time, so they are the block's slots.
     */
    public StatisticsSummary summary() {
        List<LaunchStatistics.Hot> top = new ArrayList<>();
        for (long[] h : hottest()) {
            long lanes = hot.get((int) h[0])[2];
            top.add(new LaunchStatistics.Hot((int) h[0], RecordText.disassemble((int) h[2], (int) h[0]), h[1], lanes));
        }
        List<LaunchStatistics.Divergent> div = new ArrayList<>();
        divergences.forEach((pc, n) -> {
            long[] h = hot.get(pc);
            div.add(new LaunchStatistics.Divergent(pc, h != null ? RecordText.disassemble((int) h[1], pc) : null, n));
        });
        div.sort(Comparator.comparingLong(LaunchStatistics.Divergent::count).reversed()
                .thenComparingLong(d -> Integer.toUnsignedLong(d.pc())));
        return new StatisticsSummary(instructions, activeLanes, simtEfficiency(), mix, top, div, bytesRead, bytesWritten,
                null, barrierWaitTotal);
    }

    /**
     * Everything, as the {@code --json} object: what the trace holds ({@code launches},
     * {@code blocks}, {@code warps_done}, {@code faults}, {@code dropped}, the {@code barrier_wait}
     * count and longest wait) around the launch statistics in {@code stats}.
     */
    public Map<String, Object> toMap() {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("launches", launches);
        o.put("blocks", blocks);
        o.put("warps_done", warpsDone);
        o.put("stats", summary().toMap());
        o.put("barrier_wait", Map.of("waits", barrierWaits, "total", barrierWaitTotal, "max", barrierWaitMax));
        o.put("faults", faults);
        o.put("dropped", Map.of("fast", fastDropped, "slow", slowDropped, "listener", listenerDropped));
        return o;
    }

    /** A short human summary. */
    public void print(PrintWriter out) {
        out.printf(Locale.ROOT, "%d launches, %d blocks, %d warp-instructions recorded, %d lane-instructions%n", launches,
                blocks, instructions, activeLanes);
        out.printf(Locale.ROOT, "SIMT efficiency %.1f%% (warp size %d)%n", 100 * simtEfficiency(), warpSize);
        out.println("instruction mix:");
        mix.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .forEach(e -> out.printf(Locale.ROOT, "  %-14s %10d  %5.1f%%%n", e.getKey(), e.getValue(),
                        100.0 * e.getValue() / Math.max(1, instructions)));
        if (!divergences.isEmpty()) {
            out.println("divergent branches:");
            divergences.forEach((pc, n) -> out.printf(Locale.ROOT, "  %s %d%n", RecordText.hex(pc), n));
        }
        out.printf(Locale.ROOT, "barrier waits: %d, total %d issues, longest %d%n", barrierWaits, barrierWaitTotal,
                barrierWaitMax);
        out.printf(Locale.ROOT, "memory: %d bytes read, %d bytes written%n", bytesRead, bytesWritten);
        out.println("hottest pcs:");
        for (long[] h : hottest()) {
            out.printf(Locale.ROOT, "  %s %10d  %s%n", RecordText.hex((int) h[0]), h[1],
                    RecordText.disassemble((int) h[2], (int) h[0]));
        }
        faults.forEach((k, n) -> out.printf(Locale.ROOT, "fault %s: %d%n", k, n));
        out.printf(Locale.ROOT, "dropped records: %d fast, %d slow%n", fastDropped, slowDropped);
    }
}
