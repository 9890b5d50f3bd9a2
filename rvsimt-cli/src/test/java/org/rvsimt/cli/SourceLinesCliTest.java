package org.rvsimt.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rvsimt.frontend.CKernelCompiler;

/**
 * A C kernel compiled by {@code rvsimt run} carries DWARF (-g by default), so the fault, its flight
 * recorder, the hottest instructions and the divergent branches name file:line and function. The
 * reference is the source itself: the lines marked {@code // HOT}, {@code // BRANCH} and
 * {@code // FAULT}.
 */
class SourceLinesCliTest {
    private static final Path DIR = Path.of("src/test/resources/buggy/source_lines");

    private static int markedLine(String marker) throws Exception {
        List<String> lines = Files.readAllLines(DIR.resolve("lines.c"));
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).endsWith("// " + marker)) {
                return i + 1;
            }
        }
        throw new AssertionError("no line marked " + marker);
    }

    @Test
    void faultsStatisticsAndTheFlightRecorderNameFileLineAndFunction() throws Exception {
        assumeTrue(CKernelCompiler.resolveExecutable(CKernelCompiler.DEFAULT_CC) != null, "clang-19 is not installed");
        Path manifest = DIR.resolve("launch.yaml");
        JsonNode o = Cli.run("run", manifest.toString(), "--json").noTrace().json();
        assertThat(o.path("status").asText()).isEqualTo("fault");
        JsonNode fault = o.path("fault");
        assertThat(fault.path("source").path("file").asText()).endsWith("/buggy/source_lines/lines.c");
        assertThat(fault.path("source").path("line").asInt()).isEqualTo(markedLine("FAULT"));
        assertThat(fault.path("source").path("function").asText()).isEqualTo("lines");
        JsonNode last = fault.path("recent").get(fault.path("recent").size() - 1);
        assertThat(last.path("source").path("line").asInt()).isEqualTo(markedLine("FAULT"));
        JsonNode hot = o.path("stats").path("hottest").get(0);
        assertThat(hot.path("warp_instructions").asLong()).isEqualTo(200);   // n = 200 passes of the loop
        assertThat(hot.path("source").path("line").asInt()).isEqualTo(markedLine("HOT"));
        JsonNode branch = o.path("stats").path("divergence").get(0);
        assertThat(branch.path("source").path("line").asInt()).isEqualTo(markedLine("BRANCH"));

        Cli.Result text = Cli.run("run", manifest.toString(), "--stats").noTrace();
        assertThat(text.out()).contains("    at lines.c:" + markedLine("FAULT") + " (lines)")
                .containsPattern("200 warp / 6,400 lane  lines\\.c:" + markedLine("HOT") + " \\(lines\\)")
                .containsPattern("1 times  lines\\.c:" + markedLine("BRANCH") + " \\(lines\\)");
        assertThat(text.err()).isEmpty();
    }

    @Test
    void assemblyKernelsShowPcsOnly() {
        Cli.Result r = Cli.run("run", "src/test/resources/buggy/source_lines/plain.S", "--grid", "1", "--block", "4",
                "--json").noTrace();
        assertThat(r.json().path("fault").path("source").isNull()).isTrue();
        assertThat(r.json().path("stats").path("hottest").get(0).has("source")).isFalse();
    }
}
