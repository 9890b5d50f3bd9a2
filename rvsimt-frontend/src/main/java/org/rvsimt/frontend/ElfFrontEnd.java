package org.rvsimt.frontend;

import java.io.IOException;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.isa.elf.ElfFormatException;
import org.rvsimt.isa.elf.ElfReader;

/** ELF32 RISC-V executables (clang/lld or {@code rvsimt asm} output), recognized by their magic number. */
public final class ElfFrontEnd extends AbstractFrontEnd {
    // no extension: a file is an ELF file by its content, whatever its name
    public ElfFrontEnd() {
        super("elf", InputForm.BINARY);
    }

    @Override
    public String contentDescription() {
        return "an ELF file";
    }

    @Override
    public boolean recognizes(byte[] content) {
        return ElfReader.looksLikeElf(content);
    }

    @Override
    public KernelBuild load(KernelSource source, FrontEndOptions options) throws FrontEndException, IOException {
        return fromElf(source.bytes(), source.name(), options, this);
    }

    /** The kernel of an ELF file that {@code frontEnd} read or made (public for the OpenCL front end's package). */
    public static KernelBuild fromElf(byte[] elf, String name, FrontEndOptions options, FrontEnd frontEnd)
            throws FrontEndException {
        try {
            return new KernelBuild(Kernel.fromElf(elf, name, options.vramBytes()), frontEnd, elf);
        } catch (ElfFormatException e) {
            throw new FrontEndException(e.getMessage(), e);
        }
    }
}
