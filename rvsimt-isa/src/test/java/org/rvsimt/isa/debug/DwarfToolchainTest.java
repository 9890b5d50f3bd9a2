package org.rvsimt.isa.debug;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rvsimt.isa.elf.ElfImage;
import org.rvsimt.isa.elf.ElfReader;
import org.rvsimt.isa.elf.Segment;

/**
 * The reader against the LLVM tools on every C kernel of the library, compiled by clang-19 with
 * DWARF 4 and 5 at -O0 and -O2: every row of the line table against {@code llvm-dwarfdump
 * --debug-line}, and every instruction's frames (function, file, line, column, inlined callers)
 * against {@code llvm-symbolizer --inlines}.
 */
class DwarfToolchainTest {

    @TempDir
    static Path dir;

    private static final List<Path> elves = new ArrayList<>();

    @BeforeAll
    static void compileKernels() throws Exception {
        Toolchain.require(Toolchain.CLANG);
        for (Path kernel : Toolchain.cKernels()) {
            String entry = Toolchain.entry(kernel);
            for (int version : new int[] {4, 5}) {
                for (String opt : new String[] {"-O0", "-O2"}) {
                    elves.add(Toolchain.compile(dir, List.of(kernel), entry, version, opt));
                }
            }
        }
        // Two compile units in one executable: two line programs, two abbreviation users.
        for (int version : new int[] {4, 5}) {
            elves.add(Toolchain.compile(dir, List.of(Path.of("kernels/vecadd_c/vecadd.c"),
                    Path.of("kernels/reduction_c/reduction.c")), "vecadd", version, "-O2"));
        }
    }

    @Test
    void theKernelsWereCompiled() {
        assertThat(elves).hasSizeGreaterThanOrEqualTo(7 * 4 + 2);
    }

    @Test
    void everyLineTableRowMatchesLlvmDwarfdump() throws Exception {
        Toolchain.require(Toolchain.DWARFDUMP);
        for (Path elf : elves) {
            Toolchain.Result r = Toolchain.run(List.of(Toolchain.DWARFDUMP.toString(), "--debug-line", elf.toString()),
                    dir, "");
            assertThat(r.exit()).as(r.err()).isZero();
            List<String> expected = dwarfdumpRows(r.out());
            SourceMap map = SourceMap.read(Files.readAllBytes(elf), elf.getFileName().toString());
            List<String> actual = map.lines().rows().stream().map(DwarfToolchainTest::row).toList();
            assertThat(actual).as(elf.getFileName().toString()).isNotEmpty().containsExactlyElementsOf(expected);
        }
    }

    @Test
    void everyInstructionSymbolizesAsLlvmSymbolizerDoes() throws Exception {
        Toolchain.require(Toolchain.SYMBOLIZER);
        int checked = 0;
        for (Path elf : elves) {
            byte[] bytes = Files.readAllBytes(elf);
            ElfImage image = ElfReader.read(bytes, elf.toString(), 1L << 32);
            List<Integer> pcs = new ArrayList<>();
            for (Segment s : image.segments()) {
                if (s.executable()) {
                    for (int off = 0; off < s.memSize() + 8; off += 2) { // also just past the end
                        pcs.add(s.vaddr() + off);
                    }
                }
            }
            StringBuilder in = new StringBuilder();
            pcs.forEach(pc -> in.append(String.format("0x%x%n", pc)));
            // --functions=short: LLVM 14 otherwise renames the outermost frame after the nearest
            // ELF symbol, which for RISC-V can be a '$d' mapping symbol of a debug section.
            Toolchain.Result r = Toolchain.run(List.of(Toolchain.SYMBOLIZER.toString(), "--obj=" + elf, "--inlines",
                    "--functions=short"), dir, in.toString());
            assertThat(r.exit()).as(r.err()).isZero();
            String[] blocks = r.out().strip().split("\\R\\R");
            assertThat(blocks).hasSameSizeAs(pcs.toArray());
            SourceMap map = SourceMap.read(bytes, elf.getFileName().toString());
            for (int i = 0; i < pcs.size(); i++) {
                int pc = pcs.get(i);
                assertThat(frames(map, pc)).as("%s pc 0x%x", elf.getFileName(), pc).isEqualTo(blocks[i].strip());
                checked++;
            }
        }
        assertThat(checked).isGreaterThan(1000);
    }

    /** The frames as llvm-symbolizer prints them: function, then file:line:column, per frame. */
    private static String frames(SourceMap map, int pc) {
        List<SourceFrame> frames = map.frames(pc);
        if (frames.isEmpty()) {
            return "??\n??:0:0";
        }
        List<String> lines = new ArrayList<>();
        for (SourceFrame f : frames) {
            lines.add(f.function() == null ? "??" : f.function());
            lines.add(f.location() == null ? "??:0:0" : f.location().toString());
        }
        return String.join("\n", lines);
    }

    private static String row(LineRow r) {
        return String.format("0x%x %d %d %d%s%s", r.address(), r.location().line(), r.location().column(), r.fileIndex(),
                r.isStmt() ? " is_stmt" : "", r.endSequence() ? " end_sequence" : "");
    }

    private static final Pattern ROW = Pattern.compile(
            "^0x([0-9a-f]+)[ \\t]+(\\d+)[ \\t]+(\\d+)[ \\t]+(\\d+)[ \\t]+\\d+[ \\t]+\\d+[ \\t]*(.*)$", Pattern.MULTILINE);

    /** dwarfdump's rows, grouped in sequences and ordered by start address as the reader orders them. */
    static List<String> dwarfdumpRows(String out) {
        List<List<String>> sequences = new ArrayList<>();
        List<Long> starts = new ArrayList<>();
        List<String> current = new ArrayList<>();
        long start = -1;
        Matcher m = ROW.matcher(out);
        while (m.find()) {
            long address = Long.parseLong(m.group(1), 16);
            String flags = m.group(5);
            boolean end = flags.contains("end_sequence");
            if (current.isEmpty()) {
                start = address;
            }
            current.add(String.format("0x%x %s %s %s%s%s", address, m.group(2), m.group(3), m.group(4),
                    flags.contains("is_stmt") ? " is_stmt" : "", end ? " end_sequence" : ""));
            if (end) {
                if (current.size() > 1 && start != address) {
                    sequences.add(current);
                    starts.add(start);
                }
                current = new ArrayList<>();
            }
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < sequences.size(); i++) {
            order.add(i);
        }
        order.sort(Comparator.comparing(starts::get));
        List<String> rows = new ArrayList<>();
        order.forEach(i -> rows.addAll(sequences.get(i)));
        return rows;
    }
}
