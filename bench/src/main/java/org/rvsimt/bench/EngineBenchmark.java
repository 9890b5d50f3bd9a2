package org.rvsimt.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.rvsimt.core.api.Buffer;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.DeviceConfig;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.core.api.LaunchResult;
import org.rvsimt.core.api.RandomFill;

/**
 * Engine micro-benchmarks on one host thread: an integer ALU loop (dispatch and lane loops), a
 * naive float matmul (loads + fused multiply-add), and a divergent loop (masked lanes).
 * Score = time per launch; the launch's lane-instruction count is printed once in setup so the
 * score converts to lane-instructions per second. Run:
 * {@code java -jar bench/target/benchmarks.jar EngineBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = "--add-modules=jdk.incubator.vector")
public class EngineBenchmark {

    @Param({"interp", "jit"})
    public String engine;

    @Param({"alu", "matmul", "divergent"})
    public String kernel;

    private Device device;
    private Kernel k;
    private Object[] args;
    private Dim3 grid;
    private Dim3 block;

    static final String ALU = """
                csrr t0, vx_tid_x
                li t1, 2000
                li t2, 0
            1:  add t2, t2, t0
                xor t3, t2, t1
                slli t4, t3, 3
                srli t5, t4, 2
                sub t2, t5, t3
                addi t1, t1, -1
                bnez t1, 1b
                lw t6, 0(a0)
                slli t0, t0, 2
                add t6, t6, t0
                sw t2, 0(t6)
                ret
            """;

    static final String MATMUL = """
                # C[row][col] = sum_k A[row][k] * B[k][col], n x n, one thread per element
                lw t0, 0(a0)          # n
                lw t1, 4(a0)          # A
                lw t2, 8(a0)          # B
                lw t3, 12(a0)         # C
                csrr t4, vx_tid_x     # col
                csrr t5, vx_bid_x     # row
                mul a1, t5, t0
                slli a1, a1, 2
                add a1, a1, t1        # &A[row][0]
                slli a2, t4, 2
                add a2, a2, t2        # &B[0][col]
                slli a3, t0, 2        # row stride
                fmv.w.x fa0, zero
                mv a4, t0
            1:  flw ft0, 0(a1)
                flw ft1, 0(a2)
                fmadd.s fa0, ft0, ft1, fa0
                addi a1, a1, 4
                add a2, a2, a3
                addi a4, a4, -1
                bnez a4, 1b
                mul a5, t5, t0
                add a5, a5, t4
                slli a5, a5, 2
                add a5, a5, t3
                fsw fa0, 0(a5)
                ret
            """;

    static final String DIVERGENT = """
                csrr t0, vx_tid_x
                andi t1, t0, 31
                slli t1, t1, 5
                addi t1, t1, 100      # trip count 100..1092 depends on the lane
                li t2, 0
            1:  addi t2, t2, 3
                andi t3, t2, 7
                beqz t3, 2f
                xori t2, t2, 1
            2:  addi t1, t1, -1
                bnez t1, 1b
                lw t6, 0(a0)
                slli t0, t0, 2
                add t6, t6, t0
                sw t2, 0(t6)
                ret
            """;

    @Setup(Level.Trial)
    public void setup() throws Exception {
        device = Device.open(DeviceConfig.defaults().withEngine(engine).withThreads(1));
        switch (kernel) {
            case "alu" -> {
                k = Kernel.fromAssembly(ALU, "alu.S");
                args = new Object[] {device.alloc(4 * 256)};
                grid = Dim3.of(64);
                block = Dim3.of(256);
            }
            case "matmul" -> {
                int n = 128;
                Buffer a = device.alloc(4L * n * n).write(RandomFill.floats(n * n, 1, -1, 1));
                Buffer b = device.alloc(4L * n * n).write(RandomFill.floats(n * n, 2, -1, 1));
                Buffer c = device.alloc(4L * n * n);
                k = Kernel.fromAssembly(MATMUL, "matmul.S");
                args = new Object[] {n, a, b, c};
                grid = Dim3.of(n);
                block = Dim3.of(n);
            }
            default -> {
                k = Kernel.fromAssembly(DIVERGENT, "divergent.S");
                args = new Object[] {device.alloc(4 * 256)};
                grid = Dim3.of(16);
                block = Dim3.of(256);
            }
        }
        LaunchResult r = device.launch(k, grid, block, 0, args);
        System.out.printf("%n[%s/%s] lane-instructions per launch: %d, SIMT efficiency %.3f%n", engine, kernel,
                r.laneInstructions(), r.simtEfficiency());
    }

    @Benchmark
    public long launch() {
        return device.launch(k, grid, block, 0, args).laneInstructions();
    }

    @TearDown
    public void tearDown() {
        device.close();
    }
}
