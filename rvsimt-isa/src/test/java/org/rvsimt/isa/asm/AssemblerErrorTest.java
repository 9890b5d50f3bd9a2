package org.rvsimt.isa.asm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Every error names file:line:column of the offending token and says precisely what is wrong. */
class AssemblerErrorTest {

    private static void fails(String source, String message) {
        assertThatThrownBy(() -> Assembler.assemble(source, "t.S", AsmOptions.defaults()))
                .isInstanceOf(AsmException.class).hasMessage(message);
    }

    private static void lineFails(String line, String message) {
        assertThatThrownBy(() -> Assembler.assembleLine(line, 0)).isInstanceOf(AsmException.class)
                .hasMessage(message);
    }

    @Test
    void exceptionCarriesTheLocation() {
        AsmException e = org.junit.jupiter.api.Assertions.assertThrows(AsmException.class,
                () -> Assembler.assemble("nop\n  add a0, a0, x32\n", "saxpy.S", AsmOptions.defaults()));
        assertThat(e.file()).isEqualTo("saxpy.S");
        assertThat(e.line()).isEqualTo(2);
        assertThat(e.column()).isEqualTo(15);
        assertThat(e.reason()).isEqualTo("unknown register 'x32'");
        assertThat(e.getMessage()).isEqualTo("saxpy.S:2:15: unknown register 'x32'").doesNotContain("\n");
    }

    @Test
    void unknownMnemonic() {
        fails("nop\n foo a0, a1\n", "t.S:2:2: unknown mnemonic 'foo'");
        fails("addii a0, a0, 1", "t.S:1:1: unknown mnemonic 'addii'; did you mean 'addi'?");
        fails("fadds fa0, fa1, fa2", "t.S:1:1: unknown mnemonic 'fadds'; did you mean 'fadd.s'?");
        fails("add.aq a0, a1, a2", "t.S:1:1: unknown mnemonic 'add.aq'");
        fails("ecal", "t.S:1:1: unknown mnemonic 'ecal'; did you mean 'ecall'?");
    }

    @Test
    void registers() {
        fails("add a0, x32, a1", "t.S:1:9: unknown register 'x32'");
        fails("fadd.s fa0, f40, fa1", "t.S:1:13: unknown register 'f40'");
        fails("fadd.s fa0, a0, fa1", "t.S:1:13: expected a floating-point register, got 'a0'");
        fails("add a0, fa0, a1", "t.S:1:9: expected an integer register, got 'fa0'");
        fails("add a0, 5, a1", "t.S:1:9: expected an integer register, got '5'");
        fails("lw a0, 4(a32)", "t.S:1:10: unknown register 'a32'");
        fails("addi a0, a1, a2", "t.S:1:14: expected an immediate, got register 'a2'");
    }

    @Test
    void immediateRanges() {
        fails("addi a0, a0, 5000", "t.S:1:14: immediate 5000 out of range [-2048, 2047]");
        fails("slli a0, a0, 32", "t.S:1:14: immediate 32 out of range [0, 31]");
        fails("lui a0, -1", "t.S:1:9: immediate -1 out of range [0, 1048575]");
        fails("sw a0, 2048(sp)", "t.S:1:8: immediate 2048 out of range [-2048, 2047]");
        fails("csrrwi a0, mstatus, 32", "t.S:1:21: immediate 32 out of range [0, 31]");
        fails("csrr a0, 4096", "t.S:1:10: CSR number 4096 out of range [0, 4095]");
        fails("csrr a0, nosuchcsr", "t.S:1:10: unknown CSR 'nosuchcsr'");
        fails("li a0, 0x100000000", "t.S:1:8: immediate 4294967296 out of range [-2147483648, 4294967295]");
        fails(".byte 256", "t.S:1:7: value 256 does not fit in a byte (range [-128, 255])");
        fails(".half -32769", "t.S:1:7: value -32769 does not fit in 16 bits (range [-32768, 65535])");
    }

    @Test
    void branchTargets() {
        fails("beq a0, a1, lbl\n.zero 4996\nlbl: nop\n", "t.S:1:13: branch target 'lbl' is 5000 bytes away (range ±4 KiB)");
        fails("lbl: nop\n.zero 4096\nbnez a0, lbl\n", "t.S:3:10: branch target 'lbl' is -4100 bytes away (range ±4 KiB)");
        fails("j far\n.zero 1048576\nfar: nop\n", "t.S:1:3: jump target 'far' is 1048580 bytes away (range ±1 MiB)");
        fails("beq a0, a1, lbl\n.byte 1\nlbl:\n", "t.S:1:13: misaligned target 'lbl' (offset 5 is not a multiple of 2)");
        fails("beq a0, a1, 3", "t.S:1:13: misaligned offset 3 (must be a multiple of 2)");
        fails("beq a0, a1, 4096", "t.S:1:13: branch offset 4096 out of range [-4096, 4094]");
        fails("jal 0x200000", "t.S:1:5: jump offset 2097152 out of range [-1048576, 1048574]");
    }

    @Test
    void symbols() {
        fails("nop\nj foo\n", "t.S:2:3: undefined symbol 'foo'");
        fails("la a0, missing + 4", "t.S:1:8: undefined symbol 'missing'");
        fails("foo: nop\nbar: nop\nfoo: nop\n", "t.S:3:1: duplicate label 'foo' (first defined at line 1)");
        fails(".equ X, 1\nX: nop\n", "t.S:2:1: symbol 'X' is already defined (at line 1)");
        fails(".equ A, B\n.equ B, A\n.word A\n", "t.S:2:9: symbol 'A' is defined in terms of itself");
        fails(".globl main\nnop\n", "t.S:1:8: global symbol 'main' is never defined");
        fails("nop\nnop\nnop\nnop\nnop\nnop\nj 1b\n1: nop\n", "t.S:7:3: local label '1b' has no definition before line 7");
        fails("1: nop\nj 1f\n", "t.S:2:3: local label '1f' has no definition after line 2");
        fails("addi a0, a0, %pcrel_lo(x)\nx: nop\n",
                "t.S:1:14: %pcrel_lo(x): 'x' is not the label of an auipc with %pcrel_hi");
    }

    @Test
    void operandCounts() {
        fails("add a0, a1", "t.S:1:1: wrong number of operands (expected 3: rd, rs1, rs2)");
        fails("add a0, a1, a2, a3", "t.S:1:17: wrong number of operands (expected 3: rd, rs1, rs2)");
        fails("fadd.s fa0, fa1", "t.S:1:1: wrong number of operands (expected 3 or 4: fd, fs1, fs2[, rm])");
        fails("lw a0", "t.S:1:1: wrong number of operands (expected 2: rd, imm(rs1))");
        fails("ecall a0", "t.S:1:7: wrong number of operands (expected none)");
        fails("li a0", "t.S:1:1: wrong number of operands (expected 2: rd, imm)");
        fails("add a0,, a1", "t.S:1:8: missing operand after ','");
        fails("lw a0, a1", "t.S:1:8: expected a memory operand 'offset(register)', got 'a1'");
        fails("lr.w a0, 4(a1)", "t.S:1:10: this instruction takes no offset, only '(register)'");
    }

    @Test
    void lexicalErrors() {
        fails(".foo 1", "t.S:1:1: unknown directive '.foo'");
        fails("addi a0, a0, 0x", "t.S:1:14: bad number '0x'");
        fails("addi a0, a0, 12ab", "t.S:1:14: bad number '12ab'");
        fails("addi a0, a0, 08", "t.S:1:14: bad number '08'");
        fails(".string \"abc", "t.S:1:9: unterminated string");
        fails(".string \"a\\qb\"", "t.S:1:11: unknown escape sequence '\\q'");
        fails("nop /* open\nnop\n", "t.S:1:5: unterminated comment");
        fails("li a0, 'a", "t.S:1:8: unterminated character constant");
        fails("add a0, a1, a2 `", "t.S:1:16: unexpected character '`'");
        fails("nop\n  #define N 4\n", "t.S:2:3: C preprocessor directive '#define' is not supported (run the file"
                + " through cpp first, or use .equ)");
        fails("li a0, 99999999999999999999", "t.S:1:8: number '99999999999999999999' is too large");
    }

    @Test
    void expressions() {
        fails("li a0, 1 / 0", "t.S:1:10: division by zero in expression");
        fails(".word 5 % (2 - 2)", "t.S:1:9: division by zero in expression");
        fails("li a0, (1 + 2", "t.S:1:8: missing ')' for this '('");
        fails("li a0, 1 +", "t.S:1:11: expected an expression after '+'");
        fails("li a0, 1 2", "t.S:1:10: unexpected '2' in expression");
        fails("li a0, %foo(1)", "t.S:1:9: unknown relocation '%foo' (expected %hi, %lo, %pcrel_hi or %pcrel_lo)");
        fails("li a0, " + "(".repeat(500) + "1" + ")".repeat(500), "t.S:1:208: expression is too deeply nested");
    }

    @Test
    void operandSyntax() {
        fails("fadd.s fa0, fa1, fa2, xyz", "t.S:1:23: bad rounding mode 'xyz' (expected rne, rtz, rdn, rup, rmm or dyn)");
        fails("fence rw, x", "t.S:1:11: bad fence set 'x' (expected letters from 'iorw' in that order, or 0)");
        fails("fence wr, rw", "t.S:1:7: bad fence set 'wr' (expected letters from 'iorw' in that order, or 0)");
        fails("lw a0, 4[a1]", "t.S:1:9: unexpected character '['");
        fails("flw fa0, sym", "t.S:1:10: flw with a symbol needs a temporary register: flw fd, symbol, rt");
        fails("sw a0, sym", "t.S:1:8: sw with a symbol needs a temporary register: sw rs, symbol, rt");
    }

    @Test
    void directives() {
        fails(".align 20", "t.S:1:8: .align 20 is too large (maximum 16)");
        fails(".balign 3", "t.S:1:9: alignment 3 is not a power of two");
        fails(".zero -1", "t.S:1:7: size -1 is negative");
        fails(".space later\n.equ later, 4\n", "t.S:1:8: the size must be a constant (numbers and symbols set earlier with .equ)");
        fails(".float 1.5x", "t.S:1:8: bad floating-point number '1.5x'");
        fails(".string 12", "t.S:1:9: expected a string, got '12'");
        fails(".bss\n.word 1\n", "t.S:2:1: non-zero data in section '.bss' (it holds no data)");
        fails(".bss\nnop\n", "t.S:2:1: instructions are not allowed in section '.bss' (it holds no data)");
        fails(".data\n.byte 1\nnop\n", "t.S:3:1: instruction at offset 0x1 of section '.data' is not 4-byte aligned (add .align 2 before it)");
        fails(".insn r 0x0C, 0, 0, a0, a1, a2", "t.S:1:9: opcode 12 is not a 32-bit major opcode (0..127 with the low two bits 11)");
        fails(".insn r 0x33, 8, 0, a0, a1, a2", "t.S:1:15: funct3 8 out of range [0, 7]");
        fails(".insn i 0x13, 0, a0, a1, 4096", "t.S:1:26: immediate 4096 out of range [-2048, 2047]");
        fails(".section", "t.S:1:1: expected a section name");
        fails(".popsection", "t.S:1:1: .popsection without .pushsection");
        fails(".equ 5, 1", "t.S:1:6: expected a symbol name, got '5'");
    }

    @Test
    void layout() {
        assertThatThrownBy(() -> Assembler.assemble("nop\nnop\n.data\nx: .word 1\n", "t.S", new AsmOptions(0, 4)))
                .isInstanceOf(AsmException.class)
                .hasMessage("t.S:3:1: data at [0x4, 0x8) overlaps the text at [0x0, 0x8)");
        assertThatThrownBy(() -> Assembler.assemble("nop\n", "t.S", new AsmOptions(2, -1)))
                .isInstanceOf(AsmException.class).hasMessage("t.S:1:1: text address 0x2 is not a multiple of 4");
        assertThatThrownBy(() -> Assembler.assemble(".data\n.zero 32\n", "t.S", new AsmOptions(0, 0xfffffff0)))
                .isInstanceOf(AsmException.class)
                .hasMessage("t.S:1:1: section '.data' does not fit in the 32-bit address space");
    }

    @Test
    void singleLine() {
        lineFails("x: nop", "<input>:1:1: labels are not allowed here");
        lineFails(".word 1", "<input>:1:1: only an instruction is allowed here");
        lineFails("nop; nop", "<input>:1:6: only one instruction is allowed here");
        lineFails("", "<input>:1:1: expected an instruction");
        lineFails("j foo", "<input>:1:3: undefined symbol 'foo'");
    }
}
