package org.rvsimt.isa.asm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rvsimt.isa.asm.AsmTestSupport.Run;
import org.rvsimt.isa.elf.ElfSection;

/**
 * Compressed output ({@code .option rvc} or {@link AsmOptions#withCompressed}) is byte for byte what
 * {@code llvm-mc -mattr=+c} writes for the same source: which instructions compress, branches and jumps
 * to labels in both directions around the compressed ranges (c.beqz/c.bnez ±256, c.j/c.jal ±2 KiB),
 * widening that moves other labels, {@code .option rvc/norvc/push/pop/arch} toggles, and alignment
 * padding with {@code c.nop}. llvm-mc's object is cut down to its {@code .text} with llvm-objcopy.
 */
class CompressedAssemblyCrossCheckTest {

    private static final String MATTR = "+m,+a,+f,+c";

    @TempDir
    Path dir;

    private Path mc;
    private Path objcopy;

    private void tools() {
        mc = LlvmMcCrossCheckTest.llvmMc();
        objcopy = AsmTestSupport.tool("/usr/bin/llvm-objcopy-19", "/usr/lib/llvm-19/bin/llvm-objcopy",
                "/usr/bin/llvm-objcopy");
        Assumptions.assumeTrue(mc != null && objcopy != null, "llvm-mc and llvm-objcopy needed (Debian llvm)");
    }

    @Test
    void branchesAndJumpsAroundTheCompressedRanges() throws Exception {
        tools();
        StringBuilder sb = new StringBuilder();
        int label = 0;
        // forward and backward, a gap of .space bytes between branch and label: the offset is the gap plus
        // the branch's own size when forward, minus nothing when backward
        int[] branchGaps = {0, 2, 248, 250, 252, 254, 256, 258, 260, 4000, 4088, 4090};
        int[] jumpGaps = {2040, 2042, 2044, 2046, 2048, 2050};
        for (String op : new String[] {"beqz a0,", "bnez s1,", "beqz t0,", "beq a0, zero,"}) {
            for (int gap : branchGaps) {
                sb.append(op).append(" L").append(label).append('\n').append(".space ").append(gap).append('\n')
                        .append('L').append(label).append(":\n");
                label++;
                sb.append('L').append(label).append(":\n.space ").append(gap).append('\n').append(op).append(" L")
                        .append(label).append('\n');
                label++;
            }
        }
        for (String op : new String[] {"j", "jal", "jal zero,", "jal ra,", "jal t0,"}) {
            for (int gap : jumpGaps) {
                sb.append(op).append(" L").append(label).append("\n.space ").append(gap).append("\nL").append(label)
                        .append(":\n");
                label++;
                sb.append('L').append(label).append(":\n.space ").append(gap).append('\n').append(op).append(" L")
                        .append(label).append('\n');
                label++;
            }
        }
        // widening cascades: eight branches to one label just past the range; each widened one pushes the next
        sb.append("beqz a0, far\n".repeat(8)).append(".space 240\nfar:\n");
        // local labels, '.', and targets that are not a bare label (never compressed by LLVM)
        sb.append("1: beqz a0, 1b\nbnez a0, 1f\nnop\n1: j 1b\nj .\nbeqz a0, .\nbeqz a0, 1b+2\nj .+4\n");
        assertSameText("ranges.S", sb.toString(), true);
    }

    @Test
    void optionTogglesAndAlignment() throws Exception {
        tools();
        String src = """
                start:
                    addi a0, a0, 1
                    .p2align 3
                    li a1, 5
                    .p2align 4
                    .option norvc
                    addi a0, a0, 1
                    .p2align 3
                    .option rvc
                    addi a0, a0, 1
                    .balign 8, , 2
                    addi a0, a0, 1
                    .balign 8, , 4
                    .option push
                    .option norvc
                    addi a0, a0, 1
                    beqz a0, start
                    .option pop
                    addi a0, a0, 1
                    beqz a0, start
                    .option arch, -c
                    mv a0, a1
                    .option arch, +c
                    mv a0, a1
                    .p2align 2, 0
                    .2byte 0x1234
                    .p2align 2
                    ret
                """;
        assertSameText("options.S", ".option rvc\n" + src, false);
        assertSameText("options-flag.S", src, true);
    }

    /** Written-out c. forms need compression on and operands that fit; each error is one line at the statement. */
    @Test
    void explicitCompressedFormsAreChecked() {
        String[][] bad = {
            {"c.addi a0, 1", "turn compression on"},
            {".option rvc\nc.addi a0, 0", "do not fit c.addi"},
            {".option rvc\nc.lw a0, 4(t0)", "do not fit c.lw"},
            {".option rvc\nc.addi4spn a0, a1, 8", "expected 'sp'"},
            {".option rvc\nc.lwsp a0, 4(a1)", "addresses through sp"},
            {".option rvc\n1: .space 300\nc.beqz a0, 1b", "do not fit c.beqz"},
            {".option rvc\nc.li a0", "wrong number of operands"},
        };
        for (String[] b : bad) {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> Assembler.assemble(b[0], "c.S", null))
                    .as(b[0]).isInstanceOf(AsmException.class).hasMessageContaining(b[1]).hasMessageStartingWith("c.S:");
        }
    }

    /** Random straight-line and branching code: which instructions compress and every label's place. */
    @Test
    void randomProgramsAssembleAsLlvmMc() throws Exception {
        tools();
        for (int program = 0; program < 12; program++) {
            Random rnd = new Random(0xC0C0L + program);
            assertSameText("random" + program + ".S", randomProgram(rnd, 220), true);
        }
    }

    private static final String[] X = {"zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0", "a1",
        "a2", "a3", "a4", "a5", "a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4",
        "t5", "t6"};

    /** x8-x15 half of the time, so the 3-bit register forms are common. */
    private static String reg(Random r, boolean nonzero) {
        int n = r.nextBoolean() ? 8 + r.nextInt(8) : r.nextInt(32);
        return X[nonzero && n == 0 ? 10 : n];
    }

    private static String fr(Random r) {
        return "f" + (r.nextBoolean() ? 8 + r.nextInt(8) : r.nextInt(32));
    }

    private static int imm(Random r, int bits) {
        return r.nextBoolean() ? r.nextInt(64) - 32 : r.nextInt(1 << bits) - (1 << (bits - 1));
    }

    static String randomProgram(Random r, int statements) {
        List<String> out = new ArrayList<>();
        int labels = statements / 8;
        int defined = 0;
        for (int i = 0; i < statements; i++) {
            if (r.nextInt(10) == 0 && defined < labels) {
                out.add("L" + defined++ + ":");
            }
            String rd = reg(r, false);
            String rs = reg(r, false);
            out.add(switch (r.nextInt(30)) {
                case 0 -> "addi " + rd + ", " + (r.nextBoolean() ? rd : rs) + ", " + imm(r, 12);
                case 1 -> "li " + rd + ", " + (r.nextBoolean() ? imm(r, 12) : r.nextInt());
                case 2 -> "mv " + rd + ", " + rs;
                case 3 -> "add " + rd + ", " + (r.nextBoolean() ? rd : rs) + ", " + reg(r, false);
                case 4 -> (new String[] {"sub", "xor", "or", "and"})[r.nextInt(4)] + " " + rd + ", "
                        + (r.nextBoolean() ? rd : rs) + ", " + reg(r, false);
                case 5 -> "andi " + rd + ", " + (r.nextBoolean() ? rd : rs) + ", " + imm(r, 12);
                case 6 -> (new String[] {"slli", "srli", "srai"})[r.nextInt(3)] + " " + rd + ", "
                        + (r.nextBoolean() ? rd : rs) + ", " + r.nextInt(32);
                case 7 -> "lw " + rd + ", " + 4 * r.nextInt(40) + "(" + (r.nextBoolean() ? "sp" : rs) + ")";
                case 8 -> "sw " + rd + ", " + 4 * r.nextInt(40) + "(" + (r.nextBoolean() ? "sp" : rs) + ")";
                case 9 -> "flw " + fr(r) + ", " + 4 * r.nextInt(40) + "(" + (r.nextBoolean() ? "sp" : rs) + ")";
                case 10 -> "fsw " + fr(r) + ", " + 4 * r.nextInt(40) + "(" + (r.nextBoolean() ? "sp" : rs) + ")";
                case 11 -> "lui " + rd + ", " + (r.nextBoolean() ? r.nextInt(40) : r.nextInt(1 << 20));
                case 12 -> "addi sp, sp, " + 16 * (r.nextInt(64) - 32);
                case 13 -> "addi " + rd + ", sp, " + 4 * r.nextInt(256);
                case 14 -> (new String[] {"beqz", "bnez"})[r.nextInt(2)] + " " + rs + ", L" + r.nextInt(labels);
                case 15 -> "beq " + rd + ", " + rs + ", L" + r.nextInt(labels);
                case 16 -> (new String[] {"j", "jal"})[r.nextInt(2)] + " L" + r.nextInt(labels);
                case 17 -> (new String[] {"jr", "jalr"})[r.nextInt(2)] + " " + reg(r, true);
                case 18 -> "ret";
                case 19 -> "nop";
                case 20 -> "ebreak";
                case 21 -> ".space " + 2 * r.nextInt(200);
                case 22 -> ".p2align " + (1 + r.nextInt(4));
                case 23 -> r.nextInt(4) == 0 ? ".option norvc" : ".option rvc";
                case 24 -> "la " + rd + ", L" + r.nextInt(labels);
                case 25 -> "call L" + r.nextInt(labels);
                case 26 -> "mul " + rd + ", " + rs + ", " + reg(r, false);
                case 27 -> "lw " + rd + ", " + imm(r, 12) + "(" + rs + ")";
                case 28 -> "slt " + rd + ", " + rs + ", " + reg(r, false);
                default -> "addi " + rd + ", " + rd + ", " + (r.nextInt(64) - 32);
            });
        }
        for (; defined < labels; defined++) {
            out.add("L" + defined + ":");
            out.add("ret");
        }
        return String.join("\n", out) + "\n";
    }

    /** rvsimt's .text of {@code source} equals llvm-mc's ({@code flag}: compression from the options, not the source). */
    private void assertSameText(String name, String source, boolean flag) throws Exception {
        Path src = dir.resolve(name);
        Files.writeString(src, flag ? ".option rvc\n" + source : source);
        Path obj = dir.resolve(name + ".o");
        Run a = AsmTestSupport.run(List.of(mc.toString(), "-triple=riscv32", "-mattr=" + MATTR, "-filetype=obj", "-o",
                obj.toString(), src.toString()));
        assertThat(a.exit()).as(name + ": llvm-mc: " + a.err()).isZero();
        Path bin = dir.resolve(name + ".bin");
        Run c = AsmTestSupport.run(List.of(objcopy.toString(), "-O", "binary", "--only-section=.text", obj.toString(),
                bin.toString()));
        assertThat(c.exit()).as(c.err()).isZero();
        byte[] theirs = Files.readAllBytes(bin);
        AssembledProgram p = Assembler.assemble(source, name, AsmOptions.defaults().withCompressed(flag));
        byte[] ours = p.sections().stream().filter(s -> s.name().equals(".text")).findFirst().map(ElfSection::data)
                .orElseThrow();
        if (!java.util.Arrays.equals(ours, theirs)) {
            int at = java.util.Arrays.mismatch(ours, theirs);
            HexFormat hex = HexFormat.of();
            throw new AssertionError(String.format("%s: rvsimt's text (%d bytes) differs from llvm-mc's (%d bytes)"
                    + " first at 0x%x: rvsimt %s, llvm-mc %s", name, ours.length, theirs.length, at,
                    hex.formatHex(ours, at, Math.min(ours.length, at + 8)),
                    hex.formatHex(theirs, at, Math.min(theirs.length, at + 8))));
        }
    }
}
