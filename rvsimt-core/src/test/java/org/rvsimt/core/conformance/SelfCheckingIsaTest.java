package org.rvsimt.core.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.DeviceConfig;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.core.api.LaunchResult;

/**
 * riscv-tests-style self-checking programs, one per instruction class, in
 * {@code src/test/resources/conformance/}: gp (x3) holds the case number; a program ends with
 * {@code ecall} (a7 = 93) and a0 = 0 when every case passed, a0 = (gp << 1) | 1 at the first
 * failing case. Each runs as a one-thread launch on rvsimt (32-lane and 1-lane warps), where a
 * non-zero exit is the fault {@code exit_code}, and on qemu-riscv32 (built by clang-19 with a
 * {@code _start} that jumps to {@code test_main}; exit status = a0 & 0xFF), so the expectations
 * themselves are checked by a real peer, and rvsimt's assembler must lay each out word for word
 * as clang does. Files marked {@code rvsimt-only} in their header use custom instructions or CSRs
 * and run on rvsimt alone. The .S files are generated from {@code conformance/src/*.in} by
 * {@code conformance/src/number.py} (case shorthands expanded, cases numbered).
 */
class SelfCheckingIsaTest {
    static final List<String> FILES = List.of(
            "rv32i_alu.S", "rv32i_mem.S", "rv32i_control.S", "rv32m.S", "rv32a.S",
            "zicsr_fp.S", "zicsr_counters.S", "zicsr_simt.S", "rv32f_arith.S", "rv32f_misc.S", "rv32f_cvt.S", "zfh.S",
            "xlowp_sfu.S");

    private static final String QEMU_WRAPPER = "\n    .text\n    .globl _start\n_start:\n    j test_main\n";

    static Stream<String> files() {
        return FILES.stream();
    }

    /** The files a real RISC-V peer can run: all but those using rvsimt's custom instructions or CSRs. */
    static Stream<String> peerFiles() {
        return FILES.stream().filter(f -> {
            try {
                return !rvsimtOnly(source(f));
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }

    static String source(String file) throws IOException {
        try (InputStream in = SelfCheckingIsaTest.class.getResourceAsStream("/conformance/" + file)) {
            assertThat(in).as("resource conformance/" + file).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    static boolean rvsimtOnly(String source) {
        return source.lines().limit(12).anyMatch(l -> l.startsWith("# rvsimt-only"));
    }

    /** The source line of case {@code n}, for failure messages. */
    static String caseLine(String source, int n) {
        String tag = "li gp, " + n + ";";
        return source.lines().filter(l -> l.contains(tag)).findFirst().map(String::trim)
                .orElse("(no case " + n + " in the source)");
    }

    private record Config(String name, DeviceConfig config) { }

    private static final DeviceConfig BASE = DeviceConfig.defaults().withVram(4L << 20).withThreads(1);

    private static final Config[] CONFIGS = {
        new Config("interp, warp 32", BASE.withEngine("interp")),
        new Config("jit, warp 32", BASE.withEngine("jit")),
        new Config("interp, warp 1, 2 units", BASE.withEngine("interp").withWarpSize(1).withComputeUnits(2)),
        new Config("jit, warp 1, 2 units", BASE.withEngine("jit").withWarpSize(1).withComputeUnits(2)),
    };

    /** Runs one source as one thread; the argument block holds the warp size and the unit count. */
    static LaunchResult runOnRvsimt(String source, String name, DeviceConfig config) throws Exception {
        try (Device d = Device.open(config)) {
            Kernel k = Kernel.fromAssembly(source, name);
            return d.launch(k, Dim3.of(1), Dim3.of(1), 0, config.warpSize(), config.computeUnits());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void passesOnRvsimt(String file) throws Exception {
        String src = source(file);
        for (Config c : CONFIGS) {
            LaunchResult r = runOnRvsimt(src, file, c.config);
            if (r.fault() != null && r.fault().kind().label().equals("exit_code")) {
                int n = r.exitCode() >> 1;
                throw new AssertionError(String.format("%s on rvsimt (%s): case %d failed (exit code %d): %s", file,
                        c.name, n, r.exitCode(), caseLine(src, n)));
            }
            assertThat(r.fault()).as("%s on rvsimt (%s): fault %s", file, c.name,
                    r.fault() == null ? "" : r.fault().summary()).isNull();
            assertThat(r.exitCode()).as("%s on rvsimt (%s): exit code", file, c.name).isZero();
            assertThat(r.laneInstructions()).as("%s: instructions run", file).isGreaterThan(20);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("peerFiles")
    void passesOnQemu(String file) throws Exception {
        String src = source(file);
        String missing = Toolchain.missingTools();
        Assumptions.assumeTrue(missing == null, "install qemu-user clang-19 lld-19 (missing " + missing + ")");
        int status = runOnQemu(src, file.replace(".S", ""));
        if (status != 0) {
            int n = status >> 1;
            throw new AssertionError(String.format("%s on qemu-riscv32: exit status %d: case %d (mod 128) failed: %s",
                    file, status, n, caseLine(src, n)));
        }
    }

    /**
     * The assembler cross-check: rvsimt's assembler lays out every qemu-runnable file exactly as
     * clang does (same words at the same addresses, text at 0x10000 and data at 0x40000 on both).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("peerFiles")
    void assemblesLikeClang(String file) throws Exception {
        String src = source(file) + QEMU_WRAPPER;
        String missing = Toolchain.missingTools();
        Assumptions.assumeTrue(missing == null, "install qemu-user clang-19 lld-19 (missing " + missing + ")");
        Path dir = Files.createTempDirectory("rvsimt-selfcheck");
        try {
            String name = file.replace(".S", "");
            byte[] elf = Toolchain.build(dir, name, src, 0x10000, 0x40000);
            Kernel clang = Kernel.fromElf(elf, name + ".elf", 4L << 20);
            Kernel own = Kernel.fromElf(org.rvsimt.isa.asm.Assembler.assemble(src, file,
                    new org.rvsimt.isa.asm.AsmOptions(0x10000, 0x40000)).toElf(), file, 4L << 20);
            assertThat(QemuDifferentialTest.compareLayout(own, clang)).as(file + ": rvsimt's assembler vs clang").isNull();
        } finally {
            Toolchain.deleteTree(dir);
        }
    }

    static int runOnQemu(String source, String name) throws Exception {
        Path dir = Files.createTempDirectory("rvsimt-selfcheck");
        try {
            Toolchain.build(dir, name, source + QEMU_WRAPPER, 0x10000, -1);
            Toolchain.Run r = Toolchain.qemu(dir, dir.resolve(name + ".elf"), 30, QemuDifferentialTest.QEMU_CPU,
                    List.of());
            return r.exitStatus();
        } finally {
            Toolchain.deleteTree(dir);
        }
    }

    /** Every .S under resources/conformance is in {@link #FILES}, so none is silently skipped. */
    @Test
    void everySourceIsListed() throws IOException, URISyntaxException {
        // The source folder (the build's copy may hold files deleted since); else the classpath copy.
        Path dir = Path.of("src/test/resources/conformance");
        if (!Files.isDirectory(dir)) {
            URL url = SelfCheckingIsaTest.class.getResource("/conformance/");
            assertThat(url).isNotNull();
            Assumptions.assumeTrue(url.getProtocol().equals("file"), "resources are not in a directory");
            dir = Path.of(url.toURI());
        }
        try (Stream<Path> s = Files.list(dir)) {
            List<String> present = s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".S")).sorted()
                    .toList();
            assertThat(present).containsExactlyInAnyOrderElementsOf(FILES);
        }
    }

    /** The convention itself: a program that fails case 5 exits with 11 on both sides. */
    @Test
    void aFailingCaseIsReportedByBoth() throws Exception {
        String src = """
                    .text
                    .globl test_main
                test_main:
                    li gp, 4; li a1, 1; bne a1, a1, fail
                    li gp, 5; li a1, 1; beq a1, a1, fail
                    j pass
                fail:
                    slli a0, gp, 1
                    ori a0, a0, 1
                    li a7, 93
                    ecall
                pass:
                    li a0, 0
                    li a7, 93
                    ecall
                """;
        for (Config c : CONFIGS) {
            LaunchResult r = runOnRvsimt(src, "failing.S", c.config);
            assertThat(r.fault()).as(c.name).isNotNull();
            assertThat(r.fault().kind().label()).as(c.name).isEqualTo("exit_code");
            assertThat(r.exitCode()).as(c.name).isEqualTo(11);
        }
        if (Toolchain.missingTools() == null) {
            assertThat(runOnQemu(src, "failing")).isEqualTo(11);
        }
    }

    /**
     * Reserved rounding modes (rm 5 and 6 in the instruction, or dyn with frm 5..7) make every
     * instruction that rounds illegal, as on qemu (SIGILL, status 132); instructions that do not
     * round ignore frm.
     */
    @Test
    void reservedRoundingModesAreIllegal() throws Exception {
        String[] illegal = {
            "fsrmi 5; fadd.s fa0, fa1, fa2",
            "fsrmi 7; fmadd.s fa0, fa1, fa2, fa3",
            "fsrmi 6; fcvt.w.s a0, fa1",
            "fsrmi 5; fcvt.s.wu fa0, a1",
            "fsrmi 7; fsqrt.s fa0, fa1, dyn",
            ".insn r OP_FP, 5, 0, fa0, fa1, fa2",
            ".insn r OP_FP, 6, 0x68, fa0, a1, x0",
        };
        String[] legal = {
            "fsrmi 5; fsgnj.s fa0, fa1, fa2; fmin.s fa0, fa1, fa2; feq.s a0, fa1, fa2; fclass.s a0, fa1; fmv.x.w a0, fa1",
            "fsrmi 7; fadd.s fa0, fa1, fa2, rne; fcvt.w.s a0, fa1, rtz; fmadd.s fa0, fa1, fa2, fa3, rmm",
        };
        boolean qemu = Toolchain.missingTools() == null;
        for (String[] set : new String[][] {illegal, legal}) {
            for (String snippet : set) {
                String src = "    .text\n    .globl test_main\ntest_main:\n    " + snippet
                        + "\n    li a0, 0\n    li a7, 93\n    ecall\n";
                boolean expectIllegal = set == illegal;
                for (Config c : CONFIGS) {
                    LaunchResult r = runOnRvsimt(src, "rm.S", c.config);
                    if (expectIllegal) {
                        assertThat(r.fault()).as("%s (%s)", snippet, c.name).isNotNull();
                        assertThat(r.fault().kind().label()).as("%s (%s)", snippet, c.name).isEqualTo("illegal_instruction");
                    } else {
                        assertThat(r.fault()).as("%s (%s)", snippet, c.name).isNull();
                    }
                }
                if (qemu) {
                    assertThat(runOnQemu(src, "rm")).as("%s on qemu", snippet).isEqualTo(expectIllegal ? 132 : 0);
                }
            }
        }
    }

    /**
     * instret and cycle count warp instructions exactly, on both engines: two reads around two
     * instructions differ by 3 (the first read retires too). The interpreter once read a count
     * that was only updated at the end of each scheduling quantum.
     */
    @Test
    void countersAdvanceExactly() throws Exception {
        String src = """
                    .globl k
                k:
                    lw t6, 0(a0)
                    rdinstret t0
                    nop
                    nop
                    rdinstret t1
                    sub t2, t1, t0
                    sw t2, 0(t6)
                    rdcycle t0
                    nop
                    rdcycle t1
                    sub t2, t1, t0
                    sw t2, 4(t6)
                    ret
                """;
        for (Config c : CONFIGS) {
            try (Device d = Device.open(c.config)) {
                org.rvsimt.core.api.Buffer out = d.alloc(8);
                LaunchResult r = d.launch(Kernel.fromAssembly(src, "counters.S"), Dim3.of(1), Dim3.of(1), 0, out);
                assertThat(r.fault()).as(c.name).isNull();
                assertThat(out.readInts()).as("%s: instret and cycle deltas", c.name).containsExactly(3, 2);
            }
        }
    }

    /** Writing a read-only id CSR is an illegal instruction (docs/kernel-abi.md). */
    @Test
    void writingAReadOnlyIdCsrFaults() throws Exception {
        for (String insn : new String[] {"csrw 0xfc0, t0", "csrrwi a0, 0xcc0, 0", "csrrs a0, 0xcd3, t0",
            "csrrsi a0, mhartid, 1", "csrrc a0, mscratch, t0"}) {
            String src = "    .globl k\nk:\n    li t0, 1\n    " + insn + "\n    ret\n";
            for (Config c : CONFIGS) {
                LaunchResult r = runOnRvsimt(src, "ro.S", c.config);
                assertThat(r.fault()).as("%s (%s)", insn, c.name).isNotNull();
                assertThat(r.fault().kind().label()).as("%s (%s)", insn, c.name).isEqualTo("illegal_instruction");
            }
        }
    }
}
