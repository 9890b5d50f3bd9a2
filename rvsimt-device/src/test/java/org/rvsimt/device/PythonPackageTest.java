package org.rvsimt.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rvsimt.device.server.DeviceServer;
import org.rvsimt.device.server.ServerOptions;

/**
 * The Python package of clients/python (module {@code rvsimt}): installed with pip from its
 * pyproject.toml into a folder, then its unittest suite (clients/python/tests/test_rvsimt.py)
 * runs against an in-process server, with /usr/bin/python3 and Debian's numpy. The suite checks
 * OpenCL C, C and assembly kernels on numpy arrays against numpy's answers, device-resident
 * buffers, and that faults, build errors and bad arguments are exceptions.
 */
class PythonPackageTest {
    @TempDir
    Path dir;

    @Test
    void pipInstallsThePackageAndItsTestsPass() throws Exception {
        Path repo = TestSupport.repo();
        Path site = dir.resolve("site");
        ExternalClients.Result pip = ExternalClients.run(List.of("/usr/bin/python3", "-m", "pip", "install", "-q",
                "--no-build-isolation", "--no-deps", "--target", site.toString(), repo.resolve("clients/python").toString()),
                dir, Map.of("PIP_DISABLE_PIP_VERSION_CHECK", "1", "PIP_ROOT_USER_ACTION", "ignore"), 180);
        assertEquals(0, pip.exitCode(), pip.output());
        assertTrue(Files.exists(site.resolve("rvsimt/py.typed")), "the typed package was installed");
        try (DeviceServer server = DeviceServer.start(ServerOptions.unix(dir.resolve("gpu.sock"))
                .withLog(TestSupport.LOG::add))) {
            ExternalClients.Result r = ExternalClients.run(List.of("/usr/bin/python3", "-m", "unittest", "discover",
                    "-s", repo.resolve("clients/python/tests").toString(), "-p", "test_rvsimt.py", "-v"), dir,
                    Map.of("RVSIMT_SERVER", "unix:" + server.socketPath(), "RVSIMT_TEST_INSTALLED", "1",
                            "PYTHONPATH", site.toString()), 300);
            assertEquals(0, r.exitCode(), r.output());
            assertTrue(r.output().contains("Ran 8 tests"), r.output());
            // the notebook-style tour runs as a script and checks each cell against numpy
            ExternalClients.Result tour = ExternalClients.run(List.of("/usr/bin/python3",
                    repo.resolve("clients/python/examples/tour.py").toString()), dir,
                    Map.of("RVSIMT_SERVER", "unix:" + server.socketPath()), 300);
            assertEquals(0, tour.exitCode(), tour.output());
            assertTrue(tour.output().contains("saxpy on volta: "), tour.output());
            assertTrue(tour.output().contains("fault: out_of_bounds"), tour.output());
        }
    }
}
