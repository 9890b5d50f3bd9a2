package org.rvsimt.cli.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Builds the plain C versions of the cases (bench/native/NAME.c) with {@code gcc -O2} into a
 * temporary folder and runs them. A native program takes a repetition count and the problem
 * size, generates the same inputs as the Java side (SplittableRandom re-implemented), times the
 * computation alone with clock_gettime, and prints "SECONDS CHECKSUM" (best of the repetitions).
 */
public final class NativeRunner implements AutoCloseable {
    static final Path GCC = Path.of("/usr/bin/gcc");
    private static final long TIMEOUT_SECONDS = 300;

    /** What a native run gave: best seconds and checksum, or why there is none. */
    public record Result(double seconds, double checksum, int repetitions, String status) {
        public boolean ok() {
            return status.equals("ok");
        }

        static Result unavailable(String why) {
            return new Result(Double.NaN, Double.NaN, 0, why);
        }
    }

    private final BenchKernels files;
    private final Path gcc;
    private Path dir;
    private final Map<String, Object> built = new HashMap<>();   // name -> Path or failure message

    public NativeRunner(BenchKernels files) {
        this(files, GCC);
    }

    NativeRunner(BenchKernels files, Path gcc) {
        this.files = files;
        this.gcc = gcc;
    }

    public boolean available() {
        return Files.isExecutable(gcc);
    }

    /** "gcc (Debian 12.2.0-14) 12.2.0", or "n/a". */
    public String version() {
        if (!available()) {
            return "n/a";
        }
        try {
            List<String> lines = exec(List.of(gcc.toString(), "--version"), 30);
            return lines.isEmpty() ? "gcc" : lines.get(0);
        } catch (IOException e) {
            return "n/a";
        }
    }

    /** Builds (once) and runs {@code NAME.c} with {@code reps} and {@code args}. */
    public Result run(String name, int reps, List<String> args) {
        if (!available()) {
            return Result.unavailable("n/a: no " + gcc);
        }
        Object exe = built.computeIfAbsent(name, this::build);
        if (exe instanceof String failure) {
            return Result.unavailable(failure);
        }
        List<String> cmd = new ArrayList<>();
        cmd.add(exe.toString());
        cmd.add(Integer.toString(reps));
        cmd.addAll(args);
        try {
            List<String> out = exec(cmd, TIMEOUT_SECONDS);
            String last = out.isEmpty() ? "" : out.get(out.size() - 1).trim();
            String[] parts = last.split("\\s+");
            if (parts.length < 2) {
                return Result.unavailable("n/a: " + name + " printed '" + last + "', not 'SECONDS CHECKSUM'");
            }
            return new Result(Double.parseDouble(parts[0]), Double.parseDouble(parts[1]), reps, "ok");
        } catch (IOException | NumberFormatException e) {
            return Result.unavailable("n/a: " + name + ": " + e.getMessage());
        }
    }

    private Object build(String name) {
        Path src = files.nativeSource(name);
        if (!Files.isRegularFile(src)) {
            return "n/a: no " + src;
        }
        try {
            if (dir == null) {
                dir = Files.createTempDirectory("rvsimt-bench-native");
            }
            Path exe = dir.resolve(name);
            exec(List.of(gcc.toString(), "-O2", "-o", exe.toString(), src.toString(), "-lm"), TIMEOUT_SECONDS);
            return exe;
        } catch (IOException e) {
            return "n/a: gcc -O2 " + src.getFileName() + " failed: " + e.getMessage();
        }
    }

    /** Runs a command, returns its stdout lines; throws with stderr's last line when it fails. */
    private static List<String> exec(List<String> cmd, long timeoutSeconds) throws IOException {
        BenchProcess.Outcome o = BenchProcess.run(cmd, Map.of(), timeoutSeconds);
        if (o.exitCode() != 0) {
            throw new IOException("exit code " + o.exitCode() + (o.stderrLast().isEmpty() ? "" : ": " + o.stderrLast()));
        }
        return o.stdout().lines().toList();
    }

    @Override
    public void close() {
        if (dir == null) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // a leftover temp folder is harmless
        }
    }
}
