package org.rvsimt.core.trace;

import static org.rvsimt.core.trace.TraceFormat.*;

import java.nio.charset.StandardCharsets;

/**
 * Builds one record at a time in a reusable word buffer, so producers allocate nothing per record.
 * Arguments are written from index 2; {@link #finish} then places the header (and, for more than 14
 * arguments, the argument-count word) just before them, so the record is {@code words()[start() ..
 * start()+length())}.
 */
final class RecordEncoder {
    private final int[] words;
    private int level;
    private int opcode;
    private int flags;
    private int end;
    private int start;

    RecordEncoder(int maxArgs) {
        this.words = new int[maxArgs + 2];
    }

    RecordEncoder begin(int level, int opcode, int flags) {
        this.level = level;
        this.opcode = opcode;
        this.flags = flags;
        this.end = 2;
        return this;
    }

    RecordEncoder i(int v) {
        words[end++] = v;
        return this;
    }

    /** A 64-bit value: low word first. */
    RecordEncoder l(long v) {
        words[end++] = (int) v;
        words[end++] = (int) (v >>> 32);
        return this;
    }

    /** A string: its UTF-8 byte length, then the bytes packed little-endian, zero-padded. */
    RecordEncoder s(String text) {
        byte[] b = (text != null ? text : "").getBytes(StandardCharsets.UTF_8);
        int room = words.length - end - 1;
        int n = Math.min(b.length, room * 4);
        words[end++] = n;
        for (int k = 0; k < n; k += 4) {
            int w = 0;
            for (int j = 0; j < 4 && k + j < n; j++) {
                w |= (b[k + j] & 0xFF) << (8 * j);
            }
            words[end++] = w;
        }
        return this;
    }

    /** Lane values (a prefix of {@code values}). */
    RecordEncoder values(int[] values, int count) {
        System.arraycopy(values, 0, words, end, count);
        end += count;
        return this;
    }

    RecordEncoder finish() {
        int n = end - 2;
        if (n < NARGS_LONG) {
            start = 1;
            words[1] = header(level, n, opcode, flags);
        } else {
            start = 0;
            words[0] = header(level, NARGS_LONG, opcode, flags);
            words[1] = n;
        }
        return this;
    }

    int[] words() {
        return words;
    }

    int start() {
        return start;
    }

    int length() {
        return end - start;
    }
}
