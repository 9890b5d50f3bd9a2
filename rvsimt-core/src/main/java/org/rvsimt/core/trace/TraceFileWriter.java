package org.rvsimt.core.trace;

import static org.rvsimt.core.trace.TraceFormat.*;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Writes the chunks of a trace file (docs/trace-format.md), buffered; the file is complete when
 * {@link #end} has been written and the writer closed. Not thread-safe: the tracer's drainer is
 * its only user.
 */
public final class TraceFileWriter implements AutoCloseable {
    private final OutputStream out;
    private final ByteBuffer buf = ByteBuffer.allocate(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
    private long records;

    public TraceFileWriter(OutputStream out, int fileFlags) throws IOException {
        this.out = out;
        buf.put(MAGIC).putShort((short) VERSION_MAJOR).putShort((short) VERSION_MINOR).putInt(fileFlags);
    }

    public void schema(TraceSchema schema) throws IOException {
        byte[] json = schema.toJson().getBytes(StandardCharsets.UTF_8);
        chunkHeader(CHUNK_SCHEMA, SOURCE_TRACER, json.length);
        bytes(json);
    }

    public void program(TraceProgram p) throws IOException {
        int[] code = p.code();
        chunkHeader(CHUNK_PROGRAM, SOURCE_TRACER, 16 + 4 * code.length);
        putLong(p.launchId());
        putInt(p.base());
        putInt(code.length);
        for (int w : code) {
            putInt(w);
        }
    }

    /** A FAST or SLOW chunk of whole records, as a ring delivered them. */
    public void records(int type, int source, int[] words, int count, int recordCount) throws IOException {
        if (count == 0) {
            return;
        }
        chunkHeader(type, source, 4 * count);
        for (int i = 0; i < count; i++) {
            putInt(words[i]);
        }
        records += recordCount;
    }

    public void drops(DropReport d) throws IOException {
        long[] fast = d.fast();
        long[] slow = d.slow();
        chunkHeader(CHUNK_DROPS, SOURCE_TRACER, 12 + 16 * fast.length);
        putLong(d.launchId());
        putInt(fast.length);
        for (int i = 0; i < fast.length; i++) {
            putLong(fast[i]);
            putLong(slow[i]);
        }
    }

    /** The END chunk: totals of dropped fast and slow records and of records written. */
    public void end(long fastDropped, long slowDropped) throws IOException {
        chunkHeader(CHUNK_END, SOURCE_TRACER, 24);
        putLong(fastDropped);
        putLong(slowDropped);
        putLong(records);
    }

    public long recordsWritten() {
        return records;
    }

    public void flush() throws IOException {
        out.write(buf.array(), 0, buf.position());
        buf.clear();
        out.flush();
    }

    @Override
    public void close() throws IOException {
        try {
            flush();
        } finally {
            out.close();
        }
    }

    private void chunkHeader(int type, int source, int length) throws IOException {
        putInt(type);
        putInt(source);
        putInt(length);
    }

    private void putInt(int v) throws IOException {
        if (buf.remaining() < 4) {
            drain();
        }
        buf.putInt(v);
    }

    private void putLong(long v) throws IOException {
        putInt((int) v);
        putInt((int) (v >>> 32));
    }

    private void bytes(byte[] b) throws IOException {
        drain();
        out.write(b);
        int pad = -b.length & 3;
        for (int i = 0; i < pad; i++) {
            buf.put((byte) 0);
        }
    }

    private void drain() throws IOException {
        out.write(buf.array(), 0, buf.position());
        buf.clear();
    }
}
