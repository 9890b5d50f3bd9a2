package org.rvsimt.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.rvsimt.device.TestSupport.*;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.rvsimt.device.server.DeviceServer;

/** clients/python: the driver-style example, the operator tests and the seed's CNN, against a server. */
@Timeout(180)
class PythonClientTest {
    @TempDir
    static Path dir;
    static DeviceServer server;
    static Path kernels;
    static String python;

    @BeforeAll
    static void start() throws Exception {
        python = ExternalClients.onPath("python3") ? "python3" : null;
        Assumptions.assumeTrue(python != null, "python3 is not on PATH");
        kernels = ExternalClients.assembleKernels(dir.resolve("kernels"));
        server = unixServer(dir, o -> o.withDevice(smallDevice().withVram(8L << 20)));
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static ExternalClients.Result python(Map<String, String> env, String... args) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of(python));
        cmd.addAll(List.of(args));
        Map<String, String> all = new java.util.HashMap<>(env);
        all.put("PYTHONDONTWRITEBYTECODE", "1");          // no __pycache__ in the repository
        return ExternalClients.run(cmd, repo().resolve("clients/python"), all, 150);
    }

    private static Map<String, String> env(boolean numpy) {
        Map<String, String> e = new java.util.HashMap<>(Map.of("RVSIMT_SOCKET", server.socketPath().toString(),
                "RVSIMT_KERNEL_DIR", kernels.toString()));
        if (!numpy) {
            e.put("RVSIMT_NO_NUMPY", "1");
        }
        return e;
    }

    @Test
    void vecaddExampleThroughTheRegisters() throws Exception {
        ExternalClients.Result r = python(Map.of(), "examples/vecadd.py", server.socketPath().toString(),
                kernels.toString(), "1000");
        assertThat(r.exitCode()).as(r.output()).isZero();
        assertThat(r.output()).contains("vecadd: 1000 elements ok");
    }

    @Test
    void clientAndOperatorTestsWithNumpy() throws Exception {
        ExternalClients.Result r = python(env(true), "-m", "unittest", "discover", "-s", "tests", "-p", "test_client.py", "-v");
        assertThat(r.exitCode()).as(r.output()).isZero();
        assertThat(r.output()).contains("OK").doesNotContain("FAILED");
    }

    @Test
    void clientAndOperatorTestsWithoutNumpy() throws Exception {
        ExternalClients.Result r = python(env(false), "-m", "unittest", "discover", "-s", "tests", "-p", "test_client.py", "-v");
        assertThat(r.exitCode()).as(r.output()).isZero();
        assertThat(r.output()).contains("OK").contains("skipped");
    }

    @Test
    void theSeedsCnnMatchesItsPurePythonReference() throws Exception {
        ExternalClients.Result r = python(env(false), "examples/cnn.py", server.socketPath().toString(),
                kernels.toString(), "2");
        assertThat(r.exitCode()).as(r.output()).isZero();
        assertThat(r.output()).contains("19546 parameters").contains("all 3 images match the reference");
    }
}
