package org.rvsimt.isa.debug;

import static org.rvsimt.isa.debug.Dw.*;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads {@code .debug_line}: every line-number program in it, versions 2 to 5 (DWARF 5 section
 * 6.2), run through the state machine into the rows of a {@link LineTable}; and each program's
 * file table, which {@code DW_AT_call_file} indexes.
 *
 * <p>File paths are made absolute the way {@code llvm-symbolizer} does: a relative file name is
 * joined to its directory, and a relative directory to the compilation directory (the compile
 * unit's {@code DW_AT_comp_dir}; in DWARF 5 also directory entry 0).
 */
final class LinePrograms {

    /** The file paths of one program by file index; null where the index names no file. */
    record FileTable(List<String> paths) {
        String path(long index) {
            return index >= 0 && index < paths.size() ? paths.get((int) index) : null;
        }
    }

    /** What a compile unit tells about the line program its {@code DW_AT_stmt_list} names. */
    record UnitInfo(String compDir, UnitContext context) {
    }

    private final DebugSections.Section section;
    private final Map<Long, UnitInfo> units;
    private final List<List<LineRow>> sequences = new ArrayList<>();
    private final Map<Long, FileTable> fileTables = new HashMap<>();
    /** One location object per distinct (file, line, column), so rows share them. */
    private final Map<SourceLocation, SourceLocation> locations = new HashMap<>();

    private final DebugSections sections;

    private LinePrograms(DebugSections sections, Map<Long, UnitInfo> units) {
        this.sections = sections;
        this.section = sections.get(DebugSections.Kind.LINE);
        this.units = units;
    }

    /** The table and file tables of every program in {@code .debug_line}. */
    record Result(LineTable table, Map<Long, FileTable> fileTables) {
    }

    static Result read(DebugSections sections, Map<Long, UnitInfo> units) throws DwarfFormatException {
        LinePrograms p = new LinePrograms(sections, units);
        DwarfCursor c = new DwarfCursor(p.section);
        while (!c.atEnd()) {
            p.program(c);
        }
        return new Result(new LineTable(p.sequences), Map.copyOf(p.fileTables));
    }

    // ---------------------------------------------------------------- header

    private record Header(int version, int addressSize, int minInstLength, int maxOps, boolean defaultIsStmt,
                          int lineBase, int lineRange, int opcodeBase, int[] standardLengths) {
    }

    private void program(DwarfCursor c) throws DwarfFormatException {
        DwarfCursor.Unit u = c.unit("line table");
        long unitOffset = u.offset();
        int offsetSize = u.offsetSize();
        int version = u.version();
        DwarfCursor unit = u.body();
        UnitInfo info = units.get(unitOffset);
        int addressSize = 4;
        if (version >= 5) {
            addressSize = unit.u8("address_size");
            int segmentSelectorSize = unit.u8("segment_selector_size");
            if (addressSize < 1 || addressSize > 8) {
                throw section.fail(unit.position() - 2, "address_size " + addressSize + " is not 1 to 8");
            }
            if (segmentSelectorSize != 0) {
                throw section.fail(unit.position() - 1, "segment_selector_size " + segmentSelectorSize
                        + " is not supported (only 0)");
            }
        }
        long headerLength = unit.fixed(offsetSize, "header_length");
        DwarfCursor header = unit.slice(headerLength, "line program header of header_length 0x" + Long.toHexString(headerLength));
        int minInst = header.u8("minimum_instruction_length");
        int maxOps = version >= 4 ? header.u8("maximum_operations_per_instruction") : 1;
        if (maxOps == 0) {
            throw section.fail(header.position() - 1, "maximum_operations_per_instruction is 0");
        }
        boolean defaultIsStmt = header.u8("default_is_stmt") != 0;
        int lineBase = header.s8("line_base");
        int lineRange = header.u8("line_range");
        if (lineRange == 0) {
            throw section.fail(header.position() - 1, "line_range is 0");
        }
        int opcodeBase = header.u8("opcode_base");
        if (opcodeBase == 0) {
            throw section.fail(header.position() - 1, "opcode_base is 0");
        }
        int[] lengths = new int[opcodeBase];
        for (int i = 1; i < opcodeBase; i++) {
            lengths[i] = header.u8("standard_opcode_lengths");
        }
        Header h = new Header(version, addressSize, minInst, maxOps, defaultIsStmt, lineBase, lineRange, opcodeBase, lengths);
        String compDir = info == null ? null : info.compDir();
        List<String> paths = version >= 5
                ? filesV5(header, new Forms.Encoding(version, offsetSize, addressSize), info, compDir)
                : filesV4(header, compDir);
        run(unit, h, paths, compDir);
        fileTables.put(unitOffset, new FileTable(paths));
    }

    /** DWARF 2-4: include_directories and file_names, each a list ended by an empty string. */
    private List<String> filesV4(DwarfCursor header, String compDir) throws DwarfFormatException {
        List<String> dirs = new ArrayList<>();
        dirs.add(compDir == null ? "" : compDir); // directory index 0 is the compilation directory
        for (String d = header.cstring("include_directories"); !d.isEmpty(); d = header.cstring("include_directories")) {
            dirs.add(join(compDir, d));
        }
        List<String> paths = new ArrayList<>();
        paths.add(null); // file index 0 names no file before DWARF 5
        for (String name = header.cstring("file_names"); !name.isEmpty(); name = header.cstring("file_names")) {
            paths.add(fileEntryV4(header, name, dirs));
        }
        return paths;
    }

    private String fileEntryV4(DwarfCursor c, String name, List<String> dirs) throws DwarfFormatException {
        int at = c.position();
        long dir = c.uleb("file directory index");
        c.uleb("file modification time");
        c.uleb("file length");
        if (dir < 0 || dir >= dirs.size()) {
            throw section.fail(at, "file '" + name + "' directory index " + Long.toUnsignedString(dir)
                    + " out of range (" + dirs.size() + " directories)");
        }
        return join(dirs.get((int) dir), name);
    }

    /** DWARF 5: directory and file entries described by (content type, form) lists. */
    private List<String> filesV5(DwarfCursor header, Forms.Encoding enc, UnitInfo info, String compDir)
            throws DwarfFormatException {
        UnitContext ctx = info != null ? info.context() : new UnitContext(sections, enc);
        List<Entry> dirEntries = entriesV5(header, enc, ctx, "directory");
        // Directory 0 is the compilation directory; without a compile unit it is the only source of it.
        String base = compDir == null && !dirEntries.isEmpty() ? dirEntries.getFirst().path() : compDir;
        List<String> dirs = new ArrayList<>();
        for (Entry e : dirEntries) {
            dirs.add(join(base, e.path()));
        }
        List<Entry> fileEntries = entriesV5(header, enc, ctx, "file name");
        List<String> paths = new ArrayList<>();
        for (Entry e : fileEntries) {
            if (e.dir() >= dirs.size() && !(dirs.isEmpty() && e.dir() == 0)) {
                throw section.fail(e.offset(), "file '" + e.path() + "' directory index " + e.dir()
                        + " out of range (" + dirs.size() + " directories)");
            }
            paths.add(dirs.isEmpty() ? join(base, e.path()) : join(dirs.get((int) e.dir()), e.path()));
        }
        return paths;
    }

    /** A DWARF 5 directory or file entry at a section offset: its path and directory index (0 when it has none). */
    private record Entry(int offset, String path, long dir) {
    }

    /** One entry list. */
    private List<Entry> entriesV5(DwarfCursor c, Forms.Encoding enc, UnitContext ctx, String what)
            throws DwarfFormatException {
        int formatCount = c.u8(what + " entry format count");
        int[] types = new int[formatCount];
        int[] forms = new int[formatCount];
        for (int i = 0; i < formatCount; i++) {
            types[i] = c.ulebInt(what + " entry content type", Integer.MAX_VALUE);
            int at = c.position();
            forms[i] = c.ulebInt(what + " entry form", 0xffff);
            if (forms[i] == FORM_FLAG_PRESENT || forms[i] == FORM_IMPLICIT_CONST || forms[i] == FORM_INDIRECT) {
                throw section.fail(at, what + " entry form 0x" + Integer.toHexString(forms[i]) + " is not allowed in a line table header");
            }
        }
        int countAt = c.position();
        long count = c.uleb(what + " count");
        // Every entry takes at least one byte (no zero-size forms above), so a count past the
        // header's remaining bytes is corrupt; checking it first keeps a huge count from looping.
        if (count < 0 || count > c.remaining() || (count > 0 && formatCount == 0)) {
            throw section.fail(countAt, String.format("%s count %s does not fit in the %d header bytes left%s", what,
                    Long.toUnsignedString(count), c.remaining(), formatCount == 0 ? " (no entry format)" : ""));
        }
        List<Entry> entries = new ArrayList<>((int) count);
        for (long i = 0; i < count; i++) {
            String path = null;
            long dir = 0;
            int entryAt = c.position();
            for (int k = 0; k < formatCount; k++) {
                int at = c.position();
                Forms.Value v = Forms.read(c, forms[k], 0, enc);
                if (types[k] == LNCT_PATH) {
                    if (!Forms.isString(v.form())) {
                        throw section.fail(at, what + " DW_LNCT_path has non-string form 0x" + Integer.toHexString(v.form()));
                    }
                    path = ctx.string(v);
                } else if (types[k] == LNCT_DIRECTORY_INDEX) {
                    if (!v.isConstant() || v.number() < 0) {
                        throw section.fail(at, what + " DW_LNCT_directory_index has form 0x" + Integer.toHexString(v.form())
                                + " (expected a constant)");
                    }
                    dir = v.number();
                }
            }
            if (path == null) {
                throw section.fail(entryAt, what + " entry " + i + " has no DW_LNCT_path");
            }
            entries.add(new Entry(entryAt, path, dir));
        }
        return entries;
    }

    /** {@code name} relative to {@code dir} unless it is absolute; {@code dir} may be null or empty. */
    static String join(String dir, String name) {
        if (name.startsWith("/") || dir == null || dir.isEmpty()) {
            return name;
        }
        return dir.endsWith("/") ? dir + name : dir + "/" + name;
    }

    // ---------------------------------------------------------------- state machine

    /** The state-machine registers (DWARF 5 section 6.2.2). */
    private static final class Registers {
        long address;
        long opIndex;
        long file = 1;
        int line = 1;
        int column;
        boolean isStmt;
        boolean endSequence;

        Registers(boolean defaultIsStmt) {
            isStmt = defaultIsStmt;
        }
    }

    private void run(DwarfCursor c, Header h, List<String> paths, String compDir) throws DwarfFormatException {
        List<String> files = new ArrayList<>(paths);
        Registers r = new Registers(h.defaultIsStmt());
        List<LineRow> sequence = new ArrayList<>();
        while (!c.atEnd()) {
            int at = c.position();
            int op = c.u8("opcode");
            if (op >= h.opcodeBase()) {
                int adjusted = op - h.opcodeBase();
                advance(r, h, adjusted / h.lineRange());
                r.line += h.lineBase() + adjusted % h.lineRange();
                emit(r, files, sequence);
                continue;
            }
            switch (op) {
                case 0 -> {
                    long len = c.uleb("extended opcode length");
                    DwarfCursor ext = c.slice(len, "extended opcode of length " + Long.toUnsignedString(len));
                    if (len == 0) {
                        break;
                    }
                    int sub = ext.u8("extended opcode");
                    switch (sub) {
                        case LNE_END_SEQUENCE -> {
                            r.endSequence = true;
                            emit(r, files, sequence);
                            finish(sequence);
                            sequence = new ArrayList<>();
                            r = new Registers(h.defaultIsStmt());
                        }
                        case LNE_SET_ADDRESS -> {
                            int size = ext.remaining();
                            if (size < 1 || size > 8) {
                                throw section.fail(at, "DW_LNE_set_address operand of " + size + " bytes");
                            }
                            r.address = ext.fixed(size, "DW_LNE_set_address operand") & 0xffffffffL;
                            r.opIndex = 0;
                        }
                        case LNE_DEFINE_FILE -> {
                            // DWARF 2-4 only; the directory index is ignored: no producer of today emits it.
                            String name = ext.cstring("DW_LNE_define_file name");
                            ext.uleb("DW_LNE_define_file directory index");
                            ext.uleb("DW_LNE_define_file time");
                            ext.uleb("DW_LNE_define_file length");
                            files.add(join(compDir, name));
                        }
                        default -> {
                            // DW_LNE_set_discriminator and vendor opcodes: the slice skips them.
                        }
                    }
                }
                case LNS_COPY -> emit(r, files, sequence);
                case LNS_ADVANCE_PC -> advance(r, h, c.uleb("DW_LNS_advance_pc operand"));
                case LNS_ADVANCE_LINE -> r.line += (int) c.sleb("DW_LNS_advance_line operand");
                case LNS_SET_FILE -> r.file = c.uleb("DW_LNS_set_file operand");
                case LNS_SET_COLUMN -> r.column = (int) c.uleb("DW_LNS_set_column operand");
                case LNS_NEGATE_STMT -> r.isStmt = !r.isStmt;
                case LNS_SET_BASIC_BLOCK, LNS_SET_PROLOGUE_END, LNS_SET_EPILOGUE_BEGIN -> {
                    // flags this reader does not keep
                }
                case LNS_CONST_ADD_PC -> advance(r, h, (255 - h.opcodeBase()) / h.lineRange());
                case LNS_FIXED_ADVANCE_PC -> {
                    r.address = (r.address + c.u16("DW_LNS_fixed_advance_pc operand")) & 0xffffffffL;
                    r.opIndex = 0;
                }
                default -> {
                    // DW_LNS_set_isa and opcodes newer than this reader: skip their ULEB operands.
                    for (int i = 0; i < h.standardLengths()[op]; i++) {
                        c.uleb("operand of standard opcode " + op);
                    }
                }
            }
        }
        // A sequence without DW_LNE_end_sequence has no end address; it is dropped, as LLVM drops it.
    }

    /** Advances address and op_index by an operation advance (DWARF 5 section 6.2.5.1). */
    private static void advance(Registers r, Header h, long operationAdvance) {
        long ops = r.opIndex + operationAdvance;
        if (h.maxOps() == 1) {
            r.address = (r.address + h.minInstLength() * ops) & 0xffffffffL;
        } else {
            r.address = (r.address + h.minInstLength() * Long.divideUnsigned(ops, h.maxOps())) & 0xffffffffL;
            r.opIndex = Long.remainderUnsigned(ops, h.maxOps());
        }
    }

    private void emit(Registers r, List<String> files, List<LineRow> sequence) {
        String path = r.file >= 0 && r.file < files.size() ? files.get((int) r.file) : null;
        SourceLocation loc = path == null ? null : locations.computeIfAbsent(new SourceLocation(path, r.line, r.column), l -> l);
        sequence.add(new LineRow((int) r.address, (int) r.file, loc, r.isStmt, r.endSequence));
    }

    /** Keeps a sequence that covers at least one byte, its rows in address order. */
    private void finish(List<LineRow> sequence) {
        LineRow end = sequence.getLast();
        List<LineRow> body = new ArrayList<>(sequence.subList(0, sequence.size() - 1));
        if (body.isEmpty()) {
            return;
        }
        long start = Integer.toUnsignedLong(body.getFirst().address());
        if (start >= 0xfffffffeL) {
            return; // a tombstone: the linker discarded this code
        }
        body.sort((a, b) -> Integer.compareUnsigned(a.address(), b.address())); // stable; a no-op for valid input
        if (Integer.compareUnsigned(body.getLast().address(), end.address()) > 0 || body.getFirst().address() == end.address()) {
            return; // empty, or rows past the sequence's end (corrupt): nothing to look up
        }
        body.add(end);
        sequences.add(body);
    }
}
