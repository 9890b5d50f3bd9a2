package org.rvsimt.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import org.rvsimt.isa.CompressedInstructions;
import org.rvsimt.isa.debug.DebugSections;
import org.rvsimt.isa.debug.DwarfFormatException;
import org.rvsimt.isa.debug.SourceFrame;
import org.rvsimt.isa.debug.SourceLocation;
import org.rvsimt.isa.debug.SourceMap;
import org.rvsimt.isa.disasm.Disassembler;
import org.rvsimt.isa.elf.ElfFormatException;
import org.rvsimt.isa.elf.ElfImage;
import org.rvsimt.isa.elf.ElfReader;
import org.rvsimt.isa.elf.ElfSymbol;
import org.rvsimt.isa.elf.Segment;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "disasm", mixinStandardHelpOptions = true,
        description = "List the instructions of an ELF (executable segments, with symbols) or a raw binary (.bin or --raw).")
final class DisasmCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "FILE", description = "ELF32 RISC-V executable, or a raw binary (.bin or --raw)")
    Path file;

    @Option(names = "--raw", description = "treat FILE as a flat binary of instruction words, whatever its name or content")
    boolean raw;

    @Option(names = "--base", paramLabel = "ADDR", description = "load address of a raw binary (default 0)",
            converter = Numbers.IntConverter.class)
    int base;

    @Option(names = "--no-aliases", description = "print declared mnemonics, no pseudo-instructions")
    boolean noAliases;

    @Option(names = {"-l", "--line-numbers"},
            description = "show the source file:line and function of the code (from the DWARF of a kernel built with -g)")
    boolean lineNumbers;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws ElfFormatException {
        byte[] bytes = CliFiles.read(file);
        PrintWriter out = spec.commandLine().getOut();
        Disassembler dis = Disassembler.listing().withAliases(!noAliases);
        if (!raw && ElfReader.looksLikeElf(bytes)) {
            ElfImage image = ElfReader.read(bytes, file.getFileName().toString(), 1L << 32);
            listElf(image, lineNumbers ? sourceMap(bytes, image) : SourceMap.empty(), dis, out);
        } else if (!raw && !file.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".bin")) {
            // A text file listed as instruction words is noise that looks like an answer.
            throw new UserError(file + ": not an ELF file; to list it as a flat binary, use --raw (.bin files are listed as such)");
        } else {
            out.printf("%s:     file format binary%n%n", file.getFileName());
            list(bytes, base, bytes.length, new TreeMap<>(), new SourceLines(SourceMap.empty()), dis, out);
        }
        return Main.OK;
    }

    private SourceMap sourceMap(byte[] bytes, ElfImage image) throws ElfFormatException {
        String name = file.getFileName().toString();
        try {
            return SourceMap.of(DebugSections.fromElf(bytes, name), image);
        } catch (DwarfFormatException e) {
            throw new UserError(e.getMessage());
        }
    }

    /**
     * The {@code ; function():} and {@code ; file:line} comments of {@code -l}, printed where they
     * change, as llvm-objdump -l prints them: code of no particular line (line 0) prints nothing and
     * makes the next line print again, and so does entering another function. A function inlined
     * into another says so. Nothing is printed for an executable without line information.
     */
    private static final class SourceLines {
        private final SourceMap map;
        private String lastFunction;
        private String lastOuterFunction;
        private String lastLine;

        SourceLines(SourceMap map) {
            this.map = map;
        }

        void before(int pc, PrintWriter out) {
            List<SourceFrame> frames = map.hasLines() ? map.frames(pc) : List.of();
            SourceFrame inner = frames.isEmpty() ? null : frames.getFirst();
            String outer = frames.isEmpty() ? null : frames.getLast().function();
            String function = inner == null || inner.function() == null ? null : inner.function() + "()"
                    + (inner.inlined() ? " inlined into " + outer + "()" : "");
            if (function != null && !function.equals(lastFunction)) {
                out.printf("; %s:%n", function);
            }
            if (outer == null || !outer.equals(lastOuterFunction)) {
                lastLine = null;
            }
            lastFunction = function;
            lastOuterFunction = outer;
            SourceLocation loc = inner == null ? null : inner.location();
            String line = loc == null || loc.line() == 0 ? null : loc.fileLine();
            if (line != null && !line.equals(lastLine)) {
                out.printf("; %s%n", line);
            }
            lastLine = line;
        }
    }

    private static void listElf(ElfImage image, SourceMap sources, Disassembler dis, PrintWriter out) {
        TreeMap<Integer, String> symbols = new TreeMap<>(Integer::compareUnsigned);
        image.symbols().stream().sorted(Comparator.comparing(ElfSymbol::global).reversed())
                .forEach(s -> symbols.putIfAbsent(s.value(), s.name()));
        out.printf("entry point: 0x%08x%n", image.entry());
        List<Segment> exec = image.segments().stream().filter(s -> (s.flags() & 1) != 0).toList();
        for (Segment s : exec) {
            out.printf("%nsegment at 0x%08x (%d bytes):%n", s.vaddr(), s.data().length);
            list(s.data(), s.vaddr(), s.data().length, symbols, new SourceLines(sources), dis, out);
        }
    }

    private static void list(byte[] data, int base, int length, TreeMap<Integer, String> symbols, SourceLines lines,
                             Disassembler dis, PrintWriter out) {
        Disassembler named = dis.withSymbols(a -> {
            var e = symbols.floorEntry(a);
            if (e == null) {
                return null;
            }
            int off = a - e.getKey();
            return off == 0 ? e.getValue() : e.getValue() + String.format("+0x%x", off);
        });
        int off = 0;
        while (off + 2 <= length) {
            int pc = base + off;
            String label = symbols.get(pc);
            if (label != null) {
                out.printf("%n%08x <%s>:%n", pc, label);
            }
            lines.before(pc, out);
            int lo = (data[off] & 0xFF) | (data[off + 1] & 0xFF) << 8;
            if (CompressedInstructions.isCompressed(lo)) {     // a 16-bit instruction (the C extension)
                out.printf("%8x:\t%04x         \t%s%n", pc, lo, named.format(lo, pc));
                off += 2;
                continue;
            }
            if (off + 4 > length) {
                break;
            }
            int w = lo | (data[off + 2] & 0xFF) << 16 | (data[off + 3] & 0xFF) << 24;
            out.printf("%8x:\t%08x     \t%s%n", pc, w, named.format(w, pc));
            off += 4;
        }
        if (off < length) {
            out.printf("%8x:\t(%d trailing bytes)%n", base + off, length - off);
        }
    }
}
