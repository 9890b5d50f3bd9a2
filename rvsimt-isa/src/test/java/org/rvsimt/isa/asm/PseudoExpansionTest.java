package org.rvsimt.isa.asm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rvsimt.isa.PseudoInstructions;
import org.rvsimt.isa.PseudoInstructions.Expansion;
import org.rvsimt.isa.PseudoInstructions.OperandKind;
import org.rvsimt.isa.PseudoInstructions.Pseudo;
import org.rvsimt.isa.asm.AsmTestSupport.Run;
import org.rvsimt.isa.elf.ElfSection;

/**
 * Every expansion declared in {@link PseudoInstructions} against llvm-mc's expansion of the same
 * pseudo-instruction: one case per declared expansion (for {@code li}, constants that select each one),
 * all in one source with a symbol they refer to. llvm-objdump {@code -M no-aliases} lists llvm-mc's words,
 * whose instructions must be the declared words' instructions in order, and rvsimt's assembled text must
 * be llvm-mc's byte for byte (so each field takes what the declaration says, relocation included).
 */
class PseudoExpansionTest {

    private static final String MATTR = "+m,+a,+f,+zfh";
    private static final Pattern LINE = Pattern.compile("^\\s*([0-9a-f]+):\\s+([0-9a-f]{8})\\s+(\\S+)");
    private static final Pattern SYMBOL = Pattern.compile("^[0-9a-f]+ <(L\\d+)>:");

    @TempDir
    Path dir;

    /** Constants that select each {@code li} expansion (llvm-mc 19 materialises these as the manual does). */
    private static List<String> values(Pseudo p, Expansion x) {
        if (p.expansions().size() == 1) {
            return List.of("sym");
        }
        return switch (x.when()) {
            case FITS_12_BITS -> List.of("5", "-2048", "2047");
            case LOW_12_BITS_ZERO -> List.of("0x12345000", "0x80000000");
            case ALWAYS -> List.of("0x12345678", "0xdeadbeef", "-2049");
        };
    }

    private static String text(Pseudo p, String value) {
        String[] x = {"a0", "t1", "s1"};
        StringBuilder sb = new StringBuilder(p.mnemonic());
        for (int i = 0; i < p.operands().size(); i++) {
            OperandKind k = p.operands().get(i);
            sb.append(i == 0 ? " " : ", ").append(switch (k) {
                case XREG, TEMP -> x[i];
                case FREG -> "fa" + (i + 1);
                case VALUE, TARGET -> value;
            });
        }
        return sb.toString();
    }

    @Test
    void everyDeclaredExpansionIsLlvmMcs() throws Exception {
        Path mc = LlvmMcCrossCheckTest.llvmMc();
        Path objdump = LlvmListing.objdump();
        Path objcopy = AsmTestSupport.tool("/usr/bin/llvm-objcopy-19", "/usr/lib/llvm-19/bin/llvm-objcopy",
                "/usr/bin/llvm-objcopy");
        Assumptions.assumeTrue(mc != null && objdump != null && objcopy != null,
                "llvm-mc, llvm-objdump and llvm-objcopy 19 needed (Debian llvm-19)");
        List<String> cases = new ArrayList<>();
        List<Expansion> declared = new ArrayList<>();
        for (Pseudo p : PseudoInstructions.all()) {
            for (Expansion x : p.expansions()) {
                for (String v : values(p, x)) {
                    cases.add(text(p, v));
                    declared.add(x);
                }
            }
        }
        // L0 gets an address of its own: objdump names one symbol per address
        StringBuilder src = new StringBuilder("sym:\n    nop\n");
        for (int i = 0; i < cases.size(); i++) {
            src.append('L').append(i).append(":\n    ").append(cases.get(i)).append('\n');
        }
        src.append("L").append(cases.size()).append(":\n    ret\n");
        Path file = dir.resolve("pseudos.s");
        Files.writeString(file, src);
        Path obj = dir.resolve("pseudos.o");
        Run a = AsmTestSupport.run(List.of(mc.toString(), "-triple=riscv32", "-mattr=" + MATTR, "-filetype=obj", "-o",
                obj.toString(), file.toString()));
        assertThat(a.exit()).as(a.err()).isZero();

        // 1. llvm-mc's words for each case are the declared instructions, in order
        Run d = AsmTestSupport.run(List.of(objdump.toString(), "-d", "-M", "no-aliases", "--mattr=" + MATTR,
                obj.toString()));
        assertThat(d.exit()).as(d.err()).isZero();
        Map<Integer, List<String>> mnemonics = new HashMap<>();
        int current = -1;
        for (String line : d.out().split("\n")) {
            Matcher s = SYMBOL.matcher(line);
            if (s.find()) {
                current = Integer.parseInt(s.group(1).substring(1));
                continue;
            }
            Matcher m = LINE.matcher(line);
            if (m.find() && current >= 0) {
                mnemonics.computeIfAbsent(current, k -> new ArrayList<>()).add(m.group(3));
            }
        }
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            List<String> expected = declared.get(i).words().stream().map(w -> w.instruction().mnemonic()).toList();
            if (!expected.equals(mnemonics.get(i))) {
                problems.add(cases.get(i) + ": declared " + expected + ", llvm-mc " + mnemonics.get(i));
            }
        }
        assertThat(problems).as("declared expansions vs llvm-mc").isEmpty();

        // 2. rvsimt's words are llvm-mc's, field by field
        Path bin = dir.resolve("pseudos.bin");
        Run c = AsmTestSupport.run(List.of(objcopy.toString(), "-O", "binary", "--only-section=.text", obj.toString(),
                bin.toString()));
        assertThat(c.exit()).as(c.err()).isZero();
        byte[] ours = Assembler.assemble(src.toString(), "pseudos.s", AsmOptions.defaults()).sections().stream()
                .filter(s -> s.name().equals(".text")).findFirst().map(ElfSection::data).orElseThrow();
        assertThat(ours).as("rvsimt's text vs llvm-mc's").isEqualTo(Files.readAllBytes(bin));
        assertThat(cases).hasSizeGreaterThan(PseudoInstructions.all().size());
    }
}
