package org.rvsimt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rvsimt run --gdb}: a real gdb-multiarch session on a C kernel built with -g (source-line
 * breakpoint, locals, threads, stepping, shared memory), and the stub's answers to malformed
 * packets, a second connection, a vanished debugger and kill, over a raw socket.
 *
 * <p>Every expected value is computed from the kernel's source: lane t of a block stores
 * {@code t*t + 3} into {@code tile[t]} and writes {@code tile[t] + tile[(t+1) % 64]}.
 */
class GdbStubTest {
    private static final Path CLANG = Path.of("/usr/bin/clang-19");
    private static final Path GDB = Path.of("/usr/bin/gdb-multiarch");
    private static final int BLOCK = 64;
    private static final int GRID = 2;

    /** Line numbers below are those of this text (line 1 is the #include). */
    private static final String KERNEL = """
            #include "rvsimt.h"

            struct args {
                int *out;
            };

            __global__ void neighbours(const struct args *p) {
                int *tile = SHARED(int);
                unsigned t = threadIdx.x;
                int square = (int)(t * t) + 3;
                tile[t] = square;
                __syncthreads();
                int sum = tile[t] + tile[(t + 1) % blockDim.x];
                p->out[blockIdx.x * blockDim.x + t] = sum;
            }
            """;

    @TempDir
    static Path dir;
    static Path manifest;

    private static Path repoRoot() {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            if (Files.isRegularFile(d.resolve("kernels/include/rvsimt.h"))) {
                return d;
            }
        }
        throw new AssertionError("kernels/include/rvsimt.h not found");
    }

    @BeforeAll
    static void build() throws Exception {
        assertThat(CLANG).as("clang-19 (installed by .ci/run)").isExecutable();
        Path source = Cli.write(dir, "k.c", KERNEL);
        Path root = repoRoot();
        Process cc = new ProcessBuilder(CLANG.toString(), "--target=riscv32-unknown-elf", "-march=rv32imaf",
                "-mabi=ilp32f", "-O0", "-g", "-nostdlib", "-ffreestanding", "-fuse-ld=lld", "-fconvergent-functions",
                "-fno-jump-tables", "-I" + root.resolve("kernels/include"), "-T" + root.resolve("kernels/include/rvsimt.ld"),
                "-Wl,-e,neighbours", "k.c", "-o", "k.elf")     // relative: GDB then names the file k.c
                .directory(source.getParent().toFile()).redirectErrorStream(true).start();
        String log = new String(cc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(cc.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(cc.exitValue()).as(log).isZero();
        StringBuilder expected = new StringBuilder();
        for (int b = 0; b < GRID; b++) {
            for (int t = 0; t < BLOCK; t++) {
                int u = (t + 1) % BLOCK;
                expected.append(expected.isEmpty() ? "" : ", ").append(t * t + 3 + u * u + 3);
            }
        }
        manifest = Cli.write(dir, "launch.yaml", "kernel: k.elf\nentry: neighbours\ngrid: [" + GRID + "]\nblock: ["
                + BLOCK + "]\nshared: 256\nargs:\n  - {name: out, buffer: i32, zeros: " + GRID * BLOCK + "}\n"
                + "expect:\n  - {arg: out, values: [" + expected + "], tol: 0}\n");
    }

    /** A port that was free a moment ago. */
    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** Starts {@code rvsimt run MANIFEST --gdb 127.0.0.1:port extra...} in-process. */
    private static CompletableFuture<Cli.Result> launch(int port, String... extra) {
        List<String> args = new ArrayList<>(List.of("run", manifest.toString(), "--gdb", "127.0.0.1:" + port));
        args.addAll(List.of(extra));
        return inBackground(() -> Cli.run(args.toArray(String[]::new)));
    }

    /** On a daemon thread of its own: a launch that hangs must neither block other tests nor the JVM's exit. */
    private static CompletableFuture<Cli.Result> inBackground(java.util.function.Supplier<Cli.Result> run) {
        return CompletableFuture.supplyAsync(run, task -> Thread.ofPlatform().daemon().start(task));
    }

    private static Socket connect(int port) throws Exception {
        long end = System.currentTimeMillis() + 20_000;
        while (true) {
            try {
                Socket s = new Socket("127.0.0.1", port);
                s.setSoTimeout(20_000);
                return s;
            } catch (IOException e) {
                if (System.currentTimeMillis() > end) {
                    throw e;
                }
                Thread.sleep(50);
            }
        }
    }

    @Test
    void gdbSessionBreaksAtASourceLinePrintsLocalsSwitchesThreadsStepsAndReadsSharedMemory() throws Exception {
        assertThat(GDB).as("gdb-multiarch (installed by .ci/run)").isExecutable();
        int port = freePort();
        CompletableFuture<Cli.Result> run = launch(port, "--threads", "1");
        Path script = Cli.write(dir, "session.gdb", String.join("\n",
                "set pagination off", "set confirm off", "file " + dir.resolve("k.elf"),
                "target remote 127.0.0.1:" + port,
                "break k.c:11", "continue",
                "print square", "print t",
                "info threads",
                "thread 3", "print square", "info registers vx_lane_id vx_warp_id",
                "stepi", "next",
                "delete", "break k.c:13", "continue",
                "x/4wx 0xc0000000",
                "monitor warps",
                "delete", "continue", ""));
        Process gdb = new ProcessBuilder(GDB.toString(), "-nx", "-batch", "-x", script.toString())
                .redirectErrorStream(true).start();
        try {
            gdb.getOutputStream().close();
            CompletableFuture<String> output = CompletableFuture.supplyAsync(() -> {
                try {
                    return new String(gdb.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                } catch (IOException e) {
                    return "";
                }
            });
            assertThat(gdb.waitFor(40, TimeUnit.SECONDS)).as("gdb finished").isTrue();
            String out = output.get(5, TimeUnit.SECONDS);
            assertThat(out).as(out)
                    .contains("hit Breakpoint 1, neighbours (p=0xd0000000) at k.c:11")
                    .contains("$1 = 3")                                         // lane 0: 0*0 + 3
                    .contains("$2 = 0")                                         // t of lane 0
                    .contains("(block (0,0,0) warp 1 lane 31)")
                    .contains("[Switching to thread 3 (Thread 3)]")
                    .contains("$3 = 7")                                         // lane 2: 2*2 + 3
                    .containsPattern("vx_lane_id +0x2")
                    .containsPattern("vx_warp_id +0x0")
                    .contains("12\t    __syncthreads();")                         // next: the following line
                    .contains("hit Breakpoint 2, neighbours (p=0xd0000000) at k.c:13")
                    .contains("0xc0000000:\t0x00000003\t0x00000004\t0x00000007\t0x0000000c")
                    .containsPattern("block \\(0,0,0\\) warp 1: \\w+ +pc 0x")
                    .contains("exited normally")
                    .doesNotContain("internal-error");
            assertThat(gdb.exitValue()).as(out).isZero();
            Cli.Result r = run.get(30, TimeUnit.SECONDS);
            assertThat(r.code()).as(r.out() + r.err()).isZero();
            assertThat(r.out()).contains("k.elf: ok");
            assertThat(r.errLines()).containsExactly("rvsimt: waiting for GDB on 127.0.0.1:" + port + ": gdb-multiarch "
                    + dir.resolve("k.elf") + " -ex 'target remote 127.0.0.1:" + port + "' (the interpreter runs the launch)");
        } finally {
            gdb.destroyForcibly();     // a dropped debugger lets the launch finish on its own
            run.get(30, TimeUnit.SECONDS);
        }
    }

    // ------------------------------------------------------------------ raw protocol

    /** A raw RSP client: sends packets with or without a good checksum, reads acks and replies. */
    private static final class Raw implements AutoCloseable {
        final Socket s;
        final InputStream in;
        final OutputStream out;

        Raw(Socket s) throws IOException {
            this.s = s;
            this.in = s.getInputStream();
            this.out = s.getOutputStream();
        }

        static String frame(String data, boolean goodChecksum) {
            int sum = 0;
            for (byte b : data.getBytes(StandardCharsets.ISO_8859_1)) {
                sum += b & 0xFF;
            }
            return "$" + data + "#" + String.format("%02x", (sum + (goodChecksum ? 0 : 1)) & 0xFF);
        }

        void sendRaw(String text) throws IOException {
            out.write(text.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
        }

        /** Sends a packet; returns the reply's data after checking the ack and the reply's checksum. */
        String ask(String data) throws IOException {
            sendRaw(frame(data, true));
            assertThat((char) in.read()).as("ack of %s", data).isEqualTo('+');
            return reply();
        }

        String reply() throws IOException {
            int b;
            while ((b = in.read()) != '$') {
                assertThat(b).as("connection open").isNotEqualTo(-1);
            }
            StringBuilder d = new StringBuilder();
            while ((b = in.read()) != '#') {
                assertThat(b).isNotEqualTo(-1);
                d.append((char) b);
            }
            String cs = "" + (char) in.read() + (char) in.read();
            assertThat(frame(d.toString(), true)).endsWith("#" + cs);
            sendRaw("+");
            return d.toString();
        }

        @Override
        public void close() throws IOException {
            s.close();
        }
    }

    private static String word(int v) {
        return String.format("%02x%02x%02x%02x", v & 0xFF, v >>> 8 & 0xFF, v >>> 16 & 0xFF, v >>> 24 & 0xFF);
    }

    @Test
    void malformedPacketsGetErrorsChecksumErrorsAreNakedASecondDebuggerIsRefusedAndAVanishedOneLetsTheLaunchFinish()
            throws Exception {
        int port = freePort();
        CompletableFuture<Cli.Result> run = launch(port, "--threads", "2");
        try (Raw gdb = new Raw(connect(port))) {
            gdb.sendRaw(Raw.frame("qSupported", false));
            assertThat((char) gdb.in.read()).as("a bad checksum is NAKed").isEqualTo('-');
            assertThat(gdb.ask("qSupported:swbreak+")).contains("qXfer:features:read+").contains("PacketSize=");
            assertThat(gdb.ask("qXfer:features:read:target.xml:0,ffff")).startsWith("l<?xml")
                    .contains("<architecture>riscv:rv32</architecture>");
            assertThat(gdb.ask("qXfer:features:read:rvsimt-simt.xml:0,ffff")).contains("org.rvsimt.simt")
                    .contains("name=\"vx_lane_id\" bitsize=\"32\" type=\"int\" regnum=\"" + (65 + 0xCC0) + "\"");
            assertThat(gdb.ask("qXfer:features:read:nothere.xml:0,10")).isEqualTo("E00");
            String stop = gdb.ask("?");
            assertThat(stop).matches("T05thread:[0-9a-f]+;");
            long thread = Long.parseLong(stop.substring("T05thread:".length(), stop.length() - 1), 16);
            assertThat(gdb.ask("Hg" + Long.toHexString(thread))).isEqualTo("OK");
            // The launch's first instruction: x0 = 0, sp = top of the 4 KiB stack window, ra = 0.
            String regs = gdb.ask("g");
            assertThat(regs).hasSize(33 * 8);
            assertThat(regs.substring(0, 8)).isEqualTo(word(0));
            assertThat(regs.substring(8, 16)).isEqualTo(word(0));
            assertThat(regs.substring(16, 24)).isEqualTo(word(0xE000_1000));
            // Register write and read back, per lane.
            assertThat(gdb.ask("P5=" + word(0x1234_5678))).isEqualTo("OK");
            assertThat(gdb.ask("p5")).isEqualTo(word(0x1234_5678));
            // Shared memory: write a word, read it back; an unmapped address is an error.
            assertThat(gdb.ask("Mc0000010,4:" + word(0xCAFE_F00D))).isEqualTo("OK");
            assertThat(gdb.ask("mc0000010,4")).isEqualTo(word(0xCAFE_F00D));
            assertThat(gdb.ask("m70000000,4")).isEqualTo("E01");
            for (String bad : List.of("mzz,4", "m10", "Mc0000010,4:zz", "Mc0000010,8:00", "pzz", "P5", "P5=12", "Hgzz",
                    "Hx1", "Z0,zz,4", "Z0", "vCont;q", "Tzz", "qRcmd,zz", "qXfer:features:read:target.xml:zz")) {
                assertThat(gdb.ask(bad)).as("reply to '%s'", bad).isEqualTo("E01");
            }
            assertThat(gdb.ask("qTotallyUnknown")).as("unknown packets get the empty reply").isEmpty();
            assertThat(gdb.ask("Z1,0,4")).as("hardware breakpoints are not supported").isEmpty();
            // A step runs one instruction of the thread's warp; the block's other warp stays where it was.
            String entry = gdb.ask("p20");
            String otherWarp = Long.toHexString(thread + 32);
            assertThat(gdb.ask("Hg" + otherWarp)).isEqualTo("OK");
            assertThat(gdb.ask("p20")).isEqualTo(entry);
            assertThat(gdb.ask("vCont;s:" + Long.toHexString(thread) + ";c")).isEqualTo(stop);
            assertThat(gdb.ask("Hg" + otherWarp)).as("a stop selects the thread it names: select again").isEqualTo("OK");
            assertThat(gdb.ask("p20")).as("warp 1 held").isEqualTo(entry);
            assertThat(gdb.ask("Hg" + Long.toHexString(thread))).isEqualTo("OK");
            int entryPc = Integer.reverseBytes(Integer.parseUnsignedInt(entry, 16));
            assertThat(gdb.ask("p20")).as("warp 0 one instruction on").isEqualTo(word(entryPc + 4));
            // A second debugger is told why and hung up on; the first one carries on.
            try (Socket second = connect(port)) {
                String refusal = new String(second.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
                assertThat(refusal).startsWith("$E.rvsimt: another debugger is attached");
            }
            assertThat(gdb.ask("qC")).isEqualTo("QC" + Long.toHexString(thread));
        }
        // The debugger vanished (socket closed without detach): the launch runs to its end.
        Cli.Result r = run.get(30, TimeUnit.SECONDS);
        assertThat(r.code()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).contains("k.elf: ok");
        assertThat(r.err()).contains("refused a GDB connection").contains("another debugger is attached");
    }

    @Test
    void killEndsTheLaunchWithACancelledFault() throws Exception {
        int port = freePort();
        CompletableFuture<Cli.Result> run = launch(port, "--json");
        try (Raw gdb = new Raw(connect(port))) {
            assertThat(gdb.ask("?")).startsWith("T05");
            gdb.sendRaw(Raw.frame("k", true));
            assertThat((char) gdb.in.read()).isEqualTo('+');
        }
        Cli.Result r = run.get(30, TimeUnit.SECONDS);
        assertThat(r.code()).isEqualTo(Main.FAILED);
        assertThat(r.json().path("status").asText()).isEqualTo("fault");
        assertThat(r.json().path("fault").path("message").asText()).contains("killed by the debugger");
    }

    @Test
    void ctrlCStopsEveryHostThreadOfALaunchThatNeverEndsAndThreadsAreNamedByBlockWarpAndLane() throws Exception {
        Path spin = Cli.write(dir, "spin.S", "    .globl spin\nspin:\n1:  j 1b\n");
        int port = freePort();
        CompletableFuture<Cli.Result> run = inBackground(() -> Cli.run("run", spin.toString(), "--grid",
                "2", "--block", "40", "--warp-size", "32", "--threads", "2", "--watchdog", "1000000000000", "--gdb",
                "127.0.0.1:" + port));
        try (Raw gdb = new Raw(connect(port))) {
          try {
            assertThat(gdb.ask("?")).matches("T05thread:[0-9a-f]+;");
            gdb.sendRaw(Raw.frame("vCont;c", true));
            assertThat((char) gdb.in.read()).isEqualTo('+');
            Thread.sleep(300);
            gdb.sendRaw("\u0003");
            assertThat(gdb.reply()).as("Ctrl-C stops the launch with SIGINT").matches("T02thread:[0-9a-f]+;");
            // Both blocks spin on their own host thread; both are stopped: 2 x 40 threads, warp 0
            // with 32 lanes and warp 1 with the other 8 of each block.
            String list = gdb.ask("qfThreadInfo");
            assertThat(list.substring(1).split(",")).hasSize(80);
            assertThat(gdb.ask("qsThreadInfo")).isEqualTo("l");
            // Thread id = block * 64 + warp * 32 + lane + 1 (two warps of 32 lanes per block).
            for (String[] idName : new String[][] {{"28", "block (0,0,0) warp 1 lane 7"}, {"41", "block (1,0,0) warp 0 lane 0"},
                {"68", "block (1,0,0) warp 1 lane 7"}}) {
                assertThat(new String(java.util.HexFormat.of().parseHex(gdb.ask("qThreadExtraInfo," + idName[0])),
                        StandardCharsets.UTF_8)).isEqualTo(idName[1]);
            }
            assertThat(gdb.ask("qThreadExtraInfo,29")).as("warp 1 has no lane 8").isEqualTo("E01");
          } finally {
            gdb.sendRaw("\u0003" + Raw.frame("k", true));     // never leave a spinning launch behind
          }
        }
        Cli.Result r = run.get(30, TimeUnit.SECONDS);
        assertThat(r.code()).isEqualTo(Main.FAILED);
        assertThat(r.out()).contains("killed by the debugger");
    }

    @Test
    void serveGdbMakesEachLaunchOfADeviceServerWaitForADebugger() throws Exception {
        Path root = repoRoot();
        StringWriter err = new StringWriter();
        int asm = Main.execute(new String[] {"asm", root.resolve("clients/kernels/vecadd.S").toString(), "--raw", "-o",
            dir.resolve("vecadd.bin").toString()}, new PrintWriter(new StringWriter()), new PrintWriter(err));
        assertThat(asm).as(err.toString()).isZero();
        Path socket = dir.resolve("gpu.sock");
        int port = freePort();
        String java = ProcessHandle.current().info().command().orElse("java");
        Path log = dir.resolve("serve.log");
        Process server = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), "org.rvsimt.cli.Main",
                "serve", "--socket", socket.toString(), "--http", "off", "--gdb", "127.0.0.1:" + port)
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        Process client = null;
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!Files.exists(socket) && System.nanoTime() < deadline && server.isAlive()) {
                Thread.sleep(50);
            }
            assertThat(Files.exists(socket)).as("socket appears; server log:%n%s", Files.readString(log)).isTrue();
            ProcessBuilder pb = new ProcessBuilder("/usr/bin/python3", root.resolve("clients/python/examples/vecadd.py")
                    .toString(), socket.toString(), dir.toString(), "1000").redirectErrorStream(true);
            pb.environment().put("PYTHONPATH", root.resolve("clients/python").toString());
            client = pb.start();
            while (!Files.readString(log).contains("a launch waits for GDB") && System.nanoTime() < deadline + 30e9) {
                Thread.sleep(50);
            }
            try (Raw gdb = new Raw(connect(port))) {
                assertThat(gdb.ask("?")).as("the client's launch is stopped at its first instruction").startsWith("T05");
                assertThat(gdb.ask("vCont;c")).as("and runs to its end when continued").isEqualTo("W00");
            }
            String out = new String(client.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(client.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(client.exitValue()).as("vecadd.py output:%n%s", out).isZero();
            try (Socket late = connect(port)) {
                String refusal = new String(late.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
                assertThat(refusal).startsWith("$E.rvsimt: no launch is waiting for a debugger");
            }
        } finally {
            if (client != null) {
                client.destroyForcibly();
            }
            server.destroyForcibly();
            server.waitFor(15, TimeUnit.SECONDS);
        }
        assertThat(Files.readString(log)).contains("GDB stub on 127.0.0.1:" + port).doesNotContain("Exception");
    }
}
