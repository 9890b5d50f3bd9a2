package org.rvsimt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Failing assertions for bugs found in the CLI's error reporting (each test names the contract it
 * checks). They fail until main code is fixed; the fix proposed for each is in the helper's report.
 */
class KnownBugsTest {
    @TempDir
    Path dir;

    static final String HEAD = "kernel: k.S\ngrid: [1]\nblock: [1]\ndevice: {vram: 4MiB}\n";
    static final String TWO = HEAD + "args:\n  - {name: n, u32: 1}\n  - {name: m, f32: 2.5}\n";

    @BeforeEach
    void files() {
        Cli.write(dir, "k.S", Cli.RET);
        Cli.write(dir, "k.txt", "not a kernel\n");
        Cli.write(dir, "five.bin", new byte[5]);
    }

    private Cli.Result run(String manifest) {
        Path m = Cli.write(dir, "launch.yaml", manifest);
        return Cli.run("run", m.toString());
    }

    /** Bug 1: a missing kernel file is reported without the manifest or the field ("/tmp/x/nope.S: no such file"). */
    @Test
    void kernelNotFoundNamesTheManifestField() {
        run("kernel: nope.S\ngrid: [1]\nblock: [1]\n").badInput("launch.yaml: kernel", "nope.S");
    }

    /** Bug 1: same for a kernel with an extension rvsimt does not know. */
    @Test
    void kernelWithUnknownExtensionNamesTheManifestField() {
        run("kernel: k.txt\ngrid: [1]\nblock: [1]\n").badInput("launch.yaml: kernel", "k.txt");
    }

    /** Bug 1: a buffer's missing input file does not name the manifest or args[i].file. */
    @Test
    void argFileMissingNamesTheField() {
        run(TWO + "  - {name: x, buffer: f32, file: none.bin}\n").badInput("launch.yaml: args[2].file", "none.bin");
    }

    /** Bug 1: an expected-values file that is missing does not name the manifest or expect[i].file. */
    @Test
    void expectFileMissingNamesTheField() {
        run(HEAD + "args:\n  - {name: out, buffer: f32, zeros: 1}\nexpect:\n  - {arg: out, file: none.bin}\n")
                .badInput("launch.yaml: expect[0].file", "none.bin");
    }

    /** Bug 2: buffer errors found after parsing say "args 'x'" instead of the field path args[2].file. */
    @Test
    void argFileLengthNamesTheFieldPath() {
        run(TWO + "  - {name: x, buffer: f32, file: five.bin}\n").badInput("launch.yaml: args[2].file");
    }

    /** Bug 2: same for at: outside VRAM, which should name args[2].at. */
    @Test
    void argAtOutsideVramNamesTheFieldPath() {
        run(TWO + "  - {name: x, buffer: f32, zeros: 4, at: 0x7FFFFFF0}\n").badInput("launch.yaml: args[2].at");
    }

    /** Bug 2: device.vram and device.stack are validated in DeviceConfig, so the path is "device: vram must...". */
    @Test
    void deviceFieldErrorsNameTheFieldPath() {
        run("kernel: k.S\ngrid: [1]\nblock: [1]\ndevice: {vram: 1049600}\n").badInput("launch.yaml: device.vram");
        run("kernel: k.S\ngrid: [1]\nblock: [1]\ndevice: {stack: 17}\n").badInput("launch.yaml: device.stack");
    }

    /**
     * Bug 3: YAML syntax errors report Jackson's token location (the line before the problem) and the
     * snakeyaml context ("while scanning for the next token") instead of the problem and its line.
     */
    @Test
    void yamlSyntaxErrorNamesTheOffendingLine() {
        Cli.Result tab = run("kernel: k.S\ngrid: [1]\nblock: [1]\n\targs: []\n");
        tab.badInput("launch.yaml:4:1:", "TAB");
        Cli.Result indent = run("kernel: k.S\ngrid: [1]\n  block: [1]\n");
        indent.badInput("launch.yaml:3:3:", "expected <block end>");
    }

    /** Bug 4: an empty (or data-only) .S kernel is an internal error, exit 3, with a Java exception name. */
    @Test
    void emptyKernelSourceIsBadInput() {
        Cli.write(dir, "empty.S", "");
        run("kernel: empty.S\ngrid: [1]\nblock: [1]\n").badInput("empty.S");
        Cli.write(dir, "data.S", "    .data\n    .word 1\n");
        run("kernel: data.S\ngrid: [1]\nblock: [1]\n").badInput("data.S");
        Path s = Cli.write(dir, "empty2.S", "# only a comment\n");
        Cli.run("run", s.toString(), "--grid", "1", "--block", "1").badInput("empty2.S");
    }

    /** Bug 5: with --json, a usage error from picocli (unknown flag, bad number) prints no JSON at all. */
    @Test
    void jsonIsPrintedForUsageErrorsToo() {
        Path m = Cli.write(dir, "launch.yaml", HEAD);
        for (String[] extra : new String[][] {{"--bogus"}, {"--watchdog", "x"}, {"--threads", "many"}}) {
            String[] args = new String[3 + extra.length];
            args[0] = "run";
            args[1] = m.toString();
            args[2] = "--json";
            System.arraycopy(extra, 0, args, 3, extra.length);
            Cli.Result r = Cli.run(args);
            assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
            assertThat(r.json().path("status").asText()).isEqualTo("error");
        }
    }

    /**
     * Bug 6: private stacks are allocated up front, threads x stack per host thread: 1024 threads x
     * 1 MiB = 1 GiB per worker, so such a launch dies with OutOfMemoryError, a Java stack trace on the
     * terminal and exit code 1, instead of a clean error or a working launch. Reproduced in a child JVM
     * with a 256 MiB heap, so the test is cheap and does not disturb this JVM.
     */
    @Test
    void hugePrivateStacksDoNotThrowOutOfMemoryError() throws Exception {
        Path m = Cli.write(dir, "launch.yaml", "kernel: k.S\ngrid: [2]\nblock: [1024]\n"
                + "device: {vram: 4MiB, stack: 1MiB}\n");
        childJvm256m(m, "--threads", "2");
    }

    /**
     * Bug 12: a buffer's host copy (zeros, or random/values as doubles) is built before its size is
     * checked against VRAM: {@code zeros: 268435456} of f32 makes a 1 GiB host array for a 4 MiB device,
     * an OutOfMemoryError trace on smaller heaps.
     */
    @Test
    void bufferLargerThanVramIsRejectedBeforeHostAllocation() throws Exception {
        Path m = Cli.write(dir, "launch.yaml", HEAD + "args:\n  - {name: x, buffer: f32, zeros: 268435456}\n");
        String out = childJvm256m(m);
        assertThat(out).contains("launch.yaml");
    }

    /**
     * Bug 14: an OutOfMemoryError inside a block worker thread (private stacks now grow on first
     * touch, so 1024 threads x 1 MiB touched stacks on 2 host threads) escapes Worker.run, which
     * catches only RuntimeException: the JVM prints "Exception: java.lang.OutOfMemoryError thrown from
     * the UncaughtExceptionHandler in thread rvsimt-block-0" for each worker before Main's one-line
     * report. Expected: exactly one line (the "out of host memory" message).
     */
    @Test
    void outOfMemoryInAWorkerThreadIsOneLine() throws Exception {
        Cli.write(dir, "touch.S", "    sw zero, -4(sp)\n    ret\n");
        Path m = Cli.write(dir, "launch.yaml", "kernel: touch.S\ngrid: [4]\nblock: [1024]\n"
                + "device: {vram: 4MiB, stack: 1MiB}\n");
        Process p = childProcess(m, "--threads", "2", "--json");
        String output = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        java.util.List<String> lines = output.lines().filter(l -> !l.isBlank() && !l.startsWith("WARNING: Using incubator")
                && !l.startsWith("{"))
                .toList();
        assertThat(lines).as("terminal output:%n%s", output).hasSize(1);
        assertThat(lines.get(0)).startsWith("rvsimt: ").doesNotContain("Exception");
    }

    /**
     * Bug 16: non-finite numbers pass validation where they make no sense: tol: nan is accepted
     * (every element then "mismatches" with error 0.0), and random: {min: -inf, max: inf} fills the
     * buffer with NaN.
     */
    @Test
    void nonFiniteToleranceAndRandomBoundsAreErrors() {
        String out = HEAD + "args:\n  - {name: out, buffer: f32, values: [1]}\n";
        run(out + "expect:\n  - {arg: out, values: [1], tol: nan}\n").badInput("launch.yaml: expect[0].tol");
        run(out + "expect:\n  - {arg: out, values: [1], rtol: nan}\n").badInput("launch.yaml: expect[0].rtol");
        run(TWO + "  - {name: x, buffer: f32, random: {count: 2, min: -inf, max: inf}}\n")
                .badInput("launch.yaml: args[2].random");
    }

    /**
     * Bug 15: the progress line ("\rrvsimt: running... 1 s", then "\r\033[K") is written to stderr even
     * when stderr is not a terminal (a pipe, a CI log, this StringWriter), so a launch longer than a
     * second leaves carriage returns and an ANSI escape in front of the one-line message.
     */
    @Test
    void noProgressEscapesWhenStderrIsNotATerminal() {
        Path k = Cli.write(dir, "spin.S", "1:  addi t0, t0, 1\n    j 1b\n");
        long t0 = System.nanoTime();
        Cli.Result r = Cli.run("run", k.toString(), "--grid", "2", "--block", "32", "--threads", "1",
                "--watchdog", "200000000");
        double s = (System.nanoTime() - t0) / 1e9;
        assertThat(r.code()).isEqualTo(Main.FAILED);
        org.junit.jupiter.api.Assumptions.assumeTrue(s > 1.3, "launch too fast to show progress");
        assertThat(r.err()).as("stderr of a %.1f s launch", s).doesNotContain("\r").doesNotContain("\u001b[");
    }

    private static Process childProcess(Path manifest, String... flags) throws java.io.IOException {
        String javaBin = ProcessHandle.current().info().command().orElse("java");
        java.util.List<String> cmd = new java.util.ArrayList<>(java.util.List.of(javaBin, "-Xmx256m",
                "--add-modules=jdk.incubator.vector", "-cp", System.getProperty("java.class.path"), "org.rvsimt.cli.Main",
                "run", manifest.toString()));
        cmd.addAll(java.util.List.of(flags));
        return new ProcessBuilder(cmd).redirectErrorStream(true).start();
    }

    /** Runs {@code rvsimt run MANIFEST} in a JVM with a 256 MiB heap; expects a clean exit 0 or 2. */
    private static String childJvm256m(Path manifest, String... flags) throws Exception {
        Process p = childProcess(manifest, flags);
        String output = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        assertThat(output).as("terminal output").doesNotContain("OutOfMemoryError").doesNotContain("\tat ");
        assertThat(p.exitValue()).as(output).isIn(Main.OK, Main.BAD_INPUT);
        return output;
    }

    /**
     * Bug 10: an integer buffer's random range that holds no integer (min 0.5, max 0.7) or exceeds
     * 64 bits (max 1e30) reaches SplittableRandom.nextLong: "internal error: IllegalArgumentException",
     * exit 3.
     */
    @Test
    void integerRandomRangeIsValidated() {
        run(TWO + "  - {name: x, buffer: i32, random: {count: 4, min: 0.5, max: 0.7}}\n")
                .badInput("launch.yaml: args[2].random");
        run(TWO + "  - {name: x, buffer: i32, random: {count: 4, min: 0, max: 1e30}}\n")
                .badInput("launch.yaml: args[2].random");
    }

    /**
     * Bug 11: buffer values outside the element type are wrapped or truncated silently (u8 256 -> 0,
     * u8 -1 -> 255, i32 1.5 -> 1, i32 1e20 -> -1), while the same value as a u32 scalar is an error.
     */
    @Test
    void bufferValuesOutsideTheElementTypeAreErrors() {
        run(TWO + "  - {name: x, buffer: u8, values: [1, 256]}\n").badInput("launch.yaml: args[2].values[1]");
        run(TWO + "  - {name: x, buffer: u8, values: [-1]}\n").badInput("launch.yaml: args[2].values[0]");
        run(TWO + "  - {name: x, buffer: i32, values: [1.5]}\n").badInput("launch.yaml: args[2].values[0]");
        run(TWO + "  - {name: x, buffer: i32, values: [1e20]}\n").badInput("launch.yaml: args[2].values[0]");
        run(TWO + "  - {name: x, buffer: u8, random: {count: 4, min: 0, max: 1000}}\n")
                .badInput("launch.yaml: args[2].random");
    }
}
