package org.rvsimt.core.trace;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.rvsimt.isa.InstructionDef;
import org.rvsimt.isa.InstructionSet;
import org.rvsimt.isa.Kind;
import org.rvsimt.isa.Slot;

/**
 * What the opcodes of a trace mean: for instruction records, the trace id of every declaration
 * (mnemonic, kind, operand names); for events, their names and argument names. A file carries its
 * schema (the SCHEMA chunk), so a decoder reads old traces with the meanings they were written with.
 */
public final class TraceSchema {

    /** One instruction opcode. {@code kind} is the lower-case {@link Kind} label. */
    public record Op(int traceId, String mnemonic, String kind, List<String> operands, boolean controlFlow) {
        public Op {
            operands = List.copyOf(operands);
        }
    }

    /** One event opcode and its argument names in record order (64-bit values count once). */
    public record Event(int opcode, String name, List<String> args) {
        public Event {
            args = List.copyOf(args);
        }
    }

    /** The events of format 1.0, in opcode order. */
    public static final List<Event> EVENTS = List.of(
            new Event(TraceFormat.EV_REG_WRITE, "reg_write", List.of("time", "offset", "value")),
            new Event(TraceFormat.EV_REG_READ, "reg_read", List.of("time", "offset", "value")),
            new Event(TraceFormat.EV_DMA, "dma", List.of("time", "source", "destination", "bytes")),
            new Event(TraceFormat.EV_LAUNCH_BEGIN, "launch_begin", List.of("time", "launch", "base", "entry", "grid_x",
                    "grid_y", "grid_z", "block_x", "block_y", "block_z", "warp_size", "workers", "kernel")),
            new Event(TraceFormat.EV_LAUNCH_END, "launch_end", List.of("time", "launch", "warp_instructions",
                    "lane_instructions", "wall_nanos", "status")),
            new Event(TraceFormat.EV_FAULT, "fault", List.of("time", "block", "warp", "pc", "lanes", "address", "kind")),
            new Event(TraceFormat.EV_BLOCK_BEGIN, "block_begin", List.of("time", "block", "bx", "by", "bz", "warps")),
            new Event(TraceFormat.EV_BLOCK_END, "block_end", List.of("time", "block", "warp_instructions",
                    "lane_instructions")),
            new Event(TraceFormat.EV_DIVERGENCE, "divergence", List.of("time", "block", "warp", "pc", "taken",
                    "not_taken")),
            new Event(TraceFormat.EV_RECONVERGENCE, "reconvergence", List.of("time", "block", "warp", "pc", "mask")),
            new Event(TraceFormat.EV_BARRIER_WAIT, "barrier_wait", List.of("time", "block", "warp", "pc", "id")),
            new Event(TraceFormat.EV_BARRIER_RELEASE, "barrier_release", List.of("time", "block", "id")),
            new Event(TraceFormat.EV_WARP_DONE, "warp_done", List.of("time", "block", "warp", "pc")));

    private static final TraceSchema CURRENT = fromInstructionSet();

    private final Map<Integer, Op> ops;

    public TraceSchema(Map<Integer, Op> ops) {
        this.ops = Collections.unmodifiableMap(new TreeMap<>(ops));
    }

    /** The schema of this build's instruction set. */
    public static TraceSchema current() {
        return CURRENT;
    }

    private static TraceSchema fromInstructionSet() {
        Map<Integer, Op> ops = new TreeMap<>();
        for (InstructionDef d : InstructionSet.all()) {
            List<String> operands = new ArrayList<>();
            for (Slot s : d.slots()) {
                operands.add(s.text());
            }
            boolean cf = d.kind() == Kind.BRANCH || d.kind() == Kind.JUMP;
            Op old = ops.put(d.traceId(), new Op(d.traceId(), d.mnemonic(), d.kind().label(), operands, cf));
            if (old != null) {
                throw new IllegalStateException("trace id " + d.traceId() + " declared by " + old.mnemonic() + " and "
                        + d.mnemonic());
            }
        }
        return new TraceSchema(ops);
    }

    /** The instruction opcode, or null if this schema does not know it. */
    public Op op(int traceId) {
        return ops.get(traceId);
    }

    public Map<Integer, Op> ops() {
        return ops;
    }

    /** The SCHEMA chunk's JSON text (docs/trace-format.md section "SCHEMA"). */
    public String toJson() {
        StringBuilder sb = new StringBuilder(64 * ops.size());
        sb.append("{\"format\":\"rvsimt-trace\",\"version\":\"").append(TraceFormat.VERSION_MAJOR).append('.')
                .append(TraceFormat.VERSION_MINOR).append("\",\"instruction_args\":[\"pc\",\"word\",\"block\",\"warp\","
                        + "\"mask\",\"time\",\"lane_values...\"],\"instructions\":[");
        boolean first = true;
        for (Op op : ops.values()) {
            sb.append(first ? "" : ",").append("{\"trace_id\":").append(op.traceId()).append(",\"mnemonic\":");
            quote(sb, op.mnemonic());
            sb.append(",\"kind\":");
            quote(sb, op.kind());
            sb.append(",\"operands\":");
            list(sb, op.operands());
            sb.append(",\"control_flow\":").append(op.controlFlow()).append('}');
            first = false;
        }
        sb.append("],\"events\":[");
        first = true;
        for (Event e : EVENTS) {
            sb.append(first ? "" : ",").append("{\"opcode\":").append(e.opcode()).append(",\"name\":");
            quote(sb, e.name());
            sb.append(",\"args\":");
            list(sb, e.args());
            sb.append('}');
            first = false;
        }
        return sb.append("]}").toString();
    }

    private static void list(StringBuilder sb, List<String> items) {
        sb.append('[');
        for (int i = 0; i < items.size(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            quote(sb, items.get(i));
        }
        sb.append(']');
    }

    /** JSON string quoting (RFC 8259 section 7): quote, backslash and control characters escaped. */
    private static void quote(StringBuilder sb, String s) {
        sb.append('"');
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') {
                sb.append('\\').append(c);
            } else if (c < 0x20) {
                sb.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        sb.append('"');
    }
}
