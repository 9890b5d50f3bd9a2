package org.rvsimt.isa.elf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.rvsimt.isa.elf.ElfTestFiles.*;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Hostile inputs derived from a valid file: whatever the bytes, {@link ElfReader#read} returns a
 * sane image or throws {@link ElfFormatException} with a one-line message naming the file, and
 * never anything else.
 */
class ElfFuzzTest {

    private static final byte[] SEED = twoSegments();

    /** Reads {@code f}; true if it was accepted. Any exception but ElfFormatException fails the test. */
    private static boolean check(byte[] f, String what) {
        try {
            ElfImage image = ElfReader.read(f, NAME, VRAM);
            assertSane(image, VRAM);
            return true;
        } catch (ElfFormatException e) {
            assertGoodMessage(e, NAME);
            return false;
        } catch (RuntimeException | Error e) {
            throw new AssertionError(what + ": " + e, e);
        }
    }

    @Test
    void everyTruncationIsRejectedCleanly() {
        for (byte[] full : List.of(SEED, threeSegments())) {
            for (int len = 0; len < full.length; len++) {
                assertThat(check(Arrays.copyOf(full, len), "truncated to " + len)).as("truncated to %d of %d", len, full.length)
                        .isFalse();
            }
            assertThat(check(full, "untruncated")).isTrue();
        }
    }

    @Test
    void trailingBytesAreHarmless() {
        assertThat(check(Arrays.copyOf(SEED, SEED.length + 100), "padded")).isTrue();
    }

    private record Field(String name, int offset, int width) { }

    private static List<Field> fields(byte[] f) {
        List<Field> out = new ArrayList<>();
        for (int i = 0; i < Elf.EI_NIDENT; i++) {
            out.add(new Field("e_ident[" + i + "]", i, 1));
        }
        String[] eh = {"e_type", "e_machine", "e_version", "e_entry", "e_phoff", "e_shoff", "e_flags", "e_ehsize",
            "e_phentsize", "e_phnum", "e_shentsize", "e_shnum", "e_shstrndx"};
        int[] ehw = {2, 2, 4, 4, 4, 4, 4, 2, 2, 2, 2, 2, 2};
        int off = Elf.E_TYPE;
        for (int i = 0; i < eh.length; i++) {
            out.add(new Field(eh[i], off, ehw[i]));
            off += ehw[i];
        }
        String[] ph = {"p_type", "p_offset", "p_vaddr", "p_paddr", "p_filesz", "p_memsz", "p_flags", "p_align"};
        for (int i = 0; i < phnum(f); i++) {
            for (int k = 0; k < ph.length; k++) {
                out.add(new Field("phdr[" + i + "]." + ph[k], phdr(f, i) + 4 * k, 4));
            }
        }
        String[] sh = {"sh_name", "sh_type", "sh_flags", "sh_addr", "sh_offset", "sh_size", "sh_link", "sh_info",
            "sh_addralign", "sh_entsize"};
        for (int i = 0; i < shnum(f); i++) {
            for (int k = 0; k < sh.length; k++) {
                out.add(new Field("shdr[" + i + "]." + sh[k], shdr(f, i) + 4 * k, 4));
            }
        }
        int symbols = u32(f, shdr(f, section(f, ".symtab")) + Elf.SH_SIZE) / Elf.SYM_SIZE;
        for (int i = 0; i < symbols; i++) {
            int e = sym(f, i);
            out.add(new Field("sym[" + i + "].st_name", e + Elf.ST_NAME, 4));
            out.add(new Field("sym[" + i + "].st_value", e + Elf.ST_VALUE, 4));
            out.add(new Field("sym[" + i + "].st_size", e + Elf.ST_SIZE, 4));
            out.add(new Field("sym[" + i + "].st_info", e + Elf.ST_INFO, 1));
            out.add(new Field("sym[" + i + "].st_other", e + Elf.ST_OTHER, 1));
            out.add(new Field("sym[" + i + "].st_shndx", e + Elf.ST_SHNDX, 2));
        }
        return out;
    }

    private static Set<Long> hostileValues(Field field, byte[] f) {
        long mask = field.width() == 4 ? 0xffffffffL : (1L << (8 * field.width())) - 1;
        long original = read(f, field);
        Set<Long> values = new LinkedHashSet<>();
        for (long v : new long[] {0, 1, 2, 3, 0x7f, 0x80, 0xff, 0xfff1, 0xffff, 0x7fffffffL, 0x80000000L, 0xffffffffL,
            f.length, f.length + 1L, f.length - 1L, original + 1, original - 1, original + 16, original ^ 0x80000000L}) {
            values.add(v & mask);
        }
        values.remove(original);
        return values;
    }

    private static long read(byte[] f, Field field) {
        long v = 0;
        for (int b = field.width() - 1; b >= 0; b--) {
            v = v << 8 | (f[field.offset() + b] & 0xff);
        }
        return v;
    }

    private static void write(byte[] f, Field field, long v) {
        for (int b = 0; b < field.width(); b++) {
            f[field.offset() + b] = (byte) (v >>> (8 * b));
        }
    }

    @TestFactory
    Stream<DynamicTest> everyHeaderFieldSurvivesHostileValues() {
        return Stream.of(SEED, threeSegments()).flatMap(seed -> fields(seed).stream().map(field ->
                DynamicTest.dynamicTest(field.name() + " (file of " + seed.length + " bytes)", () -> {
                    for (long v : hostileValues(field, seed)) {
                        byte[] f = seed.clone();
                        write(f, field, v);
                        check(f, field.name() + " = 0x" + Long.toHexString(v));
                    }
                })));
    }

    @Test
    void pairsOfTableFieldsSurviveHostileValues() {
        // The fields that size and place tables, set two at a time.
        byte[] seed = SEED;
        List<Field> sizing = new ArrayList<>();
        for (Field field : fields(seed)) {
            if (field.name().matches("e_(ph|sh)(off|num|entsize|strndx)|.*\\.(p_offset|p_filesz|p_memsz|p_vaddr|sh_offset|sh_size|sh_link|sh_type)")) {
                sizing.add(field);
            }
        }
        long[] values = {0, 1, 0xffff, 0x7fffffffL, 0xffffffffL, seed.length};
        for (Field a : sizing) {
            for (Field b : sizing) {
                if (a.offset() >= b.offset()) {
                    continue;
                }
                for (long va : values) {
                    for (long vb : values) {
                        byte[] f = seed.clone();
                        write(f, a, va);
                        write(f, b, vb);
                        check(f, a.name() + " = " + va + ", " + b.name() + " = " + vb);
                    }
                }
            }
        }
    }

    @TestFactory
    Stream<DynamicTest> randomByteFlipsAreRejectedCleanlyOrAccepted() {
        return Stream.of(1L, 2L, 3L, 4L).map(seed -> DynamicTest.dynamicTest("seed " + seed, () -> {
            Random random = new Random(seed);
            byte[] base = seed % 2 == 0 ? SEED : threeSegments();
            int headerEnd = phdr(base, phnum(base));
            int tablesStart = u32(base, shdr(base, section(base, ".symtab")) + Elf.SH_OFFSET);
            int accepted = 0;
            for (int iteration = 0; iteration < 1500; iteration++) {
                byte[] f = base.clone();
                int flips = 1 + random.nextInt(4);
                StringBuilder what = new StringBuilder("seed " + seed + " iteration " + iteration + ":");
                for (int k = 0; k < flips; k++) {
                    // Mostly hit the headers and tables, where the structure lives.
                    int at = switch (random.nextInt(3)) {
                        case 0 -> random.nextInt(headerEnd);
                        case 1 -> tablesStart + random.nextInt(f.length - tablesStart);
                        default -> random.nextInt(f.length);
                    };
                    byte value = random.nextBoolean() ? (byte) random.nextInt(256) : (byte) (f[at] ^ (1 << random.nextInt(8)));
                    what.append(String.format(" [0x%x]=0x%02x", at, value & 0xff));
                    f[at] = value;
                }
                if (check(f, what.toString())) {
                    accepted++;
                }
            }
            assertThat(accepted).as("some flips are harmless").isPositive();
        }));
    }

    @Test
    void randomGarbageBehindAValidHeaderIsRejectedCleanly() {
        Random random = new Random(42);
        for (int i = 0; i < 500; i++) {
            byte[] f = new byte[random.nextInt(600)];
            random.nextBytes(f);
            System.arraycopy(SEED, 0, f, 0, Math.min(f.length, random.nextInt(Elf.EHDR_SIZE + 1)));
            try {
                ElfReader.read(f, NAME, VRAM);
            } catch (ElfFormatException e) {
                assertGoodMessage(e, NAME);
            } catch (RuntimeException e) {
                fail("garbage " + i + ": " + e, e);
            }
        }
    }
}
