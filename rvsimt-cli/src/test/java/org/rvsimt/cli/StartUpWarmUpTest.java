package org.rvsimt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The start-up warm-up swallows its failures (the main thread meets and reports them), so a step
 * broken by a change elsewhere would only show as a slower start: every command's warm-up runs to
 * its end here, and the commands it names are commands.
 */
class StartUpWarmUpTest {
    @Test
    void everyCommandsWarmUpRunsToItsEnd() {
        assertThat(StartUpWarmUp.commands()).isNotEmpty().allMatch(Main.SUBCOMMANDS::containsKey);
        for (String command : StartUpWarmUp.commands()) {
            assertThat(StartUpWarmUp.run(command, true)).as("the warm-up of %s", command).isTrue();
            assertThat(StartUpWarmUp.run(command, false)).as("the warm-up of %s read without picocli", command).isTrue();
        }
        assertThat(StartUpWarmUp.run("isa", true)).as("a command without a warm-up").isTrue();
    }
}
