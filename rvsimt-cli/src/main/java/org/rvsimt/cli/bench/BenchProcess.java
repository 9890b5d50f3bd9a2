package org.rvsimt.cli.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** A program the bench runs (a native baseline, the OpenCL comparison): bounded in time, stdout kept. */
final class BenchProcess {
    private BenchProcess() { }

    /** What a run gave: its exit code, its stdout, and the last non-blank line of its stderr ("" if none). */
    record Outcome(int exitCode, String stdout, String stderrLast) { }

    /** Runs {@code cmd} with {@code env} added to this process's environment; throws when it cannot start or times out. */
    static Outcome run(List<String> cmd, Map<String, String> env, long timeoutSeconds) throws IOException {
        Path err = Files.createTempFile("rvsimt-bench", ".err");
        try {
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(err.toFile());
            pb.environment().putAll(env);
            Process p = pb.start();
            p.getOutputStream().close();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("timed out after " + timeoutSeconds + " s");
            }
            List<String> e = Files.readAllLines(err, StandardCharsets.UTF_8).stream().filter(l -> !l.isBlank()).toList();
            return new Outcome(p.exitValue(), new String(out, StandardCharsets.UTF_8), e.isEmpty() ? "" : e.getLast().strip());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        } finally {
            Files.deleteIfExists(err);
        }
    }
}
