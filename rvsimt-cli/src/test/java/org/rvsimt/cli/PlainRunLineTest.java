package org.rvsimt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@link PlainRunLine} reads only lines picocli reads the same way: for each, the run command's option
 * and operand fields are what picocli's own parse of the line sets; every other line is left to picocli.
 */
class PlainRunLineTest {
    /** The fields picocli sets from a command line (its annotated options and operands), by name. */
    private static Map<String, Object> parsedFields(RunCommand c) throws IllegalAccessException {
        Map<String, Object> fields = new LinkedHashMap<>();
        for (Field f : RunCommand.class.getDeclaredFields()) {
            if (f.isAnnotationPresent(CommandLine.Option.class) || f.isAnnotationPresent(CommandLine.Parameters.class)) {
                f.setAccessible(true);
                fields.put(f.getName(), f.get(c));
            }
        }
        return fields;
    }

    @Test
    void linesItReadsSetWhatPicocliSets() throws Exception {
        for (String[] args : new String[][] {
            {"run", "kernels/saxpy/launch.yaml"},
            {"run", "kernels/saxpy/launch.yaml", "--json"},
            {"run", "--json", "k.S"},
            {"run", "a dir/k.elf", "--stats", "--timing", "--exited-arrive", "--trace-values", "--json"},
            {"run", "k.c", "--stats"}}) {
            RunCommand plain = PlainRunLine.parse(args);
            assertThat(plain).as(String.join(" ", args)).isNotNull();
            RunCommand picocli = new RunCommand();
            new CommandLine(picocli).parseArgs(Arrays.copyOfRange(args, 1, args.length));
            assertThat(parsedFields(plain)).as(String.join(" ", args)).isEqualTo(parsedFields(picocli));
        }
    }

    @Test
    void everythingElseIsLeftToPicocli() {
        for (String[] args : new String[][] {
            {"run"}, {"run", "--json"}, {"run", "a.yaml", "b.yaml"}, {"run", "k.yaml", "--json", "--json"},
            {"run", "k.yaml", "--engine", "jit"}, {"run", "k.yaml", "--engine=jit"}, {"run", "k.yaml", "--json=true"},
            {"run", "@args.txt"}, {"run", "--", "k.yaml"}, {"run", "-"}, {"run", "k.yaml", "-h"}, {"run", "k.yaml", "--help"},
            {"run", "k.yaml", "--version"}, {"run", ""}, {"run", "k\0.yaml"}, {"run", "k.yaml", "--bogus"},
            {"sweep", "s.yaml"}, {"isa"}, {}}) {
            assertThat(PlainRunLine.parse(args)).as(String.join(" ", args)).isNull();
        }
    }

    /** A plain line's failure is reported as picocli's path reports it: one line, the same exit code. */
    @Test
    void errorsOfAPlainLineAreReportedAsBefore() {
        Cli.Result missing = Cli.run("run", "no/such/launch.yaml");
        assertThat(missing.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(missing.errLines()).containsExactly("rvsimt: no/such/launch.yaml: no such file");
        Cli.Result json = Cli.run("run", "no/such/launch.yaml", "--json");
        assertThat(json.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(json.out()).contains("\"status\"").contains("no such file");
    }
}
