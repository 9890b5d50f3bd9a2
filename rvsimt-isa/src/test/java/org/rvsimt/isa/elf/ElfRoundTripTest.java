package org.rvsimt.isa.elf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.rvsimt.isa.elf.ElfTestFiles.*;

import java.util.List;
import org.junit.jupiter.api.Test;

class ElfRoundTripTest {

    private static ElfImage read(byte[] f) throws ElfFormatException {
        ElfImage image = ElfReader.read(f, NAME, VRAM);
        assertSane(image, VRAM);
        return image;
    }

    @Test
    void entryAndSegmentsSurviveTheRoundTrip() throws Exception {
        ElfImage image = read(threeSegments());
        assertThat(image.entry()).isEqualTo(TEXT);
        assertThat(image.segments()).containsExactly(
                new Segment(TEXT, words(CODE), 16, Segment.PF_R | Segment.PF_X),
                new Segment(DATA, words(1, 2, 3), 12, Segment.PF_R | Segment.PF_W),
                new Segment(BSS, new byte[0], 0x40, Segment.PF_R | Segment.PF_W));
    }

    @Test
    void bssIsNobitsWithFileSizeZeroAndMemSizeItsSize() throws Exception {
        byte[] f = threeSegments();
        int bss = section(f, ".bss");
        assertThat(u32(f, shdr(f, bss) + Elf.SH_TYPE)).isEqualTo(Elf.SHT_NOBITS);
        assertThat(u32(f, shdr(f, bss) + Elf.SH_SIZE)).isEqualTo(0x40);
        int ph = phdrAt(f, BSS);
        assertThat(u32(f, phdr(f, ph) + Elf.P_FILESZ)).isZero();
        assertThat(u32(f, phdr(f, ph) + Elf.P_MEMSZ)).isEqualTo(0x40);
        Segment s = read(f).segments().get(2);
        assertThat(s.data()).isEmpty();
        assertThat(s.memSize()).isEqualTo(0x40);
    }

    @Test
    void symbolsSurviveTheRoundTripWithLocalsFirst() throws Exception {
        ElfImage image = read(twoSegments());
        assertThat(image.symbols()).containsExactly(
                new ElfSymbol("helper", TEXT + 8, 8, false, true, ".text"),
                new ElfSymbol("loop", TEXT + 4, 0, false, false, ".text"),
                new ElfSymbol("main", TEXT, 8, true, true, ".text"),
                new ElfSymbol("table", DATA, 0, true, false, ".data"),
                new ElfSymbol("STACK_TOP", 0x3f0000, 0, true, false, ""));
        assertThat(image.symbol("table")).map(ElfSymbol::value).contains(DATA);
        assertThat(image.symbol("missing")).isEmpty();
    }

    @Test
    void symbolLookupPrefersAGlobalOverALocalOfTheSameName() throws Exception {
        byte[] f = ElfWriter.write(TEXT, List.of(ElfSection.text(".text", TEXT, words(CODE))), List.of(
                new ElfSymbolDef("f", TEXT + 4, ".text", false, true),
                new ElfSymbolDef("f", TEXT + 8, ".text", true, true),
                new ElfSymbolDef("g", TEXT + 12, ".text", false, false),
                new ElfSymbolDef("g", TEXT, ".text", false, false)));
        ElfImage image = read(f);
        assertThat(image.symbol("f")).map(ElfSymbol::value).contains(TEXT + 8);
        assertThat(image.symbol("g")).map(ElfSymbol::value).contains(TEXT + 12);
    }

    @Test
    void symtabHasNullSymbolFirstLocalsBeforeGlobalsAndShInfoIsTheFirstGlobal() {
        byte[] f = twoSegments();
        int symtab = shdr(f, section(f, ".symtab"));
        assertThat(u32(f, symtab + Elf.SH_INFO)).isEqualTo(3); // null, helper, loop
        assertThat(u32(f, symtab + Elf.SH_LINK)).isEqualTo(section(f, ".strtab"));
        assertThat(u32(f, symtab + Elf.SH_ENTSIZE)).isEqualTo(16);
        for (int b = 0; b < 16; b++) {
            assertThat(f[sym(f, 0) + b]).isZero();
        }
        int symbols = u32(f, symtab + Elf.SH_SIZE) / 16;
        for (int i = 1; i < symbols; i++) {
            int bind = (f[sym(f, i) + Elf.ST_INFO] & 0xff) >>> 4;
            assertThat(bind).isEqualTo(i < 3 ? Elf.STB_LOCAL : Elf.STB_GLOBAL);
        }
    }

    @Test
    void symbolTypesAreFuncForFunctionsObjectForDataAndAbsForAbsolute() {
        byte[] f = twoSegments();
        // order written: helper, loop, main, table, STACK_TOP
        assertThat(f[sym(f, 1) + Elf.ST_INFO] & 0xf).isEqualTo(Elf.STT_FUNC);
        assertThat(f[sym(f, 2) + Elf.ST_INFO] & 0xf).isEqualTo(Elf.STT_NOTYPE);
        assertThat(f[sym(f, 4) + Elf.ST_INFO] & 0xf).isEqualTo(Elf.STT_OBJECT);
        assertThat(f[sym(f, 5) + Elf.ST_INFO] & 0xf).isEqualTo(Elf.STT_NOTYPE);
        assertThat(u16(f, sym(f, 5) + Elf.ST_SHNDX)).isEqualTo(Elf.SHN_ABS);
        assertThat(u16(f, sym(f, 3) + Elf.ST_SHNDX)).isEqualTo(section(f, ".text"));
    }

    @Test
    void headerIsEt_ExecRiscvWithSingleFloatAbiFlags() {
        byte[] f = twoSegments();
        assertThat(u16(f, Elf.E_TYPE)).isEqualTo(Elf.ET_EXEC);
        assertThat(u16(f, Elf.E_MACHINE)).isEqualTo(243);
        assertThat(u32(f, Elf.E_FLAGS)).isEqualTo(0x2);
        assertThat(u16(f, Elf.E_SHSTRNDX)).isEqualTo(section(f, ".shstrtab"));
        assertThat(u32(f, Elf.E_SHOFF) + shnum(f) * Elf.SHDR_SIZE).as("section headers end the file").isEqualTo(f.length);
    }

    @Test
    void programHeadersAreSortedAlignedAndCongruentToTheirAddresses() {
        byte[] f = ElfWriter.write(0x4002, List.of(
                ElfSection.data(".data", 0x8005, words(7)),
                ElfSection.text(".text", 0x4002, words(CODE)),
                ElfSection.rodata(".rodata", 0x6000, new byte[] {1, 2, 3})), List.of());
        int prev = -1;
        for (int i = 0; i < phnum(f); i++) {
            int h = phdr(f, i);
            assertThat(u32(f, h + Elf.P_TYPE)).isEqualTo(Elf.PT_LOAD);
            int vaddr = u32(f, h + Elf.P_VADDR);
            assertThat(vaddr).isGreaterThan(prev);
            prev = vaddr;
            assertThat(u32(f, h + Elf.P_ALIGN)).isEqualTo(ElfWriter.SEGMENT_ALIGN);
            assertThat(u32(f, h + Elf.P_OFFSET) % ElfWriter.SEGMENT_ALIGN).isEqualTo(vaddr % ElfWriter.SEGMENT_ALIGN);
            assertThat(u32(f, h + Elf.P_PADDR)).isEqualTo(vaddr);
        }
        assertThat(u32(f, phdr(f, 0) + Elf.P_FLAGS)).isEqualTo(Segment.PF_R | Segment.PF_X);
        assertThat(u32(f, phdr(f, 1) + Elf.P_FLAGS)).isEqualTo(Segment.PF_R);
        assertThat(u32(f, phdr(f, 2) + Elf.P_FLAGS)).isEqualTo(Segment.PF_R | Segment.PF_W);
        assertThat(u32(f, shdr(f, section(f, ".data")) + Elf.SH_ADDRALIGN)).isEqualTo(1);
        assertThat(u32(f, shdr(f, section(f, ".text")) + Elf.SH_ADDRALIGN)).isEqualTo(2);
        assertThat(u32(f, shdr(f, section(f, ".rodata")) + Elf.SH_ADDRALIGN)).isEqualTo(16);
    }

    @Test
    void nonAllocatedAndEmptySectionsGetNoSegment() throws Exception {
        byte[] f = ElfWriter.write(TEXT, List.of(
                ElfSection.text(".text", TEXT, words(CODE)),
                ElfSection.data(".data", DATA, new byte[0]),
                new ElfSection(".note", 0x1234, new byte[] {9, 9}, 2, false, false, false, false)), List.of());
        assertThat(phnum(f)).isEqualTo(1);
        assertThat(u32(f, shdr(f, section(f, ".note")) + Elf.SH_ADDR)).isZero();
        assertThat(read(f).segments()).hasSize(1);
    }

    @Test
    void elfWithoutSectionHeadersIsAcceptedWithoutSymbols() throws Exception {
        byte[] f = twoSegments();
        put16(f, Elf.E_SHNUM, 0);
        put32(f, Elf.E_SHOFF, 0);
        put16(f, Elf.E_SHSTRNDX, 0);
        ElfImage image = read(f);
        assertThat(image.symbols()).isEmpty();
        assertThat(image.segments()).hasSize(2);
    }

    @Test
    void nonLoadProgramHeadersAreIgnored() throws Exception {
        byte[] f = threeSegments();
        put32(f, phdr(f, phdrAt(f, DATA)) + Elf.P_TYPE, 0x70000003); // PT_RISCV_ATTRIBUTES
        put32(f, phdr(f, phdrAt(f, BSS)) + Elf.P_TYPE, 0x6474e551); // PT_GNU_STACK
        assertThat(read(f).segments()).extracting(Segment::vaddr).containsExactly(TEXT);
    }

    @Test
    void sectionFileAndNamelessSymbolsAreSkipped() throws Exception {
        byte[] f = twoSegments();
        f[sym(f, 1) + Elf.ST_INFO] = 3;  // helper -> STT_SECTION
        f[sym(f, 2) + Elf.ST_INFO] = 4;  // loop -> STT_FILE
        put32(f, sym(f, 3) + Elf.ST_NAME, 0); // main -> nameless
        assertThat(read(f).symbols()).extracting(ElfSymbol::name).containsExactly("table", "STACK_TOP");
    }

    @Test
    void riscvMappingSymbolsAreSkipped() throws Exception {
        byte[] f = ElfWriter.write(TEXT, List.of(ElfSection.text(".text", TEXT, words(CODE))), List.of(
                new ElfSymbolDef("$x", TEXT, ".text", false, false),
                new ElfSymbolDef("$xrv32i2p1_m2p0", TEXT, ".text", false, false),
                new ElfSymbolDef("$d", TEXT + 4, ".text", false, false),
                new ElfSymbolDef("$dollar", TEXT + 4, ".text", false, false),
                new ElfSymbolDef("$x", TEXT, ".text", true, false)));
        assertThat(read(f).symbols()).extracting(ElfSymbol::name, ElfSymbol::global)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("$dollar", false), org.assertj.core.groups.Tuple.tuple("$x", true));
    }

    @Test
    void weakSymbolsCountAsGlobal() throws Exception {
        byte[] f = twoSegments();
        f[sym(f, 1) + Elf.ST_INFO] = (byte) (2 << 4 | Elf.STT_FUNC); // helper -> STB_WEAK
        assertThat(read(f).symbol("helper")).map(ElfSymbol::global).contains(true);
    }

    @Test
    void looksLikeElfChecksOnlyTheMagic() {
        assertThat(ElfReader.looksLikeElf(twoSegments())).isTrue();
        assertThat(ElfReader.looksLikeElf(new byte[] {0x7f, 'E', 'L', 'F'})).isTrue();
        assertThat(ElfReader.looksLikeElf(new byte[] {0x7f, 'E', 'L'})).isFalse();
        assertThat(ElfReader.looksLikeElf("addi a0, a0, 1\n".getBytes())).isFalse();
        assertThat(ElfReader.looksLikeElf(new byte[0])).isFalse();
        assertThat(ElfReader.looksLikeElf(null)).isFalse();
    }

    @Test
    void segmentEndingExactlyAtTheEndOfVramIsAccepted() throws Exception {
        byte[] f = ElfWriter.write(TEXT, List.of(ElfSection.text(".text", TEXT, words(CODE)),
                ElfSection.bss(".bss", (int) VRAM - 0x100, 0x100)), List.of());
        assertThat(read(f).segments()).hasSize(2);
    }

    @Test
    void writerRejectsInconsistentInput() {
        byte[] code = words(CODE);
        assertThatThrownBy(() -> ElfWriter.write(0, List.of(ElfSection.text(".text", 0, code),
                ElfSection.data(".data", 8, code)), List.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("overlap");
        assertThatThrownBy(() -> ElfWriter.write(0, List.of(new ElfSection(".text", 0, code, 4, true, false, true, false)), List.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("size");
        assertThatThrownBy(() -> ElfWriter.write(0, List.of(new ElfSection(".bss", 0, code, 16, true, true, false, true)), List.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("NOBITS");
        assertThatThrownBy(() -> ElfWriter.write(0, List.of(ElfSection.text(".text", 0, code)),
                List.of(new ElfSymbolDef("x", 0, ".data", true, false))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("unknown section");
        assertThatThrownBy(() -> ElfWriter.write(0, List.of(ElfSection.bss(".bss", 0xffffff00, 0x200)), List.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("2^32");
        assertThatThrownBy(() -> ElfReader.read(new byte[0], NAME, -1)).isInstanceOf(IllegalArgumentException.class);
    }
}
