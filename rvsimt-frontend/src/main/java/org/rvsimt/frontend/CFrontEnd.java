package org.rvsimt.frontend;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** C kernels ({@code .c}), compiled with clang-19 by {@link CKernelCompiler}. */
public final class CFrontEnd extends AbstractFrontEnd {
    public CFrontEnd() {
        super("c", InputForm.TEXT, ".c");
    }

    @Override
    public KernelBuild load(KernelSource source, FrontEndOptions options) throws FrontEndException, IOException {
        byte[] elf;
        if (source.path() != null) {
            elf = CKernelCompiler.compile(source.path(), options.entrySymbol(), options.compiler(), true, options.march());
        } else {
            // Bytes from elsewhere: the compiler needs a file (and finds the bundled rvsimt.h).
            Path dir = Files.createTempDirectory("rvsimt-c-source");
            try {
                Path file = dir.resolve(Path.of(source.name()).getFileName().toString());
                Files.write(file, source.bytes());
                elf = CKernelCompiler.compile(file, options.entrySymbol(), options.compiler(), true, options.march());
            } finally {
                ToolRun.deleteTree(dir);
            }
        }
        return ElfFrontEnd.fromElf(elf, source.name(), options, this);
    }
}
