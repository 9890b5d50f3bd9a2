package org.rvsimt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * A command line that names one subcommand gets picocli's model of that subcommand only (start-up
 * time); what it parses and prints must be what the whole tree gives.
 */
class CommandTreeTest {
    @Test
    void eachSubcommandIsListedUnderTheNameItsAnnotationGives() {
        Main.SUBCOMMANDS.forEach((name, type) ->
                assertThat(type.getAnnotation(CommandLine.Command.class).name()).as(type.getName()).isEqualTo(name));
        assertThat(Main.commandLine().getSubcommands().keySet()).containsExactlyElementsOf(Main.SUBCOMMANDS.keySet());
    }

    @Test
    void aCommandLineNamingOneSubcommandHasItsWholeTreeUsage() {
        CommandLine whole = Main.commandLine();
        for (String name : Main.SUBCOMMANDS.keySet()) {
            if (name.equals("help")) {
                continue;
            }
            CommandLine one = Main.commandLine(new String[] {name, "--help"});
            assertThat(one.getSubcommands().keySet()).as(name).containsExactly(name);
            assertThat(one.getSubcommands().get(name).getUsageMessage()).as("usage of %s", name)
                    .isEqualTo(whole.getSubcommands().get(name).getUsageMessage());
        }
    }

    @Test
    void otherFirstWordsGetTheWholeTree() {
        for (List<String> args : List.of(List.of("help", "run"), List.of("rn"), List.of("--bogus", "run"), List.<String>of())) {
            assertThat(Main.commandLine(args.toArray(String[]::new)).getSubcommands().keySet()).as(args.toString())
                    .containsExactlyElementsOf(Main.SUBCOMMANDS.keySet());
        }
    }

    @Test
    void aSubcommandsMessagesAreThoseOfTheWholeTree() {
        // Through Main.execute (the one-subcommand tree) against picocli's own parse of the whole tree.
        for (String name : List.of("run", "asm", "disasm", "sweep")) {
            Cli.Result r = Cli.run(name, "--bogus");
            CommandLine whole = Main.commandLine();
            CommandLine.ParameterException expected = null;
            try {
                whole.parseArgs(name, "--bogus");
            } catch (CommandLine.ParameterException e) {
                expected = e;
            }
            assertThat(expected).as(name).isNotNull();
            assertThat(r.errLines()).as(name).containsExactly(Main.usageError(expected));
        }
    }
}
