package org.rvsimt.observe;

import static org.rvsimt.core.trace.TraceFormat.*;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.rvsimt.core.trace.DropReport;
import org.rvsimt.core.trace.RecordDecoder;
import org.rvsimt.core.trace.TraceFormatException;
import org.rvsimt.core.trace.TraceListener;
import org.rvsimt.core.trace.TraceProgram;
import org.rvsimt.core.trace.TraceSchema;

/**
 * Reads a binary trace file (docs/trace-format.md) and hands its contents, in file order, to a
 * {@link TraceListener}: the same interface live views use, so statistics and exports work on both.
 * Anything that does not follow the format, including a file cut short, is a
 * {@link TraceFormatException} whose message starts with the byte offset.
 */
public final class TraceReader {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final InputStream in;
    private long offset;

    private TraceReader(InputStream in) {
        this.in = in;
    }

    /** Reads {@code file} into {@code listener}. */
    public static void read(Path file, TraceListener listener) throws IOException, TraceFormatException {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            new TraceReader(in).readAll(listener);
        }
    }

    /** Reads a trace from a stream (not closed). */
    public static void read(InputStream in, TraceListener listener) throws IOException, TraceFormatException {
        new TraceReader(in).readAll(listener);
    }

    private void readAll(TraceListener listener) throws IOException, TraceFormatException {
        byte[] header = bytes(FILE_HEADER_BYTES, "file header");
        if (!Arrays.equals(Arrays.copyOf(header, MAGIC.length), MAGIC)) {
            throw new TraceFormatException("offset 0: not an rvsimt trace (no RVSTRACE magic)", 0);
        }
        int major = (header[8] & 0xFF) | (header[9] & 0xFF) << 8;
        if (major != VERSION_MAJOR) {
            throw new TraceFormatException("offset 8: trace format version " + major + "; this reader reads "
                    + VERSION_MAJOR + ".x", 8);
        }
        TraceSchema schema = null;
        boolean ended = false;
        while (true) {
            long chunkAt = offset;
            int first = in.read();
            if (first < 0) {
                break;
            }
            offset++;
            if (ended) {
                throw new TraceFormatException("offset " + chunkAt + ": data after the END chunk", chunkAt);
            }
            byte[] rest = bytes(CHUNK_HEADER_BYTES - 1, "chunk header");
            int type = first | (rest[0] & 0xFF) << 8 | (rest[1] & 0xFF) << 16 | (rest[2] & 0xFF) << 24;
            int source = le(rest, 3);
            int length = le(rest, 7);
            if (length < 0 || length > MAX_CHUNK_BYTES) {
                throw new TraceFormatException("offset " + (chunkAt + 8) + ": chunk length " + Integer.toUnsignedString(length)
                        + " is impossible", chunkAt + 8);
            }
            long payloadAt = offset;
            byte[] payload = bytes(length, "chunk of type " + type);
            bytes(-length & 3, "chunk padding");
            if (schema == null && type != CHUNK_SCHEMA) {
                throw new TraceFormatException("offset " + chunkAt + ": chunk of type " + type
                        + " before the SCHEMA chunk", chunkAt);
            }
            switch (type) {
                case CHUNK_SCHEMA -> {
                    schema = schema(payload, payloadAt);
                    listener.schema(schema);
                }
                case CHUNK_PROGRAM -> listener.program(program(payload, payloadAt));
                case CHUNK_FAST, CHUNK_SLOW -> records(type, source, payload, payloadAt, listener);
                case CHUNK_DROPS -> listener.drops(drops(payload, payloadAt));
                case CHUNK_END -> {
                    expectLength(payload, 24, payloadAt, "END");
                    listener.end(leLong(payload, 0), leLong(payload, 8), 0);
                    ended = true;
                }
                default -> { } // a later minor version's chunk: skipped, as the format promises
            }
        }
        if (!ended) {
            throw new TraceFormatException("offset " + offset + ": trace is truncated (no END chunk)", offset);
        }
    }

    private static TraceSchema schema(byte[] payload, long at) throws TraceFormatException {
        try {
            JsonNode root = JSON.readTree(payload);
            JsonNode list = root == null ? null : root.get("instructions");
            if (list == null || !list.isArray()) {
                throw new TraceFormatException("offset " + at + ": SCHEMA has no instructions array", at);
            }
            Map<Integer, TraceSchema.Op> ops = new HashMap<>();
            for (JsonNode n : list) {
                JsonNode id = n.get("trace_id");
                JsonNode mnemonic = n.get("mnemonic");
                JsonNode kind = n.get("kind");
                if (id == null || !id.canConvertToInt() || mnemonic == null || !mnemonic.isTextual() || kind == null
                        || !kind.isTextual()) {
                    throw new TraceFormatException("offset " + at + ": SCHEMA instruction without trace_id, mnemonic"
                            + " or kind", at);
                }
                List<String> operands = new ArrayList<>();
                JsonNode o = n.get("operands");
                if (o != null && o.isArray()) {
                    o.forEach(x -> operands.add(x.asText()));
                }
                JsonNode cf = n.get("control_flow");
                ops.put(id.asInt(), new TraceSchema.Op(id.asInt(), mnemonic.asText(), kind.asText(), operands,
                        cf != null && cf.asBoolean()));
            }
            return new TraceSchema(ops);
        } catch (JacksonException e) {
            throw new TraceFormatException("offset " + at + ": SCHEMA is not valid JSON ("
                    + e.getOriginalMessage().lines().findFirst().orElse("") + ")", at);
        } catch (IOException e) {
            throw new TraceFormatException("offset " + at + ": SCHEMA unreadable", at);
        }
    }

    private static TraceProgram program(byte[] p, long at) throws TraceFormatException {
        if (p.length < 16 || p.length % 4 != 0) {
            throw new TraceFormatException("offset " + at + ": PROGRAM chunk of " + p.length + " bytes", at);
        }
        int count = le(p, 12);
        if (count < 0 || 16L + 4L * count != p.length) {
            throw new TraceFormatException("offset " + (at + 12) + ": PROGRAM says " + Integer.toUnsignedString(count)
                    + " words in " + (p.length - 16) + " bytes", at + 12);
        }
        int[] code = new int[count];
        for (int i = 0; i < count; i++) {
            code[i] = le(p, 16 + 4 * i);
        }
        return new TraceProgram(leLong(p, 0), le(p, 8), code);
    }

    private static void records(int type, int source, byte[] p, long at, TraceListener listener)
            throws TraceFormatException {
        if (p.length % 4 != 0) {
            throw new TraceFormatException("offset " + at + ": record chunk of " + p.length
                    + " bytes is not whole words", at);
        }
        int[] words = new int[p.length / 4];
        for (int i = 0; i < words.length; i++) {
            words[i] = le(p, 4 * i);
        }
        RecordDecoder d = new RecordDecoder(words, words.length, at, type == CHUNK_FAST ? LEVEL_INSTRUCTION : LEVEL_EVENT);
        while (d.hasNext()) {
            listener.record(source, d.next());
        }
    }

    private static DropReport drops(byte[] p, long at) throws TraceFormatException {
        if (p.length < 12) {
            throw new TraceFormatException("offset " + at + ": DROPS chunk of " + p.length + " bytes", at);
        }
        int n = le(p, 8);
        if (n < 0 || 12L + 16L * n != p.length) {
            throw new TraceFormatException("offset " + (at + 8) + ": DROPS says " + Integer.toUnsignedString(n)
                    + " host threads in " + (p.length - 12) + " bytes", at + 8);
        }
        long[] fast = new long[n];
        long[] slow = new long[n];
        for (int i = 0; i < n; i++) {
            fast[i] = leLong(p, 12 + 16 * i);
            slow[i] = leLong(p, 20 + 16 * i);
        }
        return new DropReport(leLong(p, 0), fast, slow);
    }

    private static void expectLength(byte[] p, int n, long at, String what) throws TraceFormatException {
        if (p.length != n) {
            throw new TraceFormatException("offset " + at + ": " + what + " chunk of " + p.length + " bytes, expected " + n,
                    at);
        }
    }

    private byte[] bytes(int n, String what) throws IOException, TraceFormatException {
        byte[] b = in.readNBytes(n);
        if (b.length < n) {
            long at = offset + b.length;
            throw new TraceFormatException("offset " + at + ": trace is truncated inside the " + what, at);
        }
        offset += n;
        return b;
    }

    private static int le(byte[] b, int i) {
        return (b[i] & 0xFF) | (b[i + 1] & 0xFF) << 8 | (b[i + 2] & 0xFF) << 16 | (b[i + 3] & 0xFF) << 24;
    }

    private static long leLong(byte[] b, int i) {
        return (le(b, i) & 0xFFFF_FFFFL) | (long) le(b, i + 4) << 32;
    }
}
