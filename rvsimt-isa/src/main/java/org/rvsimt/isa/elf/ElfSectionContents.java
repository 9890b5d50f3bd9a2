package org.rvsimt.isa.elf;

/**
 * The bytes of one section of an executable, as {@link ElfReader#sections} returns them, with its
 * {@code sh_flags} (for example {@code SHF_COMPRESSED}, which {@link #compressed()} tests).
 */
public record ElfSectionContents(String name, long flags, byte[] data) {

    private static final long SHF_COMPRESSED = 0x800;

    /** True when the contents start with an {@code Elf32_Chdr} and are zlib or zstd compressed. */
    public boolean compressed() {
        return (flags & SHF_COMPRESSED) != 0;
    }
}
