package org.rvsimt.isa.asm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.rvsimt.isa.asm.AsmTestSupport.Run;

/**
 * llvm-objdump's listing as the listing cross-checks read it: llvm-mc assembles a source into an object,
 * llvm-objdump {@code -d} lists it, and each instruction line becomes its address, word (or halfword) and
 * text, the symbol llvm-objdump names after a branch target left out (rvsimt's listing here has none).
 */
final class LlvmListing {

    private static final Pattern LINE = Pattern.compile("^\\s*([0-9a-f]+):\\s+([0-9a-f]{8}|[0-9a-f]{4})\\s+(.*)$");
    private static final Pattern TARGET_SYMBOL = Pattern.compile("\\s*<[^>]*>");

    /** llvm-mc and llvm-objdump. */
    record Tools(Path mc, Path objdump) { }

    /** Both tools; the test is not run without them (as every llvm cross-check). */
    static Tools required() {
        Path mc = LlvmMcCrossCheckTest.llvmMc();
        Path objdump = objdump();
        Assumptions.assumeTrue(mc != null && objdump != null, "llvm-mc and llvm-objdump needed (Debian llvm)");
        return new Tools(mc, objdump);
    }

    /** One listed instruction. */
    record Line(int address, int word, String text) { }

    private LlvmListing() { }

    /** llvm-objdump 19, or the system's, or null. */
    static Path objdump() {
        return AsmTestSupport.tool("/usr/bin/llvm-objdump-19", "/usr/lib/llvm-19/bin/llvm-objdump", "/usr/bin/llvm-objdump");
    }

    /** llvm-mc's object of {@code lines} (written to {@code source}, the object beside it), listed by llvm-objdump. */
    static List<Line> of(Path mc, Path objdump, Path source, List<String> lines, String mattr)
            throws IOException, InterruptedException {
        Files.writeString(source, String.join("\n", lines) + "\n");
        return of(mc, objdump, source, mattr);
    }

    /** llvm-mc's object of {@code source} (beside it), listed by llvm-objdump. */
    static List<Line> of(Path mc, Path objdump, Path source, String mattr) throws IOException, InterruptedException {
        Path obj = source.resolveSibling(source.getFileName() + ".o");
        Run a = AsmTestSupport.run(List.of(mc.toString(), "-triple=riscv32", "-mattr=" + mattr, "-filetype=obj", "-o",
                obj.toString(), source.toString()));
        assertThat(a.exit()).as(a.err()).isZero();
        return ofObject(objdump, obj, mattr);
    }

    /** llvm-objdump's listing of an object file. */
    static List<Line> ofObject(Path objdump, Path obj, String mattr) throws IOException, InterruptedException {
        Run d = AsmTestSupport.run(List.of(objdump.toString(), "-d", "--mattr=" + mattr, obj.toString()));
        assertThat(d.exit()).as(d.err()).isZero();
        List<Line> out = new ArrayList<>();
        for (String line : d.out().split("\n")) {
            Matcher m = LINE.matcher(line);
            if (m.find()) {
                out.add(new Line(Integer.parseUnsignedInt(m.group(1), 16), Integer.parseUnsignedInt(m.group(2), 16),
                        TARGET_SYMBOL.matcher(m.group(3)).replaceAll("")));
            }
        }
        return out;
    }
}
