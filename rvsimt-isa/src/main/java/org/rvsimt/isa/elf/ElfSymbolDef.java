package org.rvsimt.isa.elf;

/**
 * A symbol for {@link ElfWriter}: {@code section} is the name of one of the written sections, or
 * {@code null} for an absolute ({@code SHN_ABS}) symbol.
 */
public record ElfSymbolDef(String name, int value, String section, boolean global, boolean function) {
}
