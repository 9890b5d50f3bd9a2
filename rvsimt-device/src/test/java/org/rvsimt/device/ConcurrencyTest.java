package org.rvsimt.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.rvsimt.device.RegisterMap.*;
import static org.rvsimt.device.TestSupport.*;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.rvsimt.device.client.DeviceClient;
import org.rvsimt.device.server.DeviceServer;

/** Many clients at once, with per-client devices and with one shared device. */
@Timeout(90)
class ConcurrencyTest {
    @TempDir
    Path dir;

    /** One vecadd through the registers, exactly as a driver does it. */
    static void driverVecadd(DeviceClient c, int myId, long dataBase, int n, Random rnd, boolean shared) throws Exception {
        float[] a = new float[n];
        float[] b = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = rnd.nextFloat();
            b[i] = rnd.nextFloat();
        }
        long pa = dataBase;
        long pb = dataBase + 4L * n;
        long pc = dataBase + 8L * n;
        long args = dataBase + 12L * n;
        c.dmaToDevice(pa, floats(a), 0);
        c.dmaToDevice(pb, floats(b), 0);
        c.dmaToDevice(args, ints(n, (int) pa, (int) pb, (int) pc), 0);
        if (shared) {
            c.claim(20_000);
        }
        c.write32(IRQ_ENABLE, IRQ_KERNEL_DONE | IRQ_ERROR);
        assertThat(c.read32(GLOBAL_STATUS) & STATUS_BUSY).isZero();
        c.mmioWrite(0, 8, KERNEL_ADDR_LO, 0);
        c.mmioWrite(0, 8, KERNEL_ARGS_LO, args);
        c.write32(GRID_DIM_X, 2);
        c.write32(GRID_DIM_Y, 1);
        c.write32(GRID_DIM_Z, 1);
        c.write32(BLOCK_DIM_X, 64);
        c.write32(BLOCK_DIM_Y, 1);
        c.write32(BLOCK_DIM_Z, 1);
        c.write32(SHARED_MEM_SIZE, 0);
        c.write32(KERNEL_SIZE, 0);
        c.write32(DISPATCH, 1);
        int seq = c.read32(DISPATCH_COUNT);
        DeviceClient.Interrupt irq;
        do {
            irq = c.awaitInterrupt();         // skip earlier ones (LAUNCH completions) and, on a shared
        } while (irq.origin() != myId || irq.dispatchSeq() != seq);   // device, other clients' ones
        assertThat(irq.vector()).isEqualTo(VECTOR_KERNEL_DONE);
        assertThat(irq.result()).isZero();
        c.write32(IRQ_ACK, IRQ_ALL);
        if (shared) {
            c.release();
        }
        float[] out = toFloats(c.dmaFromDevice(pc, 4 * n, 0));
        for (int i = 0; i < n; i++) {
            assertThat(out[i]).isEqualTo(a[i] + b[i]);
        }
    }

    private static void runAll(List<Callable<Void>> jobs) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(jobs.size());
        try {
            List<Future<Void>> fs = new ArrayList<>();
            for (Callable<Void> j : jobs) {
                fs.add(pool.submit(j));
            }
            for (Future<Void> f : fs) {
                f.get(80, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void thirtyTwoClientsEachWithTheirOwnDevice() throws Exception {
        try (DeviceServer s = unixServer(dir, o -> o.withDevice(smallDevice().withVram(2 << 20).withThreads(1)))) {
            byte[] vecadd = flat("vecadd");
            CountDownLatch go = new CountDownLatch(1);
            List<Callable<Void>> jobs = new ArrayList<>();
            for (int k = 0; k < 32; k++) {
                int seed = k;
                jobs.add(() -> {
                    try (DeviceClient c = DeviceClient.connect(s.socketPath(), 60_000)) {
                        DeviceClient.Hello h = c.hello(null);
                        go.await();
                        c.loadKernel(2, 0, vecadd);
                        Random rnd = new Random(seed);
                        for (int it = 0; it < 4; it++) {
                            driverVecadd(c, h.clientId(), 0x10_0000, 200 + seed, rnd, false);
                            DeviceClient.LaunchReply r = c.launch(0, 0x10_0000 + 12L * (200 + seed),
                                    new int[] {1, 1, 1}, new int[] {32, 1, 1}, 0, 0, 0);
                            assertThat(r.ok()).as(r.message()).isTrue();
                        }
                    }
                    return null;
                });
            }
            go.countDown();
            runAll(jobs);
            waitUntil(() -> s.connectionCount() == 0 && s.liveDevices() == 0, 10_000, "all devices released");
            assertThat(s.programs().size()).isEqualTo(1);    // one predecoded vecadd for everybody
        }
    }

    @Test
    void clientsSharingOneDeviceTakeClaimsForRegisterSequences() throws Exception {
        try (DeviceServer s = unixServer(dir, o -> o.withSharedDevice(true))) {
            byte[] vecadd = flat("vecadd");
            List<Callable<Void>> jobs = new ArrayList<>();
            for (int k = 0; k < 8; k++) {
                int slot = k;
                jobs.add(() -> {
                    try (DeviceClient c = DeviceClient.connect(s.socketPath(), 60_000)) {
                        DeviceClient.Hello h = c.hello(null);
                        assertThat(h.serverFlags() & org.rvsimt.device.protocol.Protocol.SERVER_SHARED_DEVICE).isNotZero();
                        c.loadKernel(2, 0, vecadd);      // identical bytes from everyone
                        Random rnd = new Random(slot);
                        for (int it = 0; it < 4; it++) {
                            driverVecadd(c, h.clientId(), 0x10_0000 + slot * 0x4_0000L, 300, rnd, true);
                            // LAUNCH is atomic by itself; BUSY if someone else's kernel runs
                            while (true) {
                                try {
                                    DeviceClient.LaunchReply r = c.launch(0, 0x10_0000 + slot * 0x4_0000L + 3600,
                                            new int[] {1, 1, 1}, new int[] {64, 1, 1}, 0, 0, 0);
                                    assertThat(r.ok()).as(r.message()).isTrue();
                                    break;
                                } catch (DeviceClient.ServerError e) {
                                    assertThat(e.code()).isEqualTo(org.rvsimt.device.protocol.Protocol.E_BUSY);
                                    Thread.sleep(1);
                                }
                            }
                        }
                    }
                    return null;
                });
            }
            runAll(jobs);
            waitUntil(() -> s.connectionCount() == 0, 10_000, "all connections closed");
            assertThat(s.liveDevices()).isEqualTo(1);
        }
    }

    @Test
    void aClaimHoldsOffOtherClientsUntilReleased() throws Exception {
        try (DeviceServer s = unixServer(dir, o -> o.withSharedDevice(true));
             DeviceClient a = client(s); DeviceClient b = client(s)) {
            a.claim(1000);
            assertThat(catchBusy(() -> b.claim(100))).isTrue();
            AtomicBoolean done = new AtomicBoolean();
            Thread t = Thread.ofPlatform().start(() -> {
                try {
                    b.write32(THREAD_MASK, 0xB);
                    done.set(true);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            Thread.sleep(200);
            assertThat(done).isFalse();           // b waits while a holds the claim
            a.write32(THREAD_MASK, 0xA);
            assertThat(a.read32(THREAD_MASK)).isEqualTo(0xA);
            a.release();
            t.join(10_000);
            assertThat(done).isTrue();
            assertThat(a.read32(THREAD_MASK)).isEqualTo(0xB);
            // a claim ends when its client disconnects
            DeviceClient c = client(s);
            c.claim(1000);
            c.close();
            b.claim(5000);
            b.release();
        }
    }

    private interface Io {
        void run() throws Exception;
    }

    private static boolean catchBusy(Io io) throws Exception {
        try {
            io.run();
            return false;
        } catch (DeviceClient.ServerError e) {
            return e.code() == org.rvsimt.device.protocol.Protocol.E_BUSY;
        }
    }
}
