package org.rvsimt.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rvsimt.isa.elf.ElfReader;
import org.rvsimt.isa.elf.ElfSectionContents;

/** {@code rvsimt disasm -l}: source lines of a C kernel built with -g, against {@code llvm-objdump -d -l}. */
class DisasmLineNumbersTest {

    private static final Path CLANG = Path.of("/usr/bin/clang-19");
    private static final Path OBJDUMP = Path.of("/usr/bin/llvm-objdump");

    @TempDir
    static Path dir;

    private static Path repoRoot() {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            if (Files.isRegularFile(d.resolve("kernels/include/rvsimt.h"))) {
                return d;
            }
        }
        throw new AssertionError("kernels/include/rvsimt.h not found");
    }

    private static String exec(List<String> cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).directory(repoRoot().toFile()).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("%s finished", cmd).isTrue();
        assertThat(p.exitValue()).as("%s: %s", cmd, out).isZero();
        return out;
    }

    /** reduction.c at -O0 and -O2 (DWARF 5, clang's default), the C kernel flags plus -g. */
    private static final Map<String, Path> elves = new LinkedHashMap<>();

    @BeforeAll
    static void compile() throws Exception {
        assumeTrue(Files.isExecutable(CLANG), "clang-19 is not installed; skipping");
        for (String opt : new String[] {"-O0", "-O2"}) {
            Path out = dir.resolve("reduction" + opt + ".elf");
            exec(List.of(CLANG.toString(), "--target=riscv32-unknown-elf", "-march=rv32imaf", "-mabi=ilp32f", opt, "-g",
                    "-nostdlib", "-ffreestanding", "-fuse-ld=lld", "-fconvergent-functions", "-fno-jump-tables",
                    "-Ikernels/include", "-Tkernels/include/rvsimt.ld", "-Wl,-e,reduce_sum",
                    "kernels/reduction_c/reduction.c", "-o", out.toString()));
            elves.put(opt, out);
        }
    }

    private static final Pattern INSN = Pattern.compile("^\\s*([0-9a-f]+):\\s");
    private static final Pattern LINE_COMMENT = Pattern.compile("^; (/\\S+:\\d+)$");

    /**
     * For each instruction address, the {@code ; file:line} comments printed since the previous
     * instruction. llvm-objdump 14 names some code after RISC-V mapping symbols of debug sections
     * ({@code ; $d():}) and repeats the line there, as on any change of function; those
     * instructions are left out of the comparison.
     */
    private static Map<Long, List<String>> lineComments(String listing, List<Long> quirks) {
        Map<Long, List<String>> out = new LinkedHashMap<>();
        List<String> pending = new ArrayList<>();
        boolean quirk = false;
        for (String l : listing.lines().toList()) {
            Matcher c = LINE_COMMENT.matcher(l);
            Matcher i = INSN.matcher(l);
            if (c.matches()) {
                pending.add(c.group(1));
            } else if (l.startsWith("; $")) {
                quirk = true;
            } else if (i.find()) {
                long pc = Long.parseLong(i.group(1), 16);
                out.put(pc, pending);
                if (quirk) {
                    quirks.add(pc);
                }
                quirk = false;
                pending = new ArrayList<>();
            }
        }
        return out;
    }

    @Test
    void lineCommentsAreWhereLlvmObjdumpPutsThem() throws Exception {
        assumeTrue(Files.isExecutable(OBJDUMP), "llvm-objdump is not installed; skipping");
        for (Path elf : elves.values()) {
            Cli.Result r = Cli.run("disasm", "-l", elf.toString()).noTrace();
            assertThat(r.code()).as(r.err()).isZero();
            assertThat(r.err()).isEmpty();
            List<Long> quirks = new ArrayList<>();
            Map<Long, List<String>> theirs = lineComments(exec(List.of(OBJDUMP.toString(), "-d", "-l", elf.toString())),
                    quirks);
            Map<Long, List<String>> ours = lineComments(r.out(), new ArrayList<>());
            quirks.forEach(pc -> {
                theirs.remove(pc);
                ours.remove(pc);
            });
            assertThat(ours.size()).as(elf.getFileName().toString()).isGreaterThan(20);
            assertThat(ours.keySet()).isEqualTo(theirs.keySet());
            ours.forEach((pc, comments) -> assertThat(comments).as("%s at 0x%x", elf.getFileName(), pc)
                    .isEqualTo(theirs.get(pc)));
        }
    }

    @Test
    void functionsAndInlinedFunctionsAreNamed() throws Exception {
        Cli.Result r = Cli.run("disasm", "--line-numbers", elves.get("-O2").toString()).noTrace();
        assertThat(r.code()).isZero();
        String root = repoRoot().toString();
        assertThat(r.out()).contains("00000000 <reduce_sum>:\n; reduce_sum():\n; " + root
                + "/kernels/reduction_c/reduction.c:24\n       0:\t");
        // warp_sum's shuffle comes from rvsimt.h, inlined three levels deep; its line is found in the
        // header itself, so edits elsewhere in rvsimt.h do not move the expectation.
        int line = lineOf(Path.of(root, "kernels", "include", "rvsimt.h"), "return ((~w1 & 63u) << 12)");
        assertThat(r.out()).containsPattern("; __rv_shfl_ctl\\(\\) inlined into reduce_sum\\(\\):\n; " + Pattern.quote(root)
                + "/kernels/include/rvsimt.h:" + line + "\n");
    }

    @Test
    void withoutTheFlagOrWithoutDwarfTheListingIsUnchanged() {
        String plain = Cli.run("disasm", elves.get("-O2").toString()).noTrace().out();
        assertThat(plain).doesNotContain("; ").contains("<reduce_sum>:");
        Path s = Cli.write(dir, "k.S", "    .globl k\nk:\n    addi a0, a0, 1\n    ret\n");
        assertThat(Cli.run("asm", s.toString(), "-o", dir.resolve("k.elf").toString()).code()).isZero();
        Cli.Result asm = Cli.run("disasm", dir.resolve("k.elf").toString()).noTrace();
        Cli.Result asmL = Cli.run("disasm", "-l", dir.resolve("k.elf").toString()).noTrace();
        assertThat(asmL.code()).isZero();
        assertThat(asmL.out()).isEqualTo(asm.out());
    }

    @Test
    void corruptLineTableIsOneLineNamingSectionAndOffset() throws Exception {
        byte[] elf = Files.readAllBytes(elves.get("-O2"));
        byte[] line = ElfReader.sections(elf, "k.elf", ".debug_line"::equals).stream()
                .map(ElfSectionContents::data).findFirst().orElseThrow();
        int at = indexOf(elf, line);
        elf[at + 0x10] = 0; // DWARF 5 header: line_range
        Path bad = Cli.write(dir, "bad.elf", elf);
        Cli.run("disasm", "-l", bad.toString()).badInput("bad.elf: .debug_line at offset 0x10: line_range is 0");
        assertThat(Cli.run("disasm", bad.toString()).code()).as("without -l the DWARF is not read").isZero();
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        throw new AssertionError("section bytes not found in the file");
    }

    /** The 1-based number of the first line of {@code file} that contains {@code text}. */
    private static int lineOf(Path file, String text) throws java.io.IOException {
        List<String> lines = Files.readAllLines(file);
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(text)) {
                return i + 1;
            }
        }
        throw new AssertionError(file + " has no line containing " + text);
    }
}
