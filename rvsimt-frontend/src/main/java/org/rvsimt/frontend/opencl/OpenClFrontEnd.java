package org.rvsimt.frontend.opencl;

import java.io.IOException;
import java.nio.file.Path;
import org.rvsimt.frontend.AbstractFrontEnd;
import org.rvsimt.frontend.ElfFrontEnd;
import org.rvsimt.frontend.FrontEndException;
import org.rvsimt.frontend.FrontEndOptions;
import org.rvsimt.frontend.InputForm;
import org.rvsimt.frontend.KernelBuild;
import org.rvsimt.frontend.KernelSource;

/**
 * OpenCL C programs ({@code .cl}), built by {@link OpenClCompiler}. The kernel starts at the entry
 * stub of the kernel named by {@link FrontEndOptions#entrySymbol()} (a kernel's name, or its stub's
 * symbol), else of the program's first kernel; its launch takes the OpenCL argument block
 * (docs/opencl.md). Hosts that need every kernel's argument list call
 * {@link OpenClCompiler#build} directly.
 */
public final class OpenClFrontEnd extends AbstractFrontEnd {
    public OpenClFrontEnd() {
        super("opencl", InputForm.TEXT, ".cl");
    }

    @Override
    public KernelBuild load(KernelSource source, FrontEndOptions options) throws FrontEndException, IOException {
        Path dir = source.path() != null ? source.path().toAbsolutePath().getParent() : null;
        String entry = options.entrySymbol();
        String kernel = entry == null || entry.isBlank() ? null
                : entry.startsWith(OpenClIr.ENTRY_PREFIX) ? entry.substring(OpenClIr.ENTRY_PREFIX.length()) : entry;
        OpenClProgram p = OpenClCompiler.build(source.text(), options.buildOptions(), dir, options.compiler(),
                source.name(), kernel);
        if (p.kernels().isEmpty()) {
            throw new FrontEndException(source.name() + ": the program has no __kernel function");
        }
        return ElfFrontEnd.fromElf(p.elf(), source.name(), options, this);
    }
}
