package org.rvsimt.isa.elf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.rvsimt.isa.elf.ElfTestFiles.*;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** One test per rejection rule of {@link ElfReader}; each pins the message text. */
class ElfReaderRulesTest {

    private static String rejected(byte[] f) {
        return rejected(f, VRAM);
    }

    private static String rejected(byte[] f, long vram) {
        ElfFormatException e = catchThrowableOfType(ElfFormatException.class, () -> ElfReader.read(f, NAME, vram));
        assertThat(e).as("expected an ElfFormatException").isNotNull();
        assertGoodMessage(e, NAME);
        return e.getMessage();
    }

    private static String hex(long v) {
        return "0x" + Long.toHexString(v);
    }

    // ---------------------------------------------------------------- ELF header

    @Test
    void emptyFileIsRejected() {
        assertThat(rejected(new byte[0])).isEqualTo("test.elf: ELF header at offset 0x0: file is empty, not an ELF file");
    }

    @Test
    void badMagicIsRejected() {
        byte[] f = twoSegments();
        f[1] = 'X';
        assertThat(rejected(f)).isEqualTo(
                "test.elf: e_ident magic at offset 0x0: bad magic 7f 58 4c 46, not an ELF file (expected 7f 45 4c 46)");
        assertThat(rejected("add a0, a0, a1\n".getBytes(StandardCharsets.US_ASCII))).contains("bad magic 61 64 64 20");
        assertThat(rejected(new byte[] {0x7f, 'E'})).contains("file is 2 bytes, truncated");
    }

    @Test
    void fileShorterThanTheElfHeaderIsRejected() {
        assertThat(rejected(Arrays.copyOf(twoSegments(), 40))).isEqualTo(
                "test.elf: ELF header at offset 0x0: file is 40 bytes, truncated (an ELF32 header is 52 bytes)");
    }

    @Test
    void elf64ClassIsRejected() {
        byte[] f = twoSegments();
        f[Elf.EI_CLASS] = 2;
        assertThat(rejected(f)).isEqualTo(
                "test.elf: e_ident[EI_CLASS] at offset 0x4: ELF64 file (class 2); only ELF32 (class 1, RV32) is supported");
        f[Elf.EI_CLASS] = 0;
        assertThat(rejected(f)).contains("invalid class 0");
    }

    @Test
    void bigEndianIsRejected() {
        byte[] f = twoSegments();
        f[Elf.EI_DATA] = 2;
        assertThat(rejected(f)).isEqualTo("test.elf: e_ident[EI_DATA] at offset 0x5: big-endian file (ELFDATA2MSB); "
                + "only little-endian (ELFDATA2LSB) is supported");
        f[Elf.EI_DATA] = 7;
        assertThat(rejected(f)).contains("invalid data encoding 7");
    }

    @Test
    void wrongIdentVersionIsRejected() {
        byte[] f = twoSegments();
        f[Elf.EI_VERSION] = 0;
        assertThat(rejected(f)).isEqualTo("test.elf: e_ident[EI_VERSION] at offset 0x6: unsupported ELF version 0 (expected 1)");
    }

    @Test
    void wrongVersionIsRejected() {
        byte[] f = twoSegments();
        put32(f, Elf.E_VERSION, 2);
        assertThat(rejected(f)).isEqualTo("test.elf: e_version at offset 0x14: unsupported ELF version 2 (expected 1)");
    }

    @Test
    void wrongMachineIsRejected() {
        byte[] f = twoSegments();
        put16(f, Elf.E_MACHINE, 62);
        assertThat(rejected(f)).isEqualTo("test.elf: e_machine at offset 0x12: machine 62 (x86-64) is not RISC-V (243)");
        put16(f, Elf.E_MACHINE, 0xffff);
        assertThat(rejected(f)).contains("machine 65535 is not RISC-V");
    }

    @Test
    void relocatableObjectIsRejected() {
        byte[] f = twoSegments();
        put16(f, Elf.E_TYPE, Elf.ET_REL);
        assertThat(rejected(f)).startsWith("test.elf: e_type at offset 0x10: relocatable object file (ET_REL)")
                .endsWith("; expected ET_EXEC (2)");
    }

    @Test
    void sharedObjectOrPieIsRejected() {
        byte[] f = twoSegments();
        put16(f, Elf.E_TYPE, Elf.ET_DYN);
        assertThat(rejected(f)).startsWith("test.elf: e_type at offset 0x10: shared object or position-independent executable (ET_DYN)");
    }

    @Test
    void otherFileTypesAreRejected() {
        byte[] f = twoSegments();
        put16(f, Elf.E_TYPE, Elf.ET_CORE);
        assertThat(rejected(f)).contains("core file (ET_CORE)");
        put16(f, Elf.E_TYPE, Elf.ET_NONE);
        assertThat(rejected(f)).contains("ET_NONE");
        put16(f, Elf.E_TYPE, 0xfe00);
        assertThat(rejected(f)).contains("unknown file type 0xfe00");
    }

    @Test
    void wrongElfHeaderSizeIsRejected() {
        byte[] f = twoSegments();
        put16(f, Elf.E_EHSIZE, 64);
        assertThat(rejected(f)).isEqualTo("test.elf: e_ehsize at offset 0x28: ELF header size 64, expected 52 for ELF32");
    }

    @Test
    void wrongProgramHeaderEntrySizeIsRejected() {
        byte[] f = twoSegments();
        put16(f, Elf.E_PHENTSIZE, 56);
        assertThat(rejected(f)).isEqualTo("test.elf: e_phentsize at offset 0x2a: program header size 56, expected 32 for ELF32");
    }

    @Test
    void wrongSectionHeaderEntrySizeIsRejected() {
        byte[] f = twoSegments();
        put16(f, Elf.E_SHENTSIZE, 64);
        assertThat(rejected(f)).isEqualTo("test.elf: e_shentsize at offset 0x2e: section header size 64, expected 40 for ELF32");
    }

    @Test
    void programHeaderTablePastEndOfFileIsRejected() {
        byte[] f = twoSegments();
        put32(f, Elf.E_PHOFF, f.length - 16);
        assertThat(rejected(f)).isEqualTo(String.format("test.elf: program header table at offset 0x%x: 2 entries [0x%x, 0x%x) "
                + "extend past end of file (size 0x%x), truncated", f.length - 16, f.length - 16, f.length + 48, f.length));
        put32(f, Elf.E_PHOFF, 0xffffffff);
        assertThat(rejected(f)).contains("program header table at offset 0xffffffff: 2 entries [0xffffffff, 0x10000003f)");
    }

    @Test
    void sectionHeaderTablePastEndOfFileIsRejected() {
        byte[] full = twoSegments();
        byte[] f = Arrays.copyOf(full, full.length - 1);
        int shoff = u32(f, Elf.E_SHOFF);
        assertThat(rejected(f)).isEqualTo(String.format("test.elf: section header table at offset 0x%x: 6 entries [0x%x, 0x%x) "
                + "extend past end of file (size 0x%x), truncated", shoff, shoff, full.length, f.length));
    }

    @Test
    void sectionHeaderOffsetZeroWithSectionsIsRejected() {
        byte[] f = twoSegments();
        put32(f, Elf.E_SHOFF, 0);
        assertThat(rejected(f)).isEqualTo("test.elf: e_shoff at offset 0x20: section header table offset is 0 but e_shnum is 6");
    }

    // ---------------------------------------------------------------- segments

    @Test
    void noProgramHeadersIsRejected() {
        byte[] f = twoSegments();
        put16(f, Elf.E_PHNUM, 0);
        assertThat(rejected(f)).isEqualTo("test.elf: e_phnum at offset 0x2c: no program headers, so no PT_LOAD segment to load");
    }

    @Test
    void noLoadSegmentIsRejected() {
        byte[] f = twoSegments();
        put32(f, phdr(f, 0) + Elf.P_TYPE, 4); // PT_NOTE
        put32(f, phdr(f, 1) + Elf.P_TYPE, 0x6474e551); // PT_GNU_STACK
        assertThat(rejected(f)).isEqualTo("test.elf: program header table at offset 0x34: no non-empty PT_LOAD segment among 2 program headers");
    }

    @Test
    void segmentFileRangePastEndOfFileIsRejected() {
        byte[] f = twoSegments();
        int h = phdr(f, 0);
        put32(f, h + Elf.P_OFFSET, f.length - 4);
        assertThat(rejected(f)).isEqualTo(String.format("test.elf: program header 0 at offset 0x34: segment file range [0x%x, 0x%x) "
                + "lies past end of file (size 0x%x)", f.length - 4, f.length + 12, f.length));
    }

    @Test
    void hugeFileSizeIsRejectedBeforeAllocating() {
        byte[] f = twoSegments();
        int h = phdr(f, 1);
        put32(f, h + Elf.P_FILESZ, 0xffffffff);
        put32(f, h + Elf.P_MEMSZ, 0xffffffff);
        assertThat(rejected(f)).contains("program header 1 at offset 0x54: segment file range [0x")
                .contains("lies past end of file");
        put32(f, h + Elf.P_OFFSET, 0xffffffff);
        put32(f, h + Elf.P_FILESZ, 0x7fffffff);
        assertThat(rejected(f)).contains("segment file range [0xffffffff, 0x17ffffffe)");
    }

    @Test
    void fileSizeLargerThanMemSizeIsRejected() {
        byte[] f = twoSegments();
        put32(f, phdr(f, 1) + Elf.P_MEMSZ, 8);
        assertThat(rejected(f)).isEqualTo("test.elf: program header 1 at offset 0x54: p_filesz 0xc exceeds p_memsz 0x8");
    }

    @Test
    void segmentOutsideVramIsRejected() {
        byte[] f = twoSegments();
        put32(f, phdr(f, 1) + Elf.P_VADDR, (int) VRAM - 8);
        assertThat(rejected(f)).isEqualTo(
                "test.elf: program header 1 at offset 0x54: segment [0x3fffff8, 0x4000004) lies outside VRAM (64 MiB)");
        put32(f, phdr(f, 1) + Elf.P_VADDR, DATA);
        assertThat(rejected(f, 0x2008)).endsWith("segment [0x2000, 0x200c) lies outside VRAM (0x2008 bytes)");
        assertThat(rejected(f, 0x2000)).endsWith("lies outside VRAM (8 KiB)");
    }

    @Test
    void segmentWhoseEndPasses2To32IsRejectedWithoutWrapping() {
        byte[] f = twoSegments();
        int h = phdr(f, 1);
        put32(f, h + Elf.P_VADDR, 0x10);
        put32(f, h + Elf.P_MEMSZ, 0xfffffff8); // 0x10 + 0xfffffff8 wraps to 0x8 in 32 bits
        assertThat(rejected(f, 1L << 32)).endsWith("program header 1 at offset 0x54: segment [0x10, 0x100000008) lies outside VRAM (4 GiB)");
        put32(f, h + Elf.P_VADDR, 0xfffffff0);
        put32(f, h + Elf.P_MEMSZ, 0x20);
        assertThat(rejected(f, 1L << 32)).endsWith("segment [0xfffffff0, 0x100000010) lies outside VRAM (4 GiB)");
    }

    @Test
    void overlappingSegmentsAreRejected() {
        byte[] f = twoSegments();
        put32(f, phdr(f, 1) + Elf.P_VADDR, TEXT + 8);
        assertThat(rejected(f)).isEqualTo("test.elf: program header 1 at offset 0x54: segment [0x1008, 0x1014) "
                + "overlaps program header 0 segment [0x1000, 0x1010)");
        put32(f, phdr(f, 1) + Elf.P_VADDR, TEXT - 4); // sorted first, still named as the later header
        assertThat(rejected(f)).contains("program header 1 at offset 0x54: segment [0xffc, 0x1008) overlaps program header 0");
    }

    @Test
    void entryOutsideAnySegmentIsRejected() {
        byte[] f = twoSegments();
        put32(f, Elf.E_ENTRY, 0x5000);
        assertThat(rejected(f)).isEqualTo("test.elf: e_entry at offset 0x18: entry point 0x5000 is not inside any PT_LOAD segment");
        put32(f, Elf.E_ENTRY, TEXT + 16); // one past the end of .text
        assertThat(rejected(f)).contains("entry point 0x1010 is not inside any PT_LOAD segment");
    }

    @Test
    void entryInNonExecutableSegmentIsRejected() {
        byte[] f = twoSegments();
        put32(f, Elf.E_ENTRY, DATA + 4);
        assertThat(rejected(f)).isEqualTo("test.elf: e_entry at offset 0x18: entry point 0x2004 lies in program header 1 "
                + "segment [0x2000, 0x200c), which is not executable (no PF_X)");
    }

    // ---------------------------------------------------------------- sections

    @Test
    void sectionNameStringTableIndexOutOfRangeIsRejected() {
        byte[] f = twoSegments();
        put16(f, Elf.E_SHSTRNDX, 6);
        assertThat(rejected(f)).isEqualTo(
                "test.elf: e_shstrndx at offset 0x32: section name string table index 6 out of range (e_shnum is 6)");
    }

    @Test
    void sectionNameStringTableThatIsNotAStringTableIsRejected() {
        byte[] f = twoSegments();
        put16(f, Elf.E_SHSTRNDX, section(f, ".text"));
        assertThat(rejected(f)).isEqualTo(
                "test.elf: e_shstrndx at offset 0x32: section 1 is not a string table (sh_type 0x1, expected SHT_STRTAB 3)");
    }

    @Test
    void sectionNameOffsetPastItsStringTableIsRejected() {
        byte[] f = twoSegments();
        int h = shdr(f, 2);
        int size = u32(f, shdr(f, section(f, ".shstrtab")) + Elf.SH_SIZE);
        put32(f, h + Elf.SH_NAME, 0x1000);
        assertThat(rejected(f)).isEqualTo(String.format("test.elf: section header 2 at offset 0x%x: sh_name 0x1000 lies past "
                + "the end of the section name string table (size 0x%x)", h, size));
    }

    @Test
    void sectionRangePastEndOfFileIsRejected() {
        byte[] f = twoSegments();
        int h = shdr(f, section(f, ".strtab"));
        put32(f, h + Elf.SH_OFFSET, f.length - 2);
        int size = u32(f, h + Elf.SH_SIZE);
        assertThat(rejected(f)).isEqualTo(String.format("test.elf: section header 4 at offset 0x%x: section contents [0x%x, 0x%x) "
                + "lie past end of file (size 0x%x)", h, f.length - 2, f.length - 2 + size, f.length));
        f = twoSegments();
        put32(f, shdr(f, section(f, ".data")) + Elf.SH_SIZE, 0xffffffff);
        assertThat(rejected(f)).contains("section header 2 at offset").contains("lie past end of file");
    }

    @Test
    void nobitsSectionNeedsNoFileRange() throws Exception {
        byte[] f = threeSegments();
        put32(f, shdr(f, section(f, ".bss")) + Elf.SH_OFFSET, 0xffffff00);
        assertThat(ElfReader.read(f, NAME, VRAM).symbol("counter")).map(ElfSymbol::section).contains(".bss");
    }

    @Test
    void secondSymbolTableIsRejected() {
        byte[] f = twoSegments();
        put32(f, shdr(f, 2) + Elf.SH_TYPE, Elf.SHT_SYMTAB);
        assertThat(rejected(f)).contains("section header 3 '.symtab' at offset")
                .endsWith("second SHT_SYMTAB (the first is section 2); an ELF file has at most one");
    }

    // ---------------------------------------------------------------- symbols

    @Test
    void symtabLinkToNonExistentSectionIsRejected() {
        byte[] f = twoSegments();
        int h = shdr(f, section(f, ".symtab"));
        put32(f, h + Elf.SH_LINK, 99);
        assertThat(rejected(f)).isEqualTo(String.format(
                "test.elf: section header 3 '.symtab' at offset %s: sh_link 99 names a non-existent section (e_shnum is 6)",
                hex(h + Elf.SH_LINK)));
    }

    @Test
    void symtabLinkToSectionThatIsNotAStringTableIsRejected() {
        byte[] f = twoSegments();
        int h = shdr(f, section(f, ".symtab"));
        put32(f, h + Elf.SH_LINK, 1);
        assertThat(rejected(f)).isEqualTo(String.format("test.elf: section header 3 '.symtab' at offset %s: sh_link 1 names "
                + "section '.text', which is not a string table (sh_type 0x1)", hex(h + Elf.SH_LINK)));
    }

    @Test
    void symtabEntrySizeWrongIsRejected() {
        byte[] f = twoSegments();
        int h = shdr(f, section(f, ".symtab"));
        put32(f, h + Elf.SH_ENTSIZE, 24);
        assertThat(rejected(f)).endsWith("'.symtab' at offset " + hex(h + Elf.SH_ENTSIZE)
                + ": symbol table sh_entsize 24, expected 16 for ELF32");
        put32(f, h + Elf.SH_ENTSIZE, 16);
        put32(f, h + Elf.SH_SIZE, u32(f, h + Elf.SH_SIZE) - 1);
        assertThat(rejected(f)).endsWith("symbol table size 0x5f is not a multiple of 16");
    }

    @Test
    void symbolNameOffsetPastItsStringTableIsRejected() {
        byte[] f = twoSegments();
        int e = sym(f, 2);
        put32(f, e + Elf.ST_NAME, 0xffff);
        int size = u32(f, shdr(f, section(f, ".strtab")) + Elf.SH_SIZE);
        assertThat(rejected(f)).isEqualTo(String.format("test.elf: symbol 2 at offset %s: st_name 0xffff lies past the end of "
                + "the string table '.strtab' (size 0x%x)", hex(e), size));
    }

    @Test
    void unterminatedStringIsRejected() {
        byte[] f = twoSegments();
        int h = shdr(f, section(f, ".strtab"));
        f[u32(f, h + Elf.SH_OFFSET) + u32(f, h + Elf.SH_SIZE) - 1] = 'x'; // the last name loses its NUL
        assertThat(rejected(f)).matches("test\\.elf: symbol 5 at offset 0x[0-9a-f]+: st_name 0x[0-9a-f]+: string is not "
                + "NUL-terminated inside the string table '.strtab'");
    }

    @Test
    void symbolSectionIndexOutOfRangeIsRejected() {
        byte[] f = twoSegments();
        int e = sym(f, 3);
        put16(f, e + Elf.ST_SHNDX, 100);
        assertThat(rejected(f)).isEqualTo(String.format(
                "test.elf: symbol 3 'main' at offset %s: st_shndx 100 names a non-existent section (e_shnum is 6)",
                hex(e + Elf.ST_SHNDX)));
    }

    @Test
    void reservedSymbolSectionIndicesMeanNoSection() throws Exception {
        byte[] f = twoSegments();
        put16(f, sym(f, 3) + Elf.ST_SHNDX, 0xfff2); // SHN_COMMON
        put16(f, sym(f, 4) + Elf.ST_SHNDX, 0); // SHN_UNDEF
        ElfImage image = ElfReader.read(f, NAME, VRAM);
        assertThat(image.symbol("main")).map(ElfSymbol::section).contains("");
        assertThat(image.symbol("table")).map(ElfSymbol::section).contains("");
    }

    // ---------------------------------------------------------------- messages

    @Test
    void messagesStayOnOneLineWhateverTheNames() {
        byte[] f = twoSegments();
        int strtab = shdr(f, u16(f, Elf.E_SHSTRNDX));
        int name = u32(f, strtab + Elf.SH_OFFSET) + u32(f, shdr(f, section(f, ".symtab")) + Elf.SH_NAME);
        f[name + 4] = '\n'; // ".sym\nab"
        f[name + 5] = (byte) 0xc2; // U+0085 NEXT LINE in UTF-8
        f[name + 6] = (byte) 0x85;
        put32(f, shdr(f, 3) + Elf.SH_ENTSIZE, 0);
        ElfFormatException e = catchThrowableOfType(ElfFormatException.class, () -> ElfReader.read(f, "two\nlines.elf", VRAM));
        assertThat(e.getMessage()).doesNotContain("\n").startsWith("two\\x0alines.elf: section header 3 '.sym\\x0a\\x85' at offset");
    }
}
