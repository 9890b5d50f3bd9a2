package org.rvsimt.observe;

import java.util.Locale;
import org.rvsimt.core.trace.TraceFormat;
import org.rvsimt.core.trace.TraceRecord;
import org.rvsimt.core.trace.TraceSchema;
import org.rvsimt.isa.disasm.Disassembler;

/** One line of text per record, as {@code rvsimt trace --dump} prints it. */
public final class RecordText {
    private static final Disassembler DISASSEMBLER = Disassembler.listing();

    private RecordText() { }

    /** objdump-style text of the instruction {@code word} at {@code pc}. */
    public static String disassemble(int word, int pc) {
        return DISASSEMBLER.format(word, pc);
    }

    public static String line(int source, TraceRecord r, TraceSchema schema) {
        String where = source == TraceFormat.SOURCE_TRACER ? "dev" : "cu" + source;
        String body = switch (r) {
            case TraceRecord.Instruction i -> {
                TraceSchema.Op op = schema != null ? schema.op(i.traceId()) : null;
                StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "b%d w%d %s mask=%s (%d) %s", i.block(),
                        i.warp(), hex(i.pc()), Long.toHexString(i.mask()), i.activeLanes(), disassemble(i.word(), i.pc())));
                if (op == null && i.traceId() != 0) {
                    sb.append("  [trace id ").append(i.traceId()).append(']');
                }
                int[] v = i.values();
                if (v.length > 0) {
                    sb.append("  =");
                    for (int x : v) {
                        sb.append(' ').append(hex(x));
                    }
                }
                yield sb.toString();
            }
            case TraceRecord.LaunchBegin l -> String.format(Locale.ROOT,
                    "launch_begin #%d %s grid (%d,%d,%d) block (%d,%d,%d) warp %d, %d host threads, entry %s",
                    l.launchId(), l.kernel(), l.grid()[0], l.grid()[1], l.grid()[2], l.block()[0], l.block()[1],
                    l.block()[2], l.warpSize(), l.workers(), hex(l.entry()));
            case TraceRecord.LaunchEnd l -> String.format(Locale.ROOT,
                    "launch_end #%d %s: %d warp-instructions, %d lane-instructions, %.3f ms", l.launchId(), l.status(),
                    l.warpInstructions(), l.laneInstructions(), l.wallNanos() / 1e6);
            case TraceRecord.BlockBegin b -> String.format(Locale.ROOT, "block_begin b%d (%d,%d,%d) %d warps", b.block(),
                    b.bx(), b.by(), b.bz(), b.warps());
            case TraceRecord.BlockEnd b -> String.format(Locale.ROOT, "block_end b%d %d warp-instructions, %d lane-instructions",
                    b.block(), b.warpInstructions(), b.laneInstructions());
            case TraceRecord.Divergence d -> String.format(Locale.ROOT, "divergence b%d w%d %s taken=%s not_taken=%s",
                    d.block(), d.warp(), hex(d.pc()), Long.toHexString(d.taken()), Long.toHexString(d.notTaken()));
            case TraceRecord.Reconvergence c -> String.format(Locale.ROOT, "reconvergence b%d w%d %s mask=%s", c.block(),
                    c.warp(), hex(c.pc()), Long.toHexString(c.mask()));
            case TraceRecord.BarrierWait w -> String.format(Locale.ROOT, "barrier_wait b%d w%d %s id=%d", w.block(),
                    w.warp(), hex(w.pc()), w.id());
            case TraceRecord.BarrierRelease b -> String.format(Locale.ROOT, "barrier_release b%d id=%d", b.block(), b.id());
            case TraceRecord.WarpDone d -> String.format(Locale.ROOT, "warp_done b%d w%d %s", d.block(), d.warp(),
                    hex(d.pc()));
            case TraceRecord.Fault f -> String.format(Locale.ROOT, "fault %s b%d w%d %s lanes=%s address=%s", f.kind(),
                    f.block(), f.warp(), hex(f.pc()), Long.toHexString(f.lanes()),
                    f.address() < 0 ? "-" : "0x" + Long.toHexString(f.address()));
            case TraceRecord.RegisterAccess a -> String.format(Locale.ROOT, "%s offset=%s value=%s",
                    a.write() ? "reg_write" : "reg_read", hex(a.offset()), hex(a.value()));
            case TraceRecord.Dma d -> String.format(Locale.ROOT, "dma 0x%x -> 0x%x %d bytes", d.source(),
                    d.destination(), d.bytes());
        };
        return String.format(Locale.ROOT, "%10d %-4s %s", r.time(), where, body);
    }

    static String hex(int v) {
        return String.format(Locale.ROOT, "0x%08x", v);
    }
}
