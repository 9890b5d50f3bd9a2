package org.rvsimt.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The first response of {@code /} carries the state, for a browser that has not run (or cannot run) the script. */
@Timeout(60)
class FirstPageTest {
    @Test
    void thePageAsServedShowsTheHistoryFaultsListingAndSamplingWithoutJavaScript() throws Exception {
        try (WebFixture f = new WebFixture()) {
            assertThat(f.run(MetricsTest.DIVERGENT, 1, 32).ok()).isTrue();
            assertThat(f.run(MetricsTest.FAULTING, 1, 32).faultKind()).isEqualTo("out_of_bounds");
            var r = f.get("/");
            assertThat(r.statusCode()).isEqualTo(200);
            String html = r.body();
            assertThat(html).doesNotContain("connecting").doesNotContain("<!--@")
                    .contains("<span id=\"conn\" class=\"badge off\">snapshot</span>")
                    .contains("devices <b id=\"devices\">1</b>")
                    .contains("1 in <b id=\"sampling-value\">10</b> warp-instructions")
                    .contains("<li class=\"muted\">no launch running</li>");
            // Newest first; the DIVERGENT launch by hand: 5 warp-instructions, 144 lane-instructions, 90 %.
            assertThat(html).contains("<tr><td>1.2</td><td>kernel@0x00000400</td><td>[1,1,1]</td><td>[32,1,1]</td>"
                    + "<td class=\"status-fault\">fault (out_of_bounds)</td><td>3</td>");      // lui, addi, the faulting lw
            assertThat(html).contains("<tr><td>1.1</td><td>kernel@0x00000400</td><td>[1,1,1]</td><td>[32,1,1]</td>"
                    + "<td class=\"status-ok\">ok</td><td>5</td><td>144</td><td>90 %</td>");
            assertThat(html.indexOf("<td>1.2</td>")).isLessThan(html.indexOf("<td>1.1</td>"));
            // The fault report: the load at 0x404 (li is lui + addi) of address 0x7ffff0.
            assertThat(html).contains("<div class=\"fault\" data-launch=\"1.2\"><b>launch 1.2: out_of_bounds</b>")
                    .contains("<dt>pc</dt><dd>0x00000408</dd>").contains("<dt>instruction</dt><dd>lw t1, 0(t0)</dd>")
                    .contains("<dt>address</dt><dd>0x007ffff0</dd>");
            // The latest launch's listing in the heat view, with no samples yet.
            assertThat(html).contains("<span id=\"heat-launch\" class=\"muted\">launch 1.2</span>")
                    .contains("<tr data-pc=\"1032\" data-samples=\"0\"><td>0x00000408</td>");
        }
    }

    @Test
    void valuesAreEscaped() {
        byte[] template = "<ul><!--@running--></ul><tbody><!--@history--></tbody><!--@faults-->"
                .getBytes(StandardCharsets.UTF_8);
        LaunchRecord evil = LaunchRecord.running(1, 1, "<img src=x onerror=alert(1)>", new int[] {1, 1, 1},
                new int[] {32, 1, 1}, 32);
        LaunchRecord done = evil.finished("fault", "exit_code", "a \"quoted\" & <b>bold</b> message",
                Map.of("message", "<script>x</script>"), 1_000_000, 1, 32, List.of());
        String html = new String(new FirstPage(template).render(new FirstPage.State(1, 10, 0, List.of(evil),
                List.of(done), null)), StandardCharsets.UTF_8);
        assertThat(html).doesNotContain("<img").doesNotContain("<script>").doesNotContain("<b>bold")
                .contains("&lt;img src=x onerror=alert(1)&gt;")
                .contains("a &quot;quoted&quot; &amp; &lt;b&gt;bold&lt;/b&gt; message")
                .contains("&lt;script&gt;x&lt;/script&gt;");
    }

    @Test
    void numbersAreGroupedAsTheScriptShowsThem() {
        assertThat(FirstPage.number(1234567, 0)).isEqualTo("1,234,567");
        assertThat(FirstPage.number(94.94, 1)).isEqualTo("94.9");
        assertThat(FirstPage.number(95.0, 1)).isEqualTo("95");
        assertThat(FirstPage.number(0.125, 2)).isEqualTo("0.12");
    }
}
