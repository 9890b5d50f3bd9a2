package org.rvsimt.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.rvsimt.device.TestSupport.*;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.rvsimt.device.server.DeviceServer;

/** clients/c: the library and the vecadd example, built with gcc and run against the server. */
@Timeout(120)
class CClientTest {
    @TempDir
    Path dir;

    @Test
    void vecaddExampleDrivesTheRegistersAndPasses() throws Exception {
        String cc = ExternalClients.onPath("gcc") ? "gcc" : ExternalClients.onPath("cc") ? "cc" : null;
        Assumptions.assumeTrue(cc != null, "no C compiler on PATH");
        Path c = repo().resolve("clients/c");
        Path exe = dir.resolve("vecadd");
        ExternalClients.Result build = ExternalClients.run(List.of(cc, "-O2", "-std=c99", "-Wall", "-Wextra", "-Werror",
                c.resolve("rvsimt_client.c").toString(), c.resolve("examples/vecadd.c").toString(), "-o",
                exe.toString()), dir, Map.of(), 60);
        assertThat(build.exitCode()).as(build.output()).isZero();
        Path kernels = ExternalClients.assembleKernels(dir.resolve("kernels"));
        try (DeviceServer s = unixServer(dir, o -> o.withDevice(smallDevice()))) {
            for (String n : new String[] {"1000", "1", "4099"}) {
                ExternalClients.Result r = ExternalClients.run(List.of(exe.toString(), s.socketPath().toString(),
                        kernels.resolve("vecadd.bin").toString(), n), dir, Map.of(), 60);
                assertThat(r.exitCode()).as(r.output()).isZero();
                assertThat(r.output()).contains("vecadd: " + n + " elements ok");
            }
            // a wrong socket path is a clean failure
            ExternalClients.Result r = ExternalClients.run(List.of(exe.toString(), dir.resolve("nope").toString(),
                    kernels.resolve("vecadd.bin").toString()), dir, Map.of(), 30);
            assertThat(r.exitCode()).isEqualTo(1);
            assertThat(r.output()).contains("cannot connect");
        }
    }
}
