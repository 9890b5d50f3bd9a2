package org.rvsimt.isa.elf;

import static org.rvsimt.isa.elf.Elf.*;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Writes an ELF32 little-endian RISC-V executable ({@code ET_EXEC}, {@code e_flags} =
 * {@code EF_RISCV_FLOAT_ABI_SINGLE}) that {@link ElfReader}, {@code llvm-objdump} and
 * {@code llvm-readelf} read.
 *
 * <p>File layout: ELF header, program headers, the sections' contents in the order given, then
 * {@code .symtab}, {@code .strtab}, {@code .shstrtab} and last the section header table. Each
 * allocated section of non-zero size gets its own {@code PT_LOAD} (flags R, plus X for
 * {@code exec}, plus W for {@code write}; {@code p_filesz} = 0 for {@code nobits}), sorted by
 * address. Every {@code PT_LOAD} has {@code p_align} = {@value #SEGMENT_ALIGN} and a file offset
 * congruent to its address modulo {@value #SEGMENT_ALIGN} (gABI "Program Header": "p_vaddr should
 * equal p_offset, modulo p_align").
 *
 * <p>Section header 0 is the null section, then the given sections in order (index = position +
 * 1), then {@code .symtab}, {@code .strtab}, {@code .shstrtab}. The symbol table holds the null
 * symbol, then the local symbols, then the global ones ({@code sh_info} = index of the first
 * global), each group in the order given. A function symbol is {@code STT_FUNC} with
 * {@code st_size} = distance to the next function symbol in its section (or to the section's end);
 * a symbol in an allocated non-executable section is {@code STT_OBJECT}; anything else is
 * {@code STT_NOTYPE} with size 0. Absolute symbols ({@code section == null}) use {@code SHN_ABS}.
 */
public final class ElfWriter {

    /** {@code p_align} of every PT_LOAD, and the largest {@code sh_addralign} written. */
    public static final int SEGMENT_ALIGN = 16;

    private static final int SYMTAB_ALIGN = 4;

    private ElfWriter() { }

    /**
     * @throws IllegalArgumentException if a section's size disagrees with its data, allocated
     *         sections overlap or pass 2^32, or a symbol names a section that is not in the list
     */
    public static byte[] write(int entry, List<ElfSection> sections, List<ElfSymbolDef> symbols) {
        Objects.requireNonNull(sections, "sections");
        Objects.requireNonNull(symbols, "symbols");
        validate(sections);
        Map<String, Integer> sectionIndex = new HashMap<>();
        for (int i = 0; i < sections.size(); i++) {
            sectionIndex.putIfAbsent(sections.get(i).name(), i + 1);
        }

        List<Integer> loadable = new ArrayList<>(); // indices into sections, by address
        for (int i = 0; i < sections.size(); i++) {
            ElfSection s = sections.get(i);
            if (s.alloc() && s.size() != 0) {
                loadable.add(i);
            }
        }
        loadable.sort(Comparator.comparingLong(i -> Integer.toUnsignedLong(sections.get(i).address())));
        int phnum = loadable.size();

        // Lay out the sections' contents.
        long[] offsets = new long[sections.size()];
        long off = EHDR_SIZE + (long) phnum * PHDR_SIZE;
        for (int i = 0; i < sections.size(); i++) {
            ElfSection s = sections.get(i);
            if (s.alloc()) {
                off += (s.address() - off) & (SEGMENT_ALIGN - 1); // off == address (mod SEGMENT_ALIGN)
            }
            offsets[i] = off;
            if (!s.nobits()) {
                off += s.size();
            }
        }

        // Symbol and string tables.
        StringTable strtab = new StringTable();
        List<ElfSymbolDef> ordered = new ArrayList<>();
        for (ElfSymbolDef d : symbols) {
            checkSymbol(d, sectionIndex);
            if (!d.global()) {
                ordered.add(d);
            }
        }
        int firstGlobal = ordered.size() + 1;
        for (ElfSymbolDef d : symbols) {
            if (d.global()) {
                ordered.add(d);
            }
        }
        ByteBuffer symtab = le((ordered.size() + 1) * SYM_SIZE);
        symtab.position(SYM_SIZE); // null symbol
        for (ElfSymbolDef d : ordered) {
            ElfSection sec = d.section() == null ? null : sections.get(sectionIndex.get(d.section()) - 1);
            int type = d.function() ? STT_FUNC : sec != null && sec.alloc() && !sec.exec() ? STT_OBJECT : STT_NOTYPE;
            symtab.putInt(strtab.add(d.name()));
            symtab.putInt(d.value());
            symtab.putInt(d.function() ? functionSize(d, sec, symbols) : 0);
            symtab.put((byte) ((d.global() ? STB_GLOBAL : STB_LOCAL) << 4 | type));
            symtab.put((byte) 0); // STV_DEFAULT
            symtab.putShort((short) (sec == null ? SHN_ABS : sectionIndex.get(d.section())));
        }

        StringTable shstrtab = new StringTable();
        int[] nameOffsets = new int[sections.size()];
        for (int i = 0; i < sections.size(); i++) {
            nameOffsets[i] = shstrtab.add(sections.get(i).name());
        }
        int symtabName = shstrtab.add(".symtab");
        int strtabName = shstrtab.add(".strtab");
        int shstrtabName = shstrtab.add(".shstrtab");
        byte[] strBytes = strtab.bytes();
        byte[] shstrBytes = shstrtab.bytes();

        off = align(off, SYMTAB_ALIGN);
        long symtabOff = off;
        off += symtab.capacity();
        long strtabOff = off;
        off += strBytes.length;
        long shstrtabOff = off;
        off += shstrBytes.length;
        long shoff = align(off, 4);
        int shnum = sections.size() + 4;
        if (shnum >= SHN_LORESERVE) {
            throw new IllegalArgumentException("too many sections: " + sections.size());
        }
        long total = shoff + (long) shnum * SHDR_SIZE;
        if (total > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("ELF file would be " + total + " bytes");
        }

        ByteBuffer out = le((int) total);
        // ELF header
        out.put(new byte[] {0x7f, 'E', 'L', 'F', ELFCLASS32, ELFDATA2LSB, EV_CURRENT});
        out.position(E_TYPE);
        out.putShort((short) ET_EXEC);
        out.putShort((short) EM_RISCV);
        out.putInt(EV_CURRENT);
        out.putInt(entry);
        out.putInt(phnum == 0 ? 0 : EHDR_SIZE);
        out.putInt((int) shoff);
        out.putInt(EF_RISCV_FLOAT_ABI_SINGLE);
        out.putShort((short) EHDR_SIZE);
        out.putShort((short) PHDR_SIZE);
        out.putShort((short) phnum);
        out.putShort((short) SHDR_SIZE);
        out.putShort((short) shnum);
        out.putShort((short) (shnum - 1));

        // Program headers
        for (int i : loadable) {
            ElfSection s = sections.get(i);
            long fileOff = offsets[i];
            out.putInt(PT_LOAD);
            out.putInt((int) fileOff);
            out.putInt(s.address());
            out.putInt(s.address());
            out.putInt(s.nobits() ? 0 : s.size());
            out.putInt(s.size());
            out.putInt(Segment.PF_R | (s.write() ? Segment.PF_W : 0) | (s.exec() ? Segment.PF_X : 0));
            out.putInt(SEGMENT_ALIGN);
        }

        // Contents
        for (int i = 0; i < sections.size(); i++) {
            ElfSection s = sections.get(i);
            if (!s.nobits()) {
                out.put((int) offsets[i], s.data());
            }
        }
        out.put((int) symtabOff, symtab.array());
        out.put((int) strtabOff, strBytes);
        out.put((int) shstrtabOff, shstrBytes);

        // Section headers
        out.position((int) shoff + SHDR_SIZE); // header 0 is all zero
        for (int i = 0; i < sections.size(); i++) {
            ElfSection s = sections.get(i);
            int flags = (s.alloc() ? SHF_ALLOC : 0) | (s.write() ? SHF_WRITE : 0) | (s.exec() ? SHF_EXECINSTR : 0);
            sectionHeader(out, nameOffsets[i], s.nobits() ? SHT_NOBITS : SHT_PROGBITS, flags, s.alloc() ? s.address() : 0,
                    offsets[i], s.size(), 0, 0, s.alloc() ? addressAlign(s.address()) : 1, 0);
        }
        sectionHeader(out, symtabName, SHT_SYMTAB, 0, 0, symtabOff, symtab.capacity(), shnum - 2, firstGlobal,
                SYMTAB_ALIGN, SYM_SIZE);
        sectionHeader(out, strtabName, SHT_STRTAB, 0, 0, strtabOff, strBytes.length, 0, 0, 1, 0);
        sectionHeader(out, shstrtabName, SHT_STRTAB, 0, 0, shstrtabOff, shstrBytes.length, 0, 0, 1, 0);
        return out.array();
    }

    private static void validate(List<ElfSection> sections) {
        List<ElfSection> alloc = new ArrayList<>();
        for (ElfSection s : sections) {
            Objects.requireNonNull(s, "section");
            Objects.requireNonNull(s.name(), "section name");
            Objects.requireNonNull(s.data(), "section data");
            if (s.name().indexOf('\0') >= 0) {
                throw new IllegalArgumentException("section name contains NUL: " + s.name());
            }
            if (s.size() < 0) {
                throw new IllegalArgumentException(s + ": negative size");
            }
            if (s.nobits() ? s.data().length != 0 : s.data().length != s.size()) {
                throw new IllegalArgumentException(s + ": data is " + s.data().length + " bytes but size is " + s.size()
                        + (s.nobits() ? " (a NOBITS section has no data)" : ""));
            }
            if (s.alloc()) {
                if (Integer.toUnsignedLong(s.address()) + s.size() > 1L << 32) {
                    throw new IllegalArgumentException(s + ": ends past 2^32");
                }
                if (s.size() != 0) {
                    alloc.add(s);
                }
            }
        }
        alloc.sort(Comparator.comparingLong(s -> Integer.toUnsignedLong(s.address())));
        for (int i = 1; i < alloc.size(); i++) {
            ElfSection a = alloc.get(i - 1);
            ElfSection b = alloc.get(i);
            if (Integer.toUnsignedLong(b.address()) < Integer.toUnsignedLong(a.address()) + a.size()) {
                throw new IllegalArgumentException("sections overlap: " + a + " and " + b);
            }
        }
    }

    private static void checkSymbol(ElfSymbolDef d, Map<String, Integer> sectionIndex) {
        Objects.requireNonNull(d, "symbol");
        Objects.requireNonNull(d.name(), "symbol name");
        if (d.name().isEmpty() || d.name().indexOf('\0') >= 0) {
            throw new IllegalArgumentException("symbol name must be non-empty and contain no NUL: '" + d.name() + "'");
        }
        if (d.section() != null && !sectionIndex.containsKey(d.section())) {
            throw new IllegalArgumentException("symbol " + d.name() + " names unknown section " + d.section());
        }
    }

    /** Distance from a function symbol to the next function symbol in its section, or to the section end. */
    private static int functionSize(ElfSymbolDef d, ElfSection sec, List<ElfSymbolDef> all) {
        if (sec == null) {
            return 0;
        }
        long start = Integer.toUnsignedLong(sec.address());
        long end = start + sec.size();
        long v = Integer.toUnsignedLong(d.value());
        if (v < start || v >= end) {
            return 0;
        }
        long next = end;
        for (ElfSymbolDef o : all) {
            long w = Integer.toUnsignedLong(o.value());
            if (o.function() && sec.name().equals(o.section()) && w > v && w < next) {
                next = w;
            }
        }
        return (int) (next - v);
    }

    private static int addressAlign(int address) {
        return address == 0 ? SEGMENT_ALIGN : Math.min(SEGMENT_ALIGN, Integer.lowestOneBit(address));
    }

    private static void sectionHeader(ByteBuffer out, int name, int type, int flags, int addr, long offset, int size,
                                      int link, int info, int addralign, int entsize) {
        out.putInt(name);
        out.putInt(type);
        out.putInt(flags);
        out.putInt(addr);
        out.putInt((int) offset);
        out.putInt(size);
        out.putInt(link);
        out.putInt(info);
        out.putInt(addralign);
        out.putInt(entsize);
    }

    private static long align(long v, int a) {
        return (v + a - 1) & -(long) a;
    }

    private static ByteBuffer le(int size) {
        return ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** A string table: index 0 is the empty string; equal strings share one entry. */
    private static final class StringTable {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final Map<String, Integer> offsets = new HashMap<>();

        StringTable() {
            bytes.write(0);
            offsets.put("", 0);
        }

        int add(String s) {
            Integer known = offsets.get(s);
            if (known != null) {
                return known;
            }
            int at = bytes.size();
            bytes.writeBytes(s.getBytes(StandardCharsets.UTF_8));
            bytes.write(0);
            offsets.put(s, at);
            return at;
        }

        byte[] bytes() {
            return bytes.toByteArray();
        }
    }
}
