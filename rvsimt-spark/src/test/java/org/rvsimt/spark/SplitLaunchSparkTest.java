package org.rvsimt.spark;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.rvsimt.cli.Main;

/**
 * {@code rvsimt run MANIFEST --spark MASTER --split N}: a bundled kernel's launch split into block ranges that run
 * as Spark tasks (local mode) reports what one run of every block reports, and passes the manifest's checks
 * (expected files from Java reference code, tol 0); a kernel whose blocks race through amoswap is refused in
 * one line; flags that watch one device's run are refused before Spark starts.
 */
class SplitLaunchSparkTest {
    private static final Path REPO = Path.of("..").toAbsolutePath().normalize();
    private static final ObjectMapper JSON = new ObjectMapper();

    private record Run(int code, String out, String err) { }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<String> line = new ArrayList<>(List.of("run"));
        line.addAll(List.of(args));
        int code = Main.execute(line.toArray(String[]::new), new PrintWriter(out), new PrintWriter(err));
        return new Run(code, out.toString(), err.toString());
    }

    /** The --json report without what measures the host (wall time and the rate computed from it). */
    private static ObjectNode report(Run r) throws Exception {
        ObjectNode o = (ObjectNode) JSON.readTree(r.out());
        o.remove(List.of("wall_ms", "lane_instructions_per_second"));
        return o;
    }

    /** Histogram: shared-memory atomics inside blocks, one global amoadd.w per bin and block merged as deltas. */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void histogramSplitIntoThreeSparkTasksReportsWhatOneRunReports() throws Exception {
        String manifest = REPO.resolve("kernels/histogram_c/launch.yaml").toString();
        Run local = run(manifest, "--json");
        Run split = run(manifest, "--json", "--spark", "local[2]", "--split", "3");
        assertThat(split.err()).isEmpty();
        assertThat(split.code()).isZero();
        ObjectNode report = report(split);
        assertThat(report.get("status").asText()).isEqualTo("ok");
        assertThat(report.get("checks").get(0).get("pass").asBoolean()).isTrue();
        assertThat(report).isEqualTo(report(local));
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aKernelWhoseBlocksRaceThroughAmoswapIsRefusedInOneLine() {
        Run r = run(Path.of("src/test/resources/split/swap/launch.yaml").toAbsolutePath().toString(), "--spark", "local[2]");
        assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).isEqualTo("rvsimt: --spark: cannot split this launch: amoswap.w at pc 0x00000008 updates "
                + "global memory (0x00100000): its result depends on the order of the blocks; only amoadd, amoand, amoor, "
                + "amoxor, amomin[u] and amomax[u] merge across block ranges" + System.lineSeparator());
    }

    @Test
    void flagsASplitLaunchCannotHonourAreRefusedBeforeSparkStarts() {
        String manifest = REPO.resolve("kernels/saxpy/launch.yaml").toString();
        Run timed = run(manifest, "--spark", "local[2]", "--timing");
        assertThat(timed.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(timed.err()).isEqualTo("rvsimt: --spark: not with --timing (it watches one device's run of every block)"
                + System.lineSeparator());
        Run alone = run(manifest, "--split", "2");
        assertThat(alone.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(alone.err()).isEqualTo("rvsimt: --split: needs --spark MASTER_URL" + System.lineSeparator());
        Run bogus = run(manifest, "--spark", "bogus");
        assertThat(bogus.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(bogus.err()).startsWith("rvsimt: --spark: expected local, local[N]");
    }
}
