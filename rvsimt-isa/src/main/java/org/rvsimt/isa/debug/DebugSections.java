package org.rvsimt.isa.debug;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.rvsimt.isa.elf.ElfFormatException;
import org.rvsimt.isa.elf.ElfReader;
import org.rvsimt.isa.elf.ElfSectionContents;

/**
 * The DWARF sections of one executable, by {@link Kind}; a section the file lacks is empty.
 * Built from an ELF file ({@link #fromElf}) or, for tests, from raw bytes ({@link #of}).
 */
public final class DebugSections {

    /** The sections this reader uses, with their ELF names. */
    public enum Kind {
        INFO(".debug_info"),
        ABBREV(".debug_abbrev"),
        LINE(".debug_line"),
        STR(".debug_str"),
        LINE_STR(".debug_line_str"),
        STR_OFFSETS(".debug_str_offsets"),
        ADDR(".debug_addr"),
        RANGES(".debug_ranges"),
        RNGLISTS(".debug_rnglists");

        private final String elfName;

        Kind(String elfName) {
            this.elfName = elfName;
        }

        public String elfName() {
            return elfName;
        }

        static Kind byElfName(String name) {
            for (Kind k : values()) {
                if (k.elfName.equals(name)) {
                    return k;
                }
            }
            return null;
        }
    }

    /** One section's bytes; {@link #fail} makes the one-line error for an offset inside it. */
    record Section(String fileName, Kind kind, byte[] data) {
        DwarfFormatException fail(long offset, String what) {
            return new DwarfFormatException(fileName + ": " + kind.elfName() + " at offset 0x" + Long.toHexString(offset)
                    + ": " + oneLine(what));
        }
    }

    private static final byte[] EMPTY = new byte[0];

    private final String fileName;
    private final Map<Kind, byte[]> data;

    private DebugSections(String fileName, Map<Kind, byte[]> data) {
        this.fileName = fileName;
        this.data = data;
    }

    /** Sections from raw bytes (missing kinds are empty); {@code fileName} is used in messages. */
    public static DebugSections of(String fileName, Map<Kind, byte[]> sections) {
        Map<Kind, byte[]> copy = new EnumMap<>(Kind.class);
        sections.forEach((k, v) -> copy.put(Objects.requireNonNull(k), v.clone()));
        return new DebugSections(fileName == null ? "<elf>" : fileName, copy);
    }

    /**
     * The DWARF sections of an ELF32 RISC-V executable.
     *
     * @throws ElfFormatException when the file is not a well-formed executable (a relocatable
     *         object is rejected there: link it first)
     * @throws DwarfFormatException when a debug section is compressed
     */
    public static DebugSections fromElf(byte[] elf, String fileName) throws ElfFormatException, DwarfFormatException {
        String name = fileName == null ? "<elf>" : fileName;
        List<ElfSectionContents> found = ElfReader.sections(elf, name, n -> Kind.byElfName(n) != null);
        Map<Kind, byte[]> map = new EnumMap<>(Kind.class);
        for (ElfSectionContents s : found) {
            Kind k = Kind.byElfName(s.name());
            if (s.compressed()) {
                throw new DwarfFormatException(name + ": " + s.name() + " at offset 0x0: compressed debug sections"
                        + " are not supported (link without --compress-debug-sections)");
            }
            map.putIfAbsent(k, s.data());
        }
        return new DebugSections(name, map);
    }

    public String fileName() {
        return fileName;
    }

    /** True when the file has a line-number section. */
    public boolean hasLines() {
        return get(Kind.LINE).data().length > 0;
    }

    /** A copy of one section's bytes (empty when the file lacks it). */
    public byte[] bytes(Kind kind) {
        return data.getOrDefault(kind, EMPTY).clone();
    }

    Section get(Kind kind) {
        return new Section(fileName, kind, data.getOrDefault(kind, EMPTY));
    }

    /** Escapes control characters so that a message taken from a hostile file stays on one line. */
    static String oneLine(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') {
                b.append(String.format("\\x%02x", (int) c & 0xff));
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }
}
