package org.rvsimt.frontend;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rvsimt.core.api.Kernel;

/** The device headers shipped inside rvsimt, and C kernels outside any kernels tree (issue: 'rvsimt.h' file not found). */
class DeviceHeadersTest {

    /** Every file of kernels/include is shipped, byte for byte (a new header needs adding to FILES). */
    @Test
    void theBundledFolderHoldsKernelsInclude() throws Exception {
        Path real = Repository.kernelsDir().resolve("include");
        try (Stream<Path> files = Files.list(real)) {
            assertThat(files.map(p -> p.getFileName().toString()).sorted().toList())
                    .isEqualTo(DeviceHeaders.FILES.stream().sorted().toList());
        }
        Path bundled = DeviceHeaders.bundled();
        for (String f : DeviceHeaders.FILES) {
            assertThat(bundled.resolve(f)).hasSameBinaryContentAs(real.resolve(f));
        }
        assertThat(DeviceHeaders.bundled()).isEqualTo(bundled);
    }

    @Test
    void aKernelTreeUsesItsOwnHeaders() throws Exception {
        Path src = Repository.kernelsDir().resolve("vecadd_c/vecadd.c");
        DeviceHeaders.Paths p = DeviceHeaders.forSource(src);
        assertThat(p.include()).isEqualTo(Repository.kernelsDir().resolve("include"));
        assertThat(p.linkerScript()).isEqualTo(Repository.kernelsDir().resolve("include/rvsimt.ld"));
    }

    /** A C kernel in a temporary folder, far from any kernels tree, compiles with the bundled rvsimt.h. */
    @Test
    void aKernelAnywhereCompilesWithTheBundledHeaders(@TempDir Path tmp) throws Exception {
        Repository.assumeClang();
        Path src = tmp.resolve("k.c");
        Files.writeString(src, """
                #include "rvsimt.h"
                struct args { int *out; };
                __global__ void k(const struct args *p) { p->out[threadIdx.x] = (int)threadIdx.x * 3; }
                """);
        String old = System.getProperty("rvsimt.home");
        System.clearProperty("rvsimt.home");
        try {
            assertThat(DeviceHeaders.forSource(src).include()).isEqualTo(DeviceHeaders.bundled());
            Kernel k = FrontEnds.standard().load(KernelSource.ofFile(src), FrontEndOptions.defaults()
                    .withEntrySymbol("k")).kernel();
            assertThat(k.symbol("k")).contains(0);
        } finally {
            if (old != null) {
                System.setProperty("rvsimt.home", old);
            }
        }
    }
}
