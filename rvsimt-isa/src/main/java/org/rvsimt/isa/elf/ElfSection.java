package org.rvsimt.isa.elf;

import java.util.Arrays;

/**
 * A section for {@link ElfWriter}. For a {@code PROGBITS} section {@code size} must equal
 * {@code data.length}; for a {@code NOBITS} section ({@code .bss}) {@code data} is empty and
 * {@code size} is the zero-filled size in memory. Non-{@code alloc} sections get no segment.
 */
public record ElfSection(String name, int address, byte[] data, int size, boolean alloc, boolean write,
                         boolean exec, boolean nobits) {

    private static final byte[] NONE = new byte[0];

    /** Executable code ({@code AX}). */
    public static ElfSection text(String name, int address, byte[] code) {
        return new ElfSection(name, address, code, code.length, true, false, true, false);
    }

    /** Read-only data ({@code A}). */
    public static ElfSection rodata(String name, int address, byte[] data) {
        return new ElfSection(name, address, data, data.length, true, false, false, false);
    }

    /** Initialised writable data ({@code WA}). */
    public static ElfSection data(String name, int address, byte[] data) {
        return new ElfSection(name, address, data, data.length, true, true, false, false);
    }

    /** Zero-initialised writable data ({@code WA}, {@code NOBITS}). */
    public static ElfSection bss(String name, int address, int size) {
        return new ElfSection(name, address, NONE, size, true, true, false, true);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ElfSection s && s.name.equals(name) && s.address == address && s.size == size
                && s.alloc == alloc && s.write == write && s.exec == exec && s.nobits == nobits
                && Arrays.equals(s.data, data);
    }

    @Override
    public int hashCode() {
        return (name.hashCode() * 31 + address) * 31 + size + Arrays.hashCode(data);
    }

    @Override
    public String toString() {
        return String.format("ElfSection[%s, address=0x%x, size=0x%x, %s%s%s%s]", name, address, size,
                alloc ? "A" : "", write ? "W" : "", exec ? "X" : "", nobits ? " NOBITS" : "");
    }
}
