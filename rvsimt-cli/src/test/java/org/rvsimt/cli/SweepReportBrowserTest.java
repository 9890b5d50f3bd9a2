package org.rvsimt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * The sweep's HTML report in headless Chromium (Debian's chromium and chromium-driver, which .ci/run
 * installs), offline: a plot per swept parameter with one point per row where the analytic counts put
 * them, and the table of rows. The screenshot is kept in target/sweep-report.png.
 */
class SweepReportBrowserTest {
    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

    @TempDir
    Path dir;

    @Test
    void reportOpensOfflineWithPlotsAndRows() throws Exception {
        assertThat(Files.isExecutable(CHROMEDRIVER)).as("%s (apt-get install chromium chromium-driver; .ci/run does)",
                CHROMEDRIVER).isTrue();
        Path sweep = Cli.write(dir, "s.yaml", "launches: [" + SweepCliTest.repoRoot().resolve("kernels/saxpy/launch.yaml")
                + "]\nparameters: {engine: [interp], warp_size: [8, 32]}\n");
        Cli.Result r = Cli.run("sweep", sweep.toString(), "-o", dir.resolve("s").toString());
        assertThat(r.code()).as(r.out() + r.err()).isZero();
        Path html = dir.resolve("s.html");
        assertThat(Files.readString(html)).doesNotContain("http://", "https://", "<script").as("self-contained");

        ChromeOptions o = new ChromeOptions();
        o.setBinary(CHROMIUM.toString());
        // no network at all: a report that fetched anything would show it missing
        o.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run", "--window-size=1200,900",
                "--proxy-server=http://127.0.0.1:9", "--user-data-dir=" + dir.resolve("chromium"));
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort().build();
        ChromeDriver browser = new ChromeDriver(service, o);
        try {
            browser.get(html.toUri().toString());
            assertThat(browser.getTitle()).isEqualTo("rvsimt sweep s");
            assertThat(browser.findElement(By.id("summary")).getText()).contains("2 of 2 combinations").contains("ok: 2")
                    .contains("warp_instructions");
            List<WebElement> plots = browser.findElements(By.cssSelector("svg.plot"));
            assertThat(plots).extracting(p -> p.getAttribute("data-param")).containsExactly("engine", "warp_size");
            List<WebElement> points = plots.get(1).findElements(By.cssSelector("circle.point"));
            assertThat(points).hasSize(2);
            // 26624 / 8 = 3328 warp-instructions at warp size 8 against 832 at 32: the first point is higher
            // (smaller y) and to the left
            double y8 = Double.parseDouble(points.get(0).getAttribute("cy"));
            double y32 = Double.parseDouble(points.get(1).getAttribute("cy"));
            assertThat(y8).isLessThan(y32);
            assertThat(Double.parseDouble(points.get(0).getAttribute("cx")))
                    .isLessThan(Double.parseDouble(points.get(1).getAttribute("cx")));
            assertThat(points.get(0).getRect().getHeight()).as("rendered").isPositive();
            List<WebElement> cells = browser.findElements(By.cssSelector("#rows tbody tr"));
            assertThat(cells).hasSize(2);
            assertThat(cells.get(0).getText()).contains("3328");
            byte[] png = browser.getScreenshotAs(OutputType.BYTES);
            Path shot = Path.of("target", "sweep-report.png");
            Files.createDirectories(shot.getParent());
            Files.write(shot, png);
            assertThat(png.length).isGreaterThan(1000);
        } finally {
            browser.quit();
        }
    }
}
