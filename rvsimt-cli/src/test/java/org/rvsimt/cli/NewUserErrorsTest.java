package org.rvsimt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What a new user tripped on: flags blamed on the manifest, commands that answered the wrong
 * question or nothing, the assembler's first error only, integer checks printed as floats.
 */
class NewUserErrorsTest {
    @TempDir
    static Path dir;

    /** Every thread stores threadIdx.x * 3 - 41 into out[threadIdx.x] (an i32 buffer). */
    static final String STORE = """
                lw t0, 0(a0)
                csrr t1, 0xCD3
                li t2, 3
                mul t3, t1, t2
                addi t3, t3, -41
                slli t1, t1, 2
                add t0, t0, t1
                sw t3, 0(t0)
                ret
            """;

    static Path manifest;

    @BeforeAll
    static void files() {
        Cli.write(dir, "store.S", STORE);
        manifest = Cli.write(dir, "launch.yaml", "kernel: store.S\ngrid: [1]\nblock: [4]\n"
                + "args:\n  - {name: out, buffer: i32, zeros: 4}\n");
    }

    // ------------------------------------------------------------------ flags (item 5)

    /** A flag that overrides a manifest field is named in its error; the manifest is not blamed. */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
        "--engine    | fast    | --engine: must be interp or jit, got 'fast'",
        "--warp-size | 0       | --warp-size: must be 1..64, got 0",
        "--warp-size | 65      | --warp-size: must be 1..64, got 65",
        "--vlen      | 96      | --vlen: must be a power of two between 64 and 1024, got 96",
        "--sfu       | medium  | --sfu: must be exact or fast, got 'medium'",
        "--threads   | 0       | --threads: must be 1..1024, got 0",
        "--watchdog  | 0       | --watchdog: must be at least 1, got 0",
        "--block     | 2048    | --block: 2048 threads per block; at most 1024",
        "--grid      | 1,70000 | --grid: y and z are at most 65535",
        "--shared    | 1GiB    | --shared: 1073741824 out of range",
    })
    void aBadFlagIsNamedAndTheManifestIsNot(String flag, String value, String message) {
        Cli.Result r = Cli.run("run", manifest.toString(), flag, value).badInput(message);
        assertThat(r.err()).startsWith("rvsimt: " + flag + ":").doesNotContain("launch.yaml");
    }

    @Test
    void aBadFlagOnABareKernelIsNamedToo() {
        Cli.Result r = Cli.run("run", dir.resolve("store.S").toString(), "--grid", "1", "--block", "4", "--engine", "fast");
        r.badInput("--engine: must be interp or jit, got 'fast'");
        assertThat(r.err()).doesNotContain("store.S");
    }

    @Test
    void theManifestIsStillBlamedForItsOwnFields() {
        Path m = Cli.write(dir, "warp0.yaml", "kernel: store.S\ngrid: [1]\nblock: [4]\ndevice: {warp_size: 0}\n");
        Cli.run("run", m.toString()).badInput("warp0.yaml: device", "warp_size");
    }

    // ------------------------------------------------------------------ commands (item 6)

    @Test
    void noArgumentsIsAUsageErrorWithTheUsageOnStderr() {
        Cli.Result r = Cli.run().noTrace();
        assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).startsWith("Usage: rvsimt").contains("run").contains("asm");
    }

    @Test
    void versionWorksOnEverySubcommand() {
        for (String c : List.of("run", "asm", "disasm", "isa", "trace", "bench", "serve")) {
            Cli.Result r = Cli.run(c, "--version").noTrace();
            assertThat(r.code()).as(c).isZero();
            assertThat(r.out()).as(c).startsWith("rvsimt ").isEqualTo(Cli.run("--version").out());
            assertThat(r.err()).isEmpty();
        }
    }

    @Test
    void runAFolderSuggestsItsManifest() {
        Cli.Result r = Cli.run("run", dir.toString()).badInput("is a folder", "rvsimt run " + manifest);
        assertThat(r.err()).doesNotContain("--grid");
        Path empty = dir.resolve("empty");
        Cli.run("run", Cli.write(empty, "x.txt", "").getParent().toString()).badInput("is a folder", ".S, .c");
    }

    @Test
    void runAFileThatIsNoKernelSaysWhichFilesAre() {
        Path readme = Cli.write(dir, "README.md", "# hello\n");
        Cli.Result r = Cli.run("run", readme.toString(), "--grid", "1", "--block", "1")
                .badInput("README.md: not a kernel or a manifest", ".S, .c, .bin or an ELF", ".yaml");
        Cli.run("run", readme.toString()).badInput("README.md: not a kernel or a manifest");
        assertThat(r.err()).doesNotContain("--grid");
    }

    @Test
    void anElfWithAnyNameIsStillAKernel() throws Exception {
        Path s = Cli.write(dir, "ret.S", Cli.RET);
        Path elf = dir.resolve("ret.kernel");
        assertThat(Cli.run("asm", s.toString(), "-o", elf.toString()).code()).isZero();
        Cli.Result r = Cli.run("run", elf.toString()).noTrace();
        assertThat(r.err()).contains("--grid").contains("--block");
        assertThat(Cli.run("run", elf.toString(), "--grid", "1", "--block", "1").code()).isZero();
    }

    @Test
    void disasmOfTextSaysItIsNotAnElf() {
        Path readme = Cli.write(dir, "NOTES.md", "# not code\n");
        Cli.Result r = Cli.run("disasm", readme.toString()).badInput("NOTES.md: not an ELF file", "--raw");
        assertThat(r.out()).isEmpty();
        Cli.Result raw = Cli.run("disasm", "--raw", readme.toString()).noTrace();
        assertThat(raw.code()).isZero();
        assertThat(raw.out()).contains("file format binary");
    }

    @Test
    void asmPrintsEveryErrorInLineOrderOneLineEach() {
        Path s = Cli.write(dir, "three.S", "  la a0, nowhere\n  nop\n  zzz a0\n  add a0, a0, x32\n");
        Cli.Result r = Cli.run("asm", s.toString()).noTrace();
        assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.errLines()).containsExactly("three.S:1:10: undefined symbol 'nowhere'",
                "three.S:3:3: unknown mnemonic 'zzz'", "three.S:4:15: unknown register 'x32'");
        // run prints the same list, the first line in its usual "rvsimt: " form.
        Cli.Result run = Cli.run("run", s.toString(), "--grid", "1", "--block", "1").noTrace();
        assertThat(run.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(run.errLines()).containsExactly("rvsimt: three.S:1:10: undefined symbol 'nowhere'",
                "three.S:3:3: unknown mnemonic 'zzz'", "three.S:4:15: unknown register 'x32'");
    }

    @Test
    void asmShowsTwentyErrorsThenHowManyMore() {
        Path s = Cli.write(dir, "many.S", "  bogus\n".repeat(AsmErrors.SHOWN + 7));
        Cli.Result r = Cli.run("asm", s.toString()).noTrace();
        assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.errLines()).hasSize(AsmErrors.SHOWN + 1);
        assertThat(r.errLines().get(0)).isEqualTo("many.S:1:3: unknown mnemonic 'bogus'");
        assertThat(r.errLines().get(AsmErrors.SHOWN - 1)).startsWith("many.S:" + AsmErrors.SHOWN + ":3:");
        assertThat(r.errLines().get(AsmErrors.SHOWN)).isEqualTo("many.S: and 7 more errors");
    }

    // ------------------------------------------------------------------ integer checks (item 7)

    /** got = threadIdx.x * 3 - 41 for threads 0..3: -41, -38, -35, -32 (worked out by hand). */
    @Test
    void integerChecksPrintIntegers() {
        Path bad = Cli.write(dir, "bad.yaml", "kernel: store.S\ngrid: [1]\nblock: [4]\n"
                + "args:\n  - {name: out, buffer: i32, zeros: 4}\nexpect:\n  - {arg: out, values: [918, -38, -35, -32]}\n");
        Cli.Result r = Cli.run("run", bad.toString()).noTrace();
        assertThat(r.code()).isEqualTo(Main.FAILED);
        assertThat(r.out()).contains("check out: FAIL: 1 mismatches, first at [0]: got -41, want 918");
        JsonNode c = Cli.run("run", bad.toString(), "--json").noTrace().json().get("checks").get(0);
        assertThat(c.get("first_mismatch").get("got").isIntegralNumber()).isTrue();
        assertThat(c.get("first_mismatch").get("got").asLong()).isEqualTo(-41);
        assertThat(c.get("first_mismatch").get("want").asLong()).isEqualTo(918);
        assertThat(c.get("max_abs_err").isIntegralNumber()).isTrue();
        assertThat(c.get("max_abs_err").asLong()).isEqualTo(959);

        Path good = Cli.write(dir, "good.yaml", "kernel: store.S\ngrid: [1]\nblock: [4]\n"
                + "args:\n  - {name: out, buffer: i32, zeros: 4}\nexpect:\n  - {arg: out, values: [-41, -38, -35, -32]}\n");
        Cli.Result ok = Cli.run("run", good.toString()).noTrace();
        assertThat(ok.code()).isZero();
        assertThat(ok.out()).contains("check out: pass (max abs err 0)");
        assertThat(Cli.run("run", good.toString(), "--json").json().get("checks").get(0).get("max_abs_err").isIntegralNumber())
                .isTrue();
    }

    @Test
    void floatChecksStillPrintFloats() {
        Path k = Cli.write(dir, "half.S", "  lw t0, 0(a0)\n  lui t1, 0x3f000\n  sw t1, 0(t0)\n  ret\n");
        Path m = Cli.write(dir, "half.yaml", "kernel: half.S\ngrid: [1]\nblock: [1]\n"
                + "args:\n  - {name: out, buffer: f32, zeros: 1}\nexpect:\n  - {arg: out, values: [0.25]}\n");
        assertThat(k).exists();
        Cli.Result r = Cli.run("run", m.toString()).noTrace();
        assertThat(r.out()).contains("got 0.5, want 0.25");
        assertThat(Files.exists(m)).isTrue();
    }
}
