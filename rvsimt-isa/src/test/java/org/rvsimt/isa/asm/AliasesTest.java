package org.rvsimt.isa.asm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.rvsimt.isa.Alias;
import org.rvsimt.isa.Aliases;
import org.rvsimt.isa.decode.Decoder;
import org.rvsimt.isa.disasm.Disassembler;

/**
 * The one table of one-word aliases serves both directions: a word that has an alias's fixed and tied
 * fields lists as that alias (or one earlier in the table for the same word), and the listed text
 * assembles back to the word. Which alias llvm-objdump prints is checked against llvm-objdump itself
 * by the listing cross-checks ({@code ScalarListingCrossCheckTest}, {@code ClangRvvDisassemblyTest}).
 */
class AliasesTest {

    @Test
    void everyAliasListsAndAssemblesBackToItsWord() throws AsmException {
        Random r = new Random(12);
        List<String> problems = new ArrayList<>();
        int checked = 0;
        for (Alias a : Aliases.all()) {
            for (int k = 0; k < 16; k++) {
                int w = a.match() | (r.nextInt() & ~a.mask() & ~a.base().ignoredMask());
                for (int i = 0; i < a.tiedFrom().size(); i++) {
                    w = a.tiedTo().get(i).insert(w, a.tiedFrom().get(i).extract(w));
                }
                if (Decoder.decode(w) != a.base().id() || !a.matches(w)) {
                    continue;       // a reserved value of a free field that another declaration owns
                }
                int word = w;
                String listed = Disassembler.listing().format(w, 0);
                String name = listed.split(" ")[0];
                boolean earlier = Aliases.listedFor(a.base()).stream().takeWhile(x -> x != a).anyMatch(x -> x.matches(word));
                if (a.listed() && !name.equals(a.mnemonic()) && !earlier) {
                    problems.add(String.format("0x%08x lists as '%s', not as %s", w, listed, a.mnemonic()));
                }
                // the same aliases with pc-relative offsets (the listing prints absolute targets) read back
                String text = Disassembler.canonical().withAliases(true).format(w, 0);
                int[] back = Assembler.assembleLine(text, 0);
                if (back.length != 1 || back[0] != w) {
                    problems.add(String.format("0x%08x: '%s' assembles to %s", w, text, AsmTestSupport.hex(back)));
                }
                checked++;
            }
        }
        assertThat(checked).isGreaterThan(Aliases.all().size() * 8);
        assertThat(problems).isEmpty();
    }

    @Test
    void theAssemblerTakesTheTableAliasesWithTheirFixedAndTiedFields() throws AsmException {
        assertThat(Assembler.assembleLine("fmv.s fa0, fa1", 0)).containsExactly(
                Assembler.assembleLine("fsgnj.s fa0, fa1, fa1", 0));
        assertThat(Assembler.assembleLine("vmclr.m v3", 0)).containsExactly(
                Assembler.assembleLine("vmxor.mm v3, v3, v3", 0));
        assertThat(Assembler.assembleLine("vneg.v v1, v2, v0.t", 0)).containsExactly(
                Assembler.assembleLine("vrsub.vx v1, v2, zero, v0.t", 0));
        assertThat(Assembler.assembleLine("vl2r.v v4, (a0)", 0)).containsExactly(
                Assembler.assembleLine("vl2re8.v v4, (a0)", 0));
        assertThat(Assembler.assembleLine("fence.tso", 0)).containsExactly(0x8330000F);
        assertThat(Assembler.assembleLine("nop", 0)).containsExactly(0x00000013);
    }
}
