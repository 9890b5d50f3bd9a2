package org.rvsimt.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rvsimt.core.api.DeviceConfig;
import org.rvsimt.device.server.DeviceServer;
import org.rvsimt.device.server.ServerOptions;

/**
 * The OpenCL driver (clients/opencl) through the ocl-icd loader, as applications use it: clinfo,
 * and the host program clients/opencl/tests/icd_check.c, which checks its results against answers
 * it computes on the host. The same program runs on POCL (Debian's pocl-opencl-icd, the reference
 * OpenCL implementation) and the outputs must agree. Host programs reach one in-process server
 * (RVSIMT_OPENCL_SERVER), so the OpenCL C program is compiled once; one test lets the driver start
 * its own private server and checks that nothing is left behind.
 */
class OpenClIcdTest {
    /** The private server's VRAM: the full profile's 128 MiB allocation plus the program images below 1 MiB. */
    private static final long PRIVATE_VRAM = 129L << 20;
    @TempDir
    static Path dir;
    private static DeviceServer server;
    private static Path icdCheck;
    private static Path vendors;

    @BeforeAll
    static void build() throws Exception {
        Path repo = TestSupport.repo();
        Path out = dir.resolve("icd");
        ExternalClients.Result make = ExternalClients.run(List.of("make", "-s", "-C", repo.resolve("clients/opencl").toString(),
                "OUT=" + out), repo, Map.of(), 120);
        assertEquals(0, make.exitCode(), make.output());
        // The loader reads every .icd file of this folder: rvsimt's, and POCL's for the comparisons.
        vendors = Files.createDirectories(dir.resolve("vendors"));
        Files.copy(out.resolve("rvsimt.icd"), vendors.resolve("rvsimt.icd"));
        Path pocl = Path.of("/etc/OpenCL/vendors/pocl.icd");
        assertTrue(Files.exists(pocl), "POCL's ICD is not installed (Debian pocl-opencl-icd; .ci/run installs it)");
        Files.copy(pocl, vendors.resolve("pocl.icd"));
        icdCheck = dir.resolve("icd_check");
        ExternalClients.Result cc = ExternalClients.run(List.of("gcc", "-O1", "-Wall", "-Werror",
                repo.resolve("clients/opencl/tests/icd_check.c").toString(), "-o", icdCheck.toString(), "-lOpenCL",
                "-lpthread"), repo, Map.of(), 120);
        assertEquals(0, cc.exitCode(), cc.output());
        // VRAM as the driver gives its private server (aPrivateServerDiesWithItsHostProcess checks that it does)
        server = DeviceServer.start(ServerOptions.unix(dir.resolve("gpu.sock"))
                .withDevice(DeviceConfig.defaults().withVram(PRIVATE_VRAM)).withLog(TestSupport.LOG::add));
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static Map<String, String> env() {
        Map<String, String> env = new HashMap<>();
        env.put("OCL_ICD_VENDORS", vendors.toString());
        env.put("RVSIMT_OPENCL_SERVER", "unix:" + server.socketPath());
        return env;
    }

    private static ExternalClients.Result run(Map<String, String> env, String... command) throws Exception {
        return ExternalClients.run(List.of(command), dir, env, 300);
    }

    @Test
    void clinfoListsThePlatformAndPrintsEveryFieldWithoutAnError() throws Exception {
        ExternalClients.Result r = run(env(), "clinfo");
        assertEquals(0, r.exitCode(), r.output());
        assertTrue(r.output().matches("(?s).*Platform Name +rvsimt\n.*"), r.output());
        assertTrue(r.output().matches("(?s).*Device Type +GPU\n.*"), r.output());
        for (String line : r.output().split("\n")) {
            if (line.contains("Platform Name") || line.contains("Device Name") || line.contains("Error Correction")) {
                continue;
            }
            String l = line.toLowerCase(java.util.Locale.ROOT);
            assertFalse(l.contains("error") || l.contains("invalid"), "clinfo: " + line);
        }
    }

    /**
     * OpenCL 1.2 section 4.2: a full-profile device's CL_DEVICE_MAX_MEM_ALLOC_SIZE is at least
     * max(CL_DEVICE_GLOBAL_MEM_SIZE / 4, 128 MiB); with less VRAM (a server's default 64 MiB) the
     * device reports the embedded profile, whose minimum is max(1/4, 1 MiB).
     */
    @Test
    void clinfoShowsTheFullProfilesAllocationSize() throws Exception {
        ExternalClients.Result r = run(env(), "clinfo", "--raw");
        assertEquals(0, r.exitCode(), r.output());
        long maxAlloc = rawValue(r.output(), "CL_DEVICE_MAX_MEM_ALLOC_SIZE");
        long global = rawValue(r.output(), "CL_DEVICE_GLOBAL_MEM_SIZE");
        assertTrue(maxAlloc >= Math.max(global / 4, 128L << 20), r.output());
        assertEquals(PRIVATE_VRAM - (1 << 20), global, "VRAM above the 1 MiB of program images");
        assertTrue(r.output().matches("(?s).*CL_DEVICE_PROFILE +FULL_PROFILE\n.*"), r.output());
        assertTrue(r.output().matches("(?s).*CL_PLATFORM_PROFILE +FULL_PROFILE\n.*"), r.output());
        try (DeviceServer small = DeviceServer.start(ServerOptions.unix(dir.resolve("small.sock"))
                .withLog(TestSupport.LOG::add))) {
            Map<String, String> env = env();
            env.put("RVSIMT_OPENCL_SERVER", "unix:" + small.socketPath());
            ExternalClients.Result e = run(env, "clinfo", "--raw");
            assertEquals(0, e.exitCode(), e.output());
            long smallAlloc = rawValue(e.output(), "CL_DEVICE_MAX_MEM_ALLOC_SIZE");
            assertTrue(smallAlloc >= Math.max(rawValue(e.output(), "CL_DEVICE_GLOBAL_MEM_SIZE") / 4, 1L << 20), e.output());
            assertTrue(e.output().matches("(?s).*CL_DEVICE_PROFILE +EMBEDDED_PROFILE\n.*"), e.output());
        }
    }

    /** A number clinfo --raw prints for {@code name} of the rvsimt device: "[rvsimt/0]  NAME  VALUE". */
    private static long rawValue(String clinfo, String name) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\[rvsimt/0\\] +" + name + " +(\\d+)").matcher(clinfo);
        assertTrue(m.find(), name + " in " + clinfo);
        return Long.parseLong(m.group(1));
    }

    @Test
    void hostProgramAgreesWithPocl() throws Exception {
        ExternalClients.Result rv = run(env(), icdCheck.toString(), "rvsimt", "basic");
        assertEquals(0, rv.exitCode(), rv.output());
        ExternalClients.Result pocl = run(env(), icdCheck.toString(), "Portable Computing Language", "basic");
        assertEquals(0, pocl.exitCode(), pocl.output());
        assertTrue(rv.output().contains("reduce total") && rv.output().contains("binary ok"), rv.output());
        assertEquals(pocl.output(), rv.output());
    }

    @Test
    void misuseGetsTheSpecificationsErrorCodes() throws Exception {
        ExternalClients.Result r = run(env(), icdCheck.toString(), "rvsimt", "misuse");
        assertEquals(0, r.exitCode(), r.output());
        assertTrue(r.output().contains("misuse: 0 checks failed"), r.output());
    }

    @Test
    void aKernelFaultFailsItsEventAndTheContextStaysUsable() throws Exception {
        ExternalClients.Result r = run(env(), icdCheck.toString(), "rvsimt", "fault");
        assertEquals(0, r.exitCode(), r.output());
        assertTrue(r.output().contains("fault: status -1, context usable"), r.output());
        // the one-line fault report on stderr
        assertTrue(r.output().contains("rvsimt opencl: kernel poke: out_of_bounds"), r.output());
    }

    /**
     * RVSIMT_OPENCL_CHECK=all: the driver sends LAUNCH_CHECKED with its buffers named after the
     * kernel's arguments; error findings fail the event, are printed on stderr and are the event's
     * CL_EVENT_RVSIMT_FINDINGS (the expected findings are worked out in icd_check.c).
     */
    @Test
    void theSanitizerChecksThroughTheDriver() throws Exception {
        Map<String, String> env = env();
        env.put("RVSIMT_OPENCL_CHECK", "all");
        ExternalClients.Result r = run(env, icdCheck.toString(), "rvsimt", "checks");
        assertEquals(0, r.exitCode(), r.output());
        assertTrue(r.output().contains("checks: overrun status -1, out_of_bounds"), r.output());
        assertTrue(r.output().contains("checks: unwritten status -1"), r.output());
        assertTrue(r.output().contains("checks: correct status 0 findings []"), r.output());
        assertTrue(r.output().contains("rvsimt opencl: kernel vecadd: checks found 3 errors, 0 warnings:"), r.output());
        assertTrue(r.output().contains("error   memcheck out_of_bounds"), r.output());
        env.put("RVSIMT_OPENCL_CHECK", "memcheck,bogus");
        ExternalClients.Result bad = run(env, icdCheck.toString(), "rvsimt", "fault");
        assertTrue(bad.output().contains("rvsimt opencl: RVSIMT_OPENCL_CHECK: unknown check 'bogus'"), bad.output());
    }

    @Test
    void hostThreadsWithTheirOwnQueues() throws Exception {
        ExternalClients.Result r = run(env(), icdCheck.toString(), "rvsimt", "threads");
        assertEquals(0, r.exitCode(), r.output());
        assertTrue(r.output().contains("threads ok"), r.output());
    }

    /** PyOpenCL (Debian python3-pyopencl, in /usr/bin/python3) on the rvsimt platform, checked against numpy. */
    @Test
    void pyOpenClRunsOnThePlatform() throws Exception {
        Path script = TestSupport.repo().resolve("clients/opencl/tests/pyopencl_check.py");
        ExternalClients.Result r = run(env(), "/usr/bin/python3", script.toString(), "rvsimt");
        assertEquals(0, r.exitCode(), r.output());
        assertTrue(r.output().contains("saxpy ok, profiled True"), r.output());
        assertTrue(r.output().contains("block_sums ok"), r.output());
        assertTrue(r.output().contains("build error reported: True"), r.output());
    }

    /**
     * Programs of kernels/opencl (the OpenCL C tests' suite) through this driver and through POCL, by
     * one PyOpenCL host program. OpenClProgramsTest runs all of them on rvsimt in-process; here a
     * subset that covers the host API's paths (events ordering several kernels, __local arguments,
     * local atomics, vector arguments, math within a tolerance, many launches) keeps the time down;
     * {@code programs_check.py} without names runs every program.
     */
    @Test
    void openClProgramsThroughTheDriverAgreeWithPocl() throws Exception {
        Path repo = TestSupport.repo();
        ExternalClients.Result r = run(env(), "/usr/bin/python3",
                repo.resolve("clients/opencl/tests/programs_check.py").toString(),
                repo.resolve("rvsimt-frontend/src/test/resources/org/rvsimt/frontend/opencl/pocl_driver.py").toString(),
                repo.resolve("kernels/opencl").toString(),
                "pipeline", "sgemm_tiled", "histogram", "dot_float4", "black_scholes", "bitonic_sort");
        assertEquals(0, r.exitCode(), r.output());
        assertEquals(6, r.output().lines().filter(l -> l.startsWith("PASS ")).count(), r.output());
    }

    /** Without RVSIMT_OPENCL_SERVER the driver starts a private server; a killed host leaves none behind. */
    @Test
    void aPrivateServerDiesWithItsHostProcess() throws Exception {
        Map<String, String> env = privateServerEnv();
        ProcessBuilder pb = new ProcessBuilder(icdCheck.toString(), "rvsimt", "hold").redirectErrorStream(true);
        pb.environment().putAll(env);
        Process host = pb.start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(host.getInputStream(), StandardCharsets.UTF_8));
            assertEquals("ready", out.readLine());
            Path socket = Path.of("/tmp/rvsimt-ocl-" + host.pid() + "-0.sock");
            assertTrue(Files.exists(socket), "the private server's socket " + socket);
            List<ProcessHandle> servers = serversOn(socket);
            assertEquals(1, servers.size(), "one server process for " + socket);
            String cmdline = Files.readString(Path.of("/proc", Long.toString(servers.getFirst().pid()), "cmdline"),
                    StandardCharsets.ISO_8859_1);
            assertTrue(cmdline.contains("--vram\0" + (PRIVATE_VRAM >> 20) + "MiB"),
                    "the private server gets the full profile's VRAM: " + cmdline.replace('\0', ' '));
            host.destroyForcibly().waitFor(10, TimeUnit.SECONDS);     // SIGKILL: no cleanup code runs in the host
            assertTrue(servers.getFirst().onExit().toCompletableFuture().get(20, TimeUnit.SECONDS) != null);
            TestSupport.waitUntil(() -> !Files.exists(socket), 10_000, "the socket file to disappear");
        } finally {
            host.destroyForcibly();
        }
    }

    /** A host that exits normally without releasing anything (exit(0) with a command queued) leaves no server or socket. */
    @Test
    void aHostExitingWithoutCleanupLeavesNoServerBehind() throws Exception {
        Map<String, String> env = privateServerEnv();
        ProcessBuilder pb = new ProcessBuilder(icdCheck.toString(), "rvsimt", "leak").redirectErrorStream(true);
        pb.environment().putAll(env);
        Process host = pb.start();
        String out = new String(host.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(host.waitFor(120, TimeUnit.SECONDS), out);
        assertEquals(0, host.exitValue(), out);
        assertTrue(out.contains("leak: queued"), out);
        Path socket = Path.of("/tmp/rvsimt-ocl-" + host.pid() + "-0.sock");
        TestSupport.waitUntil(() -> !Files.exists(socket), 20_000, "the socket file to disappear");
        TestSupport.waitUntil(() -> {
            try {
                return serversOn(socket).isEmpty();
            } catch (IOException e) {
                return false;
            }
        }, 20_000, "the private server to exit");
    }

    /** The loader sees only rvsimt, whose driver starts its private server: this JVM's class path. */
    private static Map<String, String> privateServerEnv() {
        Map<String, String> env = new HashMap<>();
        env.put("OCL_ICD_VENDORS", vendors.resolve("rvsimt.icd").toString());
        String java = ProcessHandle.current().info().command().orElse("java");
        env.put("RVSIMT_OPENCL_COMMAND", java + " --add-modules=jdk.incubator.vector -cp "
                + System.getProperty("java.class.path") + " org.rvsimt.device.ServerMain");
        return env;
    }

    /** Processes whose command line names the socket (the server started with --socket PATH). */
    private static List<ProcessHandle> serversOn(Path socket) throws IOException {
        List<ProcessHandle> found = new ArrayList<>();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path p : procs.filter(p -> p.getFileName().toString().matches("\\d+")).toList()) {
                try {
                    String cmd = Files.readString(p.resolve("cmdline"), StandardCharsets.ISO_8859_1);
                    if (cmd.contains(socket.toString()) && cmd.contains("ServerMain")) {
                        ProcessHandle.of(Long.parseLong(p.getFileName().toString())).ifPresent(found::add);
                    }
                } catch (IOException gone) {
                    // the process ended while we looked
                }
            }
        }
        return found;
    }
}
