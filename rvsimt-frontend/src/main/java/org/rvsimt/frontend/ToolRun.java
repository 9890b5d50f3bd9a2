package org.rvsimt.frontend;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs an external build tool (clang-19, ld.lld-19) the way every front end needs it: no input, stdout and
 * stderr merged into one text (the build log), bounded in time so a hung compiler cannot hang a launch.
 */
public final class ToolRun {
    /** Longest a tool may run: generous for the OpenCL device library's first build on a loaded machine. */
    public static final long TIMEOUT_SECONDS = 120;

    private ToolRun() { }

    /** A finished tool: its exit code and everything it printed. */
    public record Result(int exitCode, String output) { }

    /** The tool did not finish: it could not start, ran past the limit, or the wait was interrupted. */
    public static final class Failure extends Exception {
        Failure(String message) {
            super(message);
        }
    }

    /** Runs {@code cmd} to its end; the message of a {@link Failure} is one line naming the tool. */
    public static Result run(List<String> cmd) throws Failure {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new Failure("cannot run " + cmd.get(0) + ": " + (e.getMessage() != null ? e.getMessage() : e.toString()));
        }
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        // Read while the tool runs: a full pipe would block it.
        Thread reader = Thread.ofVirtual().start(() -> {
            try (InputStream in = p.getInputStream()) {
                in.transferTo(buf);
            } catch (IOException ignored) {
                // the process died; its exit code tells
            }
        });
        try {
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new Failure(cmd.get(0) + " did not finish within " + TIMEOUT_SECONDS + " s");
            }
            reader.join(TimeUnit.SECONDS.toMillis(10));
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new Failure("interrupted while compiling");
        }
        String text;
        synchronized (buf) {
            text = buf.toString(StandardCharsets.UTF_8);
        }
        return new Result(p.exitValue(), text);
    }

    /** Deletes a temporary build folder and everything in it, best effort. */
    public static void deleteTree(Path dir) {
        try (var s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException ignored) {
                    // a leftover temp file is harmless
                }
            });
        } catch (IOException ignored) {
            // same
        }
    }
}
