package org.rvsimt.isa.asm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.rvsimt.isa.InstructionDef;
import org.rvsimt.isa.InstructionSet;

/**
 * Seeded garbage, token salad and mutations of a valid program: the assembler either succeeds or
 * throws an {@link AsmException} with a one-line {@code file:line:column: message}; never another
 * exception, and never its internal-error fallback.
 */
class AssemblerFuzzTest {

    private static final Pattern MESSAGE = Pattern.compile("(t\\.S|<input>):(\\d+):(\\d+): [^\\n\\r]+");
    private static final String ALPHABET = "abcdefxyz0123456789 \t,()+-*/%<>&|^~:;=@!#\"'\\.$_[]{}?`\u00e9\u4e2d";

    static final String VALID = """
            # a small kernel exercising most of the syntax
                .globl _start
                .equ N, 16
            _start:
                la a0, table            // address of the table
                li a1, N * 4
                li a2, 0x12345678
            1:  lw t0, 0(a0)
                addi t0, t0, %lo(table)
                sw t0, (a0)
                addi a0, a0, 4
                addi a1, a1, -4
                bnez a1, 1b
                csrr t1, vx_lane_id
                fcvt.s.w ft0, t1, rtz
                fadd.s ft1, ft0, ft0
                fsw ft1, result, t2
                lr.w.aqrl t3, (a0)
                amoadd.w t4, t3, (a0)
                fence rw, rw
                vx_split a3, t1
                vx_join a3
                call helper
                j 2f
            2:  ret
            helper:
                .insn r CUSTOM_0, 0, 0, x0, a0, x0
                tail done
            done: ebreak
                .section .rodata
            msg: .string "hi\\n"
                .data
                .align 4
            table: .word 1, 2, 3, table + 4
            result: .float 1.5, nan
                .bss
            buf: .zero 64
            """;

    @Test
    void garbageLinesOnlyGiveAsmException() {
        Random rnd = new Random(0xF0221);
        for (int i = 0; i < 4000; i++) {
            StringBuilder sb = new StringBuilder();
            int len = rnd.nextInt(40);
            for (int k = 0; k < len; k++) {
                sb.append(ALPHABET.charAt(rnd.nextInt(ALPHABET.length())));
            }
            check(sb.toString());
            checkLine(sb.toString());
        }
    }

    @Test
    void tokenSaladOnlyGivesAsmException() {
        List<String> vocab = new ArrayList<>();
        for (InstructionDef d : InstructionSet.all()) {
            vocab.add(d.mnemonic());
        }
        Instructions.mnemonics().stream().filter(m -> InstructionSet.byMnemonic(m) == null).forEach(vocab::add);
        vocab.addAll(Arrays.asList(".text", ".data", ".bss", ".rodata", ".section", ".globl", ".word", ".half", ".byte",
                ".float", ".zero", ".space", ".align", ".p2align", ".balign", ".equ", ".set", ".string", ".ascii",
                ".insn", ".comm", ".pushsection", ".popsection", ".previous", ".quad", ".double", ".type", "r", "i",
                "a0", "a1", "sp", "zero", "x31", "x32", "f0", "fa0", "ft11", "t6", "s0", "ra", "mstatus", "vx_lane_id",
                "rne", "rtz", "dyn", "iorw", "rw", "0", "1", "-1", "2047", "2048", "4096", "0x7fffffff", "0xffffffff",
                "0x100000000", "99999999999999999999", "0x", "0b", "1b", "1f", "2f", ".", "sym", "sym2", "%hi", "%lo",
                "%pcrel_hi", "%pcrel_lo", "(", ")", "(", ")", ",", ",", ",", ":", ";", "+", "-", "*", "/", "%", "<<",
                ">>", "&", "|", "^", "~", "=", "@nobits", "\"str\"", "\"\\x\"", "'a'", "'", "\"", "#", "/*", "*/",
                "1:", "sym:", "sym2:", "\n", "\n", "inf", "nan", "1.5", "0x1p3", "CUSTOM_0", "OP_FP",
                "v0", "v1", "v31", "v32", "v0.t", "e8", "e32", "e128", "m1", "mf2", "m3", "ta", "tu", "ma", "mu",
                "tr0", "tr4", "acc0", "acc3", "vl", "vtype", "mtilem"));
        Random rnd = new Random(0x5A1AD);
        for (int i = 0; i < 4000; i++) {
            StringBuilder sb = new StringBuilder();
            int len = 1 + rnd.nextInt(14);
            for (int k = 0; k < len; k++) {
                sb.append(vocab.get(rnd.nextInt(vocab.size()))).append(rnd.nextInt(3) == 0 ? "" : " ");
            }
            check(sb.toString());
            checkLine(sb.toString());
        }
    }

    @Test
    void mutationsOfAValidProgramOnlyGiveAsmException() throws AsmException {
        Assembler.assemble(VALID, "t.S", AsmOptions.defaults()); // the seed itself is valid
        Random rnd = new Random(0x3107A7E);
        List<String> lines = Arrays.asList(VALID.split("\n", -1));
        for (int i = 0; i < 4000; i++) {
            List<String> m = new ArrayList<>(lines);
            int edits = 1 + rnd.nextInt(3);
            for (int e = 0; e < edits; e++) {
                int li = rnd.nextInt(m.size());
                String l = m.get(li);
                int pos = l.isEmpty() ? 0 : rnd.nextInt(l.length() + 1);
                char c = ALPHABET.charAt(rnd.nextInt(ALPHABET.length()));
                switch (rnd.nextInt(7)) {
                    case 0 -> m.set(li, l.substring(0, pos) + c + l.substring(pos));
                    case 1 -> m.set(li, pos < l.length() ? l.substring(0, pos) + l.substring(pos + 1) : l);
                    case 2 -> m.set(li, pos < l.length() ? l.substring(0, pos) + c + l.substring(pos + 1) : l + c);
                    case 3 -> m.add(li, l);
                    case 4 -> m.remove(li);
                    case 5 -> {
                        int other = rnd.nextInt(m.size());
                        m.set(li, m.get(other));
                        m.set(other, l);
                    }
                    default -> m.set(li, l.substring(0, pos) + " " + lines.get(rnd.nextInt(lines.size())).trim() + " "
                            + l.substring(pos));
                }
                if (m.isEmpty()) {
                    m.add("");
                }
            }
            check(String.join("\n", m));
        }
    }

    private static void check(String source) {
        try {
            AssembledProgram p = Assembler.assemble(source, "t.S", AsmOptions.defaults());
            p.toElf();
        } catch (AsmException e) {
            assertMessage(e, source);
        } catch (Throwable t) {
            throw new AssertionError("raw " + t + " for source:\n" + source, t);
        }
    }

    private static void checkLine(String line) {
        try {
            Assembler.assembleLine(line, 0x100);
        } catch (AsmException e) {
            assertMessage(e, line);
        } catch (Throwable t) {
            throw new AssertionError("raw " + t + " for line: " + line, t);
        }
    }

    private static void assertMessage(AsmException e, String source) {
        assertThat(e.getMessage()).as("for source:\n%s", source).matches(MESSAGE).doesNotContain("internal assembler error");
        assertThat(e.line()).as("line of %s", e.getMessage()).isBetween(1, Math.max(1, source.split("\n", -1).length));
        assertThat(e.column()).isPositive();
    }
}
