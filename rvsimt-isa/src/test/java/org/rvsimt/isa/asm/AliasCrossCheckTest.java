package org.rvsimt.isa.asm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rvsimt.isa.Alias;
import org.rvsimt.isa.Aliases;
import org.rvsimt.isa.Extension;
import org.rvsimt.isa.asm.AsmTestSupport.Style;
import org.rvsimt.isa.disasm.Disassembler;

/**
 * Every form of every declared one-word pseudo-instruction and alias ({@link Aliases}) against LLVM, in
 * both directions: random operands of each form assemble to the word llvm-mc encodes, and rvsimt's
 * listing of llvm-mc's word is llvm-objdump's default text (which alias it prints, if any, and its
 * operands). So a form the listing prints is one llvm-objdump prints, and an accepted-only form
 * ({@code bgt}, {@code csrw csr, imm}) lists as the instruction llvm-objdump names. One llvm-mc run
 * gives the encodings, one more the object llvm-objdump reads.
 */
class AliasCrossCheckTest {

    private static final String MATTR = LlvmMcCrossCheckTest.MATTR + ",+v";
    private static final int VARIANTS = 6;

    @TempDir
    Path dir;

    @Test
    void everyAliasFormEncodesAndListsAsLlvm() throws Exception {
        LlvmListing.Tools tools = LlvmListing.required();
        Path mc = tools.mc();
        Path objdump = tools.objdump();
        List<String> texts = new ArrayList<>();
        int forms = 0;
        for (Alias a : Aliases.all()) {
            Extension e = a.base().extension();
            if (!e.isStandard() && e != Extension.V) {
                continue;       // the Vortex spellings: LLVM knows no Vortex instruction (AssemblerTest has them)
            }
            forms++;
            Random rnd = new Random(0xA11A5L + forms);
            for (int v = 0; v < VARIANTS; v++) {
                texts.add(AsmTestSupport.generate(a.definition(), v, rnd, Style.LLVM_VECTOR_GROUPS, true).text());
            }
        }
        assertThat(forms).isGreaterThan(90);

        // 1. assembling: rvsimt's word is llvm-mc's
        Path src = dir.resolve("aliases.s");
        LlvmMcBatch.Result r = LlvmMcBatch.run(mc, src, MATTR, texts);
        List<String> problems = new ArrayList<>(r.errors());
        for (int i = 0; i < texts.size(); i++) {
            String t = texts.get(i);
            List<Integer> theirs = r.words().get(i);
            int[] ours = AsmTestSupport.assembleOrNote(t, problems);
            if (ours != null && theirs != null
                    && !Arrays.equals(ours, theirs.stream().mapToInt(Integer::intValue).toArray())) {
                problems.add(t + ": rvsimt " + AsmTestSupport.hex(ours) + ", llvm-mc " + theirs.stream()
                        .map(w -> String.format("0x%08x", w)).toList());
            }
        }
        assertThat(r.words()).as("cases llvm-mc encoded").hasSize(texts.size());

        // 2. listing: rvsimt prints llvm-mc's word as llvm-objdump does (numbers compared by value)
        List<LlvmListing.Line> lines = LlvmListing.of(mc, objdump, src, MATTR);
        for (LlvmListing.Line l : lines) {
            String theirs = VectorLlvmMcCrossCheckTest.normalise(l.text());
            String ours = VectorLlvmMcCrossCheckTest.normalise(Disassembler.listing().format(l.word(), l.address()));
            if (!ours.equals(theirs)) {
                problems.add(String.format("0x%08x: rvsimt lists '%s', llvm-objdump '%s'", l.word(), ours, theirs));
            }
        }
        System.out.printf("alias cross-check: %d forms, %d cases, %d words listed, against %s%n", forms, texts.size(),
                lines.size(), mc);
        assertThat(lines).as("words llvm-objdump listed").hasSize(texts.size());
        assertThat(problems).isEmpty();
    }
}
