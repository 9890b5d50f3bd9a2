package org.rvsimt.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.Callable;
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
        description = "List the instructions of an ELF (executable segments, with symbols) or a raw binary.")
final class DisasmCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "FILE", description = "ELF32 RISC-V executable or raw binary")
    Path file;

    @Option(names = "--raw", description = "treat FILE as a raw binary even if it looks like an ELF")
    boolean raw;

    @Option(names = "--base", paramLabel = "ADDR", description = "load address of a raw binary (default 0)",
            converter = Numbers.IntConverter.class)
    int base;

    @Option(names = "--no-aliases", description = "print declared mnemonics, no pseudo-instructions")
    boolean noAliases;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws ElfFormatException {
        byte[] bytes = CliFiles.read(file);
        PrintWriter out = spec.commandLine().getOut();
        Disassembler dis = Disassembler.listing().withAliases(!noAliases);
        if (!raw && ElfReader.looksLikeElf(bytes)) {
            ElfImage image = ElfReader.read(bytes, file.getFileName().toString(), 1L << 32);
            listElf(image, dis, out);
        } else {
            out.printf("%s:     file format binary%n%n", file.getFileName());
            list(bytes, base, bytes.length, new TreeMap<>(), dis, out);
        }
        return Main.OK;
    }

    private static void listElf(ElfImage image, Disassembler dis, PrintWriter out) {
        TreeMap<Integer, String> symbols = new TreeMap<>(Integer::compareUnsigned);
        image.symbols().stream().sorted(Comparator.comparing(ElfSymbol::global).reversed())
                .forEach(s -> symbols.putIfAbsent(s.value(), s.name()));
        out.printf("entry point: 0x%08x%n", image.entry());
        List<Segment> exec = image.segments().stream().filter(s -> (s.flags() & 1) != 0).toList();
        for (Segment s : exec) {
            out.printf("%nsegment at 0x%08x (%d bytes):%n", s.vaddr(), s.data().length);
            list(s.data(), s.vaddr(), s.data().length, symbols, dis, out);
        }
    }

    private static void list(byte[] data, int base, int length, TreeMap<Integer, String> symbols, Disassembler dis,
                             PrintWriter out) {
        Disassembler named = dis.withSymbols(a -> {
            var e = symbols.floorEntry(a);
            if (e == null) {
                return null;
            }
            int off = a - e.getKey();
            return off == 0 ? e.getValue() : e.getValue() + String.format("+0x%x", off);
        });
        for (int off = 0; off + 4 <= length; off += 4) {
            int pc = base + off;
            String label = symbols.get(pc);
            if (label != null) {
                out.printf("%n%08x <%s>:%n", pc, label);
            }
            int w = (data[off] & 0xFF) | (data[off + 1] & 0xFF) << 8 | (data[off + 2] & 0xFF) << 16
                    | (data[off + 3] & 0xFF) << 24;
            out.printf("%8x:\t%08x     \t%s%n", pc, w, named.format(w, pc));
        }
        if (length % 4 != 0) {
            out.printf("%8x:\t(%d trailing bytes)%n", base + (length & ~3), length % 4);
        }
    }
}
