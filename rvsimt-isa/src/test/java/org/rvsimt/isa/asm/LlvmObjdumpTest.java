package org.rvsimt.isa.asm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rvsimt.isa.asm.AsmTestSupport.Run;

/** An assembled ELF is read by {@code llvm-objdump}, which lists our instructions and symbols. */
class LlvmObjdumpTest {

    @TempDir
    Path dir;

    @Test
    void objdumpListsTheProgram() throws Exception {
        Path objdump = LlvmListing.objdump();
        Assumptions.assumeTrue(objdump != null, "llvm-objdump not found: install Debian package llvm");
        AssembledProgram p = Assembler.assemble("""
                .globl _start
                _start:
                    li a0, 0x12345678
                    la a1, table
                    lw a2, 4(a1)
                    fadd.s fa0, fa1, fa2, rtz
                    amoadd.w.aq a3, a2, (a1)
                loop:
                    addi a2, a2, -1
                    bnez a2, loop
                    call helper
                    ret
                helper:
                    csrr t0, mscratch
                    ret
                .data
                table: .word 1, 2, 3
                """, "prog.S", new AsmOptions(0x1000, -1));
        Path elf = dir.resolve("prog.elf");
        Files.write(elf, p.toElf());
        Run d = AsmTestSupport.run(List.of(objdump.toString(), "-d", "--mattr=+m,+a,+f", elf.toString()));
        assertThat(d.exit()).as(d.err()).isZero();
        String out = d.out().replaceAll("[ \\t]+", " ");
        assertThat(out).contains("elf32-littleriscv");
        assertThat(out).contains("<_start>:", "<loop>:", "<helper>:");
        assertThat(out).contains("lui a0, 0x12345", "addi a0, a0, 0x678", "auipc a1, 0x0", "addi a1, a1, 0x38",
                "lw a2, 0x4(a1)", "fadd.s fa0, fa1, fa2, rtz", "amoadd.w.aq a3, a2, (a1)", "bnez a2, 0x101c <loop>",
                "jalr 0xc(ra) <helper>", "csrr t0, mscratch", "ret");
        assertThat(out).doesNotContain("<unknown>");
        Run t = AsmTestSupport.run(List.of(objdump.toString(), "-t", elf.toString()));
        assertThat(t.out()).contains("_start", "loop", "helper", "table");
        assertThat(t.out()).containsPattern("00001000 g +F \\.text\\s+\\w+ _start");
        assertThat(t.out()).containsPattern("\\w+ l +O \\.data\\s+\\w+ table");
    }
}
