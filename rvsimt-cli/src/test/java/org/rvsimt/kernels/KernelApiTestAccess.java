package org.rvsimt.kernels;

import java.nio.file.Path;

/** The kernels folder and the clang-19 check of the kernel tests, for tests in other packages. */
public final class KernelApiTestAccess {
    private KernelApiTestAccess() { }

    public static Path kernelsDir() {
        return KernelManifest.kernelsDir();
    }

    public static void assumeClang() {
        KernelApiTest.assumeClang();
    }
}
