package org.rvsimt.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.rvsimt.device.TestSupport.*;
import static org.rvsimt.device.protocol.Protocol.*;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.rvsimt.device.client.DeviceClient;
import org.rvsimt.device.client.DeviceClient.CheckRegion;
import org.rvsimt.device.protocol.PayloadWriter;
import org.rvsimt.device.server.DeviceServer;

/**
 * LAUNCH_CHECKED: the sanitizer checks through the device protocol, over the regions the client
 * names. vecadd (clients/kernels/vecadd.S, a grid-stride loop) adds 777 floats with 3 blocks of
 * 128 threads, so element i is handled by thread i mod 384: element 776 by block 0 thread 8 on
 * its third pass. The expected findings follow from that by hand.
 */
@Timeout(60)
class LaunchCheckedTest {
    private static final int N = 777;
    private static final long A = 0x10_0000;
    private static final long B = 0x20_0000;
    private static final long C = 0x30_0000;
    private static final long ARGS = 0x30_0000 - 64;

    @TempDir
    Path dir;
    private DeviceServer server;

    @BeforeEach
    void start() throws Exception {
        server = unixServer(dir);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private static DeviceClient.CheckedLaunchReply vecadd(DeviceClient c, int checks, int bSize, int bFlags)
            throws Exception {
        DeviceClient.Loaded k = c.loadKernel(0, 0x2000, flat("vecadd"));
        c.vramWrite(A, floats(new float[N]));
        c.vramWrite(B, floats(new float[N]));
        c.vramWrite(ARGS, ints(N, (int) A, (int) B, (int) C));
        List<CheckRegion> regions = List.of(new CheckRegion(A, 4 * N, REGION_INITIALIZED, "a"),
                new CheckRegion(B, bSize, bFlags, "b"), new CheckRegion(C, 4 * N, 0, "c"),
                new CheckRegion(ARGS, 16, REGION_INITIALIZED, "arguments"));
        DeviceClient.CheckedLaunchReply r = c.launchChecked(k.entry(), ARGS, new int[] {3, 1, 1},
                new int[] {128, 1, 1}, 0, 0, 0, checks, regions);
        assertThat(r.launch().ok()).as(r.launch().message()).isTrue();
        return r;
    }

    private static JsonNode only(DeviceClient.CheckedLaunchReply r) throws Exception {
        JsonNode list = new ObjectMapper().readTree(r.findingsJson());
        assertThat(list.size()).as("findings %s", list).isEqualTo(1);
        return list.get(0);
    }

    @Test
    void aBufferOneElementShortIsOverrunOnce() throws Exception {
        try (DeviceClient c = client(server)) {
            DeviceClient.CheckedLaunchReply r = vecadd(c, CHECK_MEMCHECK | CHECK_RACECHECK | CHECK_SYNCCHECK
                    | CHECK_INITCHECK, 4 * (N - 1), REGION_INITIALIZED);
            assertThat(r.errors()).isEqualTo(1);
            assertThat(r.warnings()).isZero();
            JsonNode f = only(r);
            assertThat(f.path("kind").asText()).isEqualTo("out_of_bounds");
            assertThat(f.path("region").asText()).isEqualTo("b");
            assertThat(f.path("count").asLong()).isEqualTo(1);
            assertThat(f.path("thread").get(0).asInt()).isEqualTo(8);
            assertThat(f.path("block").get(0).asInt()).isZero();
            assertThat(f.path("address").asText()).isEqualTo(String.format("0x%08x", B + 4 * (N - 1)));
            assertThat(f.path("message").asText())
                    .isEqualTo("load of 4 bytes at 0 bytes past the end of 'b' (3104 bytes)");
            assertThat(r.report()).startsWith("  checks (memcheck, racecheck, synccheck, initcheck): 1 error, 0 warnings")
                    .contains("error   memcheck out_of_bounds");
        }
    }

    @Test
    void aFreedRegionIsAUseAfterFreeAndAnUnwrittenOneUninitialized() throws Exception {
        try (DeviceClient c = client(server)) {
            JsonNode uaf = only(vecadd(c, CHECK_MEMCHECK, 4 * N, REGION_FREED));
            assertThat(uaf.path("kind").asText()).isEqualTo("use_after_free");
            assertThat(uaf.path("count").asLong()).as("every element's load of b").isEqualTo(N);

            JsonNode init = only(vecadd(c, CHECK_INITCHECK, 4 * N, 0));
            assertThat(init.path("kind").asText()).isEqualTo("uninitialized_global_read");
            assertThat(init.path("region").asText()).isEqualTo("b");
            assertThat(init.path("count").asLong()).isEqualTo(N);

            DeviceClient.CheckedLaunchReply clean = vecadd(c, CHECK_MEMCHECK | CHECK_INITCHECK, 4 * N,
                    REGION_INITIALIZED);
            assertThat(clean.errors() + clean.warnings()).isZero();
            assertThat(clean.findingsJson()).isEqualTo("[]");
            assertThat(clean.report()).isEqualTo(String.format("  checks (memcheck, initcheck): no findings%n"));
        }
    }

    @Test
    void badChecksAndRegionsAreOneLineErrorsAndTheConnectionStays() throws Exception {
        try (DeviceClient c = client(server)) {
            byte[] launch = DeviceClient.launchPayload(0x2000, ARGS, new int[] {1, 1, 1}, new int[] {1, 1, 1}, 0, 0,
                    0, 0);
            record Bad(int checks, int flags, long address, String message) { }
            for (Bad bad : List.of(new Bad(0, 0, A, "checks 0x0"), new Bad(0x10, 0, A, "checks 0x10"),
                    new Bad(CHECK_MEMCHECK, 4, A, "region 0 flags 0x4"),
                    new Bad(CHECK_MEMCHECK, 0, 0xFFFF_FFF0L, "outside the 32-bit address space"))) {
                byte[] f = new PayloadWriter().bytes(launch, 0, launch.length).u32(bad.checks()).u32(1)
                        .u64(bad.address()).u32(64).u32(bad.flags()).str("x").frame(0, 0);
                byte[] p = Arrays.copyOfRange(f, HEADER_BYTES, f.length);
                DeviceClient.ServerError e = org.assertj.core.api.Assertions.catchThrowableOfType(
                        DeviceClient.ServerError.class, () -> c.request(LAUNCH_CHECKED, p));
                assertThat(e.code()).isEqualTo(E_BAD_ARGUMENT);
                assertThat(e.getMessage()).contains(bad.message());
            }
            assertThat(c.ping(new byte[] {1, 2, 3})).containsExactly(1, 2, 3);
        }
    }
}
