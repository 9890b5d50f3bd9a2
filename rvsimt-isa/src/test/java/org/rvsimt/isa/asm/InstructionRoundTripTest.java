package org.rvsimt.isa.asm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.rvsimt.isa.InstructionDef;
import org.rvsimt.isa.InstructionSet;
import org.rvsimt.isa.asm.AsmTestSupport.Case;
import org.rvsimt.isa.asm.AsmTestSupport.Style;
import org.rvsimt.isa.decode.Decoder;
import org.rvsimt.isa.decode.Encoder;
import org.rvsimt.isa.disasm.Disassembler;

/**
 * For every declaration: text built from its syntax assembles to the word the {@link Encoder}
 * builds, decodes back to the declaration and the operand values, and both disassembly styles
 * re-assemble to the same word.
 */
class InstructionRoundTripTest {

    private static final int SETS = 14;

    @TestFactory
    Stream<DynamicTest> everyInstructionRoundTrips() {
        return InstructionSet.all().stream().map(def -> DynamicTest.dynamicTest(def.mnemonic(), () -> {
            Random rnd = new Random(0x5EED0000L + def.id());
            for (int variant = 0; variant < SETS; variant++) {
                check(AsmTestSupport.generate(def, variant, rnd, Style.LOOSE, true));
            }
        }));
    }

    private static void check(Case c) throws AsmException {
        InstructionDef def = c.def();
        int[] words = Assembler.assembleLine(c.text(), 0);
        assertThat(words).as(c.text()).hasSize(1);
        int w = words[0];
        assertThat(w).as("%s: assembler vs Encoder", c.text()).isEqualTo(Encoder.encode(def, c.values()));
        assertThat(Decoder.decode(w)).as("%s decodes (0x%08x)", c.text(), w).isEqualTo(def.id());
        assertThat(Decoder.operands(def, w)).as("%s: operand values", c.text()).containsExactly(c.values());
        String canonical = Disassembler.canonical().format(w, 0);
        assertThat(Assembler.assembleLine(canonical, 0)).as("canonical '%s' of '%s'", canonical, c.text())
                .containsExactly(w);
        String listing = Disassembler.listing().format(w, 0);
        assertThat(Assembler.assembleLine(listing, 0)).as("listing '%s' of '%s'", listing, c.text())
                .containsExactly(w);
    }

    /** Every alias the listing style prints (the objdump pseudo-instructions) reads back to its word. */
    @Test
    void listingAliasesReassemble() throws AsmException {
        String[] sources = {
            "addi x0, x0, 0", "addi a0, x0, -5", "addi a0, a1, 0", "xori a0, a1, -1", "sub a0, x0, a1",
            "sltiu a0, a1, 1", "sltu a0, x0, a1", "jal x0, -8", "jal ra, 2044", "jalr x0, 0(ra)", "jalr x0, 0(a3)",
            "jalr ra, 0(a3)", "beq a0, x0, 16", "bne a0, x0, -16", "bge a0, x0, 8", "blt a0, x0, 8", "bge x0, a0, 8",
            "blt x0, a0, -4094", "fsgnj.s fa0, fa1, fa1", "fsgnjn.s fa0, fa1, fa1", "fsgnjx.s fa0, fa1, fa1",
            "csrrs a0, fflags, x0", "csrrs a0, frm, x0", "csrrs a0, fcsr, x0", "csrrs a0, mscratch, x0",
            "csrrs a0, 0x7c0, x0", "csrrs a0, vx_tid_x, x0", "csrrw x0, fflags, a0", "csrrw x0, frm, a0",
            "csrrw x0, fcsr, a0", "csrrw x0, mstatus, a0", "csrrc x0, mie, a0", "fence iorw, iorw", "fence.i"};
        List<String> aliases = new ArrayList<>();
        for (String s : sources) {
            int w = Assembler.assembleLine(s, 0)[0];
            String listing = Disassembler.listing().format(w, 0);
            aliases.add(listing);
            assertThat(Assembler.assembleLine(listing, 0)).as("'%s' printed as '%s'", s, listing).containsExactly(w);
            // and at another address, where the listing prints absolute targets
            int pc = 0x1000;
            int atPc = Assembler.assembleLine(s, pc)[0];
            String there = Disassembler.listing().format(atPc, pc);
            if (!there.contains("0x")) {
                assertThat(Assembler.assembleLine(there, pc)).as("'%s' at 0x1000", there).containsExactly(atPc);
            }
        }
        assertThat(aliases).contains("nop", "li a0, -5", "mv a0, a1", "not a0, a1", "neg a0, a1", "seqz a0, a1",
                "snez a0, a1", "ret", "jr a3", "jalr a3", "beqz a0, 0x10", "fmv.s fa0, fa1", "fneg.s fa0, fa1",
                "fabs.s fa0, fa1", "frflags a0", "frrm a0", "frcsr a0", "csrr a0, mscratch", "fsflags a0",
                "fsrm a0", "fscsr a0", "csrw mstatus, a0", "csrc mie, a0", "fence");
    }
}
