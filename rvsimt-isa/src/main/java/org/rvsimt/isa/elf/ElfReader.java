package org.rvsimt.isa.elf;

import static org.rvsimt.isa.elf.Elf.*;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * Reads ELF32 little-endian RISC-V executables ({@code ET_EXEC}): the entry point, the
 * {@code PT_LOAD} segments and the {@code .symtab} symbols.
 *
 * <p>Every malformed input is reported as an {@link ElfFormatException} whose one-line message
 * names the file, the header or field and its byte offset. All sizes and offsets are checked
 * against the file length in 64-bit arithmetic before anything is read or allocated, so a hostile
 * file can neither index out of bounds nor make the reader allocate more than the file's size.
 *
 * <p>Section headers are optional ({@code e_shnum = 0} gives an image without symbols). Extended
 * section numbering ({@code e_shnum = 0} with the count in section header 0) and
 * {@code PN_XNUM} are not supported: no RISC-V toolchain produces them for programs of this size.
 */
public final class ElfReader {

    private static final byte[] MAGIC = {0x7f, 'E', 'L', 'F'};

    private ElfReader() { }

    /** True if the file starts with the ELF magic {@code 7f 45 4c 46}; nothing else is checked. */
    public static boolean looksLikeElf(byte[] file) {
        return file != null && file.length >= MAGIC.length && Arrays.equals(file, 0, MAGIC.length, MAGIC, 0, MAGIC.length);
    }

    /**
     * Parses {@code file} as an executable to be loaded into a VRAM of {@code vramSize} bytes
     * (addresses {@code [0, vramSize)}).
     *
     * @param fileName used only in error messages
     * @throws ElfFormatException for any input that is not a well-formed ELF32 RISC-V executable
     *         whose segments fit in VRAM
     */
    public static ElfImage read(byte[] file, String fileName, long vramSize) throws ElfFormatException {
        Objects.requireNonNull(file, "file");
        if (vramSize < 0) {
            throw new IllegalArgumentException("vramSize must not be negative: " + vramSize);
        }
        return new Parser(file, fileName == null ? "<elf>" : fileName, vramSize).parse();
    }

    /**
     * The contents of the sections of an executable whose names {@code wanted} accepts (for the
     * non-loaded sections such as {@code .debug_line}, which {@link #read} does not keep), in
     * section-header order. The headers are checked as {@link #read} checks them; segments are not.
     *
     * @param fileName used only in error messages
     * @throws ElfFormatException for a file that is not a well-formed ELF32 RISC-V executable, or a
     *         wanted section that is {@code SHT_NOBITS}
     */
    public static List<ElfSectionContents> sections(byte[] file, String fileName, Predicate<String> wanted)
            throws ElfFormatException {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(wanted, "wanted");
        return new Parser(file, fileName == null ? "<elf>" : fileName, 1L << 32).sections(wanted);
    }

    /** A section header, validated only as far as its file range. */
    private record Shdr(int index, long headerOffset, long nameOffset, long type, long flags, long addr,
                        long offset, long size, long link, long info, long entsize) {
    }

    /** All section headers and their names, indexed alike. */
    private record SectionHeaders(Shdr[] sh, String[] names) {
    }

    /** A PT_LOAD before sorting, remembering its program header for messages. */
    private record Load(int index, long headerOffset, long vaddr, long memsz, Segment segment) {
        long end() {
            return vaddr + memsz;
        }
    }

    private static final class Parser {
        private final byte[] f;
        private final long n;
        private final String fileName;
        private final long vram;

        Parser(byte[] file, String fileName, long vramSize) {
            this.f = file;
            this.n = file.length;
            this.fileName = printable(fileName);
            this.vram = vramSize;
        }

        ElfImage parse() throws ElfFormatException {
            checkIdent();
            checkHeaderFields();
            int phnum = u16(E_PHNUM);
            long phoff = u32(E_PHOFF);
            int shnum = u16(E_SHNUM);
            long shoff = u32(E_SHOFF);
            checkTables(phnum, phoff, shnum, shoff);
            List<Load> loads = readSegments(phnum, phoff);
            int entry = (int) u32(E_ENTRY);
            checkEntry(entry, loads);
            List<ElfSymbol> symbols = shnum == 0 ? List.of() : readSections(shnum, shoff);
            List<Segment> segments = new ArrayList<>(loads.size());
            for (Load l : loads) {
                segments.add(l.segment());
            }
            return new ElfImage(entry, segments, symbols);
        }

        List<ElfSectionContents> sections(Predicate<String> wanted) throws ElfFormatException {
            checkIdent();
            checkHeaderFields();
            int shnum = u16(E_SHNUM);
            checkTables(u16(E_PHNUM), u32(E_PHOFF), shnum, u32(E_SHOFF));
            if (shnum == 0) {
                return List.of();
            }
            SectionHeaders headers = sectionHeaders(shnum, u32(E_SHOFF));
            List<ElfSectionContents> out = new ArrayList<>();
            for (Shdr s : headers.sh()) {
                String name = headers.names()[s.index()];
                if (s.type() == SHT_NULL || !wanted.test(name)) {
                    continue;
                }
                if (s.type() == SHT_NOBITS) {
                    throw fail("section header " + s.index() + " " + quote(name), s.headerOffset() + SH_TYPE,
                            "section is SHT_NOBITS and has no contents in the file");
                }
                byte[] data = Arrays.copyOfRange(f, (int) s.offset(), (int) (s.offset() + s.size()));
                out.add(new ElfSectionContents(name, s.flags(), data));
            }
            return out;
        }

        // ---------------------------------------------------------------- ELF header

        private void checkIdent() throws ElfFormatException {
            if (n == 0) {
                throw fail("ELF header", 0, "file is empty, not an ELF file");
            }
            int magicBytes = (int) Math.min(n, MAGIC.length);
            if (!Arrays.equals(f, 0, magicBytes, MAGIC, 0, magicBytes)) {
                StringBuilder got = new StringBuilder();
                for (int i = 0; i < magicBytes; i++) {
                    got.append(i == 0 ? "" : " ").append(String.format("%02x", f[i] & 0xff));
                }
                throw fail("e_ident magic", 0, "bad magic " + got + ", not an ELF file (expected 7f 45 4c 46)");
            }
            requireHeaderBytes(EI_CLASS + 1);
            int cls = f[EI_CLASS] & 0xff;
            if (cls == ELFCLASS64) {
                throw fail("e_ident[EI_CLASS]", EI_CLASS, "ELF64 file (class 2); only ELF32 (class 1, RV32) is supported");
            }
            if (cls != ELFCLASS32) {
                throw fail("e_ident[EI_CLASS]", EI_CLASS, "invalid class " + cls + "; only ELF32 (class 1) is supported");
            }
            requireHeaderBytes(EI_DATA + 1);
            int data = f[EI_DATA] & 0xff;
            if (data == ELFDATA2MSB) {
                throw fail("e_ident[EI_DATA]", EI_DATA, "big-endian file (ELFDATA2MSB); only little-endian (ELFDATA2LSB) is supported");
            }
            if (data != ELFDATA2LSB) {
                throw fail("e_ident[EI_DATA]", EI_DATA, "invalid data encoding " + data + "; only little-endian (1) is supported");
            }
            requireHeaderBytes(EI_VERSION + 1);
            int version = f[EI_VERSION] & 0xff;
            if (version != EV_CURRENT) {
                throw fail("e_ident[EI_VERSION]", EI_VERSION, "unsupported ELF version " + version + " (expected 1)");
            }
            requireHeaderBytes(EHDR_SIZE);
        }

        private void requireHeaderBytes(int needed) throws ElfFormatException {
            if (n < needed) {
                throw fail("ELF header", 0, "file is " + n + " bytes, truncated (an ELF32 header is " + EHDR_SIZE + " bytes)");
            }
        }

        private void checkHeaderFields() throws ElfFormatException {
            long version = u32(E_VERSION);
            if (version != EV_CURRENT) {
                throw fail("e_version", E_VERSION, "unsupported ELF version " + version + " (expected 1)");
            }
            int machine = u16(E_MACHINE);
            if (machine != EM_RISCV) {
                throw fail("e_machine", E_MACHINE, "machine " + machine + machineName(machine) + " is not RISC-V (243)");
            }
            int type = u16(E_TYPE);
            if (type != ET_EXEC) {
                String what = switch (type) {
                    case ET_REL -> "relocatable object file (ET_REL); link it into an executable first (e.g. clang -fuse-ld=lld)";
                    case ET_DYN -> "shared object or position-independent executable (ET_DYN) is not supported; link a static executable (-static -no-pie)";
                    case ET_CORE -> "core file (ET_CORE) is not an executable";
                    case ET_NONE -> "file type is ET_NONE, not an executable";
                    default -> String.format("unknown file type 0x%x, not an executable (ET_EXEC)", type);
                };
                throw fail("e_type", E_TYPE, what + "; expected ET_EXEC (2)");
            }
            int ehsize = u16(E_EHSIZE);
            if (ehsize != EHDR_SIZE) {
                throw fail("e_ehsize", E_EHSIZE, "ELF header size " + ehsize + ", expected " + EHDR_SIZE + " for ELF32");
            }
        }

        private static String machineName(int machine) {
            return switch (machine) {
                case 0 -> " (none)";
                case 3 -> " (x86)";
                case 8 -> " (MIPS)";
                case 40 -> " (ARM)";
                case 62 -> " (x86-64)";
                case 183 -> " (AArch64)";
                case 258 -> " (LoongArch)";
                default -> "";
            };
        }

        private void checkTables(int phnum, long phoff, int shnum, long shoff) throws ElfFormatException {
            if (phnum == 0) {
                throw fail("e_phnum", E_PHNUM, "no program headers, so no PT_LOAD segment to load");
            }
            int phentsize = u16(E_PHENTSIZE);
            if (phentsize != PHDR_SIZE) {
                throw fail("e_phentsize", E_PHENTSIZE, "program header size " + phentsize + ", expected " + PHDR_SIZE + " for ELF32");
            }
            long phend = phoff + (long) phnum * PHDR_SIZE;
            if (phend > n) {
                throw fail("program header table", phoff, String.format(
                        "%d entries [0x%x, 0x%x) extend past end of file (size 0x%x), truncated", phnum, phoff, phend, n));
            }
            if (shnum == 0) {
                return;
            }
            int shentsize = u16(E_SHENTSIZE);
            if (shentsize != SHDR_SIZE) {
                throw fail("e_shentsize", E_SHENTSIZE, "section header size " + shentsize + ", expected " + SHDR_SIZE + " for ELF32");
            }
            if (shoff == 0) {
                throw fail("e_shoff", E_SHOFF, "section header table offset is 0 but e_shnum is " + shnum);
            }
            long shend = shoff + (long) shnum * SHDR_SIZE;
            if (shend > n) {
                throw fail("section header table", shoff, String.format(
                        "%d entries [0x%x, 0x%x) extend past end of file (size 0x%x), truncated", shnum, shoff, shend, n));
            }
            int shstrndx = u16(E_SHSTRNDX);
            if (shstrndx >= shnum) {
                throw fail("e_shstrndx", E_SHSTRNDX,
                        "section name string table index " + shstrndx + " out of range (e_shnum is " + shnum + ")");
            }
        }

        // ---------------------------------------------------------------- segments

        private List<Load> readSegments(int phnum, long phoff) throws ElfFormatException {
            List<Load> loads = new ArrayList<>();
            for (int i = 0; i < phnum; i++) {
                long h = phoff + (long) i * PHDR_SIZE;
                if (u32(h + P_TYPE) != PT_LOAD) {
                    continue; // PT_PHDR, PT_GNU_STACK, PT_RISCV_ATTRIBUTES, PT_NOTE, ... carry nothing to load
                }
                String where = "program header " + i;
                long offset = u32(h + P_OFFSET);
                long vaddr = u32(h + P_VADDR);
                long filesz = u32(h + P_FILESZ);
                long memsz = u32(h + P_MEMSZ);
                int flags = (int) u32(h + P_FLAGS);
                if (filesz > memsz) {
                    throw fail(where, h, String.format("p_filesz 0x%x exceeds p_memsz 0x%x", filesz, memsz));
                }
                if (offset + filesz > n) {
                    throw fail(where, h, String.format("segment file range [0x%x, 0x%x) lies past end of file (size 0x%x)",
                            offset, offset + filesz, n));
                }
                if (memsz == 0) {
                    continue; // an empty PT_LOAD occupies no memory
                }
                if (vaddr + memsz > vram) {
                    throw fail(where, h, String.format("segment [0x%x, 0x%x) lies outside VRAM (%s)",
                            vaddr, vaddr + memsz, sizeText(vram)));
                }
                byte[] data = Arrays.copyOfRange(f, (int) offset, (int) (offset + filesz));
                loads.add(new Load(i, h, vaddr, memsz, new Segment((int) vaddr, data, (int) memsz, flags)));
            }
            if (loads.isEmpty()) {
                throw fail("program header table", phoff, "no non-empty PT_LOAD segment among " + phnum + " program headers");
            }
            loads.sort(Comparator.comparingLong(Load::vaddr));
            for (int k = 1; k < loads.size(); k++) {
                Load prev = loads.get(k - 1);
                Load cur = loads.get(k);
                if (cur.vaddr() < prev.end()) {
                    Load later = prev.index() > cur.index() ? prev : cur;
                    Load earlier = later == prev ? cur : prev;
                    throw fail("program header " + later.index(), later.headerOffset(), String.format(
                            "segment [0x%x, 0x%x) overlaps program header %d segment [0x%x, 0x%x)",
                            later.vaddr(), later.end(), earlier.index(), earlier.vaddr(), earlier.end()));
                }
            }
            return loads;
        }

        private void checkEntry(int entry, List<Load> loads) throws ElfFormatException {
            Load holder = null;
            for (Load l : loads) {
                if (l.segment().contains(entry)) {
                    if (l.segment().executable()) {
                        return;
                    }
                    holder = l;
                }
            }
            String why = holder == null
                    ? "is not inside any PT_LOAD segment"
                    : String.format("lies in program header %d segment [0x%x, 0x%x), which is not executable (no PF_X)",
                            holder.index(), holder.vaddr(), holder.end());
            throw fail("e_entry", E_ENTRY, String.format("entry point 0x%x %s", Integer.toUnsignedLong(entry), why));
        }

        // ---------------------------------------------------------------- sections and symbols

        private List<ElfSymbol> readSections(int shnum, long shoff) throws ElfFormatException {
            SectionHeaders headers = sectionHeaders(shnum, shoff);
            Shdr[] sh = headers.sh();
            String[] names = headers.names();
            Shdr symtab = null;
            for (Shdr s : sh) {
                if (s.type() == SHT_SYMTAB) {
                    if (symtab != null) {
                        throw fail("section header " + s.index() + " " + quote(names[s.index()]), s.headerOffset(),
                                "second SHT_SYMTAB (the first is section " + symtab.index() + "); an ELF file has at most one");
                    }
                    symtab = s;
                }
            }
            return symtab == null ? List.of() : readSymbols(sh, names, symtab);
        }

        /** The section headers, their file ranges checked, and their names. */
        private SectionHeaders sectionHeaders(int shnum, long shoff) throws ElfFormatException {
            Shdr[] sh = new Shdr[shnum];
            for (int i = 0; i < shnum; i++) {
                long h = shoff + (long) i * SHDR_SIZE;
                sh[i] = new Shdr(i, h, u32(h + SH_NAME), u32(h + SH_TYPE), u32(h + SH_FLAGS), u32(h + SH_ADDR),
                        u32(h + SH_OFFSET), u32(h + SH_SIZE), u32(h + SH_LINK), u32(h + SH_INFO), u32(h + SH_ENTSIZE));
            }
            // File ranges first: everything after reads section contents.
            for (Shdr s : sh) {
                if (s.type() != SHT_NOBITS && s.type() != SHT_NULL && s.offset() + s.size() > n) {
                    throw fail("section header " + s.index(), s.headerOffset(), String.format(
                            "section contents [0x%x, 0x%x) lie past end of file (size 0x%x)", s.offset(), s.offset() + s.size(), n));
                }
            }
            String[] names = new String[shnum];
            int shstrndx = u16(E_SHSTRNDX);
            if (shstrndx == SHN_UNDEF) {
                Arrays.fill(names, "");
            } else {
                Shdr strtab = sh[shstrndx];
                if (strtab.type() != SHT_STRTAB) {
                    throw fail("e_shstrndx", E_SHSTRNDX, String.format(
                            "section %d is not a string table (sh_type 0x%x, expected SHT_STRTAB 3)", shstrndx, strtab.type()));
                }
                for (Shdr s : sh) {
                    names[s.index()] = string(strtab, s.nameOffset(), "section header " + s.index(), s.headerOffset() + SH_NAME,
                            "sh_name", "section name string table");
                }
            }
            return new SectionHeaders(sh, names);
        }

        private List<ElfSymbol> readSymbols(Shdr[] sh, String[] names, Shdr symtab) throws ElfFormatException {
            String where = "section header " + symtab.index() + " " + quote(names[symtab.index()]);
            if (symtab.entsize() != SYM_SIZE) {
                throw fail(where, symtab.headerOffset() + SH_ENTSIZE,
                        "symbol table sh_entsize " + symtab.entsize() + ", expected " + SYM_SIZE + " for ELF32");
            }
            if (symtab.size() % SYM_SIZE != 0) {
                throw fail(where, symtab.headerOffset() + SH_SIZE,
                        String.format("symbol table size 0x%x is not a multiple of %d", symtab.size(), SYM_SIZE));
            }
            if (symtab.link() >= sh.length) {
                throw fail(where, symtab.headerOffset() + SH_LINK, "sh_link " + symtab.link()
                        + " names a non-existent section (e_shnum is " + sh.length + ")");
            }
            Shdr strtab = sh[(int) symtab.link()];
            if (strtab.type() != SHT_STRTAB) {
                throw fail(where, symtab.headerOffset() + SH_LINK, String.format(
                        "sh_link %d names section %s, which is not a string table (sh_type 0x%x)",
                        strtab.index(), quote(names[strtab.index()]), strtab.type()));
            }
            String strtabName = "string table " + quote(names[strtab.index()]);
            int count = (int) (symtab.size() / SYM_SIZE);
            List<ElfSymbol> symbols = new ArrayList<>();
            for (int i = 1; i < count; i++) { // entry 0 is the reserved null symbol
                long e = symtab.offset() + (long) i * SYM_SIZE;
                String symWhere = "symbol " + i;
                String name = string(strtab, u32(e + ST_NAME), symWhere, e, "st_name", strtabName);
                long value = u32(e + ST_VALUE);
                long size = u32(e + ST_SIZE);
                int info = f[(int) (e + ST_INFO)] & 0xff;
                int shndx = u16(e + ST_SHNDX);
                int type = info & 0xf;
                int bind = info >>> 4;
                String section;
                if (shndx == SHN_UNDEF || shndx >= SHN_LORESERVE) {
                    section = ""; // undefined, SHN_ABS, SHN_COMMON, processor/OS-specific
                } else if (shndx >= sh.length) {
                    throw fail(symWhere + " " + quote(name), e + ST_SHNDX,
                            "st_shndx " + shndx + " names a non-existent section (e_shnum is " + sh.length + ")");
                } else {
                    section = names[shndx];
                }
                if (name.isEmpty() || (type != STT_NOTYPE && type != STT_OBJECT && type != STT_FUNC)) {
                    continue; // STT_SECTION, STT_FILE, TLS, ... and nameless entries
                }
                if (bind == STB_LOCAL && type == STT_NOTYPE && isMappingSymbol(name)) {
                    continue;
                }
                symbols.add(new ElfSymbol(name, (int) value, (int) size, bind != STB_LOCAL, type == STT_FUNC, section));
            }
            return symbols;
        }

        /** RISC-V psABI mapping symbols ({@code $x}, {@code $x<isa>}, {@code $d}) mark code/data, not names. */
        private static boolean isMappingSymbol(String name) {
            return name.startsWith("$x") || name.equals("$d") || name.startsWith("$d.");
        }

        /** A NUL-terminated string at {@code offset} in {@code table}, whose range is already checked. */
        private String string(Shdr table, long offset, String where, long fieldOffset, String field, String tableName)
                throws ElfFormatException {
            if (offset == 0 && table.size() == 0) {
                return ""; // an empty string table still holds the empty name at index 0 (gABI "String Table")
            }
            if (offset >= table.size()) {
                throw fail(where, fieldOffset, String.format("%s 0x%x lies past the end of the %s (size 0x%x)",
                        field, offset, tableName, table.size()));
            }
            int start = (int) (table.offset() + offset);
            int limit = (int) (table.offset() + table.size());
            for (int p = start; p < limit; p++) {
                if (f[p] == 0) {
                    return new String(f, start, p - start, StandardCharsets.UTF_8);
                }
            }
            throw fail(where, fieldOffset, String.format("%s 0x%x: string is not NUL-terminated inside the %s",
                    field, offset, tableName));
        }

        // ---------------------------------------------------------------- helpers

        private int u16(long off) {
            int o = (int) off;
            return (f[o] & 0xff) | (f[o + 1] & 0xff) << 8;
        }

        private long u32(long off) {
            int o = (int) off;
            return ((f[o] & 0xffL) | (f[o + 1] & 0xffL) << 8 | (f[o + 2] & 0xffL) << 16 | (f[o + 3] & 0xffL) << 24);
        }

        private ElfFormatException fail(String where, long offset, String what) {
            return new ElfFormatException(fileName + ": " + printable(where) + " at offset 0x" + Long.toHexString(offset) + ": "
                    + printable(what));
        }
    }

    private static String quote(String name) {
        return "'" + name + "'";
    }

    static String sizeText(long bytes) {
        long kib = 1L << 10;
        long mib = 1L << 20;
        long gib = 1L << 30;
        if (bytes != 0 && bytes % gib == 0) {
            return bytes / gib + " GiB";
        }
        if (bytes != 0 && bytes % mib == 0) {
            return bytes / mib + " MiB";
        }
        if (bytes != 0 && bytes % kib == 0) {
            return bytes / kib + " KiB";
        }
        return String.format(Locale.ROOT, "0x%x bytes", bytes);
    }

    /** Escapes control and line-separator characters so a message stays on one line. */
    static String printable(String s) {
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean bad = Character.isISOControl(c) || c == '\u2028' || c == '\u2029';
            if (bad && b == null) {
                b = new StringBuilder(s.length() + 8).append(s, 0, i);
            }
            if (b != null) {
                if (bad) {
                    b.append(c < 0x100 ? String.format("\\x%02x", (int) c) : String.format("\\u%04x", (int) c));
                } else {
                    b.append(c);
                }
            }
        }
        return b == null ? s : b.toString();
    }
}
