package org.rvsimt.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * /metrics scraped over HTTP and read with an independent parser of the 0.0.4 text format. The
 * expected counts are worked out by hand from the kernels (one warp of 32 lanes).
 */
@Timeout(60)
class MetricsTest {
    /** 3 warp-instructions, all 32 lanes active: 96 lane-instructions. */
    static final String STRAIGHT = """
            addi a1, zero, 1
            addi a1, a1, 2
            ret
            """;
    /**
     * csrr, andi, beqz with 32 lanes; the addi with the 16 odd lanes; ret with 32 after the
     * reconvergence at skip: 5 warp-instructions, 4 x 32 + 16 = 144 lane-instructions, SIMT
     * efficiency 144 / (5 x 32) = 0.9.
     */
    static final String DIVERGENT = """
            csrr t0, 0xCC0
            andi t0, t0, 1
            beqz t0, skip
            addi a1, a1, 1
        skip:
            ret
            """;
    /** 4 MiB of VRAM: the load is out of bounds. */
    static final String FAULTING = """
            li t0, 0x7FFFF0
            lw t1, 0(t0)
            ret
            """;

    @RegisterExtension
    static final WebFixture f = WebFixture.perClass();

    private static PrometheusText scrape() throws Exception {
        return scrape(f);
    }

    /** /metrics of {@code f}'s server, checked for the exposition format's content type and parsed. */
    static PrometheusText scrape(WebFixture f) throws Exception {
        HttpResponse<String> r = f.get("/metrics");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type").orElse(""))
                .isEqualTo("text/plain; version=0.0.4; charset=utf-8");
        return new PrometheusText(r.body());
    }

    @Test
    void countsLaunchesInstructionsEfficiencyAndFaults() throws Exception {
        PrometheusText before = scrape();
        assertThat(before.value("rvsimt_launches_running")).isZero();
        assertThat(before.types).containsEntry("rvsimt_last_launch_simt_efficiency", "gauge");
        assertThat(before.help.get("rvsimt_warp_instructions_total")).contains("Warp-instructions");

        assertThat(f.run(STRAIGHT, 1, 32).ok()).isTrue();
        assertThat(f.run(DIVERGENT, 1, 32).ok()).isTrue();
        PrometheusText two = scrape();
        assertThat(two.value("rvsimt_launches_total{status=\"ok\"}")).isEqualTo(2);
        assertThat(two.value("rvsimt_warp_instructions_total")).isEqualTo(3 + 5);
        assertThat(two.value("rvsimt_lane_instructions_total")).isEqualTo(96 + 144);
        assertThat(two.value("rvsimt_last_launch_simt_efficiency")).isCloseTo(0.9, within(1e-12));
        assertThat(two.value("rvsimt_last_launch_lane_instructions_per_second")).isPositive();
        assertThat(two.value("rvsimt_last_launch_wall_seconds")).isPositive();

        assertThat(f.run(FAULTING, 1, 32).faultKind()).isEqualTo("out_of_bounds");
        PrometheusText three = scrape();
        assertThat(three.value("rvsimt_launches_total{status=\"fault\"}")).isEqualTo(1);
        assertThat(three.value("rvsimt_faults_total{kind=\"out_of_bounds\"}")).isEqualTo(1);
        assertThat(three.value("rvsimt_trace_records_dropped_total{stage=\"fast\"}")).isZero();
        assertThat(three.value("rvsimt_trace_records_dropped_total{stage=\"web\"}")).isZero();
        assertThat(three.types).containsEntry("rvsimt_trace_records_dropped_total", "counter");
    }

    @Test
    void grafanaDashboardQueriesOnlyExposedMetrics() throws Exception {
        f.run(FAULTING, 1, 1);     // so that the labelled series exist
        Set<String> exposed = scrape().names();
        JsonNode dashboard = new ObjectMapper().readTree(Files.readString(repo().resolve("docs/grafana-rvsimt.json")));
        List<String> exprs = new ArrayList<>();
        collect(dashboard, exprs);
        assertThat(exprs).hasSizeGreaterThanOrEqualTo(6);
        Pattern metric = Pattern.compile("\\brvsimt_[a-z_]+");
        Set<String> used = new TreeSet<>();
        for (String e : exprs) {
            Matcher m = metric.matcher(e);
            assertThat(m.find()).as("expr %s queries an rvsimt metric", e).isTrue();
            do {
                used.add(m.group());
            } while (m.find());
        }
        assertThat(exposed).containsAll(used);
        assertThat(used).contains("rvsimt_launches_total", "rvsimt_faults_total", "rvsimt_lane_instructions_total",
                "rvsimt_last_launch_simt_efficiency", "rvsimt_trace_records_dropped_total");
    }

    private static void collect(JsonNode n, List<String> exprs) {
        if (n.isObject()) {
            n.fields().forEachRemaining(e -> {
                if (e.getKey().equals("expr")) {
                    exprs.add(e.getValue().asText());
                } else {
                    collect(e.getValue(), exprs);
                }
            });
        } else if (n.isArray()) {
            n.forEach(c -> collect(c, exprs));
        }
    }

    static Path repo() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.exists(p.resolve("docs/grafana-rvsimt.json"))) {
            p = p.getParent();
        }
        assertThat(p).as("repository root with docs/grafana-rvsimt.json").isNotNull();
        return p;
    }
}
