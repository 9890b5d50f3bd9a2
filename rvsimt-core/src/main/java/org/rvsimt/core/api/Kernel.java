package org.rvsimt.core.api;

import java.util.List;
import java.util.Optional;
import org.rvsimt.core.exec.program.Program;
import org.rvsimt.isa.DeviceIsa;
import org.rvsimt.isa.asm.AsmException;
import org.rvsimt.isa.asm.AsmOptions;
import org.rvsimt.isa.asm.AssembledProgram;
import org.rvsimt.isa.asm.Assembler;
import org.rvsimt.isa.elf.ElfFormatException;
import org.rvsimt.isa.elf.ElfImage;
import org.rvsimt.isa.elf.ElfReader;
import org.rvsimt.isa.elf.ElfSymbol;
import org.rvsimt.isa.elf.Segment;

/**
 * A kernel image: segments at their link addresses, an entry point and symbols. Its code is
 * predecoded once, on first use, and shared by every device that runs it.
 */
public final class Kernel {
    private final String name;
    private final ElfImage image;
    private final boolean resident;
    private volatile Program program;
    /** Copies predecoded for devices with fewer extensions than rvsimt implements, by ISA. */
    private final java.util.concurrent.ConcurrentHashMap<DeviceIsa, Program> subsetPrograms =
            new java.util.concurrent.ConcurrentHashMap<>();

    private Kernel(String name, ElfImage image, boolean resident) {
        this.name = name;
        this.image = image;
        this.resident = resident;
    }

    private Kernel(String name, ElfImage image) {
        this(name, image, false);
    }

    /** From an ELF32 RISC-V executable (clang/lld or {@code rvsimt asm} output). */
    public static Kernel fromElf(byte[] elf, String name, long vramSize) throws ElfFormatException {
        return new Kernel(name, ElfReader.read(elf, name, vramSize));
    }

    /**
     * From an image already read: its segments, entry and symbols (a kernel rebuilt in another process from
     * the parts of {@link #image()}, as a launch split across machines ships it).
     */
    public static Kernel fromImage(ElfImage image, String name) {
        return new Kernel(name, image);
    }

    /** From assembly source (GNU as subset), linked with text at 0. */
    public static Kernel fromAssembly(String source, String name) throws AsmException {
        return fromAssembly(source, name, AsmOptions.defaults());
    }

    /** From assembly source assembled with {@code options} (e.g. compressed instructions). */
    public static Kernel fromAssembly(String source, String name, AsmOptions options) throws AsmException {
        AssembledProgram p = Assembler.assemble(source, name, options);
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

    /**
     * Code that is already in device memory at {@code base} (a driver wrote it there): a launch runs
     * it as it is and, unlike other kernels, does not copy the image into memory first. The bytes are
     * the code as it was when the kernel was made; they are not copied.
     */
    public static Kernel resident(byte[] code, int base, String name) {
        Segment s = new Segment(base, code, code.length, Segment.PF_R | Segment.PF_X);
        return new Kernel(name, new ElfImage(base, List.of(s), List.of()), true);
    }

    /** Whether the code is already in device memory (see {@link #resident}). */
    public boolean isResident() {
        return resident;
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

    /** The predecoded code: every executable segment as one range, so calls between them resolve. */
    public Program program() {
        return program(DeviceIsa.all());
    }

    /** The code predecoded for a device with the extensions {@code isa}. */
    public Program program(DeviceIsa isa) {
        if (!isa.isAll()) {
            return subsetPrograms.computeIfAbsent(isa, this::predecode);
        }
        Program p = program;
        if (p == null) {
            p = predecode(isa);
            program = p;        // a race predecodes twice at worst; both results are equal
        }
        return p;
    }

    private Program predecode(DeviceIsa isa) {
        int lo = Integer.MAX_VALUE;
        long hi = 0;
        boolean any = false;
        for (Segment s : segments()) {
            if ((s.flags() & Segment.PF_X) != 0) {
                any = true;
                lo = Math.min(lo, s.vaddr());
                hi = Math.max(hi, Integer.toUnsignedLong(s.vaddr()) + s.data().length);
            }
        }
        if (!any) {
            throw new DeviceException("kernel " + name + " has no executable segment");
        }
        byte[] code = new byte[(int) (hi - lo)];
        for (Segment s : segments()) {
            if ((s.flags() & Segment.PF_X) != 0) {
                System.arraycopy(s.data(), 0, code, s.vaddr() - lo, s.data().length);
            }
        }
        return Program.of(lo, code, code.length, isa);
    }
}
