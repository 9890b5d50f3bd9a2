package org.rvsimt.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.rvsimt.cli.Main;
import org.rvsimt.frontend.CKernelCompiler;
import org.rvsimt.isa.CompressedInstructions;
import org.rvsimt.isa.DeviceIsa;
import org.rvsimt.isa.Extension;
import org.rvsimt.isa.InstructionDef;
import org.rvsimt.isa.decode.Decoder;
import org.rvsimt.isa.elf.ElfReader;
import org.rvsimt.isa.elf.Segment;

/**
 * The kernel library's scalar C kernels on a device with every standard extension a RISC-V toolchain
 * may use for them: compressed instructions (which most toolchains default to), bit manipulation,
 * conditional zero and half precision. {@code rvsimt run --isa} compiles them for that ISA (clang then
 * uses c.*, sh*add, andn, min/max, czero, and for {@code _Float16} fmadd.h, fcvt.h.s, ...), and every
 * built-in check passes on both engines. The compiled code must really contain such instructions, or
 * the test would show nothing.
 */
class KernelLibraryIsaTest {
    /** Everything the scalar kernels use, plus C, Zb*, Zicond and Zfh, minus the vector and matrix units. */
    static final String ISA = "rv32imafc_zba_zbb_zbs_zicond_zfh_xsfu_xlowp";

    static final Set<Extension> BIT = Set.of(Extension.ZBA, Extension.ZBB, Extension.ZBS, Extension.ZICOND);
    static final Set<Extension> HALF = Set.of(Extension.ZFHMIN, Extension.ZFH);

    @Test
    void scalarCKernelsPassTheirChecksBuiltForCZbZicondAndZfh() throws Exception {
        KernelApiTest.assumeClang();
        String march = DeviceIsa.parse(ISA).compilerArch();
        assertThat(march).isEqualTo("rv32imafc_zicsr_zba_zbb_zbs_zfhmin_zfh_zicond");
        int kernels = 0;
        int instructions = 0;
        int compressed = 0;
        int bitInstructions = 0;
        int halfInstructions = 0;
        for (Path p : KernelManifest.all()) {
            KernelManifest m = KernelManifest.load(p);
            if (!m.kernel.endsWith(".c") || m.folder.endsWith("_rvv")) {
                continue;
            }
            kernels++;
            byte[] elf = CKernelCompiler.compile(m.kernelPath(), m.entry != null ? m.entry : "main", null, false,
                    march);
            for (Segment s : ElfReader.read(elf, m.folder, 1L << 32).segments()) {
                if ((s.flags() & Segment.PF_X) == 0) {
                    continue;
                }
                byte[] d = s.data();
                for (int o = 0; o + 2 <= d.length; instructions++) {
                    if (CompressedInstructions.isCompressed(d[o])) {
                        compressed++;
                        o += 2;
                        continue;
                    }
                    if (o + 4 > d.length) {
                        break;
                    }
                    int w = (d[o] & 0xFF) | (d[o + 1] & 0xFF) << 8 | (d[o + 2] & 0xFF) << 16 | (d[o + 3] & 0xFF) << 24;
                    InstructionDef def = Decoder.lookup(w);
                    bitInstructions += def != null && BIT.contains(def.extension()) ? 1 : 0;
                    halfInstructions += def != null && HALF.contains(def.extension()) ? 1 : 0;
                    o += 4;
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
        assertThat(bitInstructions).as("Zba/Zbb/Zbs/Zicond instructions clang used in them").isPositive();
        assertThat(halfInstructions).as("Zfh instructions clang used in them (haxpy_c)").isPositive();
        System.out.printf("%d scalar C kernels built for %s: %d of %d instructions compressed, %d Zb*/Zicond and"
                + " %d Zfh instructions; all checks pass on both engines%n", kernels, march, compressed, instructions,
                bitInstructions, halfInstructions);
    }
}
