package org.rvsimt.isa.asm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rvsimt.isa.Alias;
import org.rvsimt.isa.Aliases;
import org.rvsimt.isa.Extension;
import org.rvsimt.isa.asm.AsmTestSupport.Run;
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
    private static final Pattern OBJDUMP_LINE = Pattern.compile("^\\s*([0-9a-f]+):\\s+([0-9a-f]{8})\\s+(.*)$");
    /** llvm-objdump names a branch target's symbol; rvsimt's listing here has no symbols. */
    private static final Pattern TARGET_SYMBOL = Pattern.compile(" <[^>]*>");

    @TempDir
    Path dir;

    @Test
    void everyAliasFormEncodesAndListsAsLlvm() throws Exception {
        Path mc = LlvmMcCrossCheckTest.llvmMc();
        Path objdump = AsmTestSupport.tool("/usr/bin/llvm-objdump-19", "/usr/lib/llvm-19/bin/llvm-objdump",
                "/usr/bin/llvm-objdump");
        Assumptions.assumeTrue(mc != null && objdump != null, "llvm-mc and llvm-objdump needed (Debian llvm)");
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
            try {
                int[] ours = Assembler.assembleLine(t, 0);
                if (theirs != null && !Arrays.equals(ours, theirs.stream().mapToInt(Integer::intValue).toArray())) {
                    problems.add(t + ": rvsimt " + AsmTestSupport.hex(ours) + ", llvm-mc " + theirs.stream()
                            .map(w -> String.format("0x%08x", w)).toList());
                }
            } catch (AsmException ex) {
                problems.add(t + ": rvsimt rejects it: " + ex.getMessage());
            }
        }
        assertThat(r.words()).as("cases llvm-mc encoded").hasSize(texts.size());

        // 2. listing: rvsimt prints llvm-mc's word as llvm-objdump does (numbers compared by value)
        Path obj = dir.resolve("aliases.o");
        Run a = AsmTestSupport.run(List.of(mc.toString(), "-triple=riscv32", "-mattr=" + MATTR, "-filetype=obj", "-o",
                obj.toString(), src.toString()));
        assertThat(a.exit()).as(a.err()).isZero();
        Run d = AsmTestSupport.run(List.of(objdump.toString(), "-d", "--mattr=" + MATTR, obj.toString()));
        assertThat(d.exit()).as(d.err()).isZero();
        int listed = 0;
        for (String line : d.out().split("\n")) {
            Matcher m = OBJDUMP_LINE.matcher(line);
            if (!m.find()) {
                continue;
            }
            int pc = Integer.parseUnsignedInt(m.group(1), 16);
            int w = Integer.parseUnsignedInt(m.group(2), 16);
            String theirs = VectorLlvmMcCrossCheckTest.normalise(TARGET_SYMBOL.matcher(m.group(3)).replaceAll(""));
            String ours = VectorLlvmMcCrossCheckTest.normalise(Disassembler.listing().format(w, pc));
            listed++;
            if (!ours.equals(theirs)) {
                problems.add(String.format("0x%08x: rvsimt lists '%s', llvm-objdump '%s'", w, ours, theirs));
            }
        }
        System.out.printf("alias cross-check: %d forms, %d cases, %d words listed, against %s%n", forms, texts.size(),
                listed, mc);
        assertThat(listed).as("words llvm-objdump listed").isEqualTo(texts.size());
        assertThat(problems).isEmpty();
    }
}
