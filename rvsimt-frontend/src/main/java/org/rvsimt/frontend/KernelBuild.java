package org.rvsimt.frontend;

import java.util.Optional;
import org.rvsimt.core.api.Kernel;

/**
 * What a front end made of a source: the kernel (segments, entry point, symbols) and, when the
 * kernel came from an ELF file, that file, whose debug sections (DWARF) a debugger or a
 * source-line view reads.
 */
public record KernelBuild(Kernel kernel, FrontEnd frontEnd, byte[] elfFile) {
    /** The ELF file the kernel was loaded from, if there was one (assembly and C make one too). */
    public Optional<byte[]> elf() {
        return Optional.ofNullable(elfFile);
    }
}
