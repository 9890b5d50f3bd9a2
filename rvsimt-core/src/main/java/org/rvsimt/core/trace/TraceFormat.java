package org.rvsimt.core.trace;

/**
 * The constants of the binary trace format, version 1.0 ({@code docs/trace-format.md} is the
 * specification; keep the two in step). Everything is little-endian 32-bit words.
 *
 * <p>A record header keeps the seed's layout {@code level<<28 | nargs<<24 | opcode<<16 | flags}
 * (docs/seed.md, "Trace records") so that a seed opcode still reads from bits [23:16]; rvsimt's opcodes
 * are 16 bits wide, the high byte in bits [15:8], which the seed kept reserved (zero). The flags are
 * bits [7:0]; bit 0 keeps the seed's meaning (a control-flow instruction).
 */
public final class TraceFormat {

    /** "RVSTRACE" as bytes, the first eight bytes of every file. */
    public static final byte[] MAGIC = {'R', 'V', 'S', 'T', 'R', 'A', 'C', 'E'};
    public static final int VERSION_MAJOR = 1;
    public static final int VERSION_MINOR = 0;
    /** Magic, major (u16), minor (u16), flags (u32). */
    public static final int FILE_HEADER_BYTES = 16;
    /** File flag: instruction records may carry lane values. */
    public static final int FILE_FLAG_LANE_VALUES = 1;

    /** Chunk header: type, source, payload length in bytes (three u32). */
    public static final int CHUNK_HEADER_BYTES = 12;
    public static final int CHUNK_SCHEMA = 1;
    public static final int CHUNK_PROGRAM = 2;
    public static final int CHUNK_FAST = 3;
    public static final int CHUNK_SLOW = 4;
    public static final int CHUNK_DROPS = 5;
    public static final int CHUNK_END = 6;
    /** The source of chunks that do not come from a host thread's rings (the tracer itself). */
    public static final int SOURCE_TRACER = -1;
    /** A payload larger than this is taken as corruption rather than allocated. */
    public static final int MAX_CHUNK_BYTES = 256 << 20;

    public static final int LEVEL_INSTRUCTION = 0;
    public static final int LEVEL_EVENT = 1;
    /** nargs value meaning "the next word is the argument count". */
    public static final int NARGS_LONG = 15;

    public static final int FLAG_CONTROL_FLOW = 1;
    public static final int FLAG_LANE_VALUES = 2;

    /** Instruction record arguments before the lane values: pc, word, block(2), warp, mask(2), time(2). */
    public static final int INSTRUCTION_FIXED_ARGS = 9;

    // Event opcodes (level 1). 1, 2, 5, 6 and 8 are the seed's numbers for the same events.
    public static final int EV_REG_WRITE = 1;
    public static final int EV_REG_READ = 2;
    public static final int EV_DMA = 3;
    public static final int EV_LAUNCH_BEGIN = 5;
    public static final int EV_LAUNCH_END = 6;
    public static final int EV_FAULT = 8;
    public static final int EV_BLOCK_BEGIN = 16;
    public static final int EV_BLOCK_END = 17;
    public static final int EV_DIVERGENCE = 18;
    public static final int EV_RECONVERGENCE = 19;
    public static final int EV_BARRIER_WAIT = 20;
    public static final int EV_BARRIER_RELEASE = 21;
    public static final int EV_WARP_DONE = 22;

    private TraceFormat() { }

    public static int header(int level, int nargs, int opcode, int flags) {
        return level << 28 | nargs << 24 | (opcode & 0xFF) << 16 | (opcode >>> 8 & 0xFF) << 8 | flags & 0xFF;
    }

    public static int level(int header) {
        return header >>> 28;
    }

    public static int nargs(int header) {
        return header >>> 24 & 0xF;
    }

    public static int opcode(int header) {
        return (header >>> 16 & 0xFF) | (header >>> 8 & 0xFF) << 8;
    }

    public static int flags(int header) {
        return header & 0xFF;
    }

    /** Words needed for a string argument: its byte length, then the UTF-8 bytes packed little-endian. */
    public static int stringWords(int utf8Bytes) {
        return 1 + (utf8Bytes + 3) / 4;
    }
}
