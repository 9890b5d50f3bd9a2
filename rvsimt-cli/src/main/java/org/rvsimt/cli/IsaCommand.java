package org.rvsimt.cli;

import java.util.concurrent.Callable;
import org.rvsimt.isa.InstructionDef;
import org.rvsimt.isa.InstructionSet;
import org.rvsimt.isa.doc.IsaTableWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "isa", mixinStandardHelpOptions = true,
        description = "Print the instruction table derived from the ISA declarations.")
final class IsaCommand implements Callable<Integer> {

    @Option(names = "--json", description = "JSON array, one object per instruction")
    boolean json;

    @Option(names = "--markdown", description = "Markdown, as in docs/isa.md")
    boolean markdown;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        var out = spec.commandLine().getOut();
        if (json && markdown) {
            throw new UserError("isa: choose one of --json and --markdown");
        }
        if (json) {
            out.print(IsaTableWriter.json());
        } else if (markdown) {
            out.print(IsaTableWriter.markdown());
        } else {
            for (InstructionDef d : InstructionSet.all()) {
                out.printf("%-4d %-9s %-14s %s%n", d.id(), d.extension(), d.kind().label(), d.syntax());
            }
        }
        return Main.OK;
    }
}
