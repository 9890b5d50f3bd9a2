package org.rvsimt.device.server;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.nio.charset.StandardCharsets;
import org.rvsimt.frontend.FrontEndException;
import org.rvsimt.frontend.FrontEndOptions;
import org.rvsimt.frontend.FrontEnds;
import org.rvsimt.frontend.KernelBuild;
import org.rvsimt.frontend.KernelSource;
import org.rvsimt.isa.asm.AsmException;
import org.rvsimt.isa.asm.AsmOptions;
import org.rvsimt.isa.asm.Assembler;
import org.rvsimt.isa.elf.ElfFormatException;
import org.rvsimt.isa.elf.ElfReader;
import org.rvsimt.isa.elf.ElfSymbol;

/**
 * BUILD_KERNEL's work: a kernel source (assembly {@code .S}, C {@code .c}, or an ELF) through the
 * standard front ends, chosen by the file name as everywhere else; the answer is the ELF and its
 * function symbols, so a client can launch any kernel function of the file by name.
 */
final class SourceBuilder {
    private SourceBuilder() { }

    record Symbol(String name, int address) { }

    /** {@code error} is null on success, else the front end's one-line message (and the rest is empty). */
    record Result(String error, List<Symbol> functions, byte[] elf) { }

    static Result build(String fileName, byte[] source, long vramSize) {
        try {
            KernelBuild b = FrontEnds.standard().load(KernelSource.ofBytes(fileName, source),
                    FrontEndOptions.defaults().withVramBytes(vramSize));
            byte[] elf = b.elf().orElse(null);
            if (elf == null && b.frontEnd().form() == org.rvsimt.frontend.InputForm.TEXT) {
                // assembly: the front end keeps the image only; the assembler writes the ELF
                elf = Assembler.assemble(new String(source, StandardCharsets.UTF_8), fileName, AsmOptions.defaults()).toElf();
            }
            if (elf == null) {
                return new Result(fileName + ": " + b.frontEnd().name() + " does not make an ELF image; give a .S, .c or ELF file",
                        List.of(), new byte[0]);
            }
            List<Symbol> functions = new ArrayList<>();
            for (ElfSymbol s : ElfReader.read(elf, fileName, vramSize).symbols()) {
                if ((s.function() || s.global()) && !s.name().isEmpty()) {
                    functions.add(new Symbol(s.name(), s.value()));
                }
            }
            return new Result(null, functions, elf);
        } catch (FrontEndException | IOException | AsmException | ElfFormatException | RuntimeException e) {
            String m = String.valueOf(e.getMessage());
            int nl = m.indexOf('\n');
            return new Result(nl >= 0 ? m.substring(0, nl) : m, List.of(), new byte[0]);
        }
    }
}
