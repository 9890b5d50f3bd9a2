package org.rvsimt.isa.elf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.rvsimt.isa.elf.ElfTestFiles.*;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The writer's output against the LLVM tools, and the reader against real clang/lld output. */
class ElfToolchainTest {

    private static final Path OBJDUMP = Path.of("/usr/bin/llvm-objdump");
    private static final Path READELF = Path.of("/usr/bin/llvm-readelf");
    private static final Path CLANG = Path.of("/usr/bin/clang-19");
    private static final Path LLD = Path.of("/usr/bin/ld.lld-19");

    @TempDir
    Path dir;

    private record Result(int exit, String out, String err) { }

    private Result run(List<String> command) throws IOException, InterruptedException {
        Path errFile = Files.createTempFile(dir, "stderr", ".txt");
        Process p = new ProcessBuilder(command).redirectError(errFile.toFile()).start();
        p.getOutputStream().close();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(command + " did not finish in 30 s");
        }
        return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8), Files.readString(errFile));
    }

    private static void requireTool(Path tool) {
        assumeTrue(Files.isExecutable(tool), tool + " is not installed; skipping");
    }

    private Path writeSample() throws IOException {
        Path f = dir.resolve("sample.elf");
        Files.write(f, threeSegments());
        Path g = dir.resolve("two.elf");
        Files.write(g, twoSegments());
        return g;
    }

    @Test
    void llvmObjdumpDisassemblesTheWritersCode() throws Exception {
        requireTool(OBJDUMP);
        Path f = writeSample();
        Result r = run(List.of(OBJDUMP.toString(), "-d", "--mattr=+m,+a,+f", f.toString()));
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.err()).isEmpty();
        assertThat(r.out()).contains("file format elf32-littleriscv")
                .containsPattern("1000:\\s+33 05 b5 00\\s+add\\s+a0, a0, a1")
                .containsPattern("1004:\\s+33 05 b5 02\\s+mul\\s+a0, a0, a1")
                .containsPattern("1008:\\s+53 75 b5 00\\s+fadd.s\\s+fa0, fa0, fa1")
                .containsPattern("100c:\\s+67 80 00 00\\s+(ret|jalr\\s+zero, 0\\(ra\\))")
                .contains("<main>:", "<helper>:");
    }

    @Test
    void llvmObjdumpListsTheWritersSymbols() throws Exception {
        requireTool(OBJDUMP);
        Path f = writeSample();
        Result r = run(List.of(OBJDUMP.toString(), "-t", f.toString()));
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.err()).isEmpty();
        assertThat(r.out())
                .containsPattern("00001000 g\\s+F \\.text\\s+00000008 main")
                .containsPattern("00001008 l\\s+F \\.text\\s+00000008 helper")
                .containsPattern("00001004 l\\s+\\.text\\s+00000000 loop")
                .containsPattern("00002000 g\\s+O \\.data\\s+00000000 table")
                .containsPattern("003f0000 g\\s+\\*ABS\\*\\s+00000000 STACK_TOP");
    }

    @Test
    void llvmReadelfFindsNothingToWarnAbout() throws Exception {
        requireTool(READELF);
        writeSample();
        for (String name : List.of("sample.elf", "two.elf")) {
            Path f = dir.resolve(name);
            Result r = run(List.of(READELF.toString(), "--file-header", "--segments", "--sections", "--symbols", f.toString()));
            assertThat(r.exit()).as(r.err()).isZero();
            assertThat(r.err()).as("warnings").isEmpty();
            assertThat(r.out()).contains("EXEC (Executable file)", "RISC-V", "single-float ABI")
                    .containsPattern("LOAD\\s+0x[0-9a-f]+ 0x00001000 0x00001000 0x00010 0x00010 R E 0x10");
            if (name.equals("sample.elf")) {
                assertThat(r.out()).containsPattern("\\.bss\\s+NOBITS\\s+00002100")
                        .containsPattern("LOAD\\s+0x[0-9a-f]+ 0x00002100 0x00002100 0x00000 0x00040 RW  0x10");
            }
        }
    }

    @Test
    void readsAnExecutableLinkedByClangAndLld() throws Exception {
        requireTool(CLANG);
        requireTool(LLD);
        Path c = dir.resolve("k.c");
        Files.writeString(c, """
                float scale = 2.0f;
                int counter;
                static int helper(int a, int b) { return a * b + counter; }
                float saxpy(float a, float x, float y) { return a * x + y; }
                int main(void) { counter = helper(3, 4); return (int) saxpy(scale, 1.0f, 2.0f); }
                """);
        Path elf = dir.resolve("k.elf");
        List<String> cmd = new ArrayList<>(List.of(CLANG.toString(), "--target=riscv32-unknown-elf", "-march=rv32imaf",
                "-mabi=ilp32f", "-nostdlib", "-ffreestanding", "-fuse-ld=lld", "--ld-path=" + LLD, "-O1", "-Wl,-e,main",
                "-o", elf.toString(), c.toString()));
        Result r = run(cmd);
        assumeTrue(r.exit() == 0, "clang could not build a RISC-V executable here: " + r.err());
        byte[] bytes = Files.readAllBytes(elf);

        ElfImage image = ElfReader.read(bytes, "k.elf", VRAM);
        assertSane(image, VRAM);
        ElfSymbol main = image.symbol("main").orElseThrow();
        assertThat(main.function()).isTrue();
        assertThat(main.global()).isTrue();
        assertThat(main.section()).isEqualTo(".text");
        assertThat(main.size()).isPositive();
        assertThat(image.entry()).isEqualTo(main.value());
        assertThat(image.symbol("saxpy")).map(ElfSymbol::function).contains(true);
        assertThat(image.symbol("scale")).map(ElfSymbol::function).contains(false);
        assertThat(image.symbol("counter")).map(ElfSymbol::size).contains(4);
        assertThat(image.symbols()).extracting(ElfSymbol::name).doesNotContain("k.c", "$x", "$d", "");
        assertThat(image.segments()).anySatisfy(s -> assertThat(s.executable()).isTrue());
        // the initialised float lives in a writable segment
        int scale = image.symbol("scale").orElseThrow().value();
        Segment data = image.segments().stream().filter(s -> s.contains(scale)).findFirst().orElseThrow();
        assertThat(data.writable()).isTrue();
        int at = scale - data.vaddr();
        assertThat(Float.intBitsToFloat(u32(data.data(), at))).isEqualTo(2.0f);

        // The same file truncated anywhere is rejected cleanly.
        for (int len = 0; len < bytes.length; len++) {
            try {
                ElfReader.read(Arrays.copyOf(bytes, len), "k.elf", VRAM);
                throw new AssertionError("truncation to " + len + " accepted");
            } catch (ElfFormatException e) {
                assertGoodMessage(e, "k.elf");
            }
        }
    }
}
