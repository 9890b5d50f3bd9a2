package org.rvsimt.isa.asm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rvsimt.isa.InstructionDef;
import org.rvsimt.isa.InstructionSet;
import org.rvsimt.isa.asm.AsmTestSupport.Case;
import org.rvsimt.isa.asm.AsmTestSupport.Run;
import org.rvsimt.isa.asm.AsmTestSupport.Style;

/**
 * Standard instructions and pseudo-instructions encode exactly as LLVM's {@code llvm-mc} encodes
 * them. One file with every case goes through {@code llvm-mc -show-encoding} once; each case is
 * preceded by a label so that its words can be told apart in the output.
 *
 * <p>Known differences between LLVM versions, handled here: llvm-mc 14 rejects the fence set
 * {@code 0} (so fence sets are never empty with it); llvm-mc 19 materialises some {@code li}
 * constants differently (e.g. 2048 as {@code addi 1 + slli 11}, where the assembly manual's
 * {@code lui + addi} is used by llvm-mc 14 and by rvsimt), so with 19 {@code li} is compared by the
 * value the sequence computes, and exactly with 14 when that is installed.
 */
class LlvmMcCrossCheckTest {

    private static final int VARIANTS = 7;

    /** Every standard extension rvsimt declares, as llvm-mc's -mattr names them. */
    static final String MATTR = "+m,+a,+f,+zba,+zbb,+zbs,+zicond,+zfh";

    @TempDir
    Path dir;

    /** {@code -Drvsimt.llvm-mc=PATH} picks another llvm-mc (e.g. version 14). */
    static Path llvmMc() {
        String override = System.getProperty("rvsimt.llvm-mc");
        if (override != null && !override.isBlank()) {
            return AsmTestSupport.tool(override);
        }
        return AsmTestSupport.tool("/usr/bin/llvm-mc-19", "/usr/lib/llvm-19/bin/llvm-mc", "/usr/bin/llvm-mc");
    }

    private static boolean isVersion14(Path tool) throws IOException, InterruptedException {
        Run r = AsmTestSupport.run(List.of(tool.toString(), "--version"));
        return r.out().contains("version 14.");
    }

    @Test
    void standardInstructionsAndPseudosEncodeAsLlvmMc() throws Exception {
        Path mc = llvmMc();
        Assumptions.assumeTrue(mc != null, "llvm-mc not found: install Debian package llvm");
        boolean v14 = isVersion14(mc);
        List<String> texts = new ArrayList<>();
        int standard = 0;
        for (InstructionDef def : InstructionSet.all()) {
            if (!def.extension().isStandard()) {
                continue;
            }
            standard++;
            Random rnd = new Random(0x11CC0000L + def.id());
            for (int variant = 0; variant < VARIANTS; variant++) {
                Case c = AsmTestSupport.generate(def, variant, rnd, Style.LLVM, !v14);
                texts.add(c.text());
            }
        }
        assertThat(standard).isGreaterThan(90);
        int instructionCases = texts.size();
        texts.addAll(pseudos(v14));
        List<String> li = liCases();
        int liStart = texts.size();
        texts.addAll(li);

        // li is compared against llvm-mc without the bit-manipulation extensions, whose li uses bseti and
        // friends (rvsimt's li follows the assembly manual's lui + addi, which needs none of them).
        Map<Integer, List<Integer>> llvm = runLlvm(mc, texts.subList(0, liStart), MATTR);
        List<String> instructionErrors = new ArrayList<>(llvmErrors);
        Map<Integer, List<Integer>> liWords = runLlvm(mc, li, "+m,+a,+f");
        liWords.forEach((k, v) -> llvm.put(liStart + k, v));
        llvmErrors.addAll(0, instructionErrors);
        List<String> problems = new ArrayList<>();
        int compared = 0;
        for (int i = 0; i < texts.size(); i++) {
            String t = texts.get(i);
            int[] ours = AsmTestSupport.assembleOrNote(t, problems);
            if (ours == null) {
                continue;
            }
            List<Integer> theirs = llvm.get(i);
            if (theirs == null) {
                continue; // llvm-mc error, reported from its stderr
            }
            int[] expected = theirs.stream().mapToInt(Integer::intValue).toArray();
            compared++;
            if (java.util.Arrays.equals(ours, expected)) {
                continue;
            }
            if (i >= liStart && !v14) {
                int a = AsmTestSupport.execute(ours, 0)[10];
                int b = AsmTestSupport.execute(expected, 0)[10];
                if (a == b && ours.length <= expected.length) {
                    continue;
                }
            }
            problems.add(t + ": rvsimt " + AsmTestSupport.hex(ours) + ", llvm-mc " + AsmTestSupport.hex(expected));
        }
        problems.addAll(llvmErrors);
        System.out.printf("llvm-mc cross-check: %d cases compared with %s (%d standard instructions)%n", compared, mc,
                standard);
        assertThat(compared).as("cases compared").isEqualTo(texts.size());
        assertThat(problems).as("%d instruction cases and %d pseudo cases against %s", instructionCases,
                texts.size() - instructionCases, mc).isEmpty();
    }

    /** With llvm-mc 14 (whose li follows the assembly manual), li sequences agree word for word. */
    @Test
    void liMatchesLlvmMc14Exactly() throws Exception {
        Path mc = AsmTestSupport.tool("/usr/bin/llvm-mc-14", "/usr/lib/llvm-14/bin/llvm-mc");
        Assumptions.assumeTrue(mc != null, "llvm-mc-14 not found (Debian package llvm-14)");
        List<String> li = liCases();
        Map<Integer, List<Integer>> llvm = runLlvm(mc, li, "+m,+a,+f");
        assertThat(llvmErrors).isEmpty();
        for (int i = 0; i < li.size(); i++) {
            int[] expected = llvm.get(i).stream().mapToInt(Integer::intValue).toArray();
            assertThat(Assembler.assembleLine(li.get(i), 0)).as(li.get(i)).containsExactly(expected);
        }
    }

    private final List<String> llvmErrors = new ArrayList<>();

    /** Runs llvm-mc over the texts (one per labelled line) and returns the words of each. */
    private Map<Integer, List<Integer>> runLlvm(Path mc, List<String> texts, String mattr)
            throws IOException, InterruptedException {
        llvmErrors.clear();
        LlvmMcBatch.Result r = LlvmMcBatch.run(mc, dir.resolve("cases.s"), mattr, texts);
        llvmErrors.addAll(r.errors());
        Map<Integer, List<Integer>> words = r.words();
        // A case whose line llvm-mc rejected has no words; every other case must have some.
        for (int i = 0; i < texts.size(); i++) {
            String prefix = texts.get(i) + ":";
            if (!words.containsKey(i) && llvmErrors.stream().noneMatch(e -> e.startsWith(prefix))) {
                llvmErrors.add(texts.get(i) + ": no encoding in llvm-mc output");
            }
        }
        return words;
    }

    static List<String> pseudos(boolean v14) {
        List<String> p = new ArrayList<>(List.of(
                "nop", "mv a0, a1", "mv t6, zero", "not a0, a1", "neg a0, a1", "seqz a0, a1", "snez a0, a1",
                "sltz a0, a1", "sgtz a0, a1", "zext.b a0, a1", "j 0", "j -1048576", "j 1048574", "jal 2044",
                "jal -8", "jr a0", "jr 4(a0)", "jalr a0", "jalr -4(a1)", "jalr t0, a1", "jalr ra, a0, 4", "ret",
                "beqz a0, 16", "bnez a1, -4096", "blez a2, 4094", "bgez a3, -2", "bltz a4, 64", "bgtz a5, -64",
                "bgt a0, a1, 8", "ble a0, a1, -8", "bgtu a0, a1, 100", "bleu a0, a1, -100",
                "fmv.s fa0, fa1", "fabs.s ft0, ft11", "fneg.s fs0, fs11", "fmv.x.s a0, fa0", "fmv.s.x fa0, a0",
                "csrr a0, mscratch", "csrr a0, 0xcc0", "csrr t1, fcsr", "csrw mstatus, a0", "csrw 0x7c0, a1",
                "csrs mie, a2", "csrc mip, a3", "csrwi mstatus, 31", "csrsi 0x340, 1", "csrci mie, 0",
                "csrw mstatus, 3", "csrs mie, 8", "csrc mie, 8",
                "frflags a0", "fsflags a0", "fsflags a0, a1", "frrm t0", "fsrm t0", "fsrm t0, t1", "frcsr s0",
                "fscsr s0", "fscsr s0, s1", "fsflagsi 3", "fsflagsi a0, 31", "fsrmi 2", "fsrmi a0, 4",
                "rdcycle a0", "rdcycleh a1", "rdtime a2", "rdtimeh a3", "rdinstret a4", "rdinstreth a5",
                "fence", "fence.tso", "fence.i", "unimp",
                "lr.w a0, (a1)", "lr.w.aq a0, 0(a1)", "amoadd.w a0, a1, 0(a2)",
                "fadd.s fa0, fa1, fa2, dyn", "fcvt.w.s a0, fa0, rtz", "fcvt.s.wu fa0, a0, rmm"));
        if (!v14) {
            p.add("fence 0, 0");
            p.add("fence iorw, 0");
        }
        return p;
    }

    static List<String> liCases() {
        List<String> li = new ArrayList<>();
        long[] fixed = {0, 1, -1, 2047, 2048, -2048, -2049, 4095, 4096, 0x7FF, 0x800, 0xFFF, 0x1000, 0x7FFFF800L,
            0x7FFFFFFFL, 0x80000000L, 0x80000800L, 0xFFFFF800L, 0xFFFFF7FFL, 0xFFFFFFFFL, 0x12345FFF, 0x12345000,
            0x12345800, 0xDEADBEEFL, -0x80000000L, 0x00010001, 0xFF000000L, 0x0000FFFF};
        for (long v : fixed) {
            li.add("li a0, " + v);
        }
        Random rnd = new Random(42);
        for (int i = 0; i < 60; i++) {
            int v = switch (i % 4) {
                case 0 -> rnd.nextInt();
                case 1 -> rnd.nextInt() & ~0xFFF;
                case 2 -> rnd.nextInt(1 << 16) - (1 << 15);
                default -> rnd.nextInt() | 0x800;
            };
            li.add("li a0, " + (i % 2 == 0 ? Integer.toString(v) : "0x" + Integer.toHexString(v)));
        }
        return li;
    }
}
