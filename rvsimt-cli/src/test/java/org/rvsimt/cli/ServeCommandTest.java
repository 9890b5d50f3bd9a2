package org.rvsimt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * `rvsimt serve` itself (not only the server class): a driver-style client (the Python vecadd example,
 * which dispatches through the registers and waits for the interrupt) passes against it, and SIGTERM
 * stops it and removes the socket file.
 */
@Timeout(120)
class ServeCommandTest {
    @TempDir
    Path dir;

    private static Path repo() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.exists(p.resolve("clients/python/examples/vecadd.py"))) {
            p = p.getParent();
        }
        return p;
    }

    @Test
    void pythonVecaddPassesAgainstRvsimtServe() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/python3")), "python3 not installed (apt-get install python3)");
        Path root = repo();
        StringWriter err = new StringWriter();
        int asm = Main.execute(new String[] {"asm", root.resolve("clients/kernels/vecadd.S").toString(), "--raw", "-o",
            dir.resolve("vecadd.bin").toString()}, new PrintWriter(new StringWriter()), new PrintWriter(err));
        assertThat(asm).as(err.toString()).isZero();
        Path socket = dir.resolve("gpu.sock");
        String java = ProcessHandle.current().info().command().orElse("java");
        Process server = new ProcessBuilder(java, "--add-modules=jdk.incubator.vector", "-cp",
                System.getProperty("java.class.path"), "org.rvsimt.cli.Main", "serve", "--socket", socket.toString(),
                "--http", "off").redirectErrorStream(true).redirectOutput(dir.resolve("server.log").toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!Files.exists(socket) && System.nanoTime() < deadline && server.isAlive()) {
                Thread.sleep(50);
            }
            assertThat(Files.exists(socket)).as("socket appears; server log:%n%s", log()).isTrue();
            ProcessBuilder pb = new ProcessBuilder("/usr/bin/python3", root.resolve("clients/python/examples/vecadd.py")
                    .toString(), socket.toString(), dir.toString(), "1000").redirectErrorStream(true);
            pb.environment().put("PYTHONPATH", root.resolve("clients/python").toString());
            Process client = pb.start();
            String out = new String(client.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(client.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(client.exitValue()).as("vecadd.py output:%n%s", out).isZero();
        } finally {
            server.destroy();   // SIGTERM
            assertThat(server.waitFor(15, TimeUnit.SECONDS)).as("server stops on SIGTERM").isTrue();
            server.destroyForcibly();
        }
        assertThat(Files.exists(socket)).as("socket file removed on shutdown").isFalse();
        assertThat(List.of(log().split("\n"))).noneMatch(l -> l.contains("\tat ") || l.contains("Exception"));
    }

    private String log() throws java.io.IOException {
        Path l = dir.resolve("server.log");
        return Files.exists(l) ? Files.readString(l) : "";
    }
}
