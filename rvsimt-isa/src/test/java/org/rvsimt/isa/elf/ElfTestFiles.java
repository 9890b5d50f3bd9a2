package org.rvsimt.isa.elf;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;

/** Fixtures and byte-patching helpers shared by the ELF tests. */
final class ElfTestFiles {

    static final long VRAM = 64L << 20;
    static final String NAME = "test.elf";

    static final int TEXT = 0x1000;
    static final int DATA = 0x2000;
    static final int BSS = 0x2100;

    /** add a0,a0,a1 / mul a0,a0,a1 / fadd.s fa0,fa0,fa1 / ret. */
    static final int[] CODE = {0x00b50533, 0x02b50533, 0x00b57553, 0x00008067};

    private ElfTestFiles() { }

    static byte[] words(int... w) {
        byte[] b = new byte[w.length * 4];
        for (int i = 0; i < w.length; i++) {
            put32(b, i * 4, w[i]);
        }
        return b;
    }

    static List<ElfSymbolDef> symbols() {
        return List.of(
                new ElfSymbolDef("main", TEXT, ".text", true, true),
                new ElfSymbolDef("helper", TEXT + 8, ".text", false, true),
                new ElfSymbolDef("loop", TEXT + 4, ".text", false, false),
                new ElfSymbolDef("table", DATA, ".data", true, false),
                new ElfSymbolDef("STACK_TOP", 0x3f0000, null, true, false));
    }

    /** Two PT_LOAD segments (text, data) and five symbols: the fuzzing seed. */
    static byte[] twoSegments() {
        return ElfWriter.write(TEXT, List.of(
                ElfSection.text(".text", TEXT, words(CODE)),
                ElfSection.data(".data", DATA, words(1, 2, 3))), symbols());
    }

    /** Text, data and bss, plus a non-allocated comment section. */
    static byte[] threeSegments() {
        return ElfWriter.write(TEXT, List.of(
                ElfSection.text(".text", TEXT, words(CODE)),
                ElfSection.data(".data", DATA, words(1, 2, 3)),
                ElfSection.bss(".bss", BSS, 0x40),
                new ElfSection(".comment", 0, "rvsimt\0".getBytes(StandardCharsets.US_ASCII), 7, false, false, false, false)),
                List.of(new ElfSymbolDef("main", TEXT, ".text", true, true),
                        new ElfSymbolDef("counter", BSS, ".bss", true, false)));
    }

    // ---------------------------------------------------------------- little-endian access

    static int u16(byte[] b, int off) {
        return (b[off] & 0xff) | (b[off + 1] & 0xff) << 8;
    }

    static int u32(byte[] b, int off) {
        return (b[off] & 0xff) | (b[off + 1] & 0xff) << 8 | (b[off + 2] & 0xff) << 16 | (b[off + 3] & 0xff) << 24;
    }

    static void put16(byte[] b, int off, int v) {
        b[off] = (byte) v;
        b[off + 1] = (byte) (v >>> 8);
    }

    static void put32(byte[] b, int off, int v) {
        b[off] = (byte) v;
        b[off + 1] = (byte) (v >>> 8);
        b[off + 2] = (byte) (v >>> 16);
        b[off + 3] = (byte) (v >>> 24);
    }

    // ---------------------------------------------------------------- structure offsets

    static int phdr(byte[] f, int i) {
        return u32(f, Elf.E_PHOFF) + i * Elf.PHDR_SIZE;
    }

    static int shdr(byte[] f, int i) {
        return u32(f, Elf.E_SHOFF) + i * Elf.SHDR_SIZE;
    }

    static int shnum(byte[] f) {
        return u16(f, Elf.E_SHNUM);
    }

    static int phnum(byte[] f) {
        return u16(f, Elf.E_PHNUM);
    }

    /** Index of the section called {@code name}. */
    static int section(byte[] f, String name) {
        int strtab = shdr(f, u16(f, Elf.E_SHSTRNDX));
        int base = u32(f, strtab + Elf.SH_OFFSET);
        for (int i = 0; i < shnum(f); i++) {
            int p = base + u32(f, shdr(f, i) + Elf.SH_NAME);
            int q = p;
            while (f[q] != 0) {
                q++;
            }
            if (new String(f, p, q - p, StandardCharsets.UTF_8).equals(name)) {
                return i;
            }
        }
        throw new AssertionError("no section " + name);
    }

    /** File offset of symbol {@code i} of {@code .symtab}. */
    static int sym(byte[] f, int i) {
        return u32(f, shdr(f, section(f, ".symtab")) + Elf.SH_OFFSET) + i * Elf.SYM_SIZE;
    }

    /** Index of the program header whose p_vaddr is {@code vaddr}. */
    static int phdrAt(byte[] f, int vaddr) {
        for (int i = 0; i < phnum(f); i++) {
            if (u32(f, phdr(f, i) + Elf.P_VADDR) == vaddr) {
                return i;
            }
        }
        throw new AssertionError("no segment at " + Integer.toHexString(vaddr));
    }

    // ---------------------------------------------------------------- invariants

    /** What every accepted image must satisfy, whatever the input was. */
    static void assertSane(ElfImage image, long vram) {
        assertThat(image.segments()).isNotEmpty();
        long prevEnd = 0;
        boolean entryOk = false;
        for (Segment s : image.segments()) {
            long start = Integer.toUnsignedLong(s.vaddr());
            assertThat(start).isGreaterThanOrEqualTo(prevEnd);
            assertThat((long) s.data().length).isLessThanOrEqualTo(s.memSizeUnsigned());
            assertThat(start + s.memSizeUnsigned()).isLessThanOrEqualTo(vram);
            prevEnd = start + s.memSizeUnsigned();
            entryOk |= s.executable() && s.contains(image.entry());
        }
        assertThat(entryOk).as("entry in an executable segment").isTrue();
    }

    /** What every rejection must satisfy: a one-line message naming the file. */
    static void assertGoodMessage(ElfFormatException e, String fileName) {
        assertThat(e.getMessage()).isNotBlank().startsWith(fileName + ": ").doesNotContain("\n", "\r")
                .containsPattern("at offset 0x[0-9a-f]+: ");
    }
}
