package org.rvsimt.cli;

import java.nio.file.Path;

/** Placeholder until the C kernel compiler lands (helper-owned file; replaced wholesale). */
final class CKernelCompiler {
    private CKernelCompiler() { }

    static byte[] compile(Path source, String entry, String ccOverride) throws java.io.IOException {
        throw new UserError(source.getFileName() + ": C kernels are not supported yet");
    }
}
