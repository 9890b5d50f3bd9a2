package org.rvsimt.isa.debug;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.rvsimt.isa.elf.ElfFormatException;
import org.rvsimt.isa.elf.ElfImage;
import org.rvsimt.isa.elf.ElfReader;

/**
 * Maps a kernel pc to source: file, line, column and function, from the DWARF of a C kernel built
 * with {@code -g} (DWARF 4 or 5, as clang emits them), falling back to the ELF symbol table for
 * the function of code without DWARF.
 *
 * <pre>{@code
 * SourceMap map = SourceMap.read(elfBytes, "kernel.elf");   // once per kernel; immutable, thread-safe
 * map.location(pc)   // Optional<SourceLocation>: /src/kernels/reduction.c:27:9 (line 0: no particular line)
 * map.function(pc)   // Optional<String>: the innermost function, an inlined one included
 * map.frames(pc)     // inlined function first, then its callers out to the real function,
 *                    // each with its location: what llvm-symbolizer --inlines prints
 * map.lines().rows() // the whole line table, e.g. for per-line counters
 * }</pre>
 *
 * <p>What it reads: {@code .debug_line} versions 2 to 5 (all standard, extended and special
 * opcodes; DWARF 5 file tables with {@code DW_LNCT_path}/{@code directory_index}/MD5 in any string
 * form: inline, {@code .debug_str}, {@code .debug_line_str}, {@code .debug_str_offsets}), and in
 * {@code .debug_info} the {@code DW_TAG_subprogram} and {@code DW_TAG_inlined_subroutine} entries
 * with their {@code low_pc/high_pc} or range lists ({@code .debug_ranges}, {@code .debug_rnglists},
 * {@code .debug_addr}). Executables only: a relocatable object is refused by
 * {@link ElfReader} (its debug sections would need relocating). Malformed DWARF gives a
 * {@link DwarfFormatException} naming the section and offset; reading never hangs (every loop
 * consumes input) and allocates in proportion to the input.
 */
public final class SourceMap {

    private static final SourceMap EMPTY = new SourceMap(LineTable.EMPTY, new ScopeTable(List.of()), new String[0],
            Map.of(), SymbolNames.NONE);

    private final LineTable lines;
    private final ScopeTable scopes;
    private final String[] scopeNames;
    private final Map<Long, LinePrograms.FileTable> fileTables;
    private final SymbolNames symbols;

    private SourceMap(LineTable lines, ScopeTable scopes, String[] scopeNames, Map<Long, LinePrograms.FileTable> fileTables,
                      SymbolNames symbols) {
        this.lines = lines;
        this.scopes = scopes;
        this.scopeNames = scopeNames;
        this.fileTables = fileTables;
        this.symbols = symbols;
    }

    /** A map that knows nothing: every lookup is empty. */
    public static SourceMap empty() {
        return EMPTY;
    }

    /**
     * Reads an ELF32 RISC-V executable's DWARF and symbols. A file without DWARF gives a map whose
     * {@link #hasLines()} is false but whose {@link #function} still answers from the symbols.
     *
     * @throws ElfFormatException when the file is not a well-formed executable
     * @throws DwarfFormatException when its DWARF is malformed or unsupported
     */
    public static SourceMap read(byte[] elf, String fileName) throws ElfFormatException, DwarfFormatException {
        ElfImage image = ElfReader.read(elf, fileName, 1L << 32);
        return of(DebugSections.fromElf(elf, fileName), image);
    }

    /** A map from DWARF sections and, for the symbol fallback, the image they came with (or null). */
    public static SourceMap of(DebugSections sections, ElfImage image) throws DwarfFormatException {
        DebugInfoReader info = DebugInfoReader.read(sections);
        Map<Long, LinePrograms.UnitInfo> units = new HashMap<>();
        for (DebugInfoReader.Unit u : info.units()) {
            if (u.stmtList() >= 0) {
                units.putIfAbsent(u.stmtList(), new LinePrograms.UnitInfo(u.compDir(), u.context()));
            }
        }
        LinePrograms.Result lines = LinePrograms.read(sections, units);
        String[] names = new String[info.scopes().size()];
        for (int i = 0; i < names.length; i++) {
            names[i] = info.name(info.scopes().get(i));
        }
        return new SourceMap(lines.table(), new ScopeTable(info.scopes()), names, lines.fileTables(),
                image == null ? SymbolNames.NONE : SymbolNames.of(image));
    }

    /** True when the executable has line information. */
    public boolean hasLines() {
        return !lines.isEmpty();
    }

    /** The line table of the whole executable. */
    public LineTable lines() {
        return lines;
    }

    /** The source location of the instruction at {@code pc}. */
    public Optional<SourceLocation> location(int pc) {
        return lines.lookup(pc);
    }

    /** The innermost function holding {@code pc}: an inlined function if the pc is in inlined code. */
    public Optional<String> function(int pc) {
        List<SourceFrame> f = frames(pc);
        return f.isEmpty() || f.getFirst().function() == null ? Optional.empty() : Optional.of(f.getFirst().function());
    }

    /**
     * The source frames of {@code pc}, innermost first: for inlined code the inlined function at the
     * line-table location, then each caller at its call site, ending with the function that holds
     * the code in the executable. One frame (possibly with a null function or location) when there is
     * no DWARF function for the pc; empty when nothing at all is known.
     */
    public List<SourceFrame> frames(int pc) {
        SourceLocation loc = lines.lookup(pc).orElse(null);
        int s = scopes.innermost(Integer.toUnsignedLong(pc));
        if (s < 0) {
            String name = symbols.at(pc);
            return name == null && loc == null ? List.of() : List.of(new SourceFrame(name, loc, false));
        }
        List<SourceFrame> out = new ArrayList<>();
        for (int hop = 0; s >= 0 && hop <= scopeNames.length; hop++) {
            DebugInfoReader.Scope scope = scopes.get(s);
            String name = scopeNames[s];
            if (name == null && scope.parent() < 0) {
                name = symbols.at(pc);
            }
            out.add(new SourceFrame(name, loc, scope.inlined()));
            loc = scope.inlined() ? callSite(scope) : null;
            s = scope.parent();
        }
        return List.copyOf(out);
    }

    private SourceLocation callSite(DebugInfoReader.Scope scope) {
        LinePrograms.FileTable files = fileTables.get(scope.stmtList());
        String file = files == null ? null : files.path(scope.callFile());
        return file == null ? null : new SourceLocation(file, scope.callLine(), scope.callColumn());
    }
}
