package org.rvsimt.isa.asm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rvsimt.isa.CField;
import org.rvsimt.isa.CompressedDef;
import org.rvsimt.isa.CompressedInstructions;
import org.rvsimt.isa.InstructionDef;
import org.rvsimt.isa.asm.AsmTestSupport.Run;
import org.rvsimt.isa.decode.Decoder;
import org.rvsimt.isa.disasm.Disassembler;

/**
 * Every compressed instruction against LLVM, on random operands of each declaration:
 * <ul>
 * <li>its {@code c.} form, as rvsimt's canonical disassembly writes it, assembles with
 *     {@code llvm-mc -mattr=+c} to exactly rvsimt's halfword (so the declared bit layout is LLVM's), and
 *     rvsimt's assembler reads it to the same halfword;
 * <li>{@code llvm-objdump -d --mattr=+c} lists each halfword as rvsimt's listing does (the 32-bit
 *     expansion, with objdump's aliases; numbers compared by value);
 * <li>that expansion, written as a 32-bit instruction, is compressed by llvm-mc exactly as rvsimt's
 *     {@link CompressedInstructions#compress} does (the choice the assembler makes under {@code .option rvc}).
 * </ul>
 */
class CompressedCrossCheckTest {

    private static final Pattern ENCODING = Pattern.compile("encoding: \\[(0x[0-9a-f]{2}),(0x[0-9a-f]{2})"
            + "(?:,(0x[0-9a-f]{2}),(0x[0-9a-f]{2}))?\\]");
    private static final String MATTR = "+c,+f";
    private static final int VARIANTS = 12;

    @TempDir
    Path dir;

    /** Random halfwords of one declaration, with no reserved or HINT operand (LLVM rejects those as c. forms). */
    static List<Integer> halfwords(CompressedDef d, Random rnd, int count) {
        List<Integer> out = new ArrayList<>();
        for (int tries = 0; out.size() < count && tries < 10_000; tries++) {
            int h = (d.match() | rnd.nextInt(1 << 16) & ~d.mask()) & 0xFFFF;
            boolean ok = CompressedInstructions.lookup(h) == d;
            for (CField f : d.nonzero()) {
                ok &= (h & f.bitMask()) != 0;
            }
            if (ok) {
                out.add(h);
            }
        }
        return out;
    }

    @Test
    void everyCompressedEncodingIsLlvms() throws Exception {
        LlvmListing.Tools tools = LlvmListing.required();
        Path mc = tools.mc();
        Path objdump = tools.objdump();
        List<Integer> halves = new ArrayList<>();
        for (CompressedDef d : CompressedInstructions.all()) {
            List<Integer> hs = halfwords(d, new Random(0xC0DEL + d.mnemonic().hashCode()), VARIANTS);
            assertThat(hs).as(d.mnemonic()).isNotEmpty();
            halves.addAll(hs);
        }
        assertThat(CompressedInstructions.all()).hasSize(31);

        // 1. The c. forms encode as llvm-mc encodes them.
        List<String> texts = new ArrayList<>();
        for (int h : halves) {
            texts.add(Disassembler.canonical().format(h, 0));
        }
        List<Integer> theirs = encodings(mc, texts, "c.s");
        List<String> problems = new ArrayList<>();
        for (int k = 0; k < halves.size(); k++) {
            if (theirs.get(k) != (int) halves.get(k)) {
                problems.add(String.format("'%s': rvsimt %04x, llvm-mc %s", texts.get(k), halves.get(k),
                        Integer.toHexString(theirs.get(k))));
            }
        }
        // ... and rvsimt's assembler reads the same c. forms to llvm-mc's halfwords
        byte[] assembled = Assembler.assemble(".option rvc\n" + String.join("\n", texts) + "\n", "c.s",
                AsmOptions.defaults()).sections().get(0).data();
        assertThat(assembled).as("rvsimt's assembly of the c. forms").hasSize(2 * texts.size());
        for (int k = 0; k < texts.size(); k++) {
            int ours = (assembled[2 * k] & 0xFF) | (assembled[2 * k + 1] & 0xFF) << 8;
            if (ours != theirs.get(k)) {
                problems.add(String.format("'%s': rvsimt's assembler %04x, llvm-mc %04x", texts.get(k), ours,
                        theirs.get(k)));
            }
        }

        // 2. The listing is llvm-objdump's, at the address each halfword sits at.
        List<String> data = halves.stream().map(h -> String.format(".2byte 0x%04x", h)).toList();
        List<LlvmListing.Line> lines = LlvmListing.of(mc, objdump, dir.resolve("listing.s"), data, MATTR);
        List<String> expansions = new ArrayList<>();
        for (LlvmListing.Line l : lines) {
            int pc = l.address();
            int h = l.word();
            String objdumps = VectorLlvmMcCrossCheckTest.normalise(l.text());
            String ours = Disassembler.listing().format(h, pc);
            if (!VectorLlvmMcCrossCheckTest.normalise(ours).equals(objdumps)) {
                problems.add(String.format("%04x at 0x%x: rvsimt lists '%s', llvm-objdump '%s'", h, pc, ours, objdumps));
            }
            expansions.add(Disassembler.canonical().format(CompressedInstructions.expand(h), 0));
        }
        assertThat(lines).as("objdump lines").hasSize(halves.size());

        // 3. The expansions compress as llvm-mc compresses them.
        List<Integer> compressedByLlvm = encodings(mc, expansions, "expanded.s");
        for (int k = 0; k < expansions.size(); k++) {
            int w = CompressedInstructions.expand(halves.get(k));
            InstructionDef def = Decoder.lookup(w);
            int ours = CompressedInstructions.compress(def, w);
            int llvm = compressedByLlvm.get(k);
            int expected = (llvm & 3) != 3 ? llvm : -1;
            if (ours != expected) {
                problems.add(String.format("'%s' (from %04x): rvsimt compresses to %s, llvm-mc to %s", expansions.get(k),
                        halves.get(k), Integer.toHexString(ours), Integer.toHexString(llvm)));
            }
        }
        assertThat(problems).isEmpty();
    }

    /** llvm-mc's encoding of each line (a halfword, or a 32-bit word). */
    private List<Integer> encodings(Path mc, List<String> lines, String name) throws Exception {
        Path src = dir.resolve(name);
        Files.writeString(src, String.join("\n", lines) + "\n");
        Run r = AsmTestSupport.run(List.of(mc.toString(), "-triple=riscv32", "-mattr=" + MATTR, "-show-encoding",
                src.toString()));
        assertThat(r.exit()).as(r.err()).isZero();
        List<Integer> out = new ArrayList<>();
        for (String line : r.out().split("\n")) {
            Matcher m = ENCODING.matcher(line);
            if (m.find()) {
                int v = Integer.decode(m.group(1)) | Integer.decode(m.group(2)) << 8;
                if (m.group(3) != null) {
                    v |= Integer.decode(m.group(3)) << 16 | Integer.decode(m.group(4)) << 24;
                }
                out.add(v);
            }
        }
        assertThat(out).as("llvm-mc encodings of " + name).hasSize(lines.size());
        return out;
    }
}
