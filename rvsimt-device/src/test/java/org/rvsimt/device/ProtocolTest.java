package org.rvsimt.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.rvsimt.device.RegisterMap.*;
import static org.rvsimt.device.TestSupport.*;
import static org.rvsimt.device.protocol.Protocol.*;

import java.io.EOFException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.rvsimt.device.client.DeviceClient;
import org.rvsimt.device.protocol.Frame;
import org.rvsimt.device.protocol.PayloadReader;
import org.rvsimt.device.server.DeviceServer;

/** The socket protocol: messages, and every kind of malformed or hostile input. */
@Timeout(60)
class ProtocolTest {
    @TempDir
    Path dir;
    private DeviceServer server;

    @BeforeEach
    void start() throws Exception {
        server = unixServer(dir, o -> o.withWatchdog(1L << 40));
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private DeviceClient raw() throws Exception {
        return DeviceClient.connect(server.socketPath(), TIMEOUT_MS);
    }

    private static byte[] hello(int magic, int major) {
        return ByteBuffer.allocate(14).order(ByteOrder.LITTLE_ENDIAN).putInt(magic).putShort((short) major)
                .putShort((short) 0).putInt(0).putShort((short) 0).array();
    }

    private static DeviceClient.ServerError expectError(DeviceClient c) throws Exception {
        Frame f = c.readFrame();
        assertThat(f.type()).as("frame type").isEqualTo(ERROR);
        return DeviceClient.parseError(f);
    }

    private static void expectClosed(DeviceClient c) {
        assertThatThrownBy(c::readFrame).isInstanceOf(EOFException.class);
    }

    @Test
    void helloDescribesTheDevice() throws Exception {
        try (DeviceClient c = raw()) {
            DeviceClient.Hello h = c.hello(null);
            assertThat(h.major()).isEqualTo(1);
            assertThat(h.vramSize()).isEqualTo(4L << 20);
            assertThat(h.maxPayload()).isEqualTo((4L << 20) + 64);
            assertThat(h.devId()).isEqualTo(DEV_ID_VALUE);
            assertThat(h.devCaps()).isEqualTo(0x00200404);
            assertThat(h.serverFlags()).isZero();
            assertThat(c.ping("hi".getBytes())).isEqualTo("hi".getBytes());
            assertThat(c.read32(DEV_ID)).isEqualTo(DEV_ID_VALUE);
            assertThat(c.mmioRead(0, 8, VRAM_SIZE_LO).value()).isEqualTo(4L << 20);
        }
    }

    @Test
    void socketFileIsPrivateToItsOwner() throws Exception {
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(server.socketPath())))
                .isEqualTo("rw-------");
        try (var s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactly("gpu.sock");
        }
    }

    @Test
    void theFirstRequestMustBeAValidHello() throws Exception {
        try (DeviceClient c = raw()) {
            c.send(PING, new byte[4]);
            assertThat(expectError(c).code()).isEqualTo(E_HANDSHAKE);
            expectClosed(c);
        }
        try (DeviceClient c = raw()) {
            c.send(HELLO, hello(0x12345678, 1));
            assertThat(expectError(c).code()).isEqualTo(E_VERSION);
            expectClosed(c);
        }
        try (DeviceClient c = raw()) {
            c.send(HELLO, hello(MAGIC, 2));
            DeviceClient.ServerError e = expectError(c);
            assertThat(e.code()).isEqualTo(E_VERSION);
            assertThat(e.getMessage()).contains("speaks " + MAJOR + "." + MINOR);
            expectClosed(c);
        }
        try (DeviceClient c = raw()) {
            c.hello(null);
            assertThatThrownBy(() -> c.hello(null)).isInstanceOf(DeviceClient.ServerError.class)
                    .satisfies(e -> assertThat(((DeviceClient.ServerError) e).code()).isEqualTo(E_HANDSHAKE));
            assertThat(c.ping(new byte[] {1})).containsExactly(1);     // a second HELLO does not close
        }
    }

    @Test
    void truncatedFramesCloseTheConnection() throws Exception {
        for (int cut : new int[] {3, 11, 12 + 5}) {
            try (DeviceClient c = client(server)) {
                byte[] f = frame(16, MMIO_WRITE, 0, 9, new byte[16]);
                c.sendRaw(java.util.Arrays.copyOf(f, cut));
                shutdownOutput(c);
                DeviceClient.ServerError e = expectError(c);
                assertThat(e.code()).isEqualTo(E_TRUNCATED);
                expectClosed(c);
            }
        }
        assertStillServing();
    }

    private void shutdownOutput(DeviceClient c) throws Exception {
        var f = DeviceClient.class.getDeclaredField("channel");
        f.setAccessible(true);
        ((java.nio.channels.SocketChannel) f.get(c)).shutdownOutput();
    }

    @Test
    void wrongLengthsAreAnsweredAndTheConnectionStays() throws Exception {
        try (DeviceClient c = client(server)) {
            c.send(MMIO_READ, new byte[3]);                    // too short
            DeviceClient.ServerError e = expectError(c);
            assertThat(e.code()).isEqualTo(E_BAD_LENGTH);
            assertThat(e.requestType()).isEqualTo(MMIO_READ);
            c.send(MMIO_READ, new byte[9]);                    // one byte too many
            assertThat(expectError(c).code()).isEqualTo(E_BAD_LENGTH);
            c.send(LAUNCH, new byte[20]);
            assertThat(expectError(c).code()).isEqualTo(E_BAD_LENGTH);
            c.send(HELLO, new byte[0]);
            assertThat(expectError(c).code()).isEqualTo(E_HANDSHAKE);
            c.send(VRAM_READ, new byte[11]);
            assertThat(expectError(c).code()).isEqualTo(E_BAD_LENGTH);
            assertThat(c.ping(new byte[] {7})).containsExactly(7);
        }
    }

    @Test
    void lengthsNearTwoToTheThirtyTwoAreRefusedBeforeAllocating() throws Exception {
        long[] huge = {0xFFFF_FFFFL, 0xFFFF_FFF0L, 0x8000_0000L, (4L << 20) + 65};
        for (long len : huge) {
            try (DeviceClient c = client(server)) {
                c.sendRaw(frame(len, VRAM_WRITE, 0, 5, new byte[0]));
                DeviceClient.ServerError e = expectError(c);
                assertThat(e.code()).isEqualTo(E_TOO_LARGE);
                expectClosed(c);
            }
        }
        try (DeviceClient c = raw()) {                          // before HELLO the bound is 4 KiB
            c.sendRaw(frame(5000, HELLO, 0, 1, new byte[0]));
            assertThat(expectError(c).code()).isEqualTo(E_TOO_LARGE);
            expectClosed(c);
        }
        // length fields inside payloads: a VRAM_READ of 4 GiB, strings in nothing we parse
        try (DeviceClient c = client(server)) {
            assertThatThrownBy(() -> c.vramRead(0, 0xFFFF_FFF0)).isInstanceOf(DeviceClient.ServerError.class)
                    .satisfies(e -> assertThat(((DeviceClient.ServerError) e).code()).isEqualTo(E_OUT_OF_RANGE));
            assertThatThrownBy(() -> c.dmaFromDevice(16, -1, 0)).isInstanceOf(DeviceClient.ServerError.class)
                    .satisfies(e -> assertThat(((DeviceClient.ServerError) e).code()).isEqualTo(E_DMA_FAULT));
            // exactly VRAM + 64 is accepted (and then refused for what it asks)
            byte[] big = new byte[(4 << 20) + 64 - 8];
            assertThatThrownBy(() -> c.vramWrite(0, big)).isInstanceOf(DeviceClient.ServerError.class)
                    .satisfies(e -> assertThat(((DeviceClient.ServerError) e).code()).isEqualTo(E_OUT_OF_RANGE));
            assertThat(c.ping(new byte[0])).isEmpty();
        }
    }

    @Test
    void unknownTypesAndBadHeaderFields() throws Exception {
        try (DeviceClient c = client(server)) {
            for (int type : new int[] {0x0000, 0x0077, 0x7FFF, HELLO | REPLY_BIT, INTERRUPT, ERROR}) {
                c.send(type, new byte[3]);
                DeviceClient.ServerError e = expectError(c);
                assertThat(e.code()).as("type %x", type).isEqualTo(E_UNKNOWN_TYPE);
            }
            c.sendRaw(frame(0, PING, 1, 77, new byte[0]));        // flags must be 0
            Frame f = c.readFrame();
            assertThat(f.tag()).isEqualTo(77);
            assertThat(DeviceClient.parseError(f).code()).isEqualTo(E_BAD_ARGUMENT);
            assertThat(c.mmioRead(0, 4, DEV_ID).value()).isEqualTo(DEV_ID_VALUE);
            assertThatThrownBy(() -> c.mmioRead(1, 4, 0)).isInstanceOf(DeviceClient.ServerError.class);
            assertThatThrownBy(() -> c.mmioRead(0, 2, 0)).isInstanceOf(DeviceClient.ServerError.class);
            assertThatThrownBy(() -> c.dmaToDevice(0, new byte[4], 1)).isInstanceOf(DeviceClient.ServerError.class);
            c.send(RESET, ints(2));
            assertThat(expectError(c).code()).isEqualTo(E_BAD_ARGUMENT);
            c.send(RELEASE, new byte[0]);                          // per-client device: a no-op
            assertThat(c.readFrame().type()).isEqualTo(RELEASE | REPLY_BIT);
        }
    }

    @Test
    void outOfRangeVramAndDmaPastTheEnd() throws Exception {
        try (DeviceClient c = client(server)) {
            long vram = 4L << 20;
            for (long[] bad : new long[][] {{vram, 1}, {vram - 4, 8}, {-1L, 4}, {0x1_0000_0000L, 4}, {vram + 4096, 0}}) {
                assertThatThrownBy(() -> c.vramRead(bad[0], (int) bad[1])).isInstanceOf(DeviceClient.ServerError.class)
                        .satisfies(e -> assertThat(((DeviceClient.ServerError) e).code()).isEqualTo(E_OUT_OF_RANGE));
                assertThatThrownBy(() -> c.vramWrite(bad[0], new byte[(int) bad[1]]))
                        .isInstanceOf(DeviceClient.ServerError.class);
            }
            assertThat(c.vramRead(vram - 4, 4)).hasSize(4);
            assertThat(c.vramRead(vram, 0)).isEmpty();
            assertThat(c.mmioRead(BAR_VRAM, 4, (int) vram).status()).isEqualTo(DeviceModel.MMIO_OUT_OF_RANGE);
            c.write32(IRQ_ENABLE, IRQ_ALL);
            assertThatThrownBy(() -> c.dmaToDevice(vram - 8, new byte[16], DMA_IRQ_EN))
                    .isInstanceOf(DeviceClient.ServerError.class)
                    .satisfies(e -> assertThat(((DeviceClient.ServerError) e).code()).isEqualTo(E_DMA_FAULT));
            assertThat(c.read32(ERROR_STATUS)).isEqualTo(ERR_DMA_FAULT);
            assertThat(c.read32(DMA_STATUS)).isEqualTo(DMA_STATUS_ERROR);
            assertThat(c.awaitInterrupt().vector()).isEqualTo(VECTOR_ERROR);
            assertThatThrownBy(() -> c.dmaFromDevice(vram - 8, 16, 0)).isInstanceOf(DeviceClient.ServerError.class);
            assertThat(c.awaitInterrupt().vector()).isEqualTo(VECTOR_ERROR);
            assertThat(c.dmaToDevice(vram - 16, new byte[16], DMA_IRQ_EN)).isEqualTo(DMA_STATUS_COMPLETE);
            assertThat(c.awaitInterrupt().vector()).isEqualTo(VECTOR_DMA_DONE);
        }
    }

    @Test
    void writesToReadOnlyRegistersAreIgnoredAndReported() throws Exception {
        try (DeviceClient c = client(server)) {
            assertThat(c.write32(DEV_ID, 0)).isEqualTo(DeviceModel.MMIO_READ_ONLY);
            assertThat(c.write32(GLOBAL_STATUS, STATUS_BUSY)).isEqualTo(DeviceModel.MMIO_READ_ONLY);
            assertThat(c.mmioWrite(0, 8, VRAM_SIZE_LO, 0)).isEqualTo(DeviceModel.MMIO_READ_ONLY);
            assertThat(c.read32(DEV_ID)).isEqualTo(DEV_ID_VALUE);
            assertThat(c.read32(GLOBAL_STATUS)).isEqualTo(STATUS_READY | STATUS_ERROR);
            assertThat(c.read32(VRAM_SIZE_LO)).isEqualTo(4 << 20);
            assertThat(c.read32(ERROR_STATUS)).isEqualTo(ERR_REG_ACCESS);
            assertThat(c.mmioRead(0, 4, DISPATCH).status()).isEqualTo(DeviceModel.MMIO_WRITE_ONLY);
        }
    }

    @Test
    void loadAndLaunchVecadd() throws Exception {
        try (DeviceClient c = client(server)) {
            DeviceClient.Loaded k = c.loadKernel(0, 0x2000, flat("vecadd"));
            assertThat(k.entry()).isEqualTo(0x2000);
            int n = 777;
            float[] a = new float[n];
            float[] b = new float[n];
            for (int i = 0; i < n; i++) {
                a[i] = i;
                b[i] = -2 * i + 0.25f;
            }
            c.dmaToDevice(0x10_0000, floats(a), 0);
            c.vramWrite(0x20_0000, floats(b));
            c.vramWrite(0x30_0000 - 64, ints(n, 0x10_0000, 0x20_0000, 0x30_0000));
            DeviceClient.LaunchReply r = c.launch(k.entry(), 0x30_0000 - 64, new int[] {3, 1, 1},
                    new int[] {128, 1, 1}, 0, 0, 0);
            assertThat(r.ok()).as(r.message()).isTrue();
            assertThat(r.faultKind()).isEqualTo("none");
            assertThat(r.laneInstructions()).isPositive();
            assertThat(r.irqStatus()).isEqualTo(IRQ_KERNEL_DONE);
            float[] out = toFloats(c.dmaFromDevice(0x30_0000, n * 4, 0));
            for (int i = 0; i < n; i++) {
                assertThat(out[i]).isEqualTo(a[i] + b[i]);
            }
            // a refused launch is a normal reply with result -1
            r = c.launch(k.entry(), 0, new int[] {0, 1, 1}, new int[] {1, 1, 1}, 0, 0, 0);
            assertThat(r.result()).isEqualTo(-1);
            assertThat(r.faultKind()).isEqualTo("invalid_dispatch");
            assertThat(r.errorStatus() & ERR_INVALID_CMD).isNotZero();
            // a bad ELF
            assertThatThrownBy(() -> c.loadKernel(1, 0, new byte[] {0x7F, 'E', 'L', 'F', 9, 9}))
                    .isInstanceOf(DeviceClient.ServerError.class)
                    .satisfies(e -> assertThat(((DeviceClient.ServerError) e).code()).isEqualTo(E_BAD_KERNEL));
        }
    }

    @Test
    void dispatchWhileBusy() throws Exception {
        try (DeviceClient c = client(server)) {
            c.loadKernel(2, 0, assembleFlat(spinKernel(0x10_0000)));
            c.write32(IRQ_ENABLE, IRQ_ALL);
            int tag = c.send(LAUNCH, DeviceClient.launchPayload(0, 0, new int[] {2, 1, 1}, new int[] {32, 1, 1},
                    0, 0, 0, 0));
            waitBusy(c);
            // LAUNCH while busy: BUSY error; DISPATCH register while busy: INVALID_CMD
            assertThatThrownBy(() -> c.launch(0, 0, new int[] {1, 1, 1}, new int[] {1, 1, 1}, 0, 0, 0))
                    .isInstanceOf(DeviceClient.ServerError.class)
                    .satisfies(e -> assertThat(((DeviceClient.ServerError) e).code()).isEqualTo(E_BUSY));
            assertThat(c.write32(DISPATCH, 1)).isZero();
            assertThat(c.read32(ERROR_STATUS)).isEqualTo(ERR_INVALID_CMD);
            assertThat(c.awaitInterrupt().vector()).isEqualTo(VECTOR_ERROR);
            c.vramWrite(0x10_0000, ints(1));
            Frame f;
            do {
                f = c.readFrame();
            } while (f.type() == INTERRUPT);
            assertThat(f.tag()).isEqualTo(tag);
            DeviceClient.LaunchReply r = DeviceClient.parseLaunch(f);
            assertThat(r.ok()).as(r.message()).isTrue();
        }
    }

    @Test
    void launchTimeoutCancelsTheKernel() throws Exception {
        try (DeviceClient c = client(server)) {
            c.loadKernel(2, 0, assembleFlat(spinKernel(0x10_0000)));
            long t0 = System.nanoTime();
            DeviceClient.LaunchReply r = c.launch(0, 0, new int[] {8, 1, 1}, new int[] {64, 1, 1}, 0, 0, 200);
            assertThat((System.nanoTime() - t0) / 1e6).isLessThan(5000);
            assertThat(r.result()).isEqualTo(-1);
            assertThat(r.faultKind()).isEqualTo("cancelled");
            assertThat(r.message()).contains("200 ms");
            assertThat(c.read32(GLOBAL_STATUS) & STATUS_BUSY).isZero();
            assertThat(c.read32(ERROR_STATUS)).isEqualTo(ERR_KERNEL_FAULT);
        }
    }

    @Test
    void aClientThatDisconnectsMidLaunchLosesItsDeviceAndNobodyElseNotices() throws Exception {
        int before = server.liveDevices();
        try (DeviceClient other = client(server)) {
            DeviceClient c = client(server);
            c.loadKernel(2, 0, assembleFlat(spinKernel(0x10_0000)));
            c.send(LAUNCH, DeviceClient.launchPayload(0, 0, new int[] {64, 1, 1}, new int[] {256, 1, 1}, 0, 0, 0, 0));
            waitBusy(c);
            assertThat(server.liveDevices()).isEqualTo(before + 2);
            c.close();
            waitUntil(() -> server.liveDevices() == before + 1, 10_000, "the abandoned device to go");
            waitUntil(() -> server.connectionCount() == 1, 10_000, "the connection to go");
            DeviceClient.Loaded k = other.loadKernel(0, 0, flat("vecadd"));
            other.vramWrite(0x1000, ints(0, 0, 0, 0));
            assertThat(other.launch(k.entry(), 0x1000, new int[] {1, 1, 1}, new int[] {1, 1, 1}, 0, 0, 0).ok()).isTrue();
        }
    }

    @Test
    void tooManyClients() throws Exception {
        try (DeviceServer s = unixServer(Files.createDirectory(dir.resolve("full")), o -> o.withMaxClients(2))) {
            try (DeviceClient a = client(s); DeviceClient b = client(s); DeviceClient c = DeviceClient.connect(s.socketPath(), TIMEOUT_MS)) {
                assertThat(expectError(c).code()).isEqualTo(E_SERVER_FULL);
                expectClosed(c);
                assertThat(a.ping(new byte[1])).hasSize(1);
                assertThat(b.ping(new byte[1])).hasSize(1);
            }
        }
    }

    @Test
    void silentConnectionsAreClosedAfterTheHandshakeTimeout() throws Exception {
        try (DeviceServer s = unixServer(Files.createDirectory(dir.resolve("hs")), o -> o.withHandshakeMillis(200));
             DeviceClient c = DeviceClient.connect(s.socketPath(), TIMEOUT_MS)) {
            expectClosed(c);
        }
    }

    @Test
    void interruptNotificationsFollowTheRegisters() throws Exception {
        try (DeviceClient c = client(server)) {
            c.write32(IRQ_ENABLE, IRQ_ALL);
            c.write32(IRQ_STATUS, IRQ_KERNEL_DONE);
            DeviceClient.Interrupt i = c.awaitInterrupt();
            assertThat(i.vector()).isEqualTo(VECTOR_KERNEL_DONE);
            assertThat(i.irqStatus()).isEqualTo(IRQ_KERNEL_DONE);
            assertThat(c.read32(IRQ_STATUS)).isEqualTo(IRQ_KERNEL_DONE);
            c.write32(IRQ_ACK, IRQ_KERNEL_DONE);
            assertThat(c.read32(IRQ_STATUS)).isZero();
            c.reset(false);
            assertThat(c.read32(IRQ_ENABLE)).isZero();
        }
    }

    @Test
    void frameParserHandlesEveryPrefixOfAValidFrame() throws Exception {
        byte[] ok = frame(8, MMIO_READ, 0, 3, ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN)
                .put((byte) 0).put((byte) 4).putShort((short) 0).putInt(DEV_ID).array());
        try (DeviceClient c = client(server)) {
            c.sendRaw(ok);
            Frame f = c.readFrame();
            PayloadReader r = f.reader();
            assertThat(r.u32("status")).isZero();
            assertThat(r.u64("value")).isEqualTo(DEV_ID_VALUE);
        }
    }

    private void assertStillServing() throws Exception {
        try (DeviceClient c = client(server)) {
            assertThat(c.read32(DEV_ID)).isEqualTo(DEV_ID_VALUE);
        }
    }

    /** Waits (10 s at most) until the client's device reports BUSY: its launch is running. */
    private static void waitBusy(DeviceClient c) throws InterruptedException {
        waitUntil(() -> {
            try {
                return (c.read32(GLOBAL_STATUS) & STATUS_BUSY) != 0;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, 10_000, "BUSY");
    }
}
