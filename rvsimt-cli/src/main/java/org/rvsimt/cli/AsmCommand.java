package org.rvsimt.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.rvsimt.isa.Extension;
import org.rvsimt.isa.asm.AsmException;
import org.rvsimt.isa.asm.AsmOptions;
import org.rvsimt.isa.asm.AssembledProgram;
import org.rvsimt.isa.asm.Assembler;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "asm", mixinStandardHelpOptions = true,
        description = "Assemble a RISC-V source file (GNU as subset) into an ELF32 executable.")
final class AsmCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "FILE.S", description = "assembly source")
    Path source;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "output file (default: source with .elf)")
    Path output;

    @Option(names = "--raw", description = "write a flat binary image instead of an ELF")
    boolean raw;

    @Option(names = "--text-address", paramLabel = "ADDR", description = "address of .text (default 0)",
            converter = Numbers.IntConverter.class)
    int textAddress;

    @Option(names = "--data-address", paramLabel = "ADDR", description = "address of .data (default: after .text)",
            converter = Numbers.IntConverter.class)
    int dataAddress = -1;

    @Option(names = {"--march", "-march"}, paramLabel = "ISA", description = "target ISA, e.g. rv32imafc: with c,"
            + " instructions are compressed where they fit, as GNU as -march=...c or llvm-mc -mattr=+c do"
            + " (the source can switch with .option rvc/norvc)")
    String march;

    @Override
    public Integer call() throws AsmException {
        boolean compressed = march != null && IsaFlag.parse("--march", march).has(Extension.C);
        String text = CliFiles.readText(source);
        AssembledProgram p = Assembler.assemble(text, source.getFileName().toString(),
                new AsmOptions(textAddress, dataAddress, compressed));
        Path out = output != null ? output : Path.of(strip(source.toString()) + (raw ? ".bin" : ".elf"));
        CliFiles.write(out, raw ? p.flatImage() : p.toElf());
        return Main.OK;
    }

    private static String strip(String name) {
        int dot = name.lastIndexOf('.');
        return dot > name.lastIndexOf('/') ? name.substring(0, dot) : name;
    }
}
