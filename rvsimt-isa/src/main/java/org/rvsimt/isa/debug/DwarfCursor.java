package org.rvsimt.isa.debug;

import java.nio.charset.StandardCharsets;

/**
 * A bounds-checked little-endian reader over one DWARF section, limited to {@code [position, limit)}.
 * Every read past the limit, and every malformed LEB128 number, throws a
 * {@link DwarfFormatException} naming the section and the offset, so that no input can make a
 * reader index out of bounds. Every read consumes at least one byte, which is what bounds the
 * parsers' loops.
 */
final class DwarfCursor {

    private final DebugSections.Section section;
    private final byte[] data;
    private int position;
    private int limit;

    DwarfCursor(DebugSections.Section section, long start, long limit) throws DwarfFormatException {
        this.section = section;
        this.data = section.data();
        if (start < 0 || limit < start || limit > data.length) {
            throw section.fail(start, String.format("range [0x%x, 0x%x) lies outside the section (size 0x%x)",
                    start, limit, data.length));
        }
        this.position = (int) start;
        this.limit = (int) limit;
    }

    /** A cursor over the whole section. */
    DwarfCursor(DebugSections.Section section) throws DwarfFormatException {
        this(section, 0, section.data().length);
    }

    DebugSections.Section section() {
        return section;
    }

    int position() {
        return position;
    }

    int limit() {
        return limit;
    }

    boolean atEnd() {
        return position >= limit;
    }

    int remaining() {
        return limit - position;
    }

    /** Moves to {@code offset}, which must lie in {@code [position-at-start, limit]}. */
    void seek(long offset) throws DwarfFormatException {
        if (offset < 0 || offset > limit) {
            throw fail(String.format("offset 0x%x lies past the end 0x%x", offset, limit));
        }
        position = (int) offset;
    }

    /**
     * A unit of a DWARF section as it starts: at {@code offset}, with 4 or 8 byte offsets, its
     * {@code version} (2 to 5) and a cursor over the rest of the unit, after the version.
     */
    record Unit(long offset, int offsetSize, int version, DwarfCursor body) {
    }

    /**
     * Reads a unit's initial length (DWARF 5 section 7.4: 32-bit, or 0xffffffff then 64-bit) and
     * version, and skips this cursor past the unit.
     *
     * @param what the kind of unit, for messages ("line table", "DWARF")
     */
    Unit unit(String what) throws DwarfFormatException {
        long offset = position;
        long length = u32("unit_length");
        int offsetSize = 4;
        if (length == 0xffffffffL) {
            length = fixed(8, "unit_length (64-bit)");
            offsetSize = 8;
        } else if (length >= 0xfffffff0L) {
            throw section.fail(offset, String.format("reserved unit_length 0x%x", length));
        }
        DwarfCursor body = slice(length, what + " unit of unit_length 0x" + Long.toHexString(length));
        int version = body.u16("version");
        if (version < 2 || version > 5) {
            throw section.fail(offset + offsetSize, "unsupported " + what + " version " + version + " (2 to 5 are)");
        }
        return new Unit(offset, offsetSize, version, body);
    }

    /** A cursor over the next {@code length} bytes, which this one skips. */
    DwarfCursor slice(long length, String what) throws DwarfFormatException {
        require(length, what);
        DwarfCursor c = new DwarfCursor(section, position, position + length);
        position += (int) length;
        return c;
    }

    void skip(long n, String what) throws DwarfFormatException {
        require(n, what);
        position += (int) n;
    }

    int u8(String what) throws DwarfFormatException {
        require(1, what);
        return data[position++] & 0xff;
    }

    int s8(String what) throws DwarfFormatException {
        require(1, what);
        return data[position++];
    }

    int u16(String what) throws DwarfFormatException {
        return (int) fixed(2, what);
    }

    long u32(String what) throws DwarfFormatException {
        return fixed(4, what);
    }

    /** An unsigned little-endian number of 1 to 8 bytes (8-byte values above 2^63 come back negative). */
    long fixed(int size, String what) throws DwarfFormatException {
        require(size, what);
        long v = 0;
        for (int i = 0; i < size; i++) {
            v |= (data[position + i] & 0xffL) << (8 * i);
        }
        position += size;
        return v;
    }

    long uleb(String what) throws DwarfFormatException {
        int start = position;
        long v = 0;
        int shift = 0;
        while (true) {
            int b = u8(what);
            if (shift < 64) {
                v |= (long) (b & 0x7f) << shift;
            } else if ((b & 0x7f) != 0) {
                throw section.fail(start, what + ": unsigned LEB128 number does not fit in 64 bits");
            }
            shift += 7;
            if ((b & 0x80) == 0) {
                return v;
            }
        }
    }

    long sleb(String what) throws DwarfFormatException {
        int start = position;
        long v = 0;
        int shift = 0;
        int b;
        do {
            b = u8(what);
            if (shift < 64) {
                v |= (long) (b & 0x7f) << shift;
            } else if ((b & 0x7f) != 0 && (b & 0x7f) != 0x7f) {
                throw section.fail(start, what + ": signed LEB128 number does not fit in 64 bits");
            }
            shift += 7;
        } while ((b & 0x80) != 0);
        if (shift < 64 && (b & 0x40) != 0) {
            v |= -1L << shift;
        }
        return v;
    }

    /** A ULEB128 number that must fit in {@code [0, max]}. */
    int ulebInt(String what, int max) throws DwarfFormatException {
        int start = position;
        long v = uleb(what);
        if (v < 0 || v > max) {
            throw section.fail(start, String.format("%s %s is out of range (at most %d)", what, Long.toUnsignedString(v), max));
        }
        return (int) v;
    }

    /** A NUL-terminated UTF-8 string. */
    String cstring(String what) throws DwarfFormatException {
        int start = position;
        for (int p = position; p < limit; p++) {
            if (data[p] == 0) {
                position = p + 1;
                return new String(data, start, p - start, StandardCharsets.UTF_8);
            }
        }
        throw section.fail(start, what + ": string is not NUL-terminated before offset 0x" + Integer.toHexString(limit));
    }

    DwarfFormatException fail(String what) {
        return section.fail(position, what);
    }

    private void require(long n, String what) throws DwarfFormatException {
        if (n < 0 || n > limit - position) {
            throw section.fail(position, String.format("%s: %s bytes needed, %d left before offset 0x%x (truncated)",
                    what, Long.toUnsignedString(n), limit - position, limit));
        }
    }
}
