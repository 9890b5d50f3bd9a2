package org.rvsimt.core.trace;

import static org.rvsimt.core.trace.TraceFormat.*;

import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Reads the records of one FAST or SLOW payload. Every length and count is checked against what is
 * left, so corrupt input ends in a {@link TraceFormatException} naming the byte offset, never in an
 * index error or a huge allocation.
 */
public final class RecordDecoder {
    private final int[] words;
    private final int end;
    private final long baseOffset;
    private final int level;
    private int pos;
    private int argEnd;
    private int recordStart;

    /**
     * @param words      the payload
     * @param count      words of the payload
     * @param baseOffset byte offset of {@code words[0]} in the file, for messages
     * @param level      the level every record must have (FAST = 0, SLOW = 1)
     */
    public RecordDecoder(int[] words, int count, long baseOffset, int level) {
        this.words = words;
        this.end = count;
        this.baseOffset = baseOffset;
        this.level = level;
    }

    public boolean hasNext() {
        return pos < end;
    }

    /** Byte offset of the next record. */
    public long offset() {
        return baseOffset + 4L * pos;
    }

    public TraceRecord next() throws TraceFormatException {
        recordStart = pos;
        int h = words[pos++];
        if (level(h) != level) {
            throw error("record level " + level(h) + " where level " + level + " is expected (header 0x"
                    + Integer.toHexString(h) + ")");
        }
        int n = nargs(h);
        if (n == NARGS_LONG) {
            need(1);
            n = words[pos++];
            if (n < 0) {
                throw error("negative argument count " + n);
            }
        }
        need(n);
        argEnd = pos + n;
        TraceRecord r = level == LEVEL_INSTRUCTION ? instruction(h, n) : event(opcode(h));
        if (pos != argEnd) {
            throw error("record has " + n + " arguments; opcode " + opcode(h) + " uses " + (pos - argEnd + n));
        }
        return r;
    }

    private TraceRecord instruction(int h, int n) throws TraceFormatException {
        if (n < INSTRUCTION_FIXED_ARGS) {
            throw error("instruction record with " + n + " arguments; at least " + INSTRUCTION_FIXED_ARGS);
        }
        int pc = i();
        int word = i();
        long block = l();
        int warp = i();
        long mask = l();
        long time = l();
        int[] values = new int[n - INSTRUCTION_FIXED_ARGS];
        for (int k = 0; k < values.length; k++) {
            values[k] = i();
        }
        return new TraceRecord.Instruction(time, opcode(h), pc, word, block, warp, mask, values,
                (flags(h) & FLAG_CONTROL_FLOW) != 0);
    }

    private TraceRecord event(int op) throws TraceFormatException {
        long time = l();
        return switch (op) {
            case EV_REG_WRITE, EV_REG_READ -> new TraceRecord.RegisterAccess(time, op == EV_REG_WRITE, i(), i());
            case EV_DMA -> new TraceRecord.Dma(time, l(), l(), l());
            case EV_LAUNCH_BEGIN -> {
                long id = l();
                int base = i();
                int entry = i();
                int[] grid = {i(), i(), i()};
                int[] block = {i(), i(), i()};
                int warpSize = i();
                int workers = i();
                yield new TraceRecord.LaunchBegin(time, id, s(), base, entry, grid, block, warpSize, workers);
            }
            case EV_LAUNCH_END -> {
                long id = l();
                long warpInstructions = l();
                long laneInstructions = l();
                long wall = l();
                yield new TraceRecord.LaunchEnd(time, id, s(), warpInstructions, laneInstructions, wall);
            }
            case EV_FAULT -> {
                long block = l();
                int warp = i();
                int pc = i();
                long lanes = l();
                long address = l();
                yield new TraceRecord.Fault(time, block, warp, pc, s(), lanes, address);
            }
            case EV_BLOCK_BEGIN -> new TraceRecord.BlockBegin(time, l(), i(), i(), i(), i());
            case EV_BLOCK_END -> new TraceRecord.BlockEnd(time, l(), l(), l());
            case EV_DIVERGENCE -> new TraceRecord.Divergence(time, l(), i(), i(), l(), l());
            case EV_RECONVERGENCE -> new TraceRecord.Reconvergence(time, l(), i(), i(), l());
            case EV_BARRIER_WAIT -> new TraceRecord.BarrierWait(time, l(), i(), i(), i());
            case EV_BARRIER_RELEASE -> new TraceRecord.BarrierRelease(time, l(), i());
            case EV_WARP_DONE -> new TraceRecord.WarpDone(time, l(), i(), i());
            default -> throw error("unknown event opcode " + op);
        };
    }

    private int i() throws TraceFormatException {
        if (pos >= argEnd) {
            throw error("record too short for its opcode");
        }
        return words[pos++];
    }

    /** A 64-bit value: low word first. */
    private long l() throws TraceFormatException {
        long lo = i() & 0xFFFF_FFFFL;
        return lo | (long) i() << 32;
    }

    private String s() throws TraceFormatException {
        int bytes = i();
        int w = (bytes + 3) / 4;
        if (bytes < 0 || w > argEnd - pos) {
            throw error("string of " + bytes + " bytes does not fit its record");
        }
        byte[] b = new byte[bytes];
        for (int k = 0; k < bytes; k++) {
            b[k] = (byte) (words[pos + k / 4] >>> (8 * (k % 4)));
        }
        pos += w;
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .decode(java.nio.ByteBuffer.wrap(b)).toString();
        } catch (CharacterCodingException e) {
            throw error("string is not UTF-8");
        }
    }

    private void need(int n) throws TraceFormatException {
        if (n > end - pos) {
            throw error("record needs " + n + " more words; " + (end - pos) + " left in the chunk");
        }
    }

    private TraceFormatException error(String message) {
        long at = baseOffset + 4L * recordStart;
        return new TraceFormatException("offset " + at + ": " + message, at);
    }
}
