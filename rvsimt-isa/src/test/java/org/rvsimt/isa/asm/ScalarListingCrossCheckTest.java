package org.rvsimt.isa.asm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rvsimt.isa.Extension;
import org.rvsimt.isa.InstructionDef;
import org.rvsimt.isa.InstructionSet;
import org.rvsimt.isa.asm.AsmTestSupport.Style;
import org.rvsimt.isa.disasm.Disassembler;

/**
 * The listing of the bit-manipulation and conditional-zero instructions is what llvm-objdump prints:
 * random operands of every declaration assembled by llvm-mc, disassembled by llvm-objdump, and each
 * word listed by rvsimt (numbers compared by value) and re-assembled by rvsimt to the same word.
 */
class ScalarListingCrossCheckTest {

    private static final Set<Extension> CHECKED = Set.of(Extension.ZBA, Extension.ZBB, Extension.ZBS,
            Extension.ZICOND, Extension.ZFHMIN, Extension.ZFH);

    @TempDir
    Path dir;

    @Test
    void bitManipulationAndHalfPrecisionListAsLlvmObjdump() throws Exception {
        LlvmListing.Tools tools = LlvmListing.required();
        Path mc = tools.mc();
        Path objdump = tools.objdump();
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
        List<LlvmListing.Line> lines = LlvmListing.of(mc, objdump, dir.resolve("bits.s"), texts,
                LlvmMcCrossCheckTest.MATTR);
        List<String> problems = new ArrayList<>();
        for (LlvmListing.Line l : lines) {
            int w = l.word();
            String theirs = VectorLlvmMcCrossCheckTest.normalise(l.text());
            String listed = Disassembler.listing().format(w, 0);
            if (!VectorLlvmMcCrossCheckTest.normalise(listed).equals(theirs)) {
                problems.add(String.format("0x%08x: rvsimt lists '%s', llvm-objdump '%s'", w, listed, theirs));
            }
            int[] back = Assembler.assembleLine(listed, 0);
            if (back.length != 1 || back[0] != w) {
                problems.add(String.format("0x%08x: '%s' re-assembles to %s", w, listed, AsmTestSupport.hex(back)));
            }
        }
        assertThat(lines).as("objdump lines").hasSize(texts.size());
        assertThat(problems).isEmpty();
    }
}
