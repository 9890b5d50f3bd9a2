package org.rvsimt.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.rvsimt.cli.Main;
import org.rvsimt.frontend.CKernelCompiler;
import org.rvsimt.isa.CompressedInstructions;
import org.rvsimt.isa.DeviceIsa;
import org.rvsimt.isa.elf.ElfReader;
import org.rvsimt.isa.elf.Segment;

/**
 * The kernel library's scalar C kernels built with the C extension ({@code -march=rv32imafc}, which
 * most RISC-V toolchains default to): {@code rvsimt run --isa rv32imafc...} compiles them so, and every
 * built-in check passes on both engines. The compiled code must really be mostly compressed.
 */
class KernelLibraryCompressedTest {
    /** Everything the scalar kernels use, with C. */
    static final String ISA = "rv32imafc_xsfu_xlowp";

    @Test
    void scalarCKernelsPassTheirChecksBuiltWithCompressedInstructions() throws Exception {
        KernelApiTest.assumeClang();
        String march = DeviceIsa.parse(ISA).compilerArch();
        assertThat(march).isEqualTo("rv32imafc_zicsr");
        int kernels = 0;
        int compressed = 0;
        int instructions = 0;
        for (Path p : KernelManifest.all()) {
            KernelManifest m = KernelManifest.load(p);
            if (!m.kernel.endsWith(".c") || m.folder.endsWith("_rvv")) {
                continue;
            }
            kernels++;
            byte[] elf = CKernelCompiler.compile(m.kernelPath(), m.entry != null ? m.entry : "main", null, false,
                    march);
            for (Segment s : ElfReader.read(elf, m.folder, 1L << 32).segments()) {
                byte[] d = s.data();
                for (int o = 0; (s.flags() & Segment.PF_X) != 0 && o + 2 <= d.length; instructions++) {
                    boolean c = CompressedInstructions.isCompressed(d[o]);
                    compressed += c ? 1 : 0;
                    o += c ? 2 : 4;
                }
            }
            for (String engine : new String[] {"interp", "jit"}) {
                StringWriter out = new StringWriter();
                StringWriter err = new StringWriter();
                int code = Main.execute(new String[] {"run", p.toString(), "--json", "--isa", ISA, "--engine", engine},
                        new PrintWriter(out), new PrintWriter(err));
                JsonNode r = new ObjectMapper().readTree(out.toString().strip());
                assertThat(r.path("status").asText()).as("%s --isa %s --engine %s: %s (stderr %s)", m.folder, ISA,
                        engine, r, err).isEqualTo("ok");
                assertThat(code).isZero();
            }
        }
        assertThat(kernels).as("scalar C kernels in the library").isGreaterThanOrEqualTo(5);
        assertThat(compressed).as("compressed instructions clang used").isGreaterThan(instructions / 3);
        System.out.printf("%d scalar C kernels built for %s: %d of %d instructions compressed, all checks pass on"
                + " both engines%n", kernels, march, compressed, instructions);
    }
}
