package org.rvsimt.core.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.DeviceConfig;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.core.api.LaunchResult;
import org.rvsimt.isa.asm.AsmOptions;

/**
 * The self-checking conformance programs of {@link SelfCheckingIsaTest}, assembled by rvsimt's own
 * assembler with compression on (as {@code rvsimt asm --march rv32imafc} does): every case still passes
 * on both engines, so the compressed encodings the assembler chooses and the branch offsets it lays out
 * (their far jumps to {@code fail} widened, near ones compressed) mean what the source says. The
 * expectations themselves are checked on qemu-riscv32 by {@link SelfCheckingIsaTest#passesOnQemu}.
 */
class CompressedAssemblySelfCheckTest {

    private static final DeviceConfig BASE = DeviceConfig.defaults().withVram(4L << 20).withThreads(1);

    /** The hand-checked program of every written-out c. form, assembled by rvsimt instead of clang. */
    @org.junit.jupiter.api.Test
    void everyWrittenOutCompressedFormRunsOnBothEngines() throws Exception {
        Kernel k = Kernel.fromAssembly(CompressedSelfCheckTest.SOURCE, "rvc.S");
        for (String engine : new String[] {"interp", "jit"}) {
            DeviceConfig c = BASE.withEngine(engine);
            try (Device d = Device.open(c)) {
                LaunchResult r = d.launch(k, Dim3.of(1), Dim3.of(1), 0, c.warpSize(), c.computeUnits());
                assertThat(r.fault() == null || r.fault().kind().label().equals("exit_code")).as("%s: %s", engine,
                        r.fault() == null ? "" : r.fault().summary()).isTrue();
                assertThat(r.exitCode()).as("%s: failing case %d", engine, r.exitCode() >> 1).isZero();
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.rvsimt.core.conformance.SelfCheckingIsaTest#files")
    void passesCompressedOnBothEngines(String file) throws Exception {
        String src = SelfCheckingIsaTest.source(file);
        Kernel k = Kernel.fromAssembly(src, file, AsmOptions.defaults().withCompressed(true));
        Kernel plain = Kernel.fromAssembly(src, file);
        int halfwords = 0;
        int bytes = 0;
        int plainBytes = 0;
        for (var s : k.image().segments()) {
            if (s.executable()) {
                bytes += s.data().length;
                for (int off = 0; off + 2 <= s.data().length; ) {
                    boolean half = (s.data()[off] & 3) != 3;
                    halfwords += half ? 1 : 0;
                    off += half ? 2 : 4;
                }
            }
        }
        for (var s : plain.image().segments()) {
            plainBytes += s.executable() ? s.data().length : 0;
        }
        assertThat(halfwords).as(file + ": compressed instructions").isGreaterThan(5);
        assertThat(bytes).as(file + ": text bytes, compressed vs not").isLessThan(plainBytes);
        for (String engine : new String[] {"interp", "jit"}) {
            for (int warp : new int[] {32, 1}) {
                DeviceConfig c = BASE.withEngine(engine).withWarpSize(warp);
                try (Device d = Device.open(c)) {
                    LaunchResult r = d.launch(k, Dim3.of(1), Dim3.of(1), 0, c.warpSize(), c.computeUnits());
                    if (r.fault() != null && r.fault().kind().label().equals("exit_code")) {
                        int n = r.exitCode() >> 1;
                        throw new AssertionError(String.format("%s compressed (%s, warp %d): case %d failed: %s", file,
                                engine, warp, n, SelfCheckingIsaTest.caseLine(src, n)));
                    }
                    assertThat(r.fault()).as("%s compressed (%s, warp %d): %s", file, engine, warp,
                            r.fault() == null ? "" : r.fault().summary()).isNull();
                    assertThat(r.exitCode()).isZero();
                }
            }
        }
    }
}
