package org.rvsimt.core.exec.jit;

import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;
import org.rvsimt.core.exec.BlockContext;
import org.rvsimt.core.exec.LaunchSpec;
import org.rvsimt.core.exec.program.Program;
import org.rvsimt.core.exec.simt.Warp;
import org.rvsimt.core.exec.vector.HostSimd;
import org.rvsimt.core.memory.Vram;
import org.rvsimt.core.memory.Windows;
import org.rvsimt.core.semantics.FloatOps;
import org.rvsimt.isa.Operation;

/**
 * Loads {@link SimdLanes} (and with it the Vector API) and warms it up, on a thread of its own.
 *
 * <p>Why: the Vector API is fast only once HotSpot's C2 has compiled the methods that call it with
 * its intrinsics; before that every vector operation runs as plain Java that allocates (a fresh
 * process's sgemm_naive launch spent 198 of 278 JFR samples there). Its class initialisation alone
 * took about a second on a loaded 2-core machine. Whether SimdLanes runs as C2 code is a property of
 * the process, not of a block, so it is found out once, here: the thread runs SimdLanes' loops on a
 * scratch warp until a round of them is {@link #SPEED_UP} times faster than the first, and from
 * then on compiled blocks take their host-SIMD loops ({@link SimdPending}). Timing blocks against
 * each other instead (a per-block trial) starved: a trial that lost spaced the next one out, so
 * SimdLanes ran too rarely to reach C2, and on a loaded machine warm rows stayed on slow code.
 *
 * <p>Blocks compiled when first reached (no tiering: the tests) only wait for the class to load,
 * so they run the same code every time.
 */
final class SimdLanesLoader {
    /** Calls per timed round: one of each warmed loop per call. */
    private static final int ROUND = 128;
    /**
     * A round this many times faster than the first (the bytecode interpreter's) means C2 code: on
     * the 2-core VM C1 code ran the rounds 3-6x faster than the first, C2 code 60-80x.
     */
    private static final int SPEED_UP = 20;
    /** Rounds before a fast one counts (HotSpot's C2 thresholds are a few thousand calls). */
    private static final int MIN_ROUNDS = 16;
    /**
     * Wall time the rounds run back to back; after it, each round is followed by a pause four times
     * its length, so that the thread takes a fifth of a core from the warps while C2 is still behind
     * (a loaded machine). Counting the loops warm after a fixed time instead swapped cold SIMD loops
     * into a warm saxpy row (0.25-0.44 G lane-instr/s against 0.85-1.04 G).
     */
    private static final long BUSY_NANOS = 1_000_000_000L;
    /**
     * Wall time after which the warm-up gives up and blocks keep their plain loops: a JVM whose C2
     * never compiles the loops (-XX:TieredStopAtLevel=1) would only run slower on them.
     */
    private static final long MAX_NANOS = 60_000_000_000L;
    private static final int WIDTH = 32;
    /** Two steps over the scratch warp's rows: f0 and f1 loaded from x0 and x1's rows, f3 accumulating. */
    private static final int[] DOT_RUN = {0, WIDTH, 3 * WIDTH, 0, 0, 0, WIDTH, 0, 0, 0, WIDTH, 0, 4, 0, WIDTH, 0, 0,
        0, WIDTH};

    private static volatile boolean loaded;
    private static volatile boolean warm;
    private static Thread loader;

    private SimdLanesLoader() { }

    /** True once SimdLanes is initialised and compiled blocks may call it without waiting. */
    static boolean loaded() {
        return loaded;
    }

    /** True once SimdLanes runs as C2 code. */
    static boolean warm() {
        return warm;
    }

    /**
     * Whether host-SIMD loops chosen when they run (a loop region's) take SIMD: once SimdLanes is
     * warm, or, for code compiled when first reached ({@code eager}: no tiering), once it is loaded.
     */
    static boolean usable(boolean eager) {
        return eager ? loaded : warm;
    }

    /** Starts loading and warming SimdLanes in the background, once per process; true once it is warm. */
    static boolean warmInBackground() {
        if (warm || !HostSimd.AVAILABLE) {
            return warm;
        }
        startOnce();
        return warm;
    }

    /**
     * Initialises SimdLanes on this thread if no other thread has (waiting for the one that is);
     * false when the Vector API is not in this process.
     */
    static boolean load() {
        if (!loaded && HostSimd.AVAILABLE) {
            SimdLanes.pays(1);
            loaded = true;
        }
        return loaded;
    }

    private static synchronized void startOnce() {
        if (loader == null) {
            loader = Thread.ofPlatform().daemon().name("rvsimt-simd-warm-up").start(() -> {
                load();
                warm = warmUp();
            });
        }
    }

    /** Runs SimdLanes' float, load and store loops on a scratch warp; true once they run as C2 code. */
    static boolean warmUp() {
        if (!SimdLanes.pays(WIDTH)) {
            return false;              // no block calls them
        }
        byte[] ebreak = {0x73, 0x00, 0x10, 0x00};
        Program p = Program.of(0, ebreak, ebreak.length);
        LaunchSpec spec = new LaunchSpec(p, 0, new int[] {1, 1, 1}, new int[] {WIDTH, 1, 1}, WIDTH, 4096, 0,
                new byte[0], 256, 1, false, false, Long.MAX_VALUE, false, false, 128);
        BlockContext c = new BlockContext(spec, new Vram(1 << 16));
        Warp w = c.warps[0];
        int[] addresses = new int[2 * WIDTH];
        for (int l = 0; l < WIDTH; l++) {
            addresses[l] = 4 * l;              // consecutive words
            addresses[WIDTH + l] = 4096;       // one word for every lane
        }
        // Normal numbers everywhere and every lane inexact, so the loops take their vector paths (the
        // per-lane fallbacks are plain Java, compiled like any other).
        int one = Float.floatToRawIntBits(1.5f);
        for (int a = 0; a < 8192; a += 4) {
            Windows.store(c.mem, a, 4, one);
        }
        int[] f = new int[4 * WIDTH];
        int[] flags = new int[WIDTH];
        Arrays.fill(flags, FloatOps.NX);
        Arrays.fill(f, one);
        long first = 0;
        long start = System.nanoTime();
        for (int round = 0; System.nanoTime() - start < MAX_NANOS; round++) {
            long t0 = System.nanoTime();
            for (int k = 0; k < ROUND; k++) {
                SimdLanes.load32(c, w, f, 0, addresses, 0, 0, WIDTH);
                SimdLanes.load32(c, w, f, WIDTH, addresses, WIDTH, 0, WIDTH);
                SimdLanes.fp(Operation.FpFused.FMADD, f, flags, 2 * WIDTH, 0, WIDTH, 3 * WIDTH, WIDTH);
                SimdLanes.fp(Operation.FpArith.FMUL, f, flags, 3 * WIDTH, 0, WIDTH, 0, WIDTH);
                SimdLanes.fp(Operation.FpArith.FADD, f, flags, 3 * WIDTH, 0, 0, 0, WIDTH);
                SimdLanes.store32(c, w, f, 2 * WIDTH, addresses, 0, 1024, WIDTH);
                SimdLoadFma.run(c, w, f, flags, addresses, 0, 0, 0, 0, WIDTH, WIDTH, 0, 0, 2 * WIDTH, 0, WIDTH,
                        3 * WIDTH, WIDTH);
                SimdDotRun.run(c, w, f, flags, addresses, DOT_RUN, WIDTH);
                Arrays.fill(f, 3 * WIDTH, 4 * WIDTH, one);
            }
            long nanos = System.nanoTime() - t0;
            if (round == 0) {
                first = nanos;
            } else if (round >= MIN_ROUNDS && nanos * SPEED_UP <= first) {
                return true;
            }
            if (System.nanoTime() - start > BUSY_NANOS) {
                LockSupport.parkNanos(4 * nanos);
            }
        }
        return false;
    }
}
