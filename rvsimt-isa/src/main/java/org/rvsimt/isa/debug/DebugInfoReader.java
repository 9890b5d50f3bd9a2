package org.rvsimt.isa.debug;

import static org.rvsimt.isa.debug.Dw.*;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads {@code .debug_info} with {@code .debug_abbrev} (DWARF 2 to 5): for each compile unit its
 * line program offset and compilation directory, and every function instance with code, that is
 * {@code DW_TAG_subprogram} and {@code DW_TAG_inlined_subroutine} entries with
 * {@code DW_AT_low_pc}/{@code DW_AT_high_pc} or {@code DW_AT_ranges}, nested as in the DIE tree.
 * Names are resolved through {@code DW_AT_abstract_origin} and {@code DW_AT_specification}, as
 * an inlined or out-of-line instance carries no name of its own.
 *
 * <p>Type units and split (.dwo) units are skipped: they hold no code addresses.
 */
final class DebugInfoReader {

    /** A compile unit: where its line program is (-1 if none) and its compilation directory (or null). */
    record Unit(long offset, long stmtList, String compDir, UnitContext context) {
    }

    /**
     * A function instance with code: its address ranges as {@code [low, high)} pairs, the index of the
     * enclosing instance (-1 at the top), its nesting depth, and for an inlined instance the call site
     * ({@code callFile} indexes the file table of the line program at {@code stmtList}).
     */
    record Scope(long dieOffset, long[] ranges, int parent, int depth, boolean inlined, long stmtList,
                 long callFile, int callLine, int callColumn) {
    }

    private record Abbrev(int tag, boolean hasChildren, int[] attributes, int[] forms, long[] implicitConsts) {
    }

    /** The attributes of one DIE this reader uses, raw. */
    private static final class Attributes {
        Forms.Value name;
        Forms.Value lowPc;
        Forms.Value highPc;
        Forms.Value ranges;
        Forms.Value origin;
        Forms.Value stmtList;
        Forms.Value compDir;
        Forms.Value strOffsetsBase;
        Forms.Value addrBase;
        Forms.Value rnglistsBase;
        long callFile = -1;
        int callLine;
        int callColumn;
    }

    private static final int MAX_NAME_HOPS = 16;

    private final DebugSections sections;
    private final DebugSections.Section info;
    private final DebugSections.Section abbrevSection;
    private final Map<Long, Map<Integer, Abbrev>> abbrevTables = new HashMap<>();
    private final List<Unit> units = new ArrayList<>();
    private final List<Scope> scopes = new ArrayList<>();
    private final Map<Long, String> names = new HashMap<>();
    private final Map<Long, Long> origins = new HashMap<>();

    private DebugInfoReader(DebugSections sections) {
        this.sections = sections;
        this.info = sections.get(DebugSections.Kind.INFO);
        this.abbrevSection = sections.get(DebugSections.Kind.ABBREV);
    }

    static DebugInfoReader read(DebugSections sections) throws DwarfFormatException {
        DebugInfoReader r = new DebugInfoReader(sections);
        DwarfCursor c = new DwarfCursor(r.info);
        while (!c.atEnd()) {
            r.unit(c);
        }
        return r;
    }

    List<Unit> units() {
        return units;
    }

    List<Scope> scopes() {
        return scopes;
    }

    /** The name of a scope's function, through abstract origins and specifications; null if none. */
    String name(Scope scope) {
        Long off = scope.dieOffset();
        for (int hop = 0; hop < MAX_NAME_HOPS && off != null; hop++) {
            String n = names.get(off);
            if (n != null) {
                return n;
            }
            off = origins.get(off);
        }
        return null;
    }

    // ---------------------------------------------------------------- units

    private void unit(DwarfCursor c) throws DwarfFormatException {
        DwarfCursor.Unit unit = c.unit("DWARF");
        long unitOffset = unit.offset();
        int offsetSize = unit.offsetSize();
        int version = unit.version();
        DwarfCursor u = unit.body();
        int addressSize;
        long abbrevOffset;
        if (version >= 5) {
            int unitType = u.u8("unit_type");
            addressSize = u.u8("address_size");
            abbrevOffset = u.fixed(offsetSize, "debug_abbrev_offset");
            if (unitType != UT_COMPILE && unitType != UT_PARTIAL) {
                return; // type, skeleton and split units carry no code of this file
            }
        } else {
            abbrevOffset = u.fixed(offsetSize, "debug_abbrev_offset");
            addressSize = u.u8("address_size");
        }
        if (addressSize < 1 || addressSize > 8) {
            throw info.fail(unitOffset, "address_size " + addressSize + " is not 1 to 8");
        }
        Map<Integer, Abbrev> abbrevs = abbrevTable(abbrevOffset, unitOffset);
        dies(u, unitOffset, abbrevs, new UnitContext(sections, new Forms.Encoding(version, offsetSize, addressSize)));
    }

    private void dies(DwarfCursor u, long unitOffset, Map<Integer, Abbrev> abbrevs, UnitContext ctx)
            throws DwarfFormatException {
        // Per open DIE with children, the scope its children nest in.
        List<Integer> parents = new ArrayList<>();
        int parentScope = -1;
        long base = 0;
        long stmtList = -1;
        boolean first = true;
        while (!u.atEnd()) {
            long dieOffset = u.position();
            long code = u.uleb("abbreviation code");
            if (code == 0) {
                if (!parents.isEmpty()) {
                    parentScope = parents.removeLast();
                }
                continue;
            }
            Abbrev abbrev = code > Integer.MAX_VALUE ? null : abbrevs.get((int) code);
            if (abbrev == null) {
                throw info.fail(dieOffset, "abbreviation code " + Long.toUnsignedString(code)
                        + " is not in the unit's abbreviation table");
            }
            Attributes a = attributes(u, abbrev, ctx, unitOffset);
            if (first) {
                first = false;
                if (a.strOffsetsBase != null) {
                    ctx.setStrOffsetsBase(a.strOffsetsBase.number());
                }
                if (a.addrBase != null) {
                    ctx.setAddrBase(a.addrBase.number());
                }
                if (a.rnglistsBase != null) {
                    ctx.setRnglistsBase(a.rnglistsBase.number());
                }
                base = a.lowPc != null && Forms.isAddress(a.lowPc.form()) ? ctx.address(a.lowPc) : 0;
                stmtList = a.stmtList != null ? a.stmtList.number() : -1;
                String compDir = a.compDir != null && Forms.isString(a.compDir.form()) ? ctx.string(a.compDir) : null;
                units.add(new Unit(unitOffset, stmtList, compDir, ctx));
            }
            int thisScope = parentScope;
            if (abbrev.tag() == TAG_SUBPROGRAM || abbrev.tag() == TAG_INLINED_SUBROUTINE) {
                if (a.name != null && Forms.isString(a.name.form())) {
                    names.put(dieOffset, ctx.string(a.name));
                }
                if (a.origin != null) {
                    origins.put(dieOffset, a.origin.number());
                }
                long[] ranges = ranges(a, ctx, base, dieOffset);
                if (ranges.length > 0) {
                    int depth = parentScope < 0 ? 0 : scopes.get(parentScope).depth() + 1;
                    boolean inlined = abbrev.tag() == TAG_INLINED_SUBROUTINE;
                    scopes.add(new Scope(dieOffset, ranges, parentScope, depth, inlined, stmtList,
                            inlined ? a.callFile : -1, a.callLine, a.callColumn));
                    thisScope = scopes.size() - 1;
                }
            }
            if (abbrev.hasChildren()) {
                parents.add(parentScope);
                parentScope = thisScope;
            }
        }
    }

    private Attributes attributes(DwarfCursor u, Abbrev abbrev, UnitContext ctx, long unitOffset)
            throws DwarfFormatException {
        Attributes a = new Attributes();
        Forms.Encoding enc = ctx.encoding();
        for (int i = 0; i < abbrev.attributes().length; i++) {
            int at = u.position();
            Forms.Value v = Forms.read(u, abbrev.forms()[i], abbrev.implicitConsts()[i], enc);
            switch (abbrev.attributes()[i]) {
                case AT_NAME -> a.name = v;
                case AT_LOW_PC -> a.lowPc = v;
                case AT_HIGH_PC -> a.highPc = v;
                case AT_RANGES -> a.ranges = v;
                case AT_ABSTRACT_ORIGIN, AT_SPECIFICATION -> {
                    if (v.isUnitReference()) {
                        a.origin = new Forms.Value(v.form(), unitOffset + v.number(), null);
                    } else if (v.form() == FORM_REF_ADDR) {
                        a.origin = v;
                    }
                    // DW_FORM_ref_sig8 and supplementary-file references name no DIE of this file.
                }
                case AT_STMT_LIST -> a.stmtList = v;
                case AT_COMP_DIR -> a.compDir = v;
                case AT_STR_OFFSETS_BASE -> a.strOffsetsBase = v;
                case AT_ADDR_BASE -> a.addrBase = v;
                case AT_RNGLISTS_BASE -> a.rnglistsBase = v;
                case AT_CALL_FILE -> a.callFile = constant(v, at, "DW_AT_call_file");
                case AT_CALL_LINE -> a.callLine = (int) constant(v, at, "DW_AT_call_line");
                case AT_CALL_COLUMN -> a.callColumn = (int) constant(v, at, "DW_AT_call_column");
                default -> {
                    // not needed for line and function lookup
                }
            }
        }
        return a;
    }

    private long constant(Forms.Value v, int at, String what) throws DwarfFormatException {
        if (!v.isConstant()) {
            throw info.fail(at, what + " has form 0x" + Integer.toHexString(v.form()) + " (expected a constant)");
        }
        return v.number();
    }

    // ---------------------------------------------------------------- address ranges

    /** The DIE's code ranges as {@code [low, high)} pairs; empty when it has none. */
    private long[] ranges(Attributes a, UnitContext ctx, long base, long dieOffset) throws DwarfFormatException {
        RangeList out = new RangeList();
        if (a.lowPc != null && a.highPc != null && Forms.isAddress(a.lowPc.form())) {
            long low = ctx.address(a.lowPc);
            long high;
            if (a.highPc.isConstant()) {
                high = low + a.highPc.number(); // DWARF 4+: high_pc as the length
            } else if (Forms.isAddress(a.highPc.form())) {
                high = ctx.address(a.highPc);
            } else {
                throw info.fail(dieOffset, "DW_AT_high_pc has form 0x" + Integer.toHexString(a.highPc.form())
                        + " (expected an address or a constant)");
            }
            out.add(low, high);
        } else if (a.ranges != null) {
            if (ctx.encoding().version() >= 5) {
                rnglist(a.ranges, ctx, base, out);
            } else {
                rangesV4(a.ranges.number(), ctx, base, out);
            }
        }
        return out.toArray();
    }

    /** A DWARF 5 range list in {@code .debug_rnglists} (section 2.17.3). */
    private void rnglist(Forms.Value v, UnitContext ctx, long base, RangeList out) throws DwarfFormatException {
        DebugSections.Section s = sections.get(DebugSections.Kind.RNGLISTS);
        int addressSize = ctx.encoding().addressSize();
        long offset = v.number();
        if (v.form() == FORM_RNGLISTX) {
            int offsetSize = ctx.encoding().offsetSize();
            offset = ctx.rnglistsBase() + ctx.entry(DebugSections.Kind.RNGLISTS, ctx.rnglistsBase(), v.number(),
                    offsetSize, "range list index");
        }
        if (offset < 0 || offset >= s.data().length) {
            throw s.fail(Math.max(offset, 0), "range list offset 0x" + Long.toHexString(offset)
                    + " lies past the end of the section (size 0x" + Integer.toHexString(s.data().length) + ")");
        }
        DwarfCursor c = new DwarfCursor(s, offset, s.data().length);
        while (true) {
            int at = c.position();
            int kind = c.u8("range list entry kind");
            switch (kind) {
                case RLE_END_OF_LIST -> {
                    return;
                }
                case RLE_BASE_ADDRESSX -> base = ctx.address(addrx(c));
                case RLE_STARTX_ENDX -> out.add(ctx.address(addrx(c)), ctx.address(addrx(c)));
                case RLE_STARTX_LENGTH -> {
                    long start = ctx.address(addrx(c));
                    out.add(start, start + c.uleb("range length"));
                }
                case RLE_OFFSET_PAIR -> {
                    long from = c.uleb("range start offset");
                    long to = c.uleb("range end offset");
                    out.add(base + from, base + to);
                }
                case RLE_BASE_ADDRESS -> base = c.fixed(addressSize, "base address");
                case RLE_START_END -> out.add(c.fixed(addressSize, "range start"), c.fixed(addressSize, "range end"));
                case RLE_START_LENGTH -> {
                    long start = c.fixed(addressSize, "range start");
                    out.add(start, start + c.uleb("range length"));
                }
                default -> throw s.fail(at, "unknown range list entry kind 0x" + Integer.toHexString(kind));
            }
        }
    }

    private static Forms.Value addrx(DwarfCursor c) throws DwarfFormatException {
        return new Forms.Value(FORM_ADDRX, c.uleb("address index"), null);
    }

    /** A DWARF 2-4 range list in {@code .debug_ranges}: address pairs, a base selection, then (0, 0). */
    private void rangesV4(long offset, UnitContext ctx, long base, RangeList out) throws DwarfFormatException {
        DebugSections.Section s = sections.get(DebugSections.Kind.RANGES);
        int size = ctx.encoding().addressSize();
        long max = size == 8 ? -1L : (1L << (8 * size)) - 1;
        if (offset < 0 || offset >= s.data().length) {
            throw s.fail(Math.max(offset, 0), "range list offset 0x" + Long.toHexString(offset)
                    + " lies past the end of the section (size 0x" + Integer.toHexString(s.data().length) + ")");
        }
        DwarfCursor c = new DwarfCursor(s, offset, s.data().length);
        while (true) {
            long start = c.fixed(size, "range start");
            long end = c.fixed(size, "range end");
            if (start == 0 && end == 0) {
                return;
            }
            if (start == max) {
                base = end;
            } else {
                out.add(base + start, base + end);
            }
        }
    }

    /** Collects 32-bit address ranges, dropping empty ones and the linker's tombstones for discarded code. */
    private static final class RangeList {
        private long[] pairs = new long[4];
        private int size;

        void add(long low, long high) {
            long lo = low & 0xffffffffL;
            long hi = high - low + lo; // keep the length, which may reach 2^32 exactly
            if (hi <= lo || lo >= 0xfffffffeL || hi > 1L << 32) {
                return;
            }
            if (size + 2 > pairs.length) {
                pairs = Arrays.copyOf(pairs, pairs.length * 2);
            }
            pairs[size++] = lo;
            pairs[size++] = hi;
        }

        long[] toArray() {
            return Arrays.copyOf(pairs, size);
        }
    }

    // ---------------------------------------------------------------- abbreviations

    private Map<Integer, Abbrev> abbrevTable(long offset, long unitOffset) throws DwarfFormatException {
        Map<Integer, Abbrev> cached = abbrevTables.get(offset);
        if (cached != null) {
            return cached;
        }
        if (offset < 0 || offset >= abbrevSection.data().length) {
            throw info.fail(unitOffset, String.format("debug_abbrev_offset 0x%x lies past the end of .debug_abbrev (size 0x%x)",
                    offset, abbrevSection.data().length));
        }
        DwarfCursor c = new DwarfCursor(abbrevSection, offset, abbrevSection.data().length);
        Map<Integer, Abbrev> table = new HashMap<>();
        while (true) {
            int at = c.position();
            long code = c.uleb("abbreviation code");
            if (code == 0) {
                break;
            }
            if (code > Integer.MAX_VALUE) {
                throw abbrevSection.fail(at, "abbreviation code " + Long.toUnsignedString(code) + " is too large");
            }
            int tag = c.ulebInt("tag", Integer.MAX_VALUE);
            boolean children = c.u8("children flag") != 0;
            List<long[]> specs = new ArrayList<>();
            while (true) {
                int name = c.ulebInt("attribute name", Integer.MAX_VALUE);
                int form = c.ulebInt("attribute form", Integer.MAX_VALUE);
                if (name == 0 && form == 0) {
                    break;
                }
                long implicit = form == FORM_IMPLICIT_CONST ? c.sleb("DW_FORM_implicit_const value") : 0;
                specs.add(new long[] {name, form, implicit});
            }
            int[] names = new int[specs.size()];
            int[] forms = new int[specs.size()];
            long[] consts = new long[specs.size()];
            for (int i = 0; i < specs.size(); i++) {
                names[i] = (int) specs.get(i)[0];
                forms[i] = (int) specs.get(i)[1];
                consts[i] = specs.get(i)[2];
            }
            if (table.putIfAbsent((int) code, new Abbrev(tag, children, names, forms, consts)) != null) {
                throw abbrevSection.fail(at, "abbreviation code " + code + " defined twice");
            }
        }
        abbrevTables.put(offset, table);
        return table;
    }
}
