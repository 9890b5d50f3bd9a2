package org.rvsimt.isa.debug;

import static org.rvsimt.isa.debug.Dw.*;

/**
 * What a compile unit's attribute values need to be resolved: the sections, the unit's encoding,
 * and the bases its unit DIE declares ({@code DW_AT_str_offsets_base}, {@code DW_AT_addr_base},
 * {@code DW_AT_rnglists_base}). A base the unit does not declare defaults to the size of the
 * section's DWARF 5 header, where the first unit's table starts.
 */
final class UnitContext {

    private final DebugSections sections;
    private final Forms.Encoding encoding;
    private long strOffsetsBase;
    private long addrBase;
    private long rnglistsBase;

    UnitContext(DebugSections sections, Forms.Encoding encoding) {
        this.sections = sections;
        this.encoding = encoding;
        int headerOffsets = encoding.offsetSize() == 8 ? 16 : 8;
        this.strOffsetsBase = headerOffsets;
        this.addrBase = headerOffsets;
        this.rnglistsBase = headerOffsets + 4;
    }

    Forms.Encoding encoding() {
        return encoding;
    }

    void setStrOffsetsBase(long base) {
        strOffsetsBase = base;
    }

    void setAddrBase(long base) {
        addrBase = base;
    }

    void setRnglistsBase(long base) {
        rnglistsBase = base;
    }

    long rnglistsBase() {
        return rnglistsBase;
    }

    DebugSections sections() {
        return sections;
    }

    /** The string a string-class value names. */
    String string(Forms.Value v) throws DwarfFormatException {
        return switch (v.form()) {
            case FORM_STRING -> v.string();
            case FORM_STRP -> stringAt(DebugSections.Kind.STR, v.number());
            case FORM_LINE_STRP -> stringAt(DebugSections.Kind.LINE_STR, v.number());
            case FORM_STRX, FORM_STRX1, FORM_STRX2, FORM_STRX3, FORM_STRX4 -> {
                long offset = entry(DebugSections.Kind.STR_OFFSETS, strOffsetsBase, v.number(), encoding.offsetSize(),
                        "string offset index");
                yield stringAt(DebugSections.Kind.STR, offset);
            }
            default -> throw new IllegalArgumentException("not a string form: 0x" + Integer.toHexString(v.form()));
        };
    }

    /** The address an address-class value names. */
    long address(Forms.Value v) throws DwarfFormatException {
        if (v.form() == FORM_ADDR) {
            return v.number();
        }
        return entry(DebugSections.Kind.ADDR, addrBase, v.number(), encoding.addressSize(), "address index");
    }

    /** Entry {@code index} of {@code size} bytes in the table at {@code base} of a section. */
    long entry(DebugSections.Kind kind, long base, long index, int size, String what) throws DwarfFormatException {
        DebugSections.Section s = sections.get(kind);
        long length = s.data().length;
        if (index < 0 || base < 0 || base > length || index > (length - base) / size) {
            throw s.fail(base, String.format("%s %s lies past the end of the section (size 0x%x)", what,
                    Long.toUnsignedString(index), length));
        }
        DwarfCursor c = new DwarfCursor(s, base + index * size, length);
        return c.fixed(size, what);
    }

    private String stringAt(DebugSections.Kind kind, long offset) throws DwarfFormatException {
        DebugSections.Section s = sections.get(kind);
        if (offset < 0 || offset >= s.data().length) {
            throw s.fail(offset, String.format("string offset 0x%x lies past the end of the section (size 0x%x)",
                    offset, s.data().length));
        }
        return new DwarfCursor(s, offset, s.data().length).cstring("string");
    }
}
