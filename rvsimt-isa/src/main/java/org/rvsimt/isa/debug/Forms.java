package org.rvsimt.isa.debug;

import static org.rvsimt.isa.debug.Dw.*;

/**
 * Reads attribute values by their form (DWARF 5 section 7.5.6), for {@code .debug_info} and the
 * DWARF 5 line-table header. Values are kept raw ({@link Value}); strings and addresses held in
 * other sections are resolved afterwards by {@link UnitContext}, because a compile unit's
 * {@code DW_AT_str_offsets_base} may come after attributes that need it.
 */
final class Forms {

    private Forms() { }

    /** How a unit encodes offsets and addresses: its version, 4 or 8 byte offsets, its address size. */
    record Encoding(int version, int offsetSize, int addressSize) {
    }

    /**
     * A raw attribute value: the form after {@code DW_FORM_indirect} is resolved, the number it
     * carries (a constant, offset, index or address), or the inline string of {@code DW_FORM_string}.
     */
    record Value(int form, long number, String string) {
        boolean isConstant() {
            return form == FORM_DATA1 || form == FORM_DATA2 || form == FORM_DATA4 || form == FORM_DATA8
                    || form == FORM_UDATA || form == FORM_SDATA || form == FORM_IMPLICIT_CONST;
        }

        boolean isUnitReference() {
            return form == FORM_REF1 || form == FORM_REF2 || form == FORM_REF4 || form == FORM_REF8
                    || form == FORM_REF_UDATA;
        }
    }

    /** Reads one value of {@code form}; {@code implicitConst} is the abbreviation's constant for that form. */
    static Value read(DwarfCursor c, int form, long implicitConst, Encoding enc) throws DwarfFormatException {
        int f = form;
        for (int hops = 0; f == FORM_INDIRECT; hops++) {
            if (hops == 4) {
                throw c.fail("DW_FORM_indirect chain longer than 4");
            }
            f = c.ulebInt("DW_FORM_indirect form", 0xffff);
        }
        String what = "attribute value";
        if (f == FORM_STRING) {
            return new Value(f, 0, c.cstring(what));
        }
        long v = switch (f) {
            case FORM_ADDR -> c.fixed(enc.addressSize(), what);
            case FORM_DATA1, FORM_REF1, FORM_FLAG, FORM_STRX1, FORM_ADDRX1 -> c.u8(what);
            case FORM_DATA2, FORM_REF2, FORM_STRX2, FORM_ADDRX2 -> c.fixed(2, what);
            case FORM_STRX3, FORM_ADDRX3 -> c.fixed(3, what);
            case FORM_DATA4, FORM_REF4, FORM_STRX4, FORM_ADDRX4, FORM_REF_SUP4 -> c.fixed(4, what);
            case FORM_DATA8, FORM_REF8, FORM_REF_SIG8, FORM_REF_SUP8 -> c.fixed(8, what);
            case FORM_DATA16 -> {
                c.skip(16, what);
                yield 0;
            }
            case FORM_SDATA -> c.sleb(what);
            case FORM_UDATA, FORM_REF_UDATA, FORM_STRX, FORM_ADDRX, FORM_LOCLISTX, FORM_RNGLISTX -> c.uleb(what);
            case FORM_STRP, FORM_LINE_STRP, FORM_SEC_OFFSET, FORM_STRP_SUP -> c.fixed(enc.offsetSize(), what);
            case FORM_REF_ADDR -> c.fixed(enc.version() <= 2 ? enc.addressSize() : enc.offsetSize(), what);
            case FORM_BLOCK1 -> skipBlock(c, c.u8(what), what);
            case FORM_BLOCK2 -> skipBlock(c, c.fixed(2, what), what);
            case FORM_BLOCK4 -> skipBlock(c, c.fixed(4, what), what);
            case FORM_BLOCK, FORM_EXPRLOC -> skipBlock(c, c.uleb(what), what);
            case FORM_FLAG_PRESENT -> 1;
            case FORM_IMPLICIT_CONST -> implicitConst;
            default -> throw c.fail("unknown attribute form 0x" + Integer.toHexString(f));
        };
        return new Value(f, v, null);
    }

    private static long skipBlock(DwarfCursor c, long length, String what) throws DwarfFormatException {
        c.skip(length, what);
        return 0;
    }

    /** True for the forms that hold a string (inline, or an offset or index into a string section). */
    static boolean isString(int form) {
        return switch (form) {
            case FORM_STRING, FORM_STRP, FORM_LINE_STRP, FORM_STRX, FORM_STRX1, FORM_STRX2, FORM_STRX3, FORM_STRX4 -> true;
            default -> false;
        };
    }

    /** True for the forms that hold an address (directly or as an index into {@code .debug_addr}). */
    static boolean isAddress(int form) {
        return switch (form) {
            case FORM_ADDR, FORM_ADDRX, FORM_ADDRX1, FORM_ADDRX2, FORM_ADDRX3, FORM_ADDRX4 -> true;
            default -> false;
        };
    }
}
