package org.rvsimt.isa.elf;

import java.util.List;
import java.util.Optional;

/**
 * A loaded executable: the entry point, its {@code PT_LOAD} segments (sorted by address, not
 * overlapping, all inside VRAM) and its named symbols in symbol-table order.
 */
public record ElfImage(int entry, List<Segment> segments, List<ElfSymbol> symbols) {

    public ElfImage {
        segments = List.copyOf(segments);
        symbols = List.copyOf(symbols);
    }

    /** The symbol with this name; a global one wins over locals of the same name, else the first. */
    public Optional<ElfSymbol> symbol(String name) {
        ElfSymbol first = null;
        for (ElfSymbol s : symbols) {
            if (s.name().equals(name)) {
                if (s.global()) {
                    return Optional.of(s);
                }
                if (first == null) {
                    first = s;
                }
            }
        }
        return Optional.ofNullable(first);
    }
}
