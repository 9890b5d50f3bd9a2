package org.rvsimt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rvsimt.isa.InstructionSet;

/** Error paths of asm, disasm, isa, --help and the command line itself. */
class ToolErrorsTest {
    @TempDir
    Path dir;

    // ------------------------------------------------------------------ asm

    @Test
    void asmMissingFile() {
        Cli.run("asm", dir.resolve("nope.S").toString()).badInput("nope.S", "no such file");
    }

    @Test
    void asmDirectory() throws Exception {
        Path d = Files.createDirectories(dir.resolve("src.S"));
        Cli.run("asm", d.toString()).badInput("src.S", "directory");
    }

    @Test
    void asmErrorIsOneCompilerStyleLine() {
        Path s = Cli.write(dir, "bad.S", "    nop\n    addi t0, t0\n");
        Cli.Result r = Cli.run("asm", s.toString());
        r.badInput();
        assertThat(r.errLines().get(0)).matches("bad\\.S:2:[0-9]+: .+");
        assertThat(Files.exists(dir.resolve("bad.elf"))).as("no output on error").isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"foo t0, t1", "addi t0, t0, 99999", "lw t0, 0(x32)", "j nowhere", ".word", ".align 99",
        "li t0, %lo(", "\u0000\u0001", "beq t0, t1, 3", "csrr t0, nocsr"})
    void asmErrorsNeverTrace(String line) {
        Path s = Cli.write(dir, "e.S", "    nop\n" + line + "\n");
        Cli.Result r = Cli.run("asm", s.toString()).noTrace();
        assertThat(r.code()).isIn(Main.OK, Main.BAD_INPUT);
        if (r.code() == Main.BAD_INPUT) {
            assertThat(r.errLines()).hasSize(1);
            assertThat(r.errLines().get(0)).matches("e\\.S:2:[0-9]+: .+");
        }
    }

    @Test
    void asmToAnUnwritablePlace() {
        Path s = Cli.write(dir, "ok.S", Cli.RET);
        Cli.run("asm", s.toString(), "-o", dir.resolve("no/such/dir/ok.elf").toString()).badInput("cannot write");
    }

    @Test
    void asmThenDisasm() {
        Path s = Cli.write(dir, "ok.S", "    .globl k\nk:\n    addi a0, a0, 1\n    ret\n");
        Cli.Result r = Cli.run("asm", s.toString(), "-o", dir.resolve("ok.elf").toString()).noTrace();
        assertThat(r.code()).isZero();
        Cli.Result d = Cli.run("disasm", dir.resolve("ok.elf").toString()).noTrace();
        assertThat(d.code()).isZero();
        assertThat(d.out()).contains("<k>").contains("addi").contains("ret");
    }

    /** {@code --march} with c compresses (the listing shows 4-digit halfwords, as llvm-objdump's); a bad ISA is exit 2. */
    @Test
    void asmMarchCompresses() {
        Path s = Cli.write(dir, "c.S", "    .globl k\nk:\n1:  addi a0, a0, 1\n    beqz a0, 1b\n    ret\n");
        Path elf = dir.resolve("c.elf");
        assertThat(Cli.run("asm", s.toString(), "--march", "rv32imafc", "-o", elf.toString()).noTrace().code()).isZero();
        Cli.Result d = Cli.run("disasm", elf.toString()).noTrace();
        assertThat(d.out()).containsPattern("0:\\s+0505\\s+addi\\s+a0, a0, 1")
                .containsPattern("2:\\s+dd7d\\s+beqz\\s+a0, 0x0")
                .containsPattern("4:\\s+8082\\s+ret");
        assertThat(Cli.run("asm", s.toString(), "-march=rv32imaf", "-o", elf.toString()).noTrace().code()).isZero();
        assertThat(Cli.run("disasm", elf.toString()).noTrace().out()).contains("00150513");
        Cli.run("asm", s.toString(), "--march", "rv32q").badInput("--march");
    }

    // ------------------------------------------------------------------ disasm

    @Test
    void disasmMissingAndDirectory() throws Exception {
        Cli.run("disasm", dir.resolve("nope.elf").toString()).badInput("nope.elf", "no such file");
        Path d = Files.createDirectories(dir.resolve("d.elf"));
        Cli.run("disasm", d.toString()).badInput("d.elf", "directory");
    }

    @Test
    void disasmTruncatedElf() {
        Path s = Cli.write(dir, "ok.S", "    .globl k\nk:\n    nop\n    ret\n    .data\n    .word 1, 2, 3\n");
        assertThat(Cli.run("asm", s.toString(), "-o", dir.resolve("ok.elf").toString()).code()).isZero();
        byte[] elf = readAll(dir.resolve("ok.elf"));
        for (int n : new int[] {4, 20, 51, 52, 60, 100, elf.length / 2, elf.length - 1}) {
            if (n >= elf.length) {
                continue;
            }
            Path t = Cli.write(dir, "t" + n + ".elf", Arrays.copyOf(elf, n));
            Cli.Result r = Cli.run("disasm", t.toString());
            r.badInput("t" + n + ".elf");
            assertThat(r.errLines().get(0)).startsWith("rvsimt: ");
        }
    }

    /** Every prefix and every one-byte corruption of the header: 0 or 2, never a trace. */
    @Test
    void disasmCorruptElfsNeverTrace() {
        Path s = Cli.write(dir, "ok.S", "    .globl k\nk:\n    nop\n    ret\n");
        assertThat(Cli.run("asm", s.toString(), "-o", dir.resolve("ok.elf").toString()).code()).isZero();
        byte[] elf = readAll(dir.resolve("ok.elf"));
        java.util.Random rnd = new java.util.Random(42);
        for (int i = 0; i < 150; i++) {
            byte[] b = elf.clone();
            int at = i < 52 ? i : rnd.nextInt(b.length);
            b[at] = (byte) (i % 3 == 0 ? 0xFF : rnd.nextInt(256));
            Path t = Cli.write(dir, "c.elf", b);
            Cli.Result r = Cli.run("disasm", t.toString()).noTrace();
            assertThat(r.code()).as("byte %d", at).isIn(Main.OK, Main.BAD_INPUT);
            if (r.code() == Main.BAD_INPUT) {
                assertThat(r.errLines()).hasSize(1);
            }
        }
    }

    @Test
    void disasmRawBinaryWithTrailingPartialWord() {
        Path b = Cli.write(dir, "k.bin", new byte[] {0x13, 0, 0, 0, 0x67, (byte) 0x80, 0, 0, 0x13, 0});
        Cli.Result r = Cli.run("disasm", b.toString()).noTrace();
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("nop").contains("ret").contains("2 trailing bytes");
        Cli.Result e = Cli.run("disasm", Cli.write(dir, "e.bin", new byte[0]).toString()).noTrace();
        assertThat(e.code()).isZero();
        Cli.Result one = Cli.run("disasm", Cli.write(dir, "one.bin", new byte[] {1}).toString()).noTrace();
        assertThat(one.code()).isZero();
        assertThat(one.out()).contains("1 trailing bytes");
        Cli.Result based = Cli.run("disasm", b.toString(), "--base", "0x1000").noTrace();
        assertThat(based.out()).contains("1000:");
        Cli.run("disasm", b.toString(), "--base", "zz").badUsage();
    }

    // ------------------------------------------------------------------ isa

    @Test
    void isaJsonHasOneEntryPerInstruction() throws Exception {
        Cli.Result r = Cli.run("isa", "--json").noTrace();
        assertThat(r.code()).isZero();
        JsonNode n = new ObjectMapper().readTree(r.out());
        assertThat(n.isArray()).isTrue();
        assertThat(n.size()).isEqualTo(InstructionSet.all().size());
        for (JsonNode e : n) {
            assertThat(e.isObject()).isTrue();
        }
    }

    @Test
    void isaMarkdownEqualsDocs() throws Exception {
        Path doc = repoFile("docs/isa.md");
        Cli.Result r = Cli.run("isa", "--markdown").noTrace();
        assertThat(r.code()).isZero();
        assertThat(r.out()).isEqualTo(Files.readString(doc));
    }

    @Test
    void isaBothFormatsIsAnError() {
        Cli.run("isa", "--json", "--markdown").badInput("--json", "--markdown");
    }

    @Test
    void isaPlainListsEveryInstruction() {
        Cli.Result r = Cli.run("isa").noTrace();
        assertThat(r.code()).isZero();
        assertThat(r.outLines()).hasSize(InstructionSet.all().size());
    }

    // ------------------------------------------------------------------ help, flags, commands

    @ParameterizedTest
    @ValueSource(strings = {"", "run", "asm", "disasm", "isa", "bench", "help"})
    void helpOfEveryCommandExitsZero(String command) {
        String[] args = command.isEmpty() ? new String[] {"--help"} : new String[] {command, "--help"};
        Cli.Result r = Cli.run(args).noTrace();
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("Usage:");
        assertThat(r.err()).isEmpty();
    }

    @Test
    void helpSubcommandAndVersion() {
        Cli.Result h = Cli.run("help", "run").noTrace();
        assertThat(h.code()).isZero();
        assertThat(h.out()).contains("--watchdog").contains("--json").contains("--grid");
        Cli.Result v = Cli.run("--version").noTrace();
        assertThat(v.code()).isZero();
        assertThat(v.out()).startsWith("rvsimt ");
    }

    @ParameterizedTest
    @ValueSource(strings = {"run", "asm", "disasm", "isa", "bench"})
    void unknownFlagIsOneLine(String command) {
        Path s = Cli.write(dir, "ok.S", Cli.RET);
        String[] args = command.equals("isa") || command.equals("bench") ? new String[] {command, "--bogus"}
                : new String[] {command, s.toString(), "--bogus"};
        Cli.Result r = Cli.run(args);
        r.badUsage();
        assertThat(r.errLines().get(0)).contains("--bogus");
        assertThat(r.errLines().get(0)).contains("rvsimt " + command + " --help");
    }

    /** Every subcommand, without its operands too: the unknown flag is named, on the one line. */
    @Test
    void everyCommandsUsageErrorIsOneLineNamingTheFlag() {
        for (String command : Main.SUBCOMMANDS.keySet()) {
            if (command.equals("help")) {
                continue; // picocli's help command takes any word as the command to explain
            }
            Cli.Result r = Cli.run(command, "--bogus");
            r.badUsage();
            assertThat(r.errLines().get(0)).as(command).contains("Unknown option: '--bogus'")
                    .contains("rvsimt " + command + " --help");
        }
        Cli.run("serve", "--socket").badUsage();
        Cli.run("run", "--grid").badUsage();
    }

    @Test
    void unknownTopLevelFlag() {
        Cli.Result r = Cli.run("--bogus");
        r.badUsage();
        assertThat(r.errLines().get(0)).contains("rvsimt --help");
    }

    @Test
    void unknownCommand() {
        Cli.Result r = Cli.run("frobnicate", "x");
        assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
        r.noTrace();
        r.badUsage();
        assertThat(r.errLines().get(0)).startsWith("rvsimt: ").contains("frobnicate");
    }

    @Test
    void missingOperands() {
        for (String c : List.of("run", "asm", "disasm")) {
            Cli.Result r = Cli.run(c);
            r.badUsage();
            assertThat(r.errLines().get(0)).contains("Missing");
        }
    }

    @Test
    void badFlagValues() {
        Path s = Cli.write(dir, "ok.S", Cli.RET);
        Cli.run("run", s.toString(), "--grid", "1", "--block", "1", "--watchdog", "x").badUsage();
        Cli.run("run", s.toString(), "--grid", "1", "--block", "1", "--threads", "many").badUsage();
        Cli.run("asm", s.toString(), "--text-address", "0x1FFFFFFFF").badUsage();
        Cli.run("run", s.toString()).badInput("--grid", "--block");
        // --trace works now; a trace file that cannot be created is bad input naming the flag.
        Cli.run("run", s.toString(), "--grid", "1", "--block", "1", "--trace", dir.resolve("no/dir/t").toString())
                .badInput("--trace");
    }

    @Test
    void bareKernelProblems() throws Exception {
        Cli.run("run", dir.resolve("nope.S").toString(), "--grid", "1", "--block", "1").badInput("nope.S", "no such file");
        Path txt = Cli.write(dir, "k.txt", "hello\n");
        Cli.run("run", txt.toString(), "--grid", "1", "--block", "1").badInput("k.txt");
        Path bin = Cli.write(dir, "k.bin", new byte[] {0x67, (byte) 0x80, 0, 0});
        Cli.Result ok = Cli.run("run", bin.toString(), "--grid", "1", "--block", "1", "--json").noTrace();
        assertThat(ok.code()).isZero();
        Path elf = Cli.write(dir, "k.elf", new byte[] {0x7f, 'E', 'L', 'F', 1, 1, 1});
        Cli.Result r = Cli.run("run", elf.toString(), "--grid", "1", "--block", "1", "--json");
        r.badInput("k.elf");
        assertThat(r.json().path("status").asText()).isEqualTo("error");
        Path bad = Cli.write(dir, "bad.S", "    bogus t0\n");
        Cli.Result a = Cli.run("run", bad.toString(), "--grid", "1", "--block", "1");
        a.badInput("bad.S:1:");
    }

    // ------------------------------------------------------------------ helpers

    static byte[] readAll(Path p) {
        try {
            return Files.readAllBytes(p);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    static Path repoFile(String rel) {
        Path d = Path.of("").toAbsolutePath();
        while (d != null) {
            if (Files.exists(d.resolve(rel))) {
                return d.resolve(rel);
            }
            d = d.getParent();
        }
        throw new AssertionError(rel + " not found above " + Path.of("").toAbsolutePath());
    }
}
