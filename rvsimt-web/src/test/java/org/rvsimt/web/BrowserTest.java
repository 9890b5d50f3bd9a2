package org.rvsimt.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.EnumSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.rvsimt.device.DeviceModel;
import org.rvsimt.frontend.FrontEndOptions;
import org.rvsimt.frontend.FrontEnds;
import org.rvsimt.frontend.KernelBuild;
import org.rvsimt.frontend.KernelSource;
import org.rvsimt.isa.elf.ElfSymbol;
import org.rvsimt.observe.checks.Check;
import org.rvsimt.observe.checks.Region;
import org.rvsimt.timing.config.GpuConfig;
import org.rvsimt.timing.config.GpuConfigReader;
import org.rvsimt.timing.config.OpClass;
import org.rvsimt.timing.report.TimingReport;

/**
 * The page in headless Chromium (Debian's chromium and chromium-driver, which .ci/run installs; a
 * missing browser fails this test rather than skipping it): launches appear with their trace,
 * timeline, heat view and history; the sampling slider reaches the server; a fault shows its report.
 */
@Timeout(120)
class BrowserTest {
    static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
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
    /**
     * A loop of 40 passes over two instructions (0x404, 0x408), then a load out of bounds at 0x418:
     * the 64-row flight-recorder tail is the last 30 passes and the 4 instructions after the loop.
     */
    static final String LOOP_THEN_FAULT = """
                li t1, 40
            1:  addi t1, t1, -1
                bnez t1, 1b
                lui t0, 0x800
                addi t0, t0, -16
                nop
                lw t1, 0(t0)
                ret
            """;
    /**
     * For the screenshot: four warps loop 4, 8, 12 and 16 times (odd lanes take a branch, so the
     * warps split and reconverge), then meet at a block barrier.
     */
    static final String SHOWCASE = """
                csrr a0, vx_tid_x
                srli a1, a0, 5
                slli a1, a1, 2
                addi a1, a1, 4
            1:  andi a2, a0, 1
                beqz a2, 2f
                addi a3, a3, 1
            2:  addi a1, a1, -1
                bnez a1, 1b
                lui t0, 0x80002
                sw zero, 0(t0)
                add a4, a3, a0
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
        assertThat(painted(0, 1)).as("timeline pixels drawn").isGreaterThan(1000);
        // Row labels and a time axis in warp-instructions. The timeline's clock runs from the block's
        // start (0) to the last warp's end: 20 warp-instructions, so ticks every 5 (1, 2 or 5 x 10^k,
        // at most 8 intervals).
        WebElement timeline = browser.findElement(By.id("timeline"));
        assertThat(timeline.getDomAttribute("data-row-labels")).isEqualTo("b0 w0,b0 w1");
        assertThat(timeline.getDomAttribute("data-ticks")).isEqualTo("0,5,10,15,20");
        assertThat(timeline.getDomAttribute("data-unit")).startsWith("warp-instructions issued");
        double labelWidth = 74.0 / timeline.getSize().getWidth();
        double axisTop = 1 - 36.0 / timeline.getSize().getHeight();
        assertThat(painted(0, labelWidth)).as("row labels drawn").isGreaterThan(100);
        assertThat(paintedBelow(axisTop)).as("time axis drawn").isGreaterThan(200);
        wait.until(d -> text("#heat tbody").contains("diverges"));
        assertThat(missingGlyphs()).as("characters the browser's fonts cannot draw").isEmpty();
        assertThat(browser.findElement(By.cssSelector("#heat .div-icon")).getSize().getHeight()).isPositive();
        assertThat(browser.findElement(By.cssSelector("#heat tbody tr[data-pc='1028']")).getDomAttribute("data-samples"))
                .isEqualTo("2");

        // Filters: one warp, then one pc (of this launch's 20 rows, warp 1 has 10; the branch 2).
        int all = browser.findElements(By.cssSelector("#trace tbody tr")).size();
        type("f-warp", "1");
        wait.until(d -> d.findElements(By.cssSelector("#trace tbody tr")).size() < all);
        assertThat(browser.findElements(By.cssSelector("#trace tbody tr")).size()).isGreaterThanOrEqualTo(10);
        type("f-warp", "");
        type("f-pc", "0x408");
        // Typed a key at a time ("0", "0x", ... each filters): wait for the whole value's rows.
        wait.until(d -> {
            List<WebElement> rows = d.findElements(By.cssSelector("#trace tbody tr"));
            return rows.size() >= 2 && rows.stream().allMatch(r -> r.getText().contains("0x00000408"));
        });
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
        // Every column of the history is in view at this width (1400 px), none cut off.
        assertThat(((Number) ((JavascriptExecutor) browser).executeScript(
                "const w = document.getElementById('history').parentElement; return w.scrollWidth - w.clientWidth;"))
                .longValue()).as("history columns hidden to the right, px").isLessThanOrEqualTo(0);

        // A loop in the flight-recorder tail folds into one line, then its last pass.
        assertThat(f.run(LOOP_THEN_FAULT, 1, 32).faultKind()).isEqualTo("out_of_bounds");
        wait.until(d -> d.findElements(By.cssSelector("#faults .fault")).size() == faultsBefore + 2);
        WebElement card = browser.findElement(By.cssSelector("#faults .fault"));
        assertThat(card.findElement(By.cssSelector("tr.fold")).getText())
                .isEqualTo("0x00000404..0x00000408 x30 (a loop of 2 instructions; its last pass:)");
        List<String> tail = card.findElements(By.cssSelector(".fault-table tr")).stream().map(WebElement::getText)
                .toList();
        assertThat(tail).hasSize(1 + 1 + 6);        // header, the fold, the last pass and the 4 after it
        assertThat(tail.get(2)).startsWith("0x00000404 addi t1, t1, -1");
        assertThat(tail.get(3)).startsWith("0x00000408 bnez t1,");
        assertThat(tail.get(7)).startsWith("0x00000418 lw t1, 0(t0)");

        // The page with a launch of several warps, for docs/web-ui.md.
        setSampling(0);
        wait.until(d -> state().contains("\"sampling\":1,"));
        assertThat(f.run(SHOWCASE, 1, 128).ok()).isTrue();
        wait.until(d -> "4".equals(d.findElement(By.id("timeline")).getDomAttribute("data-warps")));
        wait.until(d -> text("#heat tbody").contains("diverges"));
        assertThat(missingGlyphs()).isEmpty();
        // A smaller window keeps the picture small (docs/web-ui-screenshot.png is a copy of it).
        browser.manage().window().setSize(new Dimension(1200, 1400));
        wait.until(d -> ((Number) ((JavascriptExecutor) d).executeScript(
                "const c = document.getElementById('timeline'); return c.width - c.clientWidth * devicePixelRatio;"))
                .doubleValue() == 0);
        Path shots = Path.of("target", "screenshots");
        Files.createDirectories(shots);
        Files.write(shots.resolve("web-ui.png"), screenshotDownTo("#faults .fault"));
    }

    /**
     * The launch view's findings and source view: a C kernel (compiled with -g) with a planted race,
     * run with racecheck and memcheck through LAUNCH_CHECKED's path. The races are worked out by hand
     * (threads 96..127 read out[0..31], which warp 0 wrote with no barrier between: 32 reads); the
     * per-line counts come from llvm-symbolizer's placing of each pc of the straight-line kernel,
     * which each of the 4 warps runs once.
     */
    @Test
    void showsALaunchsFindingsAndItsInstructionCountsPerSourceLine() throws Exception {
        Path source = profile.resolve("rotate.c");
        Files.writeString(source, ROTATE);
        KernelBuild build = FrontEnds.standard().load(KernelSource.ofFile(source), FrontEndOptions.defaults());
        byte[] elf = build.elf().orElseThrow();
        ElfSymbol fn = build.kernel().image().symbols().stream().filter(x -> x.name().equals("rotate")).findFirst()
                .orElseThrow();
        f.device.loadKernel(1, 0, elf, 0, elf.length);
        int in = 0x10_0000;
        int out = 0x10_0200;
        int rotated = 0x10_0400;
        int args = 0x10_0600;
        f.device.vramWrite(args, ints(in, out, rotated), 0, 12);
        f.device.vramWrite(in, new byte[512], 0, 512);
        var regions = List.of(new Region("in", in, 512, true), new Region("out", out, 512, false),
                new Region("rotated", rotated, 512, false), new Region("arguments", args, 12, true));
        var outcome = f.device.launch(fn.value(), args, new int[] {1, 1, 1}, new int[] {128, 1, 1}, 0, 0, 0, 1,
                new DeviceModel.CheckRequest(EnumSet.of(Check.MEMCHECK, Check.RACECHECK), regions)).await(20_000);
        assertThat(outcome.ok()).as(outcome.message()).isTrue();

        String launch = "launch 1." + outcome.seq() + " rotate";
        wait.until(d -> text("#diag-launch").equals(launch));
        // and warps 1..3 then overwrite out[32..127], which the warp before read: 96 writes after reads
        assertThat(text("#findings")).startsWith("checks (memcheck, racecheck): 2 errors, 0 warnings");
        assertThat(browser.findElement(By.cssSelector("#findings .finding[data-kind='write_after_read']")).getText())
                .contains("(96 times)");
        WebElement race = browser.findElement(By.cssSelector("#findings .finding[data-kind='read_after_write']"));
        int loadLine = lineOf(ROTATE, "// LOAD");
        int storeLine = lineOf(ROTATE, "// STORE");
        assertThat(race.getText()).contains("error racecheck read_after_write").contains("rotate.c:" + loadLine)
                .contains("(32 times)").contains("reads offset 0 of 'out', written by thread (0,0,0)")
                .contains("other access:").contains("rotate.c:" + storeLine);

        Map<Integer, Long> expected = new java.util.TreeMap<>();
        for (int pc = fn.value(); pc < fn.value() + fn.size(); pc += 4) {
            expected.merge(symbolizedLine(elf, pc), 4L, Long::sum);
        }
        expected.remove(0);      // code of no particular line is not a row
        Map<Integer, Long> shown = new java.util.TreeMap<>();
        for (WebElement r : browser.findElements(By.cssSelector("#source tbody tr"))) {
            shown.put(Integer.parseInt(r.getDomAttribute("data-line")), Long.parseLong(r.getDomAttribute("data-warp")));
            assertThat(Long.parseLong(r.getDomAttribute("data-lane")))
                    .isEqualTo(32 * Long.parseLong(r.getDomAttribute("data-warp")));
        }
        assertThat(shown).isEqualTo(expected);
        assertThat(shown.values().stream().mapToLong(Long::longValue).sum())
                .as("every instruction ran once per warp, on a line").isEqualTo(outcome.warpInstructions());
        assertThat(text("#source tbody")).contains("rotate.c:" + loadLine).contains("rotate");
    }

    /**
     * A launch timed on the volta preset (the kernel of {@link TimingMetricsTest#TIMED}: 512 FLOP, 128
     * bytes read from DRAM and 128 written back): the warp states as bars, the roofline with the
     * preset's peaks and the kernel at 2 FLOP/byte, and the listing with each instruction's stalls.
     */
    @Test
    void showsATimedLaunchsWarpStatesRooflineAndStallHeat() throws Exception {
        DeviceModel.Outcome o = f.runTimed(TimingMetricsTest.TIMED, 1, 32, TimingMetricsTest.SHARED, "volta");
        assertThat(o.ok()).as(o.message()).isTrue();
        TimingReport r = o.diagnostics().timing().report();
        wait.until(d -> text("#timing-launch").equals("launch 1." + o.seq() + " kernel@0x00000400"));
        assertThat(text("#timing-summary")).startsWith(String.format("%,d cycles", r.cycles())).contains("(volta)")
                .contains("limiter: shared").contains("256 bytes").contains("31 bank conflicts");

        // Bars: one per state with warp-cycles, as wide as its share; one "selected" cycle per instruction.
        Map<String, Long> bars = new java.util.HashMap<>();
        double total = 0;
        for (WebElement bar : browser.findElements(By.cssSelector("#stalls rect.stall-bar"))) {
            bars.put(bar.getDomAttribute("data-reason"), Long.parseLong(bar.getDomAttribute("data-cycles")));
            total += Long.parseLong(bar.getDomAttribute("data-cycles"));
        }
        Map<String, Long> expected = new java.util.HashMap<>();
        r.stalls().forEach((k, v) -> {
            if (v > 0) {
                expected.put(k.label(), v);
            }
        });
        assertThat(bars).isEqualTo(expected);
        assertThat(bars.get("selected")).isEqualTo(o.warpInstructions());
        assertThat(total).as("one warp for the whole launch").isEqualTo(r.cycles());
        WebElement selected = browser.findElement(By.cssSelector("#stalls rect[data-reason='selected']"));
        assertThat(Double.parseDouble(selected.getDomAttribute("width")))
                .isCloseTo(Math.max(1, 250 * o.warpInstructions() / total), within(1e-6));

        // Roofline: read the plotted geometry back through the plot's log scales.
        GpuConfig volta = GpuConfigReader.preset("volta");
        double peakGflops = (double) volta.computeUnits() * volta.schedulersPerCu() * 32 * 2
                / volta.initiationOf(OpClass.FMA) * volta.clockMhz() / 1e3;
        double peakBandwidth = volta.dram().bytesPerCycle() * volta.clockMhz() / 1e3;
        double intensity = (double) TimingMetricsTest.FLOPS
                / (TimingMetricsTest.DRAM_READ + TimingMetricsTest.DRAM_WRITE);
        double gflops = TimingMetricsTest.FLOPS / (r.cycles() / volta.clockMhz()) / 1e3;
        WebElement plot = browser.findElement(By.id("roofline"));
        WebElement point = browser.findElement(By.id("roof-point"));
        assertThat(plotX(plot, attr(point, "cx"))).isCloseTo(intensity, within(1e-9 * intensity));
        assertThat(plotY(plot, attr(point, "cy"))).isCloseTo(gflops, within(1e-9 * gflops));
        WebElement compute = browser.findElement(By.id("roof-compute"));
        assertThat(plotY(plot, attr(compute, "y1"))).isCloseTo(peakGflops, within(1e-9 * peakGflops));
        assertThat(attr(compute, "y2")).isEqualTo(attr(compute, "y1"));
        WebElement memory = browser.findElement(By.id("roof-memory"));
        for (String end : new String[] {"1", "2"}) {
            double x = plotX(plot, attr(memory, "x" + end));
            assertThat(plotY(plot, attr(memory, "y" + end)) / x).as("memory roof slope at x%s", end)
                    .isCloseTo(peakBandwidth, within(1e-9 * peakBandwidth));
        }
        assertThat(plotX(plot, attr(memory, "x2"))).isCloseTo(peakGflops / peakBandwidth, within(1e-9 * peakGflops));
        assertThat(browser.findElements(By.cssSelector("#roofline text"))).extracting(WebElement::getText)
                .anyMatch(t -> t.endsWith("GFLOP/s at 2 FLOP/B"));

        // Stall heat: every instruction's stall warp-cycles; they and the issue cycles make up the warp's life.
        List<WebElement> rows = browser.findElements(By.cssSelector("#stall-heat tbody tr"));
        assertThat(rows).hasSize((int) o.warpInstructions());     // straight-line code: each instruction once
        long stalled = 0;
        for (WebElement row : rows) {
            stalled += Long.parseLong(row.getDomAttribute("data-stall"));
        }
        assertThat(stalled).isEqualTo(r.cycles() - o.warpInstructions());
        // The first FMA waits for the load, the next seven for the FMA before them.
        assertThat(browser.findElement(By.cssSelector("#stall-heat tr[data-pc='1044']")).getDomAttribute("data-top"))
                .isEqualTo("long_scoreboard");
        for (int pc = 0x418; pc <= 0x430; pc += 4) {
            assertThat(browser.findElement(By.cssSelector("#stall-heat tr[data-pc='" + pc + "']"))
                    .getDomAttribute("data-top")).as("pc 0x%x", pc).isEqualTo("wait");
        }
        assertThat(text("#stall-heat tbody")).contains("fmadd.s ft1, ft1, ft0, ft0");
        assertThat(missingGlyphs()).isEmpty();
        Path shots = Path.of("target", "screenshots");
        Files.createDirectories(shots);
        Files.write(shots.resolve("web-ui-timing.png"), screenshotOf("#timing-panel"));
    }

    private static double attr(WebElement e, String name) {
        return Double.parseDouble(e.getDomAttribute(name));
    }

    /** The value at pixel {@code x} of the plot's logarithmic x axis. */
    private static double plotX(WebElement plot, double x) {
        return logAxis(plot, "x", "left", "right", x);
    }

    /** The value at pixel {@code y} of the plot's logarithmic y axis (pixels grow downwards: bottom is the minimum). */
    private static double plotY(WebElement plot, double y) {
        return logAxis(plot, "y", "bottom", "top", y);
    }

    /** The value at {@code pixel} of a logarithmic axis whose minimum is at edge {@code low} and maximum at {@code high}. */
    private static double logAxis(WebElement plot, String axis, String low, String high, double pixel) {
        double lo = Math.log10(attr(plot, "data-" + axis + "-min"));
        double hi = Math.log10(attr(plot, "data-" + axis + "-max"));
        double from = attr(plot, "data-" + low);
        double to = attr(plot, "data-" + high);
        return Math.pow(10, lo + (pixel - from) / (to - from) * (hi - lo));
    }

    static final String ROTATE = """
            #include "rvsimt.h"

            typedef struct { const int *in; int *out; int *rotated; } Args;

            __global__ void rotate(const Args *a) {
                unsigned t = threadIdx.x, n = blockDim.x;
                a->out[t] = a->in[t];                           // STORE
                a->rotated[t] = a->out[(t + 32) % n];           // LOAD
            }
            """;

    private static int lineOf(String text, String marker) {
        List<String> lines = text.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(marker)) {
                return i + 1;
            }
        }
        throw new AssertionError("no line " + marker);
    }

    private static byte[] ints(int... v) {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(4 * v.length).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        for (int x : v) {
            b.putInt(x);
        }
        return b.array();
    }

    /** llvm-symbolizer's line for {@code pc}: of its innermost frame outside a header (inlined device functions). */
    private static int symbolizedLine(byte[] elf, int pc) throws Exception {
        Path file = profile.resolve("rotate.elf");
        if (!Files.exists(file)) {
            Files.write(file, elf);
        }
        Process p = new ProcessBuilder("llvm-symbolizer-19", "--obj=" + file, "--inlines", "--functions=short",
                String.format("0x%x", pc)).redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor()).as(text).isZero();
        List<String> lines = text.lines().filter(l -> !l.isBlank()).toList();
        for (int i = 1; i < lines.size(); i += 2) {
            String place = lines.get(i);           // file:line:column
            String[] parts = place.split(":");
            if (!parts[0].endsWith(".h")) {
                return Integer.parseInt(parts[parts.length - 2]);
            }
        }
        return 0;
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

    /** The page from its top to the bottom of the first element {@code css} matches, as PNG (Chrome DevTools). */
    private static byte[] screenshotDownTo(String css) {
        Number bottom = (Number) ((JavascriptExecutor) browser).executeScript(
                "return document.querySelector(arguments[0]).getBoundingClientRect().bottom + window.scrollY + 12;", css);
        Number width = (Number) ((JavascriptExecutor) browser).executeScript(
                "return document.documentElement.clientWidth;");
        Map<String, Object> shot = browser.executeCdpCommand("Page.captureScreenshot", Map.of("format", "png",
                "captureBeyondViewport", true, "clip", Map.of("x", 0, "y", 0, "width", width.doubleValue(),
                        "height", bottom.doubleValue(), "scale", 1)));
        return Base64.getDecoder().decode((String) shot.get("data"));
    }

    /** The first element {@code css} matches, as PNG (Chrome DevTools). */
    private static byte[] screenshotOf(String css) {
        @SuppressWarnings("unchecked")
        Map<String, Number> box = (Map<String, Number>) ((JavascriptExecutor) browser).executeScript(
                "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
                        + "return {x: r.left + window.scrollX, y: r.top + window.scrollY, w: r.width, h: r.height};", css);
        Map<String, Object> shot = browser.executeCdpCommand("Page.captureScreenshot", Map.of("format", "png",
                "captureBeyondViewport", true, "clip", Map.of("x", box.get("x").doubleValue(), "y",
                        box.get("y").doubleValue(), "width", box.get("w").doubleValue(), "height",
                        box.get("h").doubleValue(), "scale", 1)));
        return Base64.getDecoder().decode((String) shot.get("data"));
    }

    /** Pixels of the timeline canvas that are not blank, between fractions {@code from} and {@code to} of its width. */
    private static long painted(double from, double to) {
        Object n = ((JavascriptExecutor) browser).executeScript(
                "const c = document.getElementById('timeline'); const x0 = Math.floor(arguments[0] * c.width);"
                        + "const w = Math.max(1, Math.floor((arguments[1] - arguments[0]) * c.width));"
                        + "const d = c.getContext('2d').getImageData(x0, 0, w, c.height).data; let n = 0;"
                        + "for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++; return n;", from, to);
        return ((Number) n).longValue();
    }

    /** Pixels of the timeline canvas that are not blank, below fraction {@code top} of its height. */
    private static long paintedBelow(double top) {
        Object n = ((JavascriptExecutor) browser).executeScript(
                "const c = document.getElementById('timeline'); const y0 = Math.floor(arguments[0] * c.height);"
                        + "const d = c.getContext('2d').getImageData(0, y0, c.width, c.height - y0).data; let n = 0;"
                        + "for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++; return n;", top);
        return ((Number) n).longValue();
    }

    /**
     * The characters of the page's text that its fonts have no glyph for: each non-ASCII character is
     * drawn in the page's fonts and compared with a code point no font has (U+10FFFD, private use),
     * which the browser draws as its missing-glyph box.
     */
    private static String missingGlyphs() {
        return (String) ((JavascriptExecutor) browser).executeScript(
                "const draw = (ch, font) => { const c = document.createElement('canvas'); c.width = c.height = 48;"
                        + "const g = c.getContext('2d'); g.font = font; g.textBaseline = 'top'; g.fillText(ch, 8, 8);"
                        + "return g.getImageData(0, 0, 48, 48).data.join(); };"
                        + "let bad = '';"
                        + "for (const sel of ['body', 'table']) {"
                        + "  const cs = getComputedStyle(document.querySelector(sel));"
                        + "  const font = cs.fontSize + ' ' + cs.fontFamily; const none = draw('\\u{10FFFD}', font);"
                        + "  for (const ch of new Set(document.body.innerText))"
                        + "    if (ch.codePointAt(0) > 126 && !/\\s/.test(ch) && draw(ch, font) === none) bad += ch;"
                        + "}"
                        + "return bad;");
    }
}
