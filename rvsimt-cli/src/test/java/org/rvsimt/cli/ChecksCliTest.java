package org.rvsimt.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.rvsimt.frontend.CKernelCompiler;

/**
 * {@code rvsimt run --check}: each check finds the bug planted in small kernels
 * (src/test/resources/buggy/CHECK/), at the line the source marks, with the finding the bug
 * implies (worked out by hand from the source and manifest: which thread, which offset, how
 * often). The library's kernels, all correct, give no finding at all (KernelLibraryChecksTest).
 */
class ChecksCliTest {
    private static final Path BUGGY = Path.of("src/test/resources/buggy");

    /** The 1-based line of the kernel source that ends with {@code // MARKER ...}. */
    private static int marked(Path source, String marker) throws Exception {
        List<String> lines = Files.readAllLines(source);
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).matches(".*// " + marker + "\\b.*")) {
                return i + 1;
            }
        }
        throw new AssertionError(source + ": no line marked " + marker);
    }

    /**
     * manifest, check, kind, marked line (null: no source), region, count, first thread x, message
     * fragment.
     */
    static Stream<Arguments> plantedBugs() {
        return Stream.of(
                // i == n == 1000: one store, thread 1000 = block 3 thread 232, right at the end of out.
                Arguments.of("memcheck/off_by_one.yaml", "memcheck", "out_of_bounds", "STORE", "out", 1, 232,
                        "store of 4 bytes at 0 bytes past the end of 'out' (4000 bytes)"),
                // i == 0 loads x[-1]: 4 bytes before x, which starts the buffers at 1 MiB.
                Arguments.of("memcheck/stencil.yaml", "memcheck", "out_of_bounds", "LOAD", "x", 1, 0,
                        "load of 4 bytes at 4 bytes before the start of 'x' (1024 bytes)"),
                Arguments.of("memcheck/histogram.yaml", "memcheck", "out_of_bounds", "ATOMIC", "bins", -1, -1,
                        "atomic of 4 bytes at 0 bytes past the end of 'bins' (64 bytes)"),
                // every lane of the one warp adds at counter + 2
                Arguments.of("memcheck/misaligned_atomic.yaml", "memcheck", "misaligned_atomic", null, null, 32, 0,
                        "is not 4-byte aligned"),
                // vector and tile accesses, per element: thread 31's elements 6 and 7 (offsets 1016, 1020)
                Arguments.of("memcheck/vector_tail.yaml", "memcheck", "out_of_bounds", null, "x", 2, 31,
                        "load of 4 bytes at 0 bytes past the end of 'x' (1016 bytes)"),
                // thread 3's row 3, column 3: 3 x 64 + 3 x 16 + 3 x 4 = 252
                Arguments.of("memcheck/tile_tail.yaml", "memcheck", "out_of_bounds", null, "A", 1, 3,
                        "load of 4 bytes at 0 bytes past the end of 'A' (252 bytes)"),
                Arguments.of("racecheck/scan.yaml", "racecheck", "read_after_write", "READ", "shared", -1, -1,
                        "with no barrier between"),
                // thread t + 128 stores s[t + 128] while thread t reads it: 128 threads of each of 2 blocks
                Arguments.of("racecheck/reduce.yaml", "racecheck", "write_after_read", "STORE", "shared", 256, 128,
                        "read by thread (0,0,0)"),
                // threads 96..127 read out[0..31], written by warp 0 earlier: 32 reads
                Arguments.of("racecheck/rotate.yaml", "racecheck", "read_after_write", "LOAD", "out", 32, 96,
                        "reads offset 0 of 'out', written by thread (0,0,0)"),
                Arguments.of("synccheck/divergent.yaml", "synccheck", "divergent_barrier", "BARRIER", null, 1, 0,
                        "lanes 0xffff"),
                Arguments.of("synccheck/early_exit.yaml", "synccheck", "barrier_deadlock", "BARRIER", null, 1, -1,
                        "can never complete"),
                Arguments.of("synccheck/barrier_count.yaml", "synccheck", "barrier_deadlock", "BARRIER", null, 1, -1,
                        "can never complete"),
                // thread 32 reads s[0..3] that thread 0 stored with one vector store, no barrier between
                Arguments.of("racecheck/vector_shared.yaml", "racecheck", "read_after_write", null, "shared", -1, 32,
                        "reads shared memory offset 0, written by thread (0,0,0)"),
                // the vector load reads each of the 8 elements of each of the 32 threads first
                Arguments.of("initcheck/vector_unwritten.yaml", "initcheck", "uninitialized_global_read", null, "x",
                        256, 0, "4-byte load at offset 0 of 'x' (1024 bytes)"),
                // coeffs[2] is loaded first by all 256 threads (one finding per load instruction)
                Arguments.of("initcheck/forgot_copy.yaml", "initcheck", "uninitialized_global_read", "LOAD", "coeffs",
                        256, 0, "which neither the host nor a thread wrote"),
                // thread 127 of each of the 2 blocks reads tile[128]
                Arguments.of("initcheck/halo.yaml", "initcheck", "uninitialized_shared_read", "LOAD", "shared", 2, 127,
                        "offset 512 of shared memory (1024 bytes)"),
                // 16 bins, each read first by the one atomic that finds it unwritten
                Arguments.of("initcheck/histogram.yaml", "initcheck", "uninitialized_global_read", "ATOMIC", "bins",
                        16, -1, "4-byte atomic at offset"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("plantedBugs")
    void eachCheckFindsItsPlantedBug(String manifest, String check, String kind, String marker, String region,
                                     long count, int threadX, String message) throws Exception {
        Path yaml = BUGGY.resolve(manifest);
        String kernel = Files.readAllLines(yaml).get(0).startsWith("kernel:") ? Files.readAllLines(yaml).get(0)
                .substring(7).strip() : Files.readAllLines(yaml).stream().filter(l -> l.startsWith("kernel:"))
                .findFirst().orElseThrow().substring(7).strip();
        if (kernel.endsWith(".c")) {
            assumeTrue(CKernelCompiler.resolveExecutable(CKernelCompiler.DEFAULT_CC) != null, "clang-19 is not installed");
        }
        Cli.Result r = Cli.run("run", yaml.toString(), "--check", check, "--json").noTrace();
        assertThat(r.code()).as("exit code with an error finding: %s", r.out()).isEqualTo(Main.FAILED);
        JsonNode o = r.json();
        List<JsonNode> mine = new ArrayList<>();
        o.path("findings").forEach(f -> {
            assertThat(f.path("check").asText()).isEqualTo(check);
            if (f.path("kind").asText().equals(kind)) {
                mine.add(f);
            }
        });
        assertThat(mine).as("a %s finding in %s", kind, o.path("findings")).isNotEmpty();
        JsonNode f = mine.getFirst();
        assertThat(f.path("severity").asText()).isEqualTo("error");
        assertThat(f.path("message").asText()).contains(message);
        if (marker != null) {
            assertThat(f.path("source").path("line").asInt()).as("line of %s", f)
                    .isEqualTo(marked(yaml.resolveSibling(kernel), marker));
            assertThat(f.path("source").path("file").asText()).endsWith("/" + kernel);
        }
        if (region != null) {
            assertThat(f.path("region").asText()).isEqualTo(region);
        }
        if (count >= 0) {
            assertThat(f.path("count").asLong()).isEqualTo(count);
        }
        if (threadX >= 0) {
            assertThat(f.path("thread").get(0).asInt()).isEqualTo(threadX);
        }
        assertThat(o.path("status").asText()).isIn("findings", "fault");
        assertThat(f.path("instruction").asText()).isNotBlank();
    }

    /** The scan's race pairs the read of the neighbour (line READ) with the update (line WRITE), across warps. */
    @Test
    void aRaceNamesBothAccessesAndBothThreads() throws Exception {
        assumeTrue(CKernelCompiler.resolveExecutable(CKernelCompiler.DEFAULT_CC) != null, "clang-19 is not installed");
        Path yaml = BUGGY.resolve("racecheck/scan.yaml");
        JsonNode o = Cli.run("run", yaml.toString(), "--check", "racecheck", "--json").noTrace().json();
        Path src = BUGGY.resolve("racecheck/scan.c");
        boolean found = false;
        for (JsonNode f : o.path("findings")) {
            if (f.path("kind").asText().equals("read_after_write")) {
                found = true;
                assertThat(f.path("source").path("line").asInt()).isEqualTo(marked(src, "READ"));
                assertThat(f.path("other").path("source").path("line").asInt()).isEqualTo(marked(src, "WRITE"));
                // a cross-warp hazard: the reader and the writer are in different warps
                assertThat(f.path("warp").asInt()).isNotEqualTo(f.path("other").path("warp").asInt());
                // the reader at t reads s[t - off], which thread t - off wrote
                int reader = f.path("thread").get(0).asInt();
                int writer = f.path("other").path("thread").get(0).asInt();
                long offset = Long.decode(f.path("address").asText()) - 0xC000_0000L;
                assertThat(offset).isEqualTo(4L * writer);
                assertThat(reader).isGreaterThan(writer);
            }
        }
        assertThat(found).isTrue();
    }

    /** A warp-synchronous reduction races only within warp 0: warnings, and exit 0. */
    @Test
    void intraWarpHazardsAreWarnings() throws Exception {
        assumeTrue(CKernelCompiler.resolveExecutable(CKernelCompiler.DEFAULT_CC) != null, "clang-19 is not installed");
        Path yaml = BUGGY.resolve("racecheck/warp_reduce.yaml");
        Cli.Result r = Cli.run("run", yaml.toString(), "--check", "racecheck", "--json").noTrace();
        assertThat(r.code()).isEqualTo(Main.OK);
        JsonNode o = r.json();
        assertThat(o.path("status").asText()).isEqualTo("ok");
        assertThat(o.path("findings").size()).isPositive();
        int line = marked(BUGGY.resolve("racecheck/warp_reduce.c"), "WARP");
        for (JsonNode f : o.path("findings")) {
            assertThat(f.path("kind").asText()).startsWith("intra_warp_");
            assertThat(f.path("severity").asText()).isEqualTo("warning");
            assertThat(f.path("warp").asInt()).isZero();
            assertThat(f.path("other").path("warp").asInt()).isZero();
            assertThat(f.path("source").path("line").asInt()).isEqualTo(line);
        }
    }

    @Test
    void textReportAndBadFlags() throws Exception {
        assumeTrue(CKernelCompiler.resolveExecutable(CKernelCompiler.DEFAULT_CC) != null, "clang-19 is not installed");
        Cli.Result r = Cli.run("run", BUGGY.resolve("memcheck/off_by_one.yaml").toString(), "--check", "memcheck,initcheck")
                .noTrace();
        assertThat(r.code()).isEqualTo(Main.FAILED);
        assertThat(r.err()).isEmpty();
        assertThat(r.out()).contains("off_by_one.c: findings")
                .contains("checks (memcheck, initcheck): 1 error, 0 warnings")
                .containsPattern("error +memcheck out_of_bounds at 0x[0-9a-f]{8} fsw .*off_by_one\\.c:"
                        + marked(BUGGY.resolve("memcheck/off_by_one.c"), "STORE") + " \\(scale\\)  \\(1 time\\)")
                .contains("store of 4 bytes at 0 bytes past the end of 'out' (4000 bytes)")
                .contains("first: block (3,0,0) thread (232,0,0) warp 7 lane 8");
        Cli.run("run", BUGGY.resolve("memcheck/off_by_one.yaml").toString(), "--check", "memchek")
                .badInput("--check", "unknown check 'memchek'", "memcheck, racecheck, synccheck, initcheck");
    }
}
