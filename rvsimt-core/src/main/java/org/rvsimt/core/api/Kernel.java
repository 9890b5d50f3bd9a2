package org.rvsimt.core.api;

import java.util.List;
import java.util.Optional;
import org.rvsimt.isa.asm.AsmException;
import org.rvsimt.isa.asm.AsmOptions;
import org.rvsimt.isa.asm.AssembledProgram;
import org.rvsimt.isa.asm.Assembler;
import org.rvsimt.isa.elf.ElfFormatException;
import org.rvsimt.isa.elf.ElfImage;
import org.rvsimt.isa.elf.ElfReader;
import org.rvsimt.isa.elf.ElfSymbol;
import org.rvsimt.isa.elf.Segment;

/** A kernel image: segments at their link addresses, an entry point and symbols. */
public final class Kernel {
    private final String name;
    private final ElfImage image;

    private Kernel(String name, ElfImage image) {
        this.name = name;
        this.image = image;
    }

    /** From an ELF32 RISC-V executable (clang/lld or {@code rvsimt asm} output). */
    public static Kernel fromElf(byte[] elf, String name, long vramSize) throws ElfFormatException {
        return new Kernel(name, ElfReader.read(elf, name, vramSize));
    }

    /** From assembly source (GNU as subset), linked with text at 0. */
    public static Kernel fromAssembly(String source, String name) throws AsmException {
        AssembledProgram p = Assembler.assemble(source, name, AsmOptions.defaults());
        boolean hasCode = p.sections().stream().anyMatch(s -> s.exec() && s.size() > 0);
        if (!hasCode) {
            throw new DeviceException(name + ": the kernel has no instructions");
        }
        try {
            return new Kernel(name, ElfReader.read(p.toElf(), name, 1L << 32));
        } catch (ElfFormatException e) {
            throw new IllegalStateException("assembler produced an unreadable ELF: " + e.getMessage(), e);
        }
    }

    /** From a flat binary loaded at {@code loadAddress}, entry at {@code entry} (the seed's format). */
    public static Kernel fromBinary(byte[] code, int loadAddress, int entry, String name) {
        Segment s = new Segment(loadAddress, code.clone(), code.length, Segment.PF_R | Segment.PF_X);
        return new Kernel(name, new ElfImage(entry, List.of(s), List.of()));
    }

    public String name() {
        return name;
    }

    public int entry() {
        return image.entry();
    }

    public ElfImage image() {
        return image;
    }

    /** The address of a symbol, for {@code entry:} in a manifest. */
    public Optional<Integer> symbol(String symbol) {
        return image.symbol(symbol).map(ElfSymbol::value);
    }

    List<Segment> segments() {
        return image.segments();
    }
}
