package org.rvsimt.frontend;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;

/** The repository's kernels folder, and the clang-19 check of the C tests. */
final class Repository {
    private Repository() { }

    static Path kernelsDir() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("kernels").resolve("include").resolve(DeviceHeaders.HEADER))) {
                return p.resolve("kernels");
            }
        }
        throw new AssertionError("no kernels/include/rvsimt.h above " + Path.of("").toAbsolutePath());
    }

    static void assumeClang() {
        Assumptions.assumeTrue(CKernelCompiler.resolveExecutable(CKernelCompiler.DEFAULT_CC) != null,
                "clang-19 is not installed");
    }
}
