package org.rvsimt.device;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** Helpers for tests that run the C and Python clients as processes. */
final class ExternalClients {
    private ExternalClients() { }

    /** Assembles every clients/kernels/*.S into {@code dir}/NAME.bin (flat, text at 0). */
    static Path assembleKernels(Path dir) throws Exception {
        Files.createDirectories(dir);
        try (Stream<Path> s = Files.list(TestSupport.repo().resolve("clients/kernels"))) {
            for (Path src : s.filter(p -> p.toString().endsWith(".S")).toList()) {
                String name = src.getFileName().toString().replace(".S", "");
                Files.write(dir.resolve(name + ".bin"), TestSupport.flat(name));
            }
        }
        return dir;
    }

    record Result(int exitCode, String output) { }

    /** Runs a command with a time limit; output is stdout and stderr together. */
    static Result run(List<String> command, Path workDir, Map<String, String> env, long timeoutSeconds)
            throws IOException, InterruptedException {
        Path log = Files.createTempFile("rvsimt-client-", ".log");      // not in workDir: that may be the repository
        ProcessBuilder pb = new ProcessBuilder(command).directory(workDir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        pb.environment().putAll(env);
        Process p = pb.start();
        try {
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return new Result(-1, "TIMED OUT after " + timeoutSeconds + " s\n" + Files.readString(log));
            }
            return new Result(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
        } finally {
            p.destroyForcibly();
            Files.deleteIfExists(log);
        }
    }

    static boolean onPath(String tool) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (Files.isExecutable(Path.of(d, tool))) {
                return true;
            }
        }
        return false;
    }
}
