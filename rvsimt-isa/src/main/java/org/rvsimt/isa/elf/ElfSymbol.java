package org.rvsimt.isa.elf;

/**
 * A symbol read from an executable's {@code .symtab}. {@code global} is true for {@code STB_GLOBAL}
 * and {@code STB_WEAK} bindings; {@code function} is true for {@code STT_FUNC}. {@code section} is
 * the name of the section the symbol is defined in, or {@code ""} for absolute, common and
 * undefined symbols.
 */
public record ElfSymbol(String name, int value, int size, boolean global, boolean function, String section) {
}
