package org.rvsimt.core.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.rvsimt.core.api.Buffer;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.DeviceConfig;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.core.api.LaunchOptions;
import org.rvsimt.core.api.LaunchResult;

/**
 * The JIT must agree with the interpreter bit for bit: on seeded random SIMT programs (integer,
 * floating point with every rounding mode, loads and stores, divergent if/else and loops with
 * lane-dependent trip counts, votes, shuffles, atomics, occasional faults), the whole of VRAM, the
 * counters, the console and the fault report must be identical.
 */
public class EngineDifferentialTest {

    static Stream<Integer> seeds() {
        return IntStream.range(0, 60).boxed();
    }

    /** A quarter of the seeds, with every warp width and both thread counts: the tiered runs cost more. */
    static Stream<Integer> tieredSeeds() {
        return IntStream.range(0, 60).filter(s -> s % 8 == 0 || s % 8 == 5).boxed();
    }

    /** Both generators' start: t0 = global thread index, t1 = block index, s0 = the thread's 256-byte slot. */
    public static final String SLOT_PROLOGUE = """
                lw s0, 0(a0)
                csrr t0, vx_tid_x
                csrr t1, vx_bid_x
                csrr t2, vx_bdim_x
                mul t3, t1, t2
                add t0, t0, t3
                slli t6, t0, 8
                add s0, s0, t6
            """;

    /** Generates one random kernel. Registers: s0 = this thread's 256-byte slot, s1 = shared counter. */
    static final class ProgramGenerator {
        private final SplittableRandom r;
        private final StringBuilder sb = new StringBuilder();
        private int labels;
        private final String[] regs = {"t0", "t1", "t2", "t3", "t4", "t5", "a1", "a2", "a3", "a4", "a5", "a6", "s2",
            "s3", "s4", "s5"};
        private final String[] fregs = {"ft0", "ft1", "ft2", "ft3", "fa0", "fa1", "fa2", "fa3", "fs0", "fs1"};
        private final String[] rms = {"", ", rne", ", rtz", ", rdn", ", rup", ", rmm"};

        ProgramGenerator(long seed) {
            r = new SplittableRandom(seed);
        }

        private String x() {
            return regs[r.nextInt(regs.length)];
        }

        private String f() {
            return fregs[r.nextInt(fregs.length)];
        }

        private void line(String s) {
            sb.append("    ").append(s).append('\n');
        }

        String generate(boolean allowFault) {
            line("lw s1, 4(a0)");
            sb.append(SLOT_PROLOGUE);
            line("slli t6, t1, 2");         // one atomic counter per block: blocks may run on any host thread
            line("add s1, s1, t6");
            line("csrr a7, vx_lane_id");
            for (String reg : regs) {
                line("li " + reg + ", " + r.nextInt());
                line("xor " + reg + ", " + reg + ", t0");
            }
            for (int i = 0; i < fregs.length; i++) {
                line("fcvt.s.w " + fregs[i] + ", " + x());
            }
            line("li t6, " + r.nextInt(5));
            line("fsrm t6");
            int n = 20 + r.nextInt(40);
            for (int i = 0; i < n; i++) {
                statement(2, allowFault && i == n / 2 && r.nextInt(3) == 0);
            }
            // Everything observable goes to memory: registers, float registers, fflags.
            for (int i = 0; i < regs.length; i++) {
                line("sw " + regs[i] + ", " + (4 * i) + "(s0)");
            }
            for (int i = 0; i < fregs.length; i++) {
                line("fsw " + fregs[i] + ", " + (64 + 4 * i) + "(s0)");
            }
            line("frflags t6");
            line("sw t6, 120(s0)");
            line("ret");
            return sb.toString();
        }

        private void statement(int depth, boolean fault) {
            if (fault) {
                line("li t6, 0x7ffffff0");
                line("lw t6, 0(t6)");     // past the 64 MiB VRAM: out_of_bounds
                return;
            }
            int kind = r.nextInt(depth > 0 ? 12 : 9);
            String[] alu = {"add", "sub", "sll", "slt", "sltu", "xor", "srl", "sra", "or", "and", "mul", "mulh",
                "mulhsu", "mulhu", "div", "divu", "rem", "remu"};
            String[] alui = {"addi", "slti", "sltiu", "xori", "ori", "andi"};
            switch (kind) {
                case 0, 1 -> line(alu[r.nextInt(alu.length)] + " " + x() + ", " + x() + ", " + x());
                case 2 -> line(alui[r.nextInt(alui.length)] + " " + x() + ", " + x() + ", " + (r.nextInt(4096) - 2048));
                case 3 -> {
                    String[] fops = {"fadd.s", "fsub.s", "fmul.s", "fdiv.s"};
                    line(fops[r.nextInt(4)] + " " + f() + ", " + f() + ", " + f() + rms[r.nextInt(rms.length)]);
                }
                case 4 -> {
                    String[] fma = {"fmadd.s", "fmsub.s", "fnmsub.s", "fnmadd.s"};
                    line(fma[r.nextInt(4)] + " " + f() + ", " + f() + ", " + f() + ", " + f() + rms[r.nextInt(rms.length)]);
                }
                case 5 -> {
                    String[] misc = {"fmin.s", "fmax.s", "fsgnj.s", "fsgnjn.s", "fsgnjx.s"};
                    line(misc[r.nextInt(misc.length)] + " " + f() + ", " + f() + ", " + f());
                    if (r.nextBoolean()) {
                        line("fcvt.w.s " + x() + ", " + f() + rms[r.nextInt(rms.length)]);
                    } else {
                        line("flt.s " + x() + ", " + f() + ", " + f());
                    }
                }
                case 6 -> {
                    int off = 4 * (32 + r.nextInt(30));
                    if (r.nextBoolean()) {
                        line("sw " + x() + ", " + off + "(s0)");
                    } else {
                        line("lw " + x() + ", " + off + "(s0)");
                    }
                    if (r.nextBoolean()) {
                        line("flw " + f() + ", " + (4 * (32 + r.nextInt(30))) + "(s0)");
                    }
                }
                case 7 -> {
                    switch (r.nextInt(4)) {
                        case 0 -> line("vx_vote_ballot " + x() + ", " + x());
                        case 1 -> line("vx_vote_any " + x() + ", " + x());
                        case 2 -> {
                            line("andi t6, " + x() + ", 0x1f");
                            line("ori t6, t6, 0x7c0");
                            line("vx_shfl_down " + x() + ", " + x() + ", t6");
                        }
                        default -> line("amoadd.w " + x() + ", " + x() + ", (s1)");
                    }
                }
                case 8 -> {
                    line("sqrt_guard:".replace("sqrt_guard:", "fsqrt.s " + f() + ", " + f() + rms[r.nextInt(rms.length)]));
                    line("fexp.s " + f() + ", " + f());
                    line("fcvt.bf16.s " + f() + ", " + f());
                }
                case 9, 10 -> {          // divergent if/else on a lane-dependent bit
                    int l = labels++;
                    line("andi t6, " + (r.nextBoolean() ? "a7" : x()) + ", " + (1 << r.nextInt(4)));
                    line("beqz t6, else" + l);
                    statement(depth - 1, false);
                    statement(depth - 1, false);
                    line("j end" + l);
                    sb.append("else").append(l).append(":\n");
                    statement(depth - 1, false);
                    sb.append("end").append(l).append(":\n");
                }
                default -> {             // loop with a lane-dependent trip count
                    int l = labels++;
                    line("andi t6, a7, 7");
                    line("addi t6, t6, 1");
                    line("sw t6, 124(s0)");
                    sb.append("loop").append(l).append(":\n");
                    statement(depth - 1, false);
                    line("lw t6, 124(s0)");
                    line("addi t6, t6, -1");
                    line("sw t6, 124(s0)");
                    line("bnez t6, loop" + l);
                }
            }
        }
    }

    /**
     * Random matrix-extension programs: lane-dependent tile shapes and rounding modes, tile loads
     * (mlae, mlbe, the column-major mlbte, mlce) from the thread's slot, which holds random words
     * (some NaN, infinite or subnormal as binary32), f32, bf16 and int8 multiplies, mzero, stores and
     * the flags CSR. Registers as in {@link ProgramGenerator}; the slot's upper half is the tile area.
     */
    static final class MatrixProgramGenerator {
        private final SplittableRandom r;
        private final StringBuilder sb = new StringBuilder();
        private final String[] data = {"t0", "t1", "t2", "t3", "t4", "a1", "a2", "a3", "a4", "a5", "a6", "s2"};
        private final int[] specials = {0x7FC00000, 0x7F800000, 0xFF800000, 0x80000000, 0x00000001, 0x7F7FFFFF};

        MatrixProgramGenerator(long seed) {
            r = new SplittableRandom(seed);
        }

        private void line(String s) {
            sb.append("    ").append(s).append('\n');
        }

        private String reg() {
            return data[r.nextInt(data.length)];
        }

        /** An address in the tile area (slot bytes 128-188) in t6 and a row stride of 4, 8 or 16 in t5. */
        private void operands() {
            line("addi t6, s0, " + (128 + 4 * r.nextInt(16)));
            line("li t5, " + (4 << r.nextInt(3)));
        }

        String generate() {
            sb.append(SLOT_PROLOGUE);
            line("csrr a7, vx_lane_id");
            for (int off = 0; off < 256; off += 4) {           // random words, a few special as binary32
                int v = r.nextInt(6) == 0 ? specials[r.nextInt(specials.length)]
                        : Float.floatToRawIntBits((float) r.nextGaussian());
                line("li t6, " + v);
                line("xor t6, t6, " + (r.nextInt(4) == 0 ? "t0" : "zero"));
                line("sw t6, " + off + "(s0)");
            }
            for (String x : data) {
                line("li " + x + ", " + r.nextInt());
            }
            line("andi t6, a7, 3");                                    // xmfrm: lane dependent, 0..4
            line("addi t6, t6, " + r.nextInt(2));
            line("csrw 0x809, t6");
            int n = 15 + r.nextInt(20);
            for (int i = 0; i < n; i++) {
                statement();
            }
            for (int acc = 4; acc < 8; acc++) {
                line("msettilemi 4");
                line("msettileni 4");
                line("addi t6, s0, " + (128 + 0));
                line("li t5, 16");
                line(String.format("msce32 acc%d, (t6), t5", acc - 4));
                for (int row = 0; row < 4; row++) {               // fold each accumulator into the dumped registers
                    line("lw t5, " + (128 + 4 * row * 5) + "(s0)");
                    line("xor " + data[acc + row] + ", " + data[acc + row] + ", t5");
                }
            }
            line("csrr t6, 0x808");
            line("sw t6, 124(s0)");
            for (int i = 0; i < data.length; i++) {
                line("sw " + data[i] + ", " + (4 * i) + "(s0)");
            }
            line("ret");
            return sb.toString();
        }

        private void statement() {
            String tile = "tr" + r.nextInt(4);
            String acc = "acc" + r.nextInt(4);
            switch (r.nextInt(9)) {
                case 0 -> {                      // shapes, lane dependent: 1..4 rows, columns, k
                    String[] dims = {"m", "n", "k"};
                    line("andi t6, " + (r.nextBoolean() ? "a7" : reg()) + ", 3");
                    line("addi t6, t6, 1");
                    line("msettile" + dims[r.nextInt(3)] + " t6");
                }
                case 1 -> {
                    operands();
                    line("mlae32 " + tile + ", (t6), t5");
                }
                case 2 -> {
                    operands();
                    line((r.nextBoolean() ? "mlbte32 " : "mlbe32 ") + tile + ", (t6), t5");
                }
                case 3 -> {
                    operands();
                    line((r.nextInt(3) == 0 ? "mlbte16 " : "mlae16 ") + tile + ", (t6), t5");
                }
                case 4 -> {
                    operands();
                    line("mlce32 " + acc + ", (t6), t5");
                }
                case 5, 6 -> line("mfmacc.s " + acc + ", tr" + r.nextInt(4) + ", tr" + r.nextInt(4));
                case 7 -> line((r.nextBoolean() ? "mfmacc.s.bf16 " : "mmacc.w.b ") + acc + ", tr" + r.nextInt(4)
                        + ", tr" + r.nextInt(4));
                default -> {
                    if (r.nextBoolean()) {
                        line("mzero " + (r.nextBoolean() ? tile : acc));
                    } else {
                        operands();
                        line("msce32 " + acc + ", (t6), t5");
                    }
                }
            }
        }
    }

    /** Matrix programs: lane-dependent shapes and rounding modes, special values, every load form. */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("matrixSeeds")
    void matrixJitMatchesInterpreter(int seed) throws Exception {
        String src = new MatrixProgramGenerator(seed).generate();
        int warp = new int[] {32, 8, 64, 1}[seed % 4];
        int threads = seed % 2 + 1;
        Run interp = run("interp", src, threads, warp);
        assertThat(interp.result().fault()).as("the program runs to the end (seed %d)", seed).isNull();
        sameOutcome(seed, src, threads, warp, interp, run("jit", src, threads, warp));
    }

    static Stream<Integer> matrixSeeds() {
        return IntStream.range(0, 8).boxed();
    }

    public record Run(LaunchResult result, byte[] memory) { }

    public static Run run(String engine, String src, int threads, int warp) throws Exception {
        return run(engine, src, threads, warp, null);
    }

    static Run run(String engine, String src, int threads, int warp, org.rvsimt.core.trace.Tracer tracer)
            throws Exception {
        try (Device d = Device.open(DeviceConfig.defaults().withEngine(engine).withThreads(threads).withWarpSize(warp)
                .withVram(8 << 20))) {
            d.setTracer(tracer);
            Kernel k = Kernel.fromAssembly(src, "random.S");
            Buffer slots = d.alloc(256L * 4 * 96).fill((byte) 0x5A);
            Buffer counter = d.alloc(16).fill((byte) 0);
            LaunchResult r = d.launch(k, Dim3.of(4), Dim3.of(96), 0,
                    LaunchOptions.defaults().withWatchdog(300_000), slots, counter);
            return new Run(r, d.memory().clone());
        }
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void jitMatchesInterpreter(int seed) throws Exception {
        String src = new ProgramGenerator(seed).generate(true);
        int warp = new int[] {32, 8, 64, 1, 32}[seed % 5];
        int threads = seed % 2 + 1;
        Run interp = run("interp", src, threads, warp);
        Run jit = run("jit", src, threads, warp);
        sameOutcome(seed, src, threads, warp, interp, jit);
    }

    /**
     * The default, tiered JIT (blocks interpreted until hot, compiled on the background thread and
     * taken at a later arrival, so a run mixes both in a timing-dependent way) against the
     * interpreter. The threshold is 2, so that these short programs do reach compiled code; a block
     * with host-SIMD loops compiled before SimdLanes is warm runs its plain loops until its SIMD-only
     * recompile is swapped in, so runs also mix both kinds of a block's loops.
     */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("tieredSeeds")
    void tieredJitMatchesInterpreter(int seed) throws Exception {
        String src = new ProgramGenerator(seed).generate(true);
        int warp = new int[] {32, 8, 64, 1, 32}[seed % 5];
        int threads = seed % 2 + 1;
        Run interp = run("interp", src, threads, warp);
        String before = System.getProperty(THRESHOLD);
        System.setProperty(THRESHOLD, "2");
        try {
            sameOutcome(seed, src, threads, warp, interp, run("jit", src, threads, warp));
        } finally {
            System.setProperty(THRESHOLD, before == null ? "0" : before);
        }
    }

    private static final String THRESHOLD = "rvsimt.jit.compileThreshold";

    /** Both runs agree: counters, console, fault or statistics, and (on one host thread after a fault) VRAM. */
    public static void sameOutcome(int seed, String src, int threads, int warp, Run interp, Run jit) throws Exception {
        LaunchResult a = interp.result();
        LaunchResult b = jit.result();
        assertThat(b.warpInstructions()).as("warp instructions").isEqualTo(a.warpInstructions());
        assertThat(b.laneInstructions()).as("lane instructions").isEqualTo(a.laneInstructions());
        assertThat(b.console()).isEqualTo(a.console());
        if (a.fault() == null) {
            assertThat(b.fault()).as("fault").isNull();
            assertThat(b.statistics()).as("statistics").isEqualTo(a.statistics());
        } else {
            assertThat(b.fault()).as("fault").isNotNull();
            assertThat(b.fault().summary()).isEqualTo(a.fault().summary());
            assertThat(b.fault().recent()).as("flight recorder").isEqualTo(a.fault().recent());
        }
        if (a.fault() != null && threads > 1) {
            // After a fault, blocks past the faulting one may or may not have run on other host
            // threads (as on a GPU): memory is only comparable on one thread.
            interp = run("interp", src, 1, warp);
            jit = run("jit", src, 1, warp);
        }
        int firstDiff = Arrays.mismatch(interp.memory(), jit.memory());
        assertThat(firstDiff).as("first differing VRAM byte (seed %d):%n%s", seed, src).isEqualTo(-1);
    }
}
