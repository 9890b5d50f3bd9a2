package org.rvsimt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real {@code ./rvsimt} launcher script, as a user runs it: a successful command prints nothing
 * on stderr (the JVM's incubator-module warning included, where host SIMD adds the module), an error is one line, exit codes pass
 * through, and files follow the umask. Runs after {@code package} (the pom's launcher-tests
 * execution), when the jar the script runs is the one just built.
 */
class LauncherIT {
    @TempDir
    static Path dir;

    static Path root;

    /** What one run of the script did; stdout and stderr went to files, as in {@code 2>err.txt}. */
    record Run(int code, String out, String err) {
        List<String> errLines() {
            return err.lines().toList();
        }
    }

    @BeforeAll
    static void packagedJarIsCurrent() throws IOException {
        String jar = System.getProperty("rvsimt.packagedJar");
        Assumptions.assumeTrue(jar != null, "runs in the integration-test phase, after package");
        root = Path.of("").toAbsolutePath().getParent();
        Path launcherJar = root.resolve("rvsimt-cli/target/rvsimt.jar");
        Assumptions.assumeTrue(Path.of(jar).toAbsolutePath().normalize().equals(launcherJar),
                "the launcher runs rvsimt-cli/target/rvsimt.jar; this build writes " + jar);
        // The launcher rebuilds a jar older than any source: that would be a build inside the build.
        long built = Files.getLastModifiedTime(launcherJar).toMillis();
        try (Stream<Path> files = Files.walk(root, 12)) {
            List<Path> newer = files.filter(p -> (p.toString().contains("/src/main/") && Files.isRegularFile(p))
                            || (p.getFileName().toString().equals("pom.xml") && root.relativize(p).getNameCount() <= 2))
                    .filter(p -> modified(p) > built).limit(3).toList();
            assertThat(newer).as("sources newer than the packaged jar").isEmpty();
        }
    }

    private static long modified(Path p) {
        try {
            return Files.getLastModifiedTime(p).toMillis();
        } catch (IOException e) {
            return 0;
        }
    }

    /** Runs {@code ./rvsimt ARGS} from the repository root under umask 022. */
    static Run rvsimt(String... args) throws Exception {
        return rvsimtWith(Map.of(), args);
    }

    /**
     * Runs {@code ./rvsimt ARGS} with these environment variables; without JAVA_HOME among them,
     * with none (the launcher then finds the JDK itself).
     */
    static Run rvsimtWith(Map<String, String> env, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("bash", "-c", "umask 022 && exec ./rvsimt \"$@\"", "rvsimt"));
        cmd.addAll(List.of(args));
        return start(cmd, env.isEmpty() ? Map.of("JAVA_HOME", System.getProperty("java.home")) : env, !env.isEmpty(), 120);
    }

    /**
     * Runs a command in the repository root, without RVSIMT_JAVA_OPTS and RVSIMT_HOST_SIMD (and
     * without JAVA_HOME when told) unless {@code env} sets them; stdout and stderr to files.
     */
    private static Run start(List<String> cmd, Map<String, String> env, boolean noJavaHome, int seconds) throws Exception {
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(root.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        pb.environment().remove("RVSIMT_JAVA_OPTS");
        pb.environment().remove("RVSIMT_HOST_SIMD");
        if (noJavaHome) {
            pb.environment().remove("JAVA_HOME");
        }
        pb.environment().putAll(env);
        Process p = pb.start();
        assertThat(p.waitFor(seconds, TimeUnit.SECONDS)).as("%s finished", String.join(" ", cmd)).isTrue();
        // Read at once after the exit, as a script does: stderr must be complete already.
        return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }

    @Test
    void successfulCommandsPrintNothingOnStderr() throws Exception {
        for (String[] args : new String[][] {{"--help"}, {"--version"}, {"isa"}, {"run", "kernels/saxpy/launch.yaml"},
            {"run", "kernels/saxpy/launch.yaml", "--json"}, {"disasm", "--help"}}) {
            Run r = rvsimt(args);
            assertThat(r.err()).as("stderr of rvsimt %s", String.join(" ", args)).isEmpty();
            assertThat(r.code()).as("exit code of rvsimt %s", String.join(" ", args)).isZero();
            assertThat(r.out()).isNotEmpty();
        }
    }

    /**
     * The launcher finds its JDK without starting a JVM (the version is in the JDK's release file)
     * and remembers it: a JDK whose java logs each start, found through the cache file, is started
     * exactly once, for the command itself; a cached JDK that disappeared is replaced by a real one.
     */
    @Test
    void theJdkIsFoundWithoutStartingJvmsAndRemembered() throws Exception {
        Path realHome = Path.of(System.getProperty("java.home"));
        Path fake = Files.createDirectories(dir.resolve("jdk-logging/bin"));
        Path log = dir.resolve("java-starts.log");
        Files.writeString(fake.resolve("java"), "#!/bin/sh\necho \"$*\" >> " + log + "\nexec " + realHome.resolve("bin/java")
                + " \"$@\"\n");
        Files.writeString(fake.resolve("javac"), "#!/bin/sh\nexit 0\n");
        for (String tool : List.of("java", "javac")) {
            Files.setPosixFilePermissions(fake.resolve(tool), PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        Files.writeString(fake.getParent().resolve("release"), "JAVA_VERSION=\"25.0.1\"\n");
        Path cacheHome = Files.createDirectories(dir.resolve("cache"));
        Path cacheFile = cacheHome.resolve("rvsimt/jdk");
        Files.createDirectories(cacheFile.getParent());
        Files.writeString(cacheFile, fake.getParent() + "\n");

        Run r = rvsimtWith(Map.of("XDG_CACHE_HOME", cacheHome.toString()), "--version");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("rvsimt ");
        assertThat(Files.readAllLines(log)).as("JVMs the launcher started").hasSize(1)
                .allMatch(l -> l.contains("rvsimt.jar --version"));

        Files.writeString(cacheFile, dir.resolve("no-such-jdk") + "\n");
        Run again = rvsimtWith(Map.of("XDG_CACHE_HOME", cacheHome.toString()), "--version");
        assertThat(again.code()).as(again.err()).isZero();
        assertThat(Files.readString(cacheFile).trim()).as("the cache after its JDK disappeared")
                .isNotEqualTo(dir.resolve("no-such-jdk").toString());
        assertThat(Path.of(Files.readString(cacheFile).trim()).resolve("bin/java")).isExecutable();
    }

    /**
     * The launcher hides the JVM's AOT messages (they would break the empty stderr), so a cache the
     * JVM rejects, or one missing what a run loads, would only show as a slow start. The JVM's own
     * class-loading log says where each class came from: a run of the saxpy manifest through the
     * launcher takes its CLI, picocli (rewritten to a class-file version the cache can hold),
     * Jackson, assembler and engine classes from the cache, and nearly nothing from the jar. Its AOT
     * log says the cache's classes come linked (which the JDK allows only when the module graph is
     * the training run's: no Vector API module), and the run loads no Vector API class.
     */
    @Test
    void theAotCacheIsAcceptedAndHoldsWhatARunLoads() throws Exception {
        Path log = dir.resolve("class-load.log");
        Path aotLog = dir.resolve("aot.log");
        Run r = rvsimtWith(Map.of("JAVA_HOME", System.getProperty("java.home"),
                "RVSIMT_JAVA_OPTS", "-Xlog:class+load=info:file=" + log + " -Xlog:aot=info:file=" + aotLog),
                "run", "kernels/saxpy/launch.yaml");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).isEmpty();
        assertThat(Files.readString(aotLog)).contains("Using AOT-linked classes: true");
        assertThat(Files.readString(log)).doesNotContain("jdk.incubator.vector.");
        Map<String, String> source = new java.util.HashMap<>();
        java.util.regex.Pattern line = java.util.regex.Pattern.compile("\\] (\\S+) source: (.*)$");
        for (String l : Files.readAllLines(log)) {
            java.util.regex.Matcher m = line.matcher(l);
            if (m.find()) {
                source.put(m.group(1), m.group(2));
            }
        }
        for (String c : List.of("org.rvsimt.cli.Main", "org.rvsimt.cli.RunCommand", "picocli.CommandLine",
                "picocli.CommandLine$Model$CommandSpec", "com.fasterxml.jackson.core.JsonFactory",
                "org.rvsimt.isa.asm.Assembler", "org.rvsimt.core.api.Device")) {
            assertThat(source.get(c)).as("where %s came from", c).isEqualTo("shared objects file");
        }
        List<String> fromJar = source.entrySet().stream().filter(e -> e.getValue().contains("rvsimt.jar"))
                .map(Map.Entry::getKey).sorted().toList();
        long fromCache = source.values().stream().filter(s -> s.equals("shared objects file")).count();
        assertThat(fromJar).as("classes parsed from the jar (of %d from the cache)", fromCache).hasSizeLessThan(10);
    }

    /**
     * Host SIMD is opt-in (docs/cli.md): RVSIMT_HOST_SIMD=on resolves the Vector API module (the JVM's
     * module log) and its start-up warning still never reaches stderr; by default a run does not
     * resolve it; a value other than on, off or auto is one line and exit 2.
     */
    @Test
    void hostSimdIsOptInAndItsWarningIsDropped() throws Exception {
        Path on = dir.resolve("modules-on.log");
        Run simd = rvsimtWith(Map.of("JAVA_HOME", System.getProperty("java.home"), "RVSIMT_HOST_SIMD", "on",
                "RVSIMT_JAVA_OPTS", "-Xlog:module+load=info:file=" + on), "run", "kernels/saxpy/launch.yaml");
        assertThat(simd.code()).as(simd.err()).isZero();
        assertThat(simd.err()).isEmpty();
        assertThat(Files.readString(on)).contains("jdk.incubator.vector location");

        Path off = dir.resolve("modules-default.log");
        Run plain = rvsimtWith(Map.of("JAVA_HOME", System.getProperty("java.home"),
                "RVSIMT_JAVA_OPTS", "-Xlog:module+load=info:file=" + off), "include-dir");
        assertThat(plain.code()).as(plain.err()).isZero();
        assertThat(Files.readString(off)).doesNotContain("jdk.incubator.vector");

        Run bad = rvsimtWith(Map.of("JAVA_HOME", System.getProperty("java.home"), "RVSIMT_HOST_SIMD", "yes"), "--version");
        assertThat(bad.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(bad.errLines()).containsExactly("rvsimt: RVSIMT_HOST_SIMD: must be on, off or auto, got 'yes'");
    }

    /**
     * The launcher answers --version, --help and a bare rvsimt itself, from the files the build stored
     * and the JDK's release file: byte for byte what the jar answers, on the same stream and with the
     * same exit code. With a JVM option the JVM would refuse, they still succeed: no JVM started.
     */
    @Test
    void versionAndHelpAreTheJarsAnswersWithoutAJvm() throws Exception {
        for (String[] args : new String[][] {{"--version"}, {"-V"}, {"--help"}, {"-h"}, {}}) {
            Run launcher = rvsimtWith(Map.of("JAVA_HOME", System.getProperty("java.home"),
                    "RVSIMT_JAVA_OPTS", "-XX:+NoSuchOptionAnywhere"), args);
            Run jar = java(List.of(), Map.of(), args);
            String what = "rvsimt " + String.join(" ", args);
            assertThat(launcher.out()).as("stdout of %s", what).isEqualTo(jar.out());
            assertThat(launcher.err()).as("stderr of %s", what).isEqualTo(jar.err());
            assertThat(launcher.code()).as("exit code of %s", what).isEqualTo(jar.code());
        }
    }

    /** Runs {@code java JVM_OPTIONS -jar rvsimt.jar ARGS} in the repository root, with these variables added. */
    static Run java(List<String> jvmOptions, Map<String, String> env, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-jar", root.resolve("rvsimt-cli/target/rvsimt.jar").toString()));
        cmd.addAll(List.of(args));
        return start(cmd, env, false, 300);
    }

    /**
     * The bench's first-launch rows measure what a user of ./rvsimt run waits for, however the bench
     * itself was started: here straight from the jar with the Vector API module (which cannot use the
     * AOT cache), and its fresh process still starts through the launcher, with the cache and its
     * linked classes (the child's AOT log, through RVSIMT_JAVA_OPTS, which only the launcher reads).
     */
    @Test
    void benchFirstLaunchesStartAsTheLauncherStartsRun() throws Exception {
        Path aotLog = dir.resolve("first-launch-aot.log");
        Run bench = java(List.of("--add-modules=jdk.incubator.vector", "-Xss16m"),
                Map.of("RVSIMT_JAVA_OPTS", "-Xlog:aot=info:file=" + aotLog), "bench", "--case", "saxpy", "--engine",
                "jit", "--threads", "1", "--size", "tiny", "--no-native", "--opencl", "none", "--first-launch", "1", "--json");
        assertThat(bench.code()).as(bench.err()).isZero();
        com.fasterxml.jackson.databind.JsonNode first = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(bench.out()).path("first_launch");
        assertThat(first.size()).as("first-launch rows in %s", bench.out()).isPositive();
        assertThat(Files.readString(aotLog)).contains("Using AOT-linked classes: true");
    }

    @Test
    void anErrorIsExactlyOneLineWithItsExitCode() throws Exception {
        Run missing = rvsimt("run", "no/such/launch.yaml");
        assertThat(missing.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(missing.errLines()).containsExactly("rvsimt: no/such/launch.yaml: no such file");
        assertThat(missing.out()).isEmpty();

        Run engine = rvsimt("run", "kernels/saxpy/launch.yaml", "--engine", "fast");
        assertThat(engine.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(engine.errLines()).containsExactly("rvsimt: --engine: must be interp or jit, got 'fast'");
    }

    @Test
    void aFailedCheckExitsOneWithNothingOnStderr() throws Exception {
        Path k = Files.writeString(dir.resolve("seven.S"), "  lw t0, 0(a0)\n  li t1, 7\n  sw t1, 0(t0)\n  ret\n");
        Path m = Files.writeString(dir.resolve("seven.yaml"), "kernel: seven.S\ngrid: [1]\nblock: [1]\n"
                + "args:\n  - {name: out, buffer: i32, zeros: 1}\nexpect:\n  - {arg: out, values: [8]}\n");
        assertThat(k).exists();
        Run r = rvsimt("run", m.toString());
        assertThat(r.code()).isEqualTo(Main.FAILED);
        assertThat(r.err()).isEmpty();
        assertThat(r.out()).contains("got 7, want 8");
    }

    /** With host SIMD on, the JVM's stderr goes through the launcher's filter, which passes everything else. */
    @Test
    void startUpErrorsOfTheJvmStillReachStderr() throws Exception {
        List<String> cmd = List.of("bash", "-c", "RVSIMT_HOST_SIMD=on RVSIMT_JAVA_OPTS=-XX:+NoSuchOption exec ./rvsimt isa");
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(root.toFile()).redirectErrorStream(false);
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process p = pb.start();
        p.getOutputStream().close();
        // Through a pipe, read to its end: the filter passes the JVM's own lines on as they come.
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isNotZero();
        assertThat(err).contains("NoSuchOption").doesNotContain("incubator");
    }

    @Test
    void filesFollowTheUmask() throws Exception {
        Path k = Files.writeString(dir.resolve("k.S"), "  lw t0, 0(a0)\n  li t1, 7\n  sw t1, 0(t0)\n  ret\n");
        Path m = Files.writeString(dir.resolve("out.yaml"), "kernel: k.S\ngrid: [1]\nblock: [1]\n"
                + "args:\n  - {name: out, buffer: u32, zeros: 1, output: out.bin}\n");
        Path trace = dir.resolve("t.rvtrace");
        Path perfetto = dir.resolve("t.json");
        Path elf = dir.resolve("k.elf");
        assertThat(rvsimt("run", m.toString(), "--trace", trace.toString()).code()).isZero();
        assertThat(rvsimt("trace", trace.toString(), "--perfetto", perfetto.toString()).code()).isZero();
        assertThat(rvsimt("asm", k.toString(), "-o", elf.toString()).code()).isZero();
        for (Path p : new Path[] {dir.resolve("out.bin"), trace, perfetto, elf}) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(p))).as(p.getFileName().toString())
                    .isEqualTo("rw-r--r--");
        }
    }
}
