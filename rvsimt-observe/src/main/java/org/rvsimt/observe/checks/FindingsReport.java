package org.rvsimt.observe.checks;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.rvsimt.isa.disasm.Disassembler;
import org.rvsimt.observe.SourceLines;

/** Findings as text for people and as the {@code findings} list of {@code rvsimt run --json}. */
public final class FindingsReport {
    private static final Disassembler DIS = Disassembler.listing();

    private FindingsReport() { }

    /** The JSON list, one object per folded finding (docs/cli.md describes the keys). */
    public static List<Map<String, Object>> toMaps(List<Finding> findings, SourceLines lines) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Finding f : findings) {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("check", f.check().label());
            o.put("kind", f.kind().label());
            o.put("severity", f.severity().label());
            o.put("count", f.count());
            o.put("pc", hex(f.pc()));
            o.put("instruction", DIS.format(f.word(), f.pc()));
            o.put("source", lines.json(f.pc()));
            o.put("block", f.block());
            o.put("thread", f.thread());
            o.put("warp", f.warp());
            o.put("lane", f.lane());
            o.put("address", f.address() >= 0 ? hex((int) f.address()) : null);
            o.put("region", f.region());
            o.put("message", f.message());
            if (f.other() != null) {
                Finding.Other x = f.other();
                Map<String, Object> other = new LinkedHashMap<>();
                other.put("pc", hex(x.pc()));
                other.put("instruction", DIS.format(x.word(), x.pc()));
                other.put("source", lines.json(x.pc()));
                other.put("thread", x.thread());
                other.put("warp", x.warp());
                other.put("lane", x.lane());
                o.put("other", other);
            }
            out.add(o);
        }
        return out;
    }

    /** The text report: a summary line, then each finding in three or four lines. */
    public static void print(PrintWriter out, Set<Check> checks, List<Finding> findings, SourceLines lines) {
        String names = checks.stream().map(Check::label).collect(Collectors.joining(", "));
        long errors = findings.stream().filter(f -> f.severity() == Severity.ERROR).count();
        long warnings = findings.size() - errors;
        if (findings.isEmpty()) {
            out.printf("  checks (%s): no findings%n", names);
            return;
        }
        out.printf(Locale.ROOT, "  checks (%s): %d error%s, %d warning%s%n", names, errors, errors == 1 ? "" : "s",
                warnings, warnings == 1 ? "" : "s");
        for (Finding f : findings) {
            out.printf(Locale.ROOT, "  %-7s %s %s at 0x%08x %s%s  (%,d time%s)%n", f.severity(), f.check(), f.kind(),
                    f.pc(), DIS.format(f.word(), f.pc()), lines.suffix(f.pc(), "  "), f.count(),
                    f.count() == 1 ? "" : "s");
            out.printf("          %s%n", f.message());
            if (f.other() != null) {
                Finding.Other x = f.other();
                out.printf("          other access: 0x%08x %s%s%n", x.pc(), DIS.format(x.word(), x.pc()),
                        lines.suffix(x.pc(), "  "));
            }
            out.printf("          first: block (%d,%d,%d) thread (%d,%d,%d) warp %d lane %d%s%n", f.block()[0],
                    f.block()[1], f.block()[2], f.thread()[0], f.thread()[1], f.thread()[2], f.warp(), f.lane(),
                    f.address() >= 0 ? String.format(" address 0x%08x", f.address()) : "");
        }
    }

    private static String hex(int v) {
        return String.format("0x%08x", v);
    }
}
