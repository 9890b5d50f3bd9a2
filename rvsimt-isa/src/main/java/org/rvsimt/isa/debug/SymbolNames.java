package org.rvsimt.isa.debug;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.rvsimt.isa.elf.ElfImage;
import org.rvsimt.isa.elf.ElfSymbol;
import org.rvsimt.isa.elf.Segment;

/**
 * Function names from the ELF symbol table, for code without DWARF (assembly kernels): the
 * {@code STT_FUNC} symbol whose {@code [value, value + size)} holds the pc, else the nearest
 * symbol at or before the pc in the same executable segment (assembly labels have no size).
 */
final class SymbolNames {

    static final SymbolNames NONE = new SymbolNames(List.of(), List.of());

    private final List<ElfSymbol> sized;
    private final List<ElfSymbol> byAddress;
    private final List<Segment> code;

    private SymbolNames(List<ElfSymbol> symbols, List<Segment> segments) {
        Comparator<ElfSymbol> order = Comparator.comparing(ElfSymbol::value, Integer::compareUnsigned);
        // Globals first among symbols at one address, so the stable sort keeps them in front.
        List<ElfSymbol> sorted = new ArrayList<>(symbols);
        sorted.sort(Comparator.comparing(ElfSymbol::global).reversed());
        sorted.sort(order);
        this.byAddress = List.copyOf(sorted);
        this.sized = sorted.stream().filter(s -> s.function() && s.size() != 0).toList();
        this.code = segments.stream().filter(Segment::executable).toList();
    }

    static SymbolNames of(ElfImage image) {
        return new SymbolNames(image.symbols(), image.segments());
    }

    /** The name for {@code pc}, or null. */
    String at(int pc) {
        for (ElfSymbol s : sized) {
            long offset = Integer.toUnsignedLong(pc) - Integer.toUnsignedLong(s.value());
            if (offset >= 0 && offset < Integer.toUnsignedLong(s.size())) {
                return s.name();
            }
        }
        Segment holder = code.stream().filter(seg -> seg.contains(pc)).findFirst().orElse(null);
        if (holder == null) {
            return null;
        }
        ElfSymbol best = null;
        for (ElfSymbol s : byAddress) {
            if (Integer.compareUnsigned(s.value(), pc) > 0) {
                break;
            }
            if (holder.contains(s.value()) && (best == null || best.value() != s.value())) {
                best = s;
            }
        }
        return best == null ? null : best.name();
    }
}
