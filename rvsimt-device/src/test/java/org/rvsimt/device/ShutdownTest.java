package org.rvsimt.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.rvsimt.device.TestSupport.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.rvsimt.device.client.DeviceClient;
import org.rvsimt.device.protocol.Protocol;
import org.rvsimt.device.server.DeviceServer;
import org.rvsimt.device.server.ServerOptions;

/** The server as a process: SIGTERM stops it promptly and removes its socket file. */
@Timeout(60)
class ShutdownTest {
    @TempDir
    Path dir;

    /**
     * The test JVM's own class path: this module, every module it depends on and their libraries (Jackson for the
     * timing and check reports). Naming the modules one by one broke each time the server gained a dependency: the
     * child then died on the first request that touched a missing class.
     */
    static String classPath() {
        return System.getProperty("java.class.path");
    }

    /**
     * Starts {@code java -cp ... ServerMain FLAGS} as a user would, without the Vector API module:
     * that module's start-up warning is the only stderr line the JVM would add, and the engine runs
     * without it (the scalar lane loops instead of host SIMD).
     */
    static Process startServer(Path dir, String... flags) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-cp", classPath(), ServerMain.class.getName()));
        cmd.addAll(List.of(flags));
        return new ProcessBuilder(cmd).redirectOutput(dir.resolve("server.out").toFile())
                .redirectError(dir.resolve("server.err").toFile()).start();
    }

    @Test
    void sigtermStopsTheServerAndRemovesTheSocket() throws Exception {
        Path sock = dir.resolve("s.sock");
        Process p = startServer(dir, "--socket", sock.toString(), "--vram", "4MiB");
        try {
            waitUntil(() -> Files.exists(sock) || !p.isAlive(), 30_000, "the socket file");
            assertThat(p.isAlive()).as("server process (log: %s)", readLog()).isTrue();
            try (DeviceClient c = DeviceClient.connect(sock, TIMEOUT_MS)) {
                assertThat(c.hello(null).vramSize()).isEqualTo(4L << 20);
                // a kernel that spins forever is running while the signal arrives
                c.loadKernel(2, 0, assembleFlat(spinKernel(0x10_0000)));
                c.send(Protocol.LAUNCH, DeviceClient.launchPayload(0, 0, new int[] {16, 1, 1},
                        new int[] {256, 1, 1}, 0, 0, 0, 0));
                Thread.sleep(100);
                long t0 = System.nanoTime();
                p.destroy();                         // SIGTERM
                assertThat(p.waitFor(10, TimeUnit.SECONDS)).as("exit after SIGTERM").isTrue();
                assertThat((System.nanoTime() - t0) / 1e9).isLessThan(5.0);
            }
            assertThat(Files.exists(sock)).as("socket file after SIGTERM").isFalse();
            assertThat(p.exitValue()).isIn(0, 143);
        } finally {
            p.destroyForcibly();
        }
    }

    /**
     * The stand-alone server, started without {@code --add-modules=jdk.incubator.vector}, runs a
     * full-warp f32 kernel on the JIT (the blocks the host-SIMD loops would take) to the right answer,
     * and prints nothing on stderr (its notices are on stdout): before, the JVM's incubator warning came first, and without the
     * module the launch's host threads died on a missing Vector API class.
     */
    @Test
    void theServerWithoutTheVectorModuleRunsKernelsAndPrintsNothing() throws Exception {
        Path sock = dir.resolve("q.sock");
        Process p = startServer(dir, "--socket", sock.toString(), "--vram", "4MiB", "--engine", "jit");
        try {
            waitUntil(() -> Files.exists(sock) || !p.isAlive(), 30_000, "the socket file");
            assertThat(p.isAlive()).as("server process (log: %s)", readLog()).isTrue();
            try (DeviceClient c = DeviceClient.connect(sock, TIMEOUT_MS)) {
                c.hello(null);
                DeviceClient.Loaded k = c.loadKernel(0, 0x2000, flat("vecadd"));
                int n = 512;
                float[] a = new float[n];
                float[] b = new float[n];
                for (int i = 0; i < n; i++) {
                    a[i] = i * 0.5f;
                    b[i] = 3 - i * 0.125f;
                }
                c.vramWrite(0x10_0000, floats(a));
                c.vramWrite(0x20_0000, floats(b));
                c.vramWrite(0x30_0000 - 64, ints(n, 0x10_0000, 0x20_0000, 0x30_0000));
                DeviceClient.LaunchReply r = c.launch(k.entry(), 0x30_0000 - 64, new int[] {4, 1, 1},
                        new int[] {128, 1, 1}, 0, 0, 0);
                assertThat(r.ok()).as(r.message()).isTrue();
                float[] out = toFloats(c.dmaFromDevice(0x30_0000, n * 4, 0));
                for (int i = 0; i < n; i++) {
                    assertThat(out[i]).as("out[%d]", i).isEqualTo(a[i] + b[i]);
                }
            }
            p.destroy();
            assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
            assertThat(read("server.err")).as("the server's stderr").isEmpty();
            assertThat(read("server.out")).as("the server's stdout").startsWith("rvsimt serve: listening on unix:");
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void badFlagsExitWithCodeTwo() throws Exception {
        Process p = startServer(dir, "--listen", "8.8.8.8:0");
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isEqualTo(2);
        assertThat(readLog()).contains("not a loopback address");
    }

    /** The server's stdout, then its stderr. */
    private String readLog() {
        return read("server.out") + read("server.err");
    }

    private String read(String file) {
        try {
            return Files.readString(dir.resolve(file));
        } catch (Exception e) {
            return "(no " + file + ")";
        }
    }

    @Test
    void closeRemovesTheSocketFileAndRefusesToReplaceOtherFiles() throws Exception {
        DeviceServer s = unixServer(dir);
        Path sock = s.socketPath();
        assertThat(Files.exists(sock)).isTrue();
        // a second server on the same path refuses while the first is alive
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> unixServer(dir))
                .hasMessageContaining("in use");
        s.close();
        assertThat(Files.exists(sock)).isFalse();
        // a stale socket file (no server behind it) is replaced
        try (var ch = java.nio.channels.ServerSocketChannel.open(java.net.StandardProtocolFamily.UNIX)) {
            ch.bind(java.net.UnixDomainSocketAddress.of(sock));
        }
        assertThat(Files.exists(sock)).isTrue();
        try (DeviceServer s2 = unixServer(dir); DeviceClient c = client(s2)) {
            assertThat(c.ping(new byte[] {5})).containsExactly(5);
        }
        // a regular file is never deleted
        Files.writeString(sock, "precious");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> unixServer(dir))
                .hasMessageContaining("not a socket");
        assertThat(Files.readString(sock)).isEqualTo("precious");
    }

    @Test
    void listenOptionsKeepTcpOnLoopbackUnlessARemoteTokenIsGiven() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ServerOptions.tcp("0.0.0.0", 0))
                .hasMessageContaining("not a loopback");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ServerOptions.tcp("127.0.0.1", 0).withRemote(true, null))
                .hasMessageContaining("--token");
        assertThat(ServerOptions.tcp("127.0.0.1", 0).withRemote(true, "secret").withListen("0.0.0.0", 0).listenHost())
                .isEqualTo("0.0.0.0");
        assertThat(ServerOptions.tcp("localhost", 0).listenHost()).isEqualTo("localhost");
        assertThat(ServerOptions.parseHostPort("9000")).containsExactly("127.0.0.1", 9000);
        assertThat(ServerOptions.parseHostPort("[::1]:80")).containsExactly("::1", 80);
    }
}
