package org.rvsimt.timing.report;

import org.rvsimt.observe.SourceLines;
import org.rvsimt.timing.model.StallReason;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The report as text (for people) and as a JSON-ready map (docs/cli.md's {@code timing} object). */
public final class TimingReportFormat {
    /** Instructions the text lists in its source section. */
    static final int TEXT_PCS = 8;
    /** Instructions the JSON lists. */
    static final int JSON_PCS = 32;

    private TimingReportFormat() { }

    /** Where an instruction is in the kernel's source (from its DWARF line table), for the source counters. */
    public interface SourcePlaces {
        /** No places: reports show pcs only (assembly kernels, C without debug information). */
        SourcePlaces NONE = new SourcePlaces() {
            @Override
            public String text(int pc) {
                return null;
            }

            @Override
            public Map<String, Object> json(int pc) {
                return null;
            }
        };

        /** The places of a kernel's DWARF line table (none when it has none). */
        static SourcePlaces of(SourceLines lines) {
            return new SourcePlaces() {
                @Override
                public String text(int pc) {
                    return lines.at(pc).map(SourceLines.Place::text).orElse(null);
                }

                @Override
                public Map<String, Object> json(int pc) {
                    return lines.json(pc);
                }
            };
        }

        /** {@code teaching.c:94 (transpose_shared)}, or null when the pc has no place. */
        String text(int pc);

        /** {@code {file, line, function}}, or null when the pc has no place. */
        Map<String, Object> json(int pc);
    }

    public static Map<String, Object> toMap(TimingReport r) {
        return toMap(r, SourcePlaces.NONE);
    }

    public static Map<String, Object> toMap(TimingReport r, SourcePlaces places) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("gpu", r.gpu());
        o.put("clock_mhz", r.clockMhz());
        o.put("cycles", r.cycles());
        o.put("duration_us", r.durationMicros());
        o.put("ipc", r.executedIpc());
        o.put("issued_ipc", r.issuedIpc());
        o.put("issue_slot_utilization", r.issueSlotUtilization());
        Map<String, Object> stalls = new LinkedHashMap<>();
        r.stalls().forEach((k, v) -> stalls.put(k.label(), v));
        o.put("stalls", stalls);
        o.put("occupancy", Map.of("theoretical", r.theoreticalOccupancy(), "achieved", r.achievedOccupancy(),
                "limiter", r.limiter(), "blocks_per_cu", r.blocksPerCu(), "registers_per_thread",
                r.registersPerThread()));
        Map<String, Object> l1 = new LinkedHashMap<>();
        l1.put("hit_rate", r.l1HitRate());
        l1.put("sectors", r.l1Accesses());
        o.put("l1", l1);
        Map<String, Object> l2 = new LinkedHashMap<>();
        l2.put("hit_rate", r.l2HitRate());
        l2.put("sectors", r.l2Accesses());
        o.put("l2", l2);
        Map<String, Object> dram = new LinkedHashMap<>();
        dram.put("bytes", r.dramBytes());
        dram.put("read_bytes", r.dramReadBytes());
        dram.put("write_bytes", r.dramWriteBytes());
        dram.put("bandwidth_gbps", r.dramBandwidth());
        o.put("dram", dram);
        o.put("requests", r.globalRequests());
        o.put("sectors_per_request", r.sectorsPerRequest());
        Map<String, Object> shared = new LinkedHashMap<>();
        shared.put("requests", r.sharedRequests());
        shared.put("bank_conflicts", r.bankConflicts());
        o.put("shared", shared);
        o.put("atomics_serialized", r.atomicSerialized());
        Map<String, Object> roof = new LinkedHashMap<>();
        roof.put("flops", r.flops());
        roof.put("bytes", r.dramBytes());
        roof.put("arithmetic_intensity", r.arithmeticIntensity());
        roof.put("gflops", r.gflops());
        roof.put("peak_gflops", r.peakGflops());
        roof.put("peak_bandwidth_gbps", r.peakBandwidth());
        o.put("roofline", roof);
        List<Map<String, Object>> pcs = new ArrayList<>();
        for (PcCounters p : r.perPc().subList(0, Math.min(JSON_PCS, r.perPc().size()))) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("pc", String.format("0x%08x", p.pc()));
            e.put("executed", p.executed());
            e.put("stall_cycles", p.stallCycles());
            e.put("top_stall", p.topStall() == null ? null : p.topStall().label());
            e.put("sectors", p.sectors());
            e.put("excess_sectors", p.excessSectors());
            e.put("bank_conflicts", p.bankConflicts());
            Map<String, Object> place = places.json(p.pc());
            if (place != null) {
                e.put("place", place);
            }
            pcs.add(e);
        }
        o.put("source", pcs);
        return o;
    }

    public static void print(PrintWriter out, TimingReport r) {
        print(out, r, SourcePlaces.NONE);
    }

    public static void print(PrintWriter out, TimingReport r, SourcePlaces places) {
        out.printf(Locale.ROOT, "  timing (%s): %,d cycles = %.2f us at %.0f MHz%n", r.gpu(), r.cycles(),
                r.durationMicros(), r.clockMhz());
        out.printf(Locale.ROOT, "    IPC %.2f executed, %.2f issued per compute unit; issue slots %.1f%% busy%n",
                r.executedIpc(), r.issuedIpc(), 100 * r.issueSlotUtilization());
        out.printf(Locale.ROOT, "    occupancy %.1f%% achieved of %.1f%% theoretical (limiter: %s; %d blocks/CU, %d registers/thread)%n",
                100 * r.achievedOccupancy(), 100 * r.theoreticalOccupancy(), r.limiter(), r.blocksPerCu(),
                r.registersPerThread());
        long total = Math.max(1, r.warpCycles());
        StringBuilder sb = new StringBuilder("    warp states:");
        r.stalls().entrySet().stream().filter(e -> e.getValue() > 0)
                .sorted((a, b) -> Long.compare(b.getValue(), a.getValue()))
                .forEach(e -> sb.append(String.format(Locale.ROOT, " %s %.1f%%", e.getKey().label(),
                        100.0 * e.getValue() / total)));
        out.println(sb);
        out.printf(Locale.ROOT, "    memory: %,d requests, %.2f sectors/request, L1 hit %.1f%%, L2 hit %.1f%%, DRAM %,d bytes (%.1f GB/s of %.1f)%n",
                r.globalRequests(), r.sectorsPerRequest(), 100 * r.l1HitRate(), 100 * r.l2HitRate(), r.dramBytes(),
                r.dramBandwidth(), r.peakBandwidth());
        out.printf(Locale.ROOT, "    shared: %,d requests, %,d bank conflicts; atomics serialised: %,d%n",
                r.sharedRequests(), r.bankConflicts(), r.atomicSerialized());
        out.printf(Locale.ROOT, "    roofline: %,d FLOP, %.3f FLOP/byte, %.1f GFLOP/s (peak %.1f GFLOP/s, %.1f GB/s)%n",
                r.flops(), r.arithmeticIntensity(), r.gflops(), r.peakGflops(), r.peakBandwidth());
        List<PcCounters> top = r.perPc().subList(0, Math.min(TEXT_PCS, r.perPc().size()));
        if (!top.isEmpty()) {
            out.println("    most stalled instructions (pc: stall warp-cycles, top reason, executed, excess sectors, bank conflicts):");
            for (PcCounters p : top) {
                StallReason s = p.topStall();
                String place = places.text(p.pc());
                out.printf(Locale.ROOT, "      0x%08x: %,d %s, %,d, %,d, %,d%s%n", p.pc(), p.stallCycles(),
                        s == null ? "-" : s.label(), p.executed(), p.excessSectors(), p.bankConflicts(),
                        place == null ? "" : "  " + place);
            }
        }
    }
}
