package org.rvsimt.isa.asm;

import java.util.List;
import java.util.Optional;
import org.rvsimt.isa.elf.ElfSection;
import org.rvsimt.isa.elf.ElfSymbolDef;
import org.rvsimt.isa.elf.ElfWriter;

/**
 * The result of {@link Assembler#assemble}: laid-out sections at their final addresses, the
 * symbols (absolute values) and the entry point.
 *
 * <p>Sections are {@code .text} (every text section of the source, merged in source order),
 * then {@code .rodata}, {@code .data} and {@code .bss} when they are not empty.
 */
public record AssembledProgram(int entry, List<ElfSection> sections, List<ElfSymbolDef> symbols) {

    public AssembledProgram {
        sections = List.copyOf(sections);
        symbols = List.copyOf(symbols);
    }

    /** An ELF32 RISC-V executable of this program. */
    public byte[] toElf() {
        return ElfWriter.write(entry, sections, symbols);
    }

    /** The lowest address of a non-empty allocated section (the text address if there is none). */
    public int baseAddress() {
        long base = Long.MAX_VALUE;
        for (ElfSection s : sections) {
            if (s.alloc() && s.size() != 0) {
                base = Math.min(base, Integer.toUnsignedLong(s.address()));
            }
        }
        if (base == Long.MAX_VALUE) {
            for (ElfSection s : sections) {
                base = Math.min(base, Integer.toUnsignedLong(s.address()));
            }
        }
        return base == Long.MAX_VALUE ? 0 : (int) base;
    }

    /**
     * Every allocated section copied to its place in one array that starts at {@link #baseAddress()}
     * (gaps and {@code .bss} are zero): the program as a raw binary.
     */
    public byte[] flatImage() {
        long base = Integer.toUnsignedLong(baseAddress());
        long end = base;
        for (ElfSection s : sections) {
            if (s.alloc() && s.size() != 0) {
                end = Math.max(end, Integer.toUnsignedLong(s.address()) + Integer.toUnsignedLong(s.size()));
            }
        }
        if (end - base > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("program spans more than 2 GiB; it has no flat image");
        }
        byte[] image = new byte[(int) (end - base)];
        for (ElfSection s : sections) {
            if (s.alloc() && !s.nobits() && s.size() != 0) {
                System.arraycopy(s.data(), 0, image, (int) (Integer.toUnsignedLong(s.address()) - base), s.data().length);
            }
        }
        return image;
    }

    /** The symbol with this name (a global one if there are several). */
    public Optional<ElfSymbolDef> symbol(String name) {
        ElfSymbolDef local = null;
        for (ElfSymbolDef s : symbols) {
            if (s.name().equals(name)) {
                if (s.global()) {
                    return Optional.of(s);
                }
                if (local == null) {
                    local = s;
                }
            }
        }
        return Optional.ofNullable(local);
    }
}
