package org.rvsimt.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The page in headless Chromium (Debian's chromium and chromium-driver, which .ci/run installs; a
 * missing browser fails this test rather than skipping it): launches appear with their trace,
 * timeline, heat view and history; the sampling slider reaches the server; a fault shows its report.
 */
@Timeout(120)
class BrowserTest {
    static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    /** 12 instructions, no branches: the stand-in engine runs them as written. */
    /** Two warps: a divergent branch at 0x408 (odd lanes run 0x40c), a block barrier, 10 instructions each. */
    static final String KERNEL = """
                csrr a0, vx_tid_x
                andi a1, a0, 1
                beqz a1, 1f
                addi a2, a2, 1
            1:  lui t0, 0x80002
                sw zero, 0(t0)
                slli a2, a1, 3
                add a3, a2, a1
                mul a3, a2, a2
                ret
            """;


    @TempDir
    static Path profile;
    static WebFixture f;
    static ChromeDriver browser;
    static WebDriverWait wait;

    @BeforeAll
    static void start() throws Exception {
        assertThat(Files.isExecutable(CHROMEDRIVER)).as("%s (apt-get install chromium chromium-driver; .ci/run does)",
                CHROMEDRIVER).isTrue();
        f = new WebFixture();
        ChromeOptions o = new ChromeOptions();
        o.setBinary(CHROMIUM.toString());
        o.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run", "--window-size=1400,1800",
                "--user-data-dir=" + profile.resolve("chromium"));
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort().build();
        browser = new ChromeDriver(service, o);
        wait = new WebDriverWait(browser, Duration.ofSeconds(20));
        browser.get(f.base() + "/");
        wait.until(d -> d.findElement(By.id("conn")).getText().equals("live"));
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.quit();
        }
        if (f != null) {
            f.close();
        }
    }

    @Test
    void showsALaunchItsTraceTimelineHeatAndSamplingAndAFaultReport() throws Exception {
        // A real launch through the device model, traced by the engine at sampling 1: its history
        // row, listing, trace rows, warp timeline and heat view.
        setSampling(0);
        wait.until(d -> state().contains("\"sampling\":1,"));
        int before = browser.findElements(By.cssSelector("#history tbody tr")).size();
        int faultsBefore = browser.findElements(By.cssSelector("#faults .fault")).size();
        int rowsBefore = browser.findElements(By.cssSelector("#trace tbody tr")).size();
        var outcome = f.run(KERNEL, 1, 64);
        assertThat(outcome.ok()).isTrue();
        wait.until(d -> d.findElements(By.cssSelector("#history tbody tr")).size() == before + 1);
        assertThat(text("#history tbody tr")).contains("1." + outcome.seq()).contains("ok").contains("[64,1,1]")
                .contains("95 %");                // (9 x 32 + 16) / (10 x 32) lanes busy
        wait.until(d -> d.findElements(By.cssSelector("#heat tbody tr")).size() >= 10);
        assertThat(text("#heat tbody")).contains("slli a2, a1, 3").contains("mul a3, a2, a2");
        wait.until(d -> d.findElements(By.cssSelector("#trace tbody tr")).size() == rowsBefore + 20);
        assertThat(text("#trace tbody")).contains("0x00000400").contains("andi a1, a0, 1")
                .contains("mul a3, a2, a2");
        wait.until(d -> "2".equals(d.findElement(By.id("timeline")).getDomAttribute("data-warps")));
        // active, barrier, active again, done for each warp
        assertThat(Integer.parseInt(browser.findElement(By.id("timeline")).getDomAttribute("data-segments")))
                .isEqualTo(8);
        assertThat(painted()).as("timeline pixels drawn").isGreaterThan(1000);
        wait.until(d -> text("#heat tbody").contains("diverges"));
        assertThat(browser.findElement(By.cssSelector("#heat tbody tr[data-pc='1028']")).getDomAttribute("data-samples"))
                .isEqualTo("2");

        // Filters: one warp, then one pc (of this launch's 20 rows, warp 1 has 10; the branch 2).
        int all = browser.findElements(By.cssSelector("#trace tbody tr")).size();
        type("f-warp", "1");
        wait.until(d -> d.findElements(By.cssSelector("#trace tbody tr")).size() < all);
        assertThat(browser.findElements(By.cssSelector("#trace tbody tr")).size()).isGreaterThanOrEqualTo(10);
        type("f-warp", "");
        type("f-pc", "0x408");
        wait.until(d -> d.findElements(By.cssSelector("#trace tbody tr")).size() < all);
        assertThat(browser.findElements(By.cssSelector("#trace tbody tr"))).hasSizeGreaterThanOrEqualTo(2)
                .allMatch(r -> r.getText().contains("0x00000408"));
        assertThat(text("#trace tbody")).contains("beqz a1");
        type("f-pc", "");

        // The slider: every 10th warp-instruction, applied by the server to the live tracer.
        setSampling(3);
        wait.until(d -> state().contains("\"sampling\":10,"));
        assertThat(browser.findElement(By.id("sampling-value")).getText()).isEqualTo("10");
        int rowsAt10 = browser.findElements(By.cssSelector("#trace tbody tr")).size();
        int historyAt10 = browser.findElements(By.cssSelector("#history tbody tr")).size();
        assertThat(f.run(KERNEL, 1, 64).ok()).isTrue();
        // The launch's rows come before its end: then fewer than its 20 warp-instructions are shown
        // (on average every 10th, at random gaps of 1..19; the first within the first 10).
        wait.until(d -> d.findElements(By.cssSelector("#history tbody tr")).size() == historyAt10 + 1);
        wait.until(d -> d.findElements(By.cssSelector("#trace tbody tr")).size() > rowsAt10);
        assertThat(browser.findElements(By.cssSelector("#trace tbody tr")).size() - rowsAt10).isBetween(1, 19);

        // A fault: its report with every field the engine gives.
        assertThat(f.run(MetricsTest.FAULTING, 1, 32).faultKind()).isEqualTo("out_of_bounds");
        wait.until(d -> d.findElements(By.cssSelector("#faults .fault")).size() == faultsBefore + 1);
        String report = text("#faults .fault");
        assertThat(report).contains("out_of_bounds").contains("0x00000408").contains("lw t1, 0(t0)")
                .contains("0x007ffff0");
        assertThat(text("#history tbody tr")).contains("fault (out_of_bounds)");

        Path shots = Path.of("target", "screenshots");
        Files.createDirectories(shots);
        Files.write(shots.resolve("web-ui.png"), ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));
    }

    @Test
    void twoBrowsersSeeTheSameLaunchWhileAThirdStreamStalls() throws Exception {
        ChromeOptions o = new ChromeOptions();
        o.setBinary(CHROMIUM.toString());
        o.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run",
                "--user-data-dir=" + profile.resolve("chromium-2"));
        ChromeDriver second = new ChromeDriver(new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build(), o);
        try (java.net.Socket stalled = new java.net.Socket("127.0.0.1", f.port())) {
            LiveTracerTest.SseClient.open(stalled);     // never read
            second.get(f.base() + "/");
            new WebDriverWait(second, Duration.ofSeconds(20))
                    .until(d -> d.findElement(By.id("conn")).getText().equals("live"));
            int before = browser.findElements(By.cssSelector("#history tbody tr")).size();
            assertThat(f.run(MetricsTest.STRAIGHT, 1, 32).ok()).isTrue();
            wait.until(d -> d.findElements(By.cssSelector("#history tbody tr")).size() == before + 1);
            new WebDriverWait(second, Duration.ofSeconds(20))
                    .until(d -> d.findElements(By.cssSelector("#history tbody tr")).size() == before + 1);
        } finally {
            second.quit();
        }
    }

    private static String state() {
        try {
            return f.get("/api/state").body();
        } catch (java.io.IOException | InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String text(String css) {
        return browser.findElement(By.cssSelector(css)).getText();
    }

    private static void type(String id, String value) {
        WebElement e = browser.findElement(By.id(id));
        e.sendKeys(Keys.chord(Keys.CONTROL, "a"), Keys.DELETE);
        if (!value.isEmpty()) {
            e.sendKeys(value);
        }
    }

    /** Moves the slider to step {@code index} as a user would and lets go (the change event). */
    private static void setSampling(int index) {
        ((JavascriptExecutor) browser).executeScript(
                "const s = document.getElementById('sampling'); s.value = arguments[0];"
                        + "s.dispatchEvent(new Event('input')); s.dispatchEvent(new Event('change'));", index);
    }

    /** Pixels of the timeline canvas that are not blank. */
    private static long painted() {
        Object n = ((JavascriptExecutor) browser).executeScript(
                "const c = document.getElementById('timeline'); const d = c.getContext('2d')"
                        + ".getImageData(0, 0, c.width, c.height).data; let n = 0;"
                        + "for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++; return n;");
        return ((Number) n).longValue();
    }
}
