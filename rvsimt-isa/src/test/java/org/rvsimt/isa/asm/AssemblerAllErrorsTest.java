package org.rvsimt.isa.asm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The assembler reports every error of a file, in line order, not only the first one it finds:
 * pass 2 (symbols, immediates) finds errors on lines before pass 1's (mnemonics, syntax).
 */
class AssemblerAllErrorsTest {

    private static AsmException fail(String source) {
        return assertThrows(AsmException.class, () -> Assembler.assemble(source, "t.S", AsmOptions.defaults()));
    }

    private static List<String> messages(AsmException e) {
        return e.errors().stream().map(AsmException::getMessage).toList();
    }

    @Test
    void everyErrorInLineOrderAndTheFirstIsThrown() {
        // Line 1 fails in pass 2 (undefined symbol), line 3 in pass 1 (unknown mnemonic), line 4
        // in pass 2 (branch target), line 5 in pass 1 (register). Line 2 and line 6 are fine.
        AsmException e = fail("""
                  la a0, nowhere
                  addi a0, a0, 1
                  zzz a0
                  beq a0, a1, missing
                  add a0, a0, x32
                  ret
                """);
        assertThat(messages(e)).containsExactly(
                "t.S:1:10: undefined symbol 'nowhere'",
                "t.S:3:3: unknown mnemonic 'zzz'",
                "t.S:4:15: undefined symbol 'missing'",
                "t.S:5:15: unknown register 'x32'");
        assertThat(e.getMessage()).isEqualTo("t.S:1:10: undefined symbol 'nowhere'");
        assertThat(e.line()).isEqualTo(1);
        assertThat(e.count()).isEqualTo(4);
        assertThat(e.errors().get(0)).isSameAs(e);
    }

    @Test
    void statementsAfterAnErrorOnTheSameLineAreStillChecked() {
        AsmException e = fail("zzz; add a0, a0, x99; nop\n");
        assertThat(messages(e)).containsExactly("t.S:1:1: unknown mnemonic 'zzz'", "t.S:1:18: unknown register 'x99'");
    }

    @Test
    void oneErrorIsReportedAsBefore() {
        AsmException e = fail("nop\n  add a0, a0, x32\n");
        assertThat(e.count()).isEqualTo(1);
        assertThat(messages(e)).containsExactly("t.S:2:15: unknown register 'x32'");
    }

    @Test
    void aFileOfGarbageKeepsABoundedNumberAndCountsTheRest() {
        String source = "bogus a0\n".repeat(AsmErrorList.KEPT + 500);
        AsmException e = fail(source);
        assertThat(e.count()).isEqualTo(AsmErrorList.KEPT + 500);
        assertThat(e.errors()).hasSize(AsmErrorList.KEPT);
        assertThat(e.errors().get(AsmErrorList.KEPT - 1).line()).isEqualTo(AsmErrorList.KEPT);
    }

    @Test
    void aValidProgramStillAssembles() throws AsmException {
        AssembledProgram p = Assembler.assemble("  la a0, x\n  ret\n  .data\nx: .word 1\n", "t.S", AsmOptions.defaults());
        assertThat(p.toElf()).isNotEmpty();
    }
}
