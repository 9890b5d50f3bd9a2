package org.rvsimt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * {@code --version}, {@code --help} and a bare {@code rvsimt} are answered before picocli builds its
 * command model (start-up time), and say exactly what picocli itself says.
 */
class QuickAnswersTest {
    record Answer(Integer code, String out, String err) { }

    static Answer quick(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Integer code = Main.quickAnswer(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Answer(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void theStoredUsageIsWhatPicocliRendersNow() {
        assertThat(UsageText.stored()).as("usage.txt, written by the build (process-classes)").isNotNull()
                .isEqualTo(UsageText.render());
    }

    @Test
    void quickAnswersMatchTheFullCommandLine() {
        for (String[] args : new String[][] {{"--version"}, {"-V"}, {"--help"}, {"-h"}, {}}) {
            Answer q = quick(args);
            Cli.Result full = Cli.run(args);
            assertThat(q.code()).as("exit code of %s", String.join(" ", args)).isEqualTo(full.code());
            assertThat(q.out()).as("stdout of %s", String.join(" ", args)).isEqualTo(full.out());
            assertThat(q.err()).as("stderr of %s", String.join(" ", args)).isEqualTo(full.err());
        }
    }

    @Test
    void everythingElseGoesToPicocli() {
        for (String[] args : new String[][] {{"run", "--help"}, {"--version", "x"}, {"isa"}, {"-Vh"}}) {
            assertThat(quick(args).code()).as(String.join(" ", args)).isNull();
        }
    }
}
