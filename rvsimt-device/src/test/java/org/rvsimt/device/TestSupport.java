package org.rvsimt.device;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.UnaryOperator;
import org.rvsimt.core.api.DeviceConfig;
import org.rvsimt.device.client.DeviceClient;
import org.rvsimt.device.server.DeviceServer;
import org.rvsimt.device.server.ServerOptions;
import org.rvsimt.isa.asm.AsmOptions;
import org.rvsimt.isa.asm.Assembler;

/** Servers in a temporary folder, the client kernels assembled, little-endian helpers. */
final class TestSupport {
    private TestSupport() { }

    static final long TIMEOUT_MS = 20_000;

    /** The repository root (Surefire runs in the module's folder). */
    static Path repo() {
        Path p = Path.of(System.getProperty("user.dir")).toAbsolutePath();
        while (p != null && !Files.isDirectory(p.resolve("clients/kernels"))) {
            p = p.getParent();
        }
        if (p == null) {
            throw new IllegalStateException("cannot find the repository root from " + System.getProperty("user.dir"));
        }
        return p;
    }

    static String kernelSource(String name) throws IOException {
        return Files.readString(repo().resolve("clients/kernels/" + name + ".S"));
    }

    /** A client kernel as a flat binary with text at 0 (they are position-independent). */
    static byte[] flat(String name) throws Exception {
        return Assembler.assemble(kernelSource(name), name + ".S", AsmOptions.defaults()).flatImage();
    }

    static byte[] assembleFlat(String source) throws Exception {
        return Assembler.assemble(source, "test.S", AsmOptions.defaults()).flatImage();
    }

    static byte[] assembleElf(String source) throws Exception {
        return Assembler.assemble(source, "test.S", AsmOptions.defaults()).toElf();
    }

    static DeviceConfig smallDevice() {
        return DeviceConfig.defaults().withVram(4L << 20).withThreads(2);
    }

    /** Server messages collected instead of printed. */
    static final List<String> LOG = new CopyOnWriteArrayList<>();

    static DeviceServer unixServer(Path dir, UnaryOperator<ServerOptions> tweak) throws IOException {
        ServerOptions o = ServerOptions.unix(dir.resolve("gpu.sock")).withDevice(smallDevice()).withLog(LOG::add);
        return DeviceServer.start(tweak.apply(o));
    }

    static DeviceServer unixServer(Path dir) throws IOException {
        return unixServer(dir, o -> o);
    }

    static DeviceClient client(DeviceServer s) throws IOException {
        DeviceClient c = DeviceClient.connect(s.socketPath(), TIMEOUT_MS);
        c.hello(null);
        return c;
    }

    static byte[] floats(float... v) {
        ByteBuffer b = ByteBuffer.allocate(v.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (float f : v) {
            b.putFloat(f);
        }
        return b.array();
    }

    static byte[] ints(int... v) {
        ByteBuffer b = ByteBuffer.allocate(v.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int x : v) {
            b.putInt(x);
        }
        return b.array();
    }

    static float[] toFloats(byte[] bytes) {
        float[] out = new float[bytes.length / 4];
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(out);
        return out;
    }

    static int[] toInts(byte[] bytes) {
        int[] out = new int[bytes.length / 4];
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(out);
        return out;
    }

    /** A raw frame: header then payload, for malformed-input tests. */
    static byte[] frame(long payloadLength, int type, int flags, int tag, byte[] payload) {
        ByteBuffer b = ByteBuffer.allocate(12 + payload.length).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt((int) payloadLength).putShort((short) type).putShort((short) flags).putInt(tag).put(payload);
        return b.array();
    }

    static void waitUntil(java.util.function.BooleanSupplier cond, long ms, String what) throws InterruptedException {
        long deadline = System.nanoTime() + ms * 1_000_000L;
        while (!cond.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(10);
        }
    }

    /**
     * A kernel that spins until the word at {@code flag} is non-zero, then returns: a launch that
     * stays busy for as long as a test wants. Threads re-read the flag with lw in a loop.
     */
    static String spinKernel(int flag) {
        return String.format("""
                        .text
                spin:
                        li      t0, 0x%x
                .Lwait:
                        lw      t1, 0(t0)
                        beqz    t1, .Lwait
                        ret
                """, flag);
    }
}
