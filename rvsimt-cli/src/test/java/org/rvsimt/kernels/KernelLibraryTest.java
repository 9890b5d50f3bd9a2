package org.rvsimt.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.rvsimt.cli.Main;

/**
 * Runs every kernels/NAME/launch.yaml through the command line, {@code rvsimt run MANIFEST --json}
 * ({@link Main#execute}), and expects exit code 0 with {@code "status": "ok"} (all built-in checks
 * passed). Native kernels also run with {@code --warp-size 1, 8, 32, 64} and {@code --threads 1, 2}.
 * C kernels need clang-19 (skipped without it).
 */
class KernelLibraryTest {
    static Stream<Arguments> runs() {
        List<Arguments> out = new ArrayList<>();
        for (Path p : KernelManifest.all()) {
            KernelManifest m = KernelManifest.load(p);
            out.add(Arguments.of(m.folder, List.of()));
            if (!m.seedAbi) {
                for (int w : KernelApiTest.WARP_SIZES) {
                    for (int t : KernelApiTest.THREADS) {
                        out.add(Arguments.of(m.folder, List.of("--warp-size", String.valueOf(w), "--threads",
                                String.valueOf(t))));
                    }
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("runs")
    void runPasses(String folder, List<String> flags) throws Exception {
        Path manifest = KernelManifest.kernelsDir().resolve(folder).resolve("launch.yaml");
        if (KernelManifest.load(manifest).kernel.endsWith(".c")) {
            Assumptions.assumeTrue(KernelApiTest.hasClang(), "clang-19 is not installed");
        }
        List<String> argv = new ArrayList<>(List.of("run", manifest.toString(), "--json"));
        argv.addAll(flags);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(argv.toArray(String[]::new), new PrintWriter(out), new PrintWriter(err));
        String json = out.toString().strip();
        assertThat(json).as("%s %s: one JSON object on stdout (stderr: %s)", folder, flags, err).startsWith("{");
        JsonNode r = new ObjectMapper().readTree(json);
        assertThat(r.path("status").asText()).as("%s %s: status in %s", folder, flags, json).isEqualTo("ok");
        assertThat(code).as("%s %s: exit code (stderr: %s)", folder, flags, err).isZero();
        assertThat(r.path("checks").size()).as("%s: checks", folder).isPositive();
        for (JsonNode c : r.path("checks")) {
            assertThat(c.path("pass").asBoolean()).as("%s: check %s", folder, c).isTrue();
        }
    }
}
