package org.rvsimt.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.rvsimt.cli.Main;

/**
 * No false positives: every kernel of the library (kernels/NAME/launch.yaml), all correct, runs
 * with {@code --check all} to status ok, its expected outputs intact, and not one finding, not even
 * a warning. The interpreter runs them: both engines deliver the same events (ExecutionEventsTest),
 * and for these small launches the interpreter is faster than compiling the JIT's observed blocks.
 */
class KernelLibraryChecksTest {
    static Stream<Path> manifests() {
        return KernelManifest.all().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("manifests")
    void everyCheckFindsNothing(Path manifest) throws Exception {
        if (KernelManifest.load(manifest).kernel.endsWith(".c")) {
            Assumptions.assumeTrue(KernelApiTest.hasClang(), "clang-19 is not installed");
        }
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(new String[] {"run", manifest.toString(), "--check", "all", "--engine", "interp",
                "--json"},
                new PrintWriter(out), new PrintWriter(err));
        JsonNode r = new ObjectMapper().readTree(out.toString().strip());
        assertThat(r.path("findings").isArray()).as("%s: findings list in %s", manifest, r).isTrue();
        assertThat(r.path("findings").size()).as("%s: findings %s", manifest, r.path("findings")).isZero();
        assertThat(r.path("status").asText()).as("%s: status", manifest).isEqualTo("ok");
        assertThat(code).as("%s: exit code (stderr: %s)", manifest, err).isZero();
        assertThat(err.toString()).isEmpty();
    }
}
