package org.rvsimt.isa.debug;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Damaged DWARF never escapes as an unchecked exception or a hang: every truncation of
 * {@code .debug_line} and thousands of random byte changes to it (and to every other debug section
 * the reader uses) either read, with every lookup then answering, or fail with one line that
 * names the file, a debug section and an offset.
 */
class DwarfFuzzTest {

    private static final Pattern ONE_LINE_ERROR =
            Pattern.compile("fuzz\\.elf: \\.debug_[a-z_]+ at offset 0x[0-9a-f]+: [^\\n\\r]+");

    static byte[] resource(String name) throws IOException {
        try (InputStream in = DwarfFuzzTest.class.getResourceAsStream(name)) {
            assertThat(in).as(name).isNotNull();
            return in.readAllBytes();
        }
    }

    static Map<DebugSections.Kind, byte[]> sectionsOf(String resource) throws Exception {
        DebugSections s = DebugSections.fromElf(resource(resource), resource);
        Map<DebugSections.Kind, byte[]> map = new EnumMap<>(DebugSections.Kind.class);
        for (DebugSections.Kind k : DebugSections.Kind.values()) {
            map.put(k, s.bytes(k));
        }
        return map;
    }

    /** Reads the sections with {@code kind} replaced; fails the test on anything but a well-formed outcome. */
    private static boolean readDamaged(Map<DebugSections.Kind, byte[]> sections, DebugSections.Kind kind, byte[] damaged,
                                    String what) {
        Map<DebugSections.Kind, byte[]> copy = new EnumMap<>(sections);
        copy.put(kind, damaged);
        try {
            SourceMap map = SourceMap.of(DebugSections.of("fuzz.elf", copy), null);
            for (int pc = -4; pc < 0x200; pc += 2) {
                map.frames(pc);
                map.location(pc);
            }
            return true;
        } catch (DwarfFormatException e) {
            assertThat(e.getMessage()).as(what).matches(ONE_LINE_ERROR);
            return false;
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
            throw new AssertionError(what + ": " + e, e);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"reduction-dwarf4-O2.elf", "reduction-dwarf5-O2.elf"})
    void everyTruncationOfTheLineTable(String resource) throws Exception {
        Map<DebugSections.Kind, byte[]> sections = sectionsOf(resource);
        byte[] line = sections.get(DebugSections.Kind.LINE);
        assertThat(line.length).isGreaterThan(500);
        int[] outcomes = new int[2];
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            for (int n = 0; n < line.length; n++) {
                boolean read = readDamaged(sections, DebugSections.Kind.LINE, java.util.Arrays.copyOf(line, n),
                        "truncated to " + n);
                outcomes[read ? 1 : 0]++;
            }
        });
        assertThat(outcomes[0]).as("truncations refused").isGreaterThan(line.length / 2);
    }

    @ParameterizedTest
    @ValueSource(strings = {"reduction-dwarf4-O2.elf", "reduction-dwarf5-O2.elf"})
    void randomByteChanges(String resource) throws Exception {
        Map<DebugSections.Kind, byte[]> sections = sectionsOf(resource);
        Random random = new Random(0x5eed_d4a2fL + resource.hashCode());
        int[] outcomes = new int[2];
        assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
            for (DebugSections.Kind kind : DebugSections.Kind.values()) {
                byte[] original = sections.get(kind);
                if (original.length == 0) {
                    continue; // DWARF 4 has no .debug_addr, DWARF 5 no .debug_ranges
                }
                int rounds = switch (kind) {
                    case LINE -> 3000;
                    case INFO, ABBREV -> 1500;
                    default -> 300;
                };
                for (int i = 0; i < rounds; i++) {
                    byte[] b = original.clone();
                    int changes = 1 + random.nextInt(4);
                    StringBuilder what = new StringBuilder(kind.elfName());
                    for (int c = 0; c < changes; c++) {
                        int at = random.nextInt(b.length);
                        byte v = random.nextInt(4) == 0 ? (byte) 0xff : (byte) random.nextInt(256);
                        b[at] = v;
                        what.append(String.format(" [0x%x]=0x%02x", at, v & 0xff));
                    }
                    outcomes[readDamaged(sections, kind, b, what.toString()) ? 1 : 0]++;
                }
            }
        });
        // Both outcomes occur: the changes reach the parsers' checks, and harmless ones still read.
        assertThat(outcomes[0]).as("refused").isGreaterThan(100);
        assertThat(outcomes[1]).as("read").isGreaterThan(100);
    }
}
