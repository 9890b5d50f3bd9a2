package org.rvsimt.isa.asm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rvsimt.isa.Extension;
import org.rvsimt.isa.InstructionDef;
import org.rvsimt.isa.InstructionSet;
import org.rvsimt.isa.asm.AsmTestSupport.Case;
import org.rvsimt.isa.asm.AsmTestSupport.Run;
import org.rvsimt.isa.asm.AsmTestSupport.Style;
import org.rvsimt.isa.disasm.Disassembler;

/**
 * The listing of the bit-manipulation and conditional-zero instructions is what llvm-objdump prints:
 * random operands of every declaration assembled by llvm-mc, disassembled by llvm-objdump, and each
 * word listed by rvsimt (numbers compared by value) and re-assembled by rvsimt to the same word.
 */
class ScalarListingCrossCheckTest {

    private static final Pattern OBJDUMP_LINE = Pattern.compile("^\\s*[0-9a-f]+:\\s+([0-9a-f]{8})\\s+(.*)$");
    private static final Set<Extension> CHECKED = Set.of(Extension.ZBA, Extension.ZBB, Extension.ZBS,
            Extension.ZICOND, Extension.ZFHMIN, Extension.ZFH);

    @TempDir
    Path dir;

    @Test
    void bitManipulationAndHalfPrecisionListAsLlvmObjdump() throws Exception {
        Path mc = LlvmMcCrossCheckTest.llvmMc();
        Path objdump = AsmTestSupport.tool("/usr/bin/llvm-objdump-19", "/usr/lib/llvm-19/bin/llvm-objdump",
                "/usr/bin/llvm-objdump");
        Assumptions.assumeTrue(mc != null && objdump != null, "llvm-mc and llvm-objdump needed (Debian llvm)");
        List<String> texts = new ArrayList<>();
        for (InstructionDef def : InstructionSet.all()) {
            if (!CHECKED.contains(def.extension())) {
                continue;
            }
            Random rnd = new Random(0xB17L + def.id());
            for (int variant = 0; variant < 6; variant++) {
                texts.add(AsmTestSupport.generate(def, variant, rnd, Style.LLVM, true).text());
            }
        }
        assertThat(texts).hasSizeGreaterThan(6 * 30);
        Path src = dir.resolve("bits.s");
        Files.writeString(src, String.join("\n", texts) + "\n");
        Path obj = dir.resolve("bits.o");
        Run a = AsmTestSupport.run(List.of(mc.toString(), "-triple=riscv32", "-mattr=" + LlvmMcCrossCheckTest.MATTR,
                "-filetype=obj", "-o", obj.toString(), src.toString()));
        assertThat(a.exit()).as(a.err()).isZero();
        Run d = AsmTestSupport.run(List.of(objdump.toString(), "-d", "--mattr=" + LlvmMcCrossCheckTest.MATTR,
                obj.toString()));
        assertThat(d.exit()).as(d.err()).isZero();
        List<String> problems = new ArrayList<>();
        int compared = 0;
        for (String line : d.out().split("\n")) {
            Matcher m = OBJDUMP_LINE.matcher(line);
            if (!m.find()) {
                continue;
            }
            int w = Integer.parseUnsignedInt(m.group(1), 16);
            String theirs = VectorLlvmMcCrossCheckTest.normalise(m.group(2));
            String listed = Disassembler.listing().format(w, 0);
            compared++;
            if (!VectorLlvmMcCrossCheckTest.normalise(listed).equals(theirs)) {
                problems.add(String.format("0x%08x: rvsimt lists '%s', llvm-objdump '%s'", w, listed, theirs));
            }
            int[] back = Assembler.assembleLine(listed, 0);
            if (back.length != 1 || back[0] != w) {
                problems.add(String.format("0x%08x: '%s' re-assembles to %s", w, listed, AsmTestSupport.hex(back)));
            }
        }
        assertThat(compared).as("objdump lines").isEqualTo(texts.size());
        assertThat(problems).isEmpty();
    }
}
