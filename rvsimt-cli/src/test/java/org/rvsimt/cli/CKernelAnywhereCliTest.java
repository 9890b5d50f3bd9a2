package org.rvsimt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rvsimt.kernels.KernelApiTestAccess;

/**
 * A C kernel outside the clone ({@code rvsimt run /tmp/k.c}) finds rvsimt.h (it failed with
 * "'rvsimt.h' file not found"), and {@code rvsimt include-dir} prints the folder that has it.
 */
class CKernelAnywhereCliTest {

    @Test
    void includeDirPrintsAFolderWithTheHeaderAndLinkerScript() throws Exception {
        Cli.Result r = Cli.run("include-dir");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).isEmpty();
        assertThat(r.outLines()).hasSize(1);
        Path dir = Path.of(r.outLines().getFirst());
        assertThat(dir).isAbsolute();
        Path real = KernelApiTestAccess.kernelsDir().resolve("include");
        assertThat(dir.resolve("rvsimt.h")).hasSameBinaryContentAs(real.resolve("rvsimt.h"));
        assertThat(dir.resolve("rvsimt.ld")).hasSameBinaryContentAs(real.resolve("rvsimt.ld"));
    }

    @Test
    void aCKernelInATempFolderCompilesAndRuns(@TempDir Path tmp) throws Exception {
        KernelApiTestAccess.assumeClang();
        Path src = Cli.write(tmp, "k.c", """
                #include "rvsimt.h"
                __global__ void main(const unsigned *p) {
                    if (threadIdx.x == 31) printf("last lane %u of %u\\n", threadIdx.x, blockDim.x);
                }
                """);
        assertThat(Files.exists(tmp.resolve("include"))).isFalse();
        Cli.Result r = Cli.run("run", src.toString(), "--grid", "1", "--block", "32").noTrace();
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("[block (0,0,0) thread (31,0,0)] last lane 31 of 32").contains("k.c: ok");
    }
}
