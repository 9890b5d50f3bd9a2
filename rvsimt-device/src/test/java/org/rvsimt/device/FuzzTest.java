package org.rvsimt.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.rvsimt.device.TestSupport.*;
import static org.rvsimt.device.protocol.Protocol.*;

import java.io.EOFException;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.rvsimt.device.client.DeviceClient;
import org.rvsimt.device.protocol.Frame;
import org.rvsimt.device.server.DeviceServer;

/**
 * Seeded random bytes and random frames at the socket for a bounded time. The server must answer
 * each connection with well-formed frames or close it, never log an internal error, keep serving a
 * well-behaved client throughout, and keep (then remove) its socket file.
 */
@Timeout(60)
class FuzzTest {
    private static final long SEED = Long.getLong("rvsimt.fuzz.seed", 0x5EED_2025L);
    private static final long MILLIS = Long.getLong("rvsimt.fuzz.millis", 3000);
    private static final int[] TYPES = {HELLO, MMIO_READ, MMIO_WRITE, VRAM_READ, VRAM_WRITE, DMA_TO_DEVICE,
        DMA_FROM_DEVICE, RESET, LOAD_KERNEL, LAUNCH, CLAIM, RELEASE, PING};

    @TempDir
    Path dir;

    @Test
    void randomInputNeverHurtsTheServerOrOtherClients() throws Exception {
        LOG.clear();
        DeviceServer s = unixServer(dir, o -> o.withDevice(smallDevice().withVram(1 << 20).withThreads(1))
                .withWatchdog(20_000).withHandshakeMillis(1000));
        try {
            AtomicReference<Throwable> controlFailure = new AtomicReference<>();
            AtomicInteger controlRounds = new AtomicInteger();
            Thread control = Thread.ofPlatform().name("fuzz-control").start(() -> {
                try (DeviceClient c = client(s)) {
                    DeviceClient.Loaded k = c.loadKernel(2, 0, flat("vecadd"));
                    c.vramWrite(0x8000, ints(64, 0x9000, 0xA000, 0xB000));
                    c.vramWrite(0x9000, floats(new float[64]));
                    c.vramWrite(0xA000, floats(new float[64]));
                    while (!Thread.currentThread().isInterrupted()) {
                        assertThat(c.ping(new byte[] {1, 2, 3})).containsExactly(1, 2, 3);
                        DeviceClient.LaunchReply r = c.launch(k.entry(), 0x8000, new int[] {1, 1, 1},
                                new int[] {64, 1, 1}, 0, 0, 10_000);
                        assertThat(r.ok()).as(r.message()).isTrue();
                        controlRounds.incrementAndGet();
                        Thread.sleep(20);
                    }
                } catch (InterruptedException e) {
                    // done
                } catch (Throwable t) {
                    controlFailure.set(t);
                }
            });
            Random rnd = new Random(SEED);
            long end = System.nanoTime() + MILLIS * 1_000_000L;
            int connections = 0;
            int frames = 0;
            while (System.nanoTime() < end && controlFailure.get() == null) {
                frames += fuzzOneConnection(s, rnd);
                connections++;
            }
            System.out.printf("fuzz: seed %d, %d connections, %d frames answered, %d control rounds%n", SEED,
                    connections, frames, controlRounds.get());
            control.interrupt();
            control.join(20_000);
            assertThat(controlFailure.get()).as("the well-behaved client").isNull();
            assertThat(controlRounds.get()).isPositive();
            assertThat(connections).isGreaterThan(10);
            assertThat(frames).isPositive();
            assertThat(Files.exists(s.socketPath())).isTrue();
            waitUntil(() -> s.connectionCount() == 0, 10_000, "fuzz connections to close");
            waitUntil(() -> s.liveDevices() == 0, 20_000, "fuzz devices to be released");
            assertThat(LOG).noneMatch(l -> l.contains("internal error"));
            try (DeviceClient c = client(s)) {
                assertThat(c.read32(RegisterMap.DEV_ID)).isEqualTo(RegisterMap.DEV_ID_VALUE);
            }
            s.close();
            assertThat(Files.exists(s.socketPath())).isFalse();
        } finally {
            s.close();
        }
    }

    /** One connection's worth of abuse; returns the number of frames the server sent back. */
    private static int fuzzOneConnection(DeviceServer s, Random rnd) throws Exception {
        int mode = rnd.nextInt(4);
        int got = 0;
        try (DeviceClient c = DeviceClient.connect(s.socketPath(), 300)) {
            try {
                if (mode == 0) {
                    c.sendRaw(randomBytes(rnd, 1 + rnd.nextInt(600)));
                } else {
                    c.hello(null);
                    int n = 1 + rnd.nextInt(40);
                    for (int i = 0; i < n; i++) {
                        c.sendRaw(mode == 3 && rnd.nextInt(8) == 0 ? randomBytes(rnd, rnd.nextInt(64)) : randomFrame(rnd));
                    }
                }
                if (rnd.nextBoolean()) {
                    c.setTimeout(150);
                    while (true) {
                        Frame f = c.readFrame();
                        checkWellFormed(f);
                        got++;
                    }
                }
            } catch (EOFException | SocketTimeoutException e) {
                // closed by the server, or nothing more to say
            } catch (IOException e) {
                // reset by the server while we were still writing: also a way of closing
                if (!isConnectionDrop(e)) {
                    throw e;
                }
            }
        }
        return got;
    }

    private static boolean isConnectionDrop(IOException e) {
        String m = String.valueOf(e.getMessage());
        return e instanceof DeviceClient.ServerError || m.contains("Broken pipe") || m.contains("reset")
                || m.contains("closed");
    }

    private static void checkWellFormed(Frame f) {
        int t = f.type();
        boolean known = t == ERROR || t == INTERRUPT;
        for (int type : TYPES) {
            known |= t == (type | REPLY_BIT);
        }
        assertThat(known).as("frame type 0x%04x", t).isTrue();
        if (t == ERROR) {
            DeviceClient.ServerError e = DeviceClient.parseError(f);
            assertThat(e.code()).isBetween(1, 15);
        }
    }

    private static byte[] randomBytes(Random rnd, int n) {
        byte[] b = new byte[n];
        rnd.nextBytes(b);
        return b;
    }

    private static final int[] REGISTERS = RegisterMap.ALL.stream().mapToInt(Register::offset).toArray();

    private static byte[] randomFrame(Random rnd) {
        int type = rnd.nextInt(6) == 0 ? rnd.nextInt(0x10000) : TYPES[rnd.nextInt(TYPES.length)];
        byte[] payload;
        if (type == MMIO_WRITE && rnd.nextBoolean()) {
            // well-formed register writes, so the fuzzer reaches dispatch, DMA and reset paths
            payload = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN).put((byte) (rnd.nextInt(3) * 2))
                    .put((byte) (rnd.nextBoolean() ? 4 : 8)).putShort((short) 0)
                    .putInt(REGISTERS[rnd.nextInt(REGISTERS.length)]).putLong(smallish(rnd)).array();
        } else if (type == LAUNCH && rnd.nextBoolean()) {
            payload = DeviceClient.launchPayload(rnd.nextInt(64) * 4, rnd.nextInt(1 << 20),
                    new int[] {(int) smallish(rnd), 1, 1}, new int[] {(int) smallish(rnd), 1, 1}, rnd.nextInt(4096),
                    rnd.nextInt(4), rnd.nextInt(256), 50);
        } else {
            payload = randomBytes(rnd, rnd.nextInt(5) == 0 ? rnd.nextInt(3000) : rnd.nextInt(40));
        }
        long declared = payload.length;
        int r = rnd.nextInt(20);
        if (r == 0) {
            declared = 0xFFFF_FFFFL - rnd.nextInt(16);
        } else if (r == 1) {
            declared = payload.length + 1 + rnd.nextInt(8);     // truncated: the server waits, then we close
        } else if (r == 2 && payload.length > 0) {
            declared = rnd.nextInt(payload.length);            // the rest reads as the next header
        }
        return frame(declared, type, rnd.nextInt(30) == 0 ? rnd.nextInt(0x10000) : 0, rnd.nextInt(), payload);
    }

    private static long smallish(Random rnd) {
        return switch (rnd.nextInt(4)) {
            case 0 -> rnd.nextInt(4);
            case 1 -> rnd.nextInt(256);
            case 2 -> rnd.nextInt();
            default -> rnd.nextLong();
        };
    }
}
