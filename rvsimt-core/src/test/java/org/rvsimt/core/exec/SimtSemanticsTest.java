package org.rvsimt.core.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.rvsimt.core.api.Buffer;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.LaunchResult;
import org.rvsimt.core.exec.simt.Warp;

/**
 * SIMT behaviour of whole kernels: divergence shapes reconverge where they should (checked by
 * reading the active-lane mask CSR after the join point), barriers, shared memory, IDs, votes and
 * shuffles. Expected values are computed here in Java from the kernel's definition.
 */
class SimtSemanticsTest {

    static Stream<Arguments> engines() {
        return Stream.of("interp", "jit").flatMap(e -> Stream.of(1, 8, 32, 64).map(w -> Arguments.of(e, w)));
    }

    private static long fullMask(int width, int threadsInWarp) {
        return threadsInWarp == 64 ? -1L : (1L << threadsInWarp) - 1;
    }

    @ParameterizedTest(name = "{0} warp {1}")
    @MethodSource("engines")
    void ifElseDivergesAndReconverges(String engine, int warp) {
        String src = KernelHarness.prologue() + """
                    lw t3, 0(t6)          # out
                    slli t4, t0, 3
                    add t3, t3, t4        # &out[2*i]
                    andi t5, t0, 1
                    beqz t5, 1f
                    li a1, 111
                    j 2f
                1:  li a1, 222
                2:  sw a1, 0(t3)
                    csrr a2, vx_thread_mask
                    sw a2, 4(t3)
                    ret
                """;
        try (KernelHarness h = KernelHarness.of(engine, warp, 2)) {
            int n = 128;
            Buffer out = h.ints(2 * n);
            LaunchResult r = h.run(src, Dim3.of(2), Dim3.of(64), 0, out);
            assertThat(r.fault()).isNull();
            int[] v = out.readInts();
            for (int i = 0; i < n; i++) {
                assertThat(v[2 * i]).as("value of thread %d", i).isEqualTo(i % 2 == 1 ? 111 : 222);
                assertThat(Integer.toUnsignedLong(v[2 * i + 1])).as("mask after join, thread %d", i)
                        .isEqualTo(fullMask(warp, warp) & 0xFFFFFFFFL);
            }
            if (warp > 1) {
                assertThat(r.simtEfficiency()).isLessThan(1.0);
            }
        }
    }

    @ParameterizedTest(name = "{0} warp {1}")
    @MethodSource("engines")
    void nestedIfElseAndDivergentLoopTripCounts(String engine, int warp) {
        // out[i] = sum_{k<i%7} (k odd ? (i>>2 & 1 ? 3 : 5) : 1), then the mask after the loop.
        String src = KernelHarness.prologue() + """
                    lw t3, 0(t6)
                    slli t4, t0, 3
                    add t3, t3, t4
                    li t4, 7
                    remu t5, t0, t4       # trip count
                    li a1, 0              # sum
                    li a2, 0              # k
                loop:
                    bgeu a2, t5, done
                    andi a3, a2, 1
                    beqz a3, even
                    srli a4, t0, 2
                    andi a4, a4, 1
                    beqz a4, five
                    addi a1, a1, 3
                    j next
                five:
                    addi a1, a1, 5
                    j next
                even:
                    addi a1, a1, 1
                next:
                    addi a2, a2, 1
                    j loop
                done:
                    sw a1, 0(t3)
                    csrr a5, vx_thread_mask
                    sw a5, 4(t3)
                    ret
                """;
        try (KernelHarness h = KernelHarness.of(engine, warp, 1)) {
            int n = 192;
            Buffer out = h.ints(2 * n);
            LaunchResult r = h.run(src, Dim3.of(3), Dim3.of(64), 0, out);
            assertThat(r.fault()).isNull();
            int[] v = out.readInts();
            for (int i = 0; i < n; i++) {
                int sum = 0;
                for (int k = 0; k < i % 7; k++) {
                    sum += (k & 1) == 1 ? ((i >> 2 & 1) == 1 ? 3 : 5) : 1;
                }
                assertThat(v[2 * i]).as("sum of thread %d", i).isEqualTo(sum);
                assertThat(Integer.toUnsignedLong(v[2 * i + 1])).as("mask after loop, thread %d", i)
                        .isEqualTo(fullMask(warp, warp) & 0xFFFFFFFFL);
            }
        }
    }

    @ParameterizedTest(name = "{0} warp {1}")
    @MethodSource("engines")
    void earlyReturnAndCallWithDivergenceInside(String engine, int warp) {
        // Threads >= 100 return at once; the others call f(i) = i odd ? 3i : i+1 (divergent inside f,
        // with an early return) and then record the mask after the call, which must be all the
        // lanes still alive.
        String src = KernelHarness.prologue() + """
                    addi sp, sp, -16
                    sw ra, 0(sp)
                    li t4, 100
                    bgeu t0, t4, out
                    lw t3, 0(t6)
                    slli t4, t0, 3
                    add t3, t3, t4
                    mv a0, t0
                    call f
                    sw a0, 0(t3)
                    csrr a5, vx_thread_mask
                    sw a5, 4(t3)
                out:
                    lw ra, 0(sp)
                    addi sp, sp, 16
                    ret
                f:
                    andi a1, a0, 1
                    bnez a1, odd
                    addi a0, a0, 1
                    ret
                odd:
                    li a2, 3
                    mul a0, a0, a2
                    ret
                """;
        try (KernelHarness h = KernelHarness.of(engine, warp, 2)) {
            Buffer out = h.ints(2 * 128);
            LaunchResult r = h.run(src, Dim3.of(2), Dim3.of(64), 0, out);
            assertThat(r.fault()).isNull();
            int[] v = out.readInts();
            for (int i = 0; i < 100; i++) {
                assertThat(v[2 * i]).as("f(%d)", i).isEqualTo(i % 2 == 1 ? 3 * i : i + 1);
                int warpStart = i / warp * warp;
                int alive = Math.max(0, Math.min(100 - warpStart, warp));
                assertThat(Integer.toUnsignedLong(v[2 * i + 1])).as("mask after call, thread %d", i)
                        .isEqualTo(fullMask(warp, alive) & 0xFFFFFFFFL);
            }
            for (int i = 100; i < 128; i++) {
                assertThat(v[2 * i]).isZero();
            }
        }
    }

    @ParameterizedTest(name = "{0} warp {1}")
    @MethodSource("engines")
    void switchThroughJumpTable(String engine, int warp) {
        String src = KernelHarness.prologue() + """
                    lw t3, 0(t6)
                    slli t4, t0, 3
                    add t3, t3, t4
                    andi t5, t0, 3
                    slli t5, t5, 2
                    la a1, table
                    add a1, a1, t5
                    lw a1, 0(a1)
                    jr a1
                c0: li a2, 10
                    j end
                c1: li a2, 11
                    j end
                c2: li a2, 12
                    j end
                c3: li a2, 13
                end:
                    sw a2, 0(t3)
                    csrr a5, vx_thread_mask
                    sw a5, 4(t3)
                    ret
                    .data
                table:
                    .word c0, c1, c2, c3
                """;
        try (KernelHarness h = KernelHarness.of(engine, warp, 1)) {
            Buffer out = h.ints(2 * 64);
            LaunchResult r = h.run(src, Dim3.of(1), Dim3.of(64), 0, out);
            assertThat(r.fault()).isNull();
            int[] v = out.readInts();
            for (int i = 0; i < 64; i++) {
                assertThat(v[2 * i]).isEqualTo(10 + i % 4);
                assertThat(Integer.toUnsignedLong(v[2 * i + 1])).as("mask after switch, thread %d", i)
                        .isEqualTo(fullMask(warp, warp) & 0xFFFFFFFFL);
            }
        }
    }

    @ParameterizedTest(name = "{0} warp {1}")
    @MethodSource("engines")
    void threeDimensionalIds(String engine, int warp) {
        String src = """
                    lw t6, 0(a0)
                    csrr t0, vx_tid_x
                    csrr t1, vx_tid_y
                    csrr t2, vx_tid_z
                    csrr t3, vx_bid_x
                    csrr t4, vx_bid_y
                    csrr t5, vx_bid_z
                    # linear thread id in grid = ((bz*2+by)*3+bx)*(4*3*2) + (tz*3+ty)*4+tx
                    li a1, 2
                    mul a2, t5, a1
                    add a2, a2, t4
                    li a1, 3
                    mul a2, a2, a1
                    add a2, a2, t3
                    li a1, 24
                    mul a2, a2, a1
                    li a1, 3
                    mul a3, t2, a1
                    add a3, a3, t1
                    slli a3, a3, 2
                    add a3, a3, t0
                    add a2, a2, a3
                    slli a2, a2, 4
                    add a2, a2, t6
                    sw t0, 0(a2)
                    sw t1, 4(a2)
                    sw t2, 8(a2)
                    lui a4, 0x80000
                    lw a5, 0x18(a4)       # blockIdx.z from the CTRL window
                    sw a5, 12(a2)
                    ret
                """;
        try (KernelHarness h = KernelHarness.of(engine, warp, 2)) {
            int blocks = 3 * 2 * 2;
            Buffer out = h.ints(4 * 24 * blocks);
            LaunchResult r = h.run(src, Dim3.of(3, 2, 2), Dim3.of(4, 3, 2), 0, out);
            assertThat(r.fault()).isNull();
            int[] v = out.readInts();
            for (int bz = 0; bz < 2; bz++) {
                for (int by = 0; by < 2; by++) {
                    for (int bx = 0; bx < 3; bx++) {
                        for (int tz = 0; tz < 2; tz++) {
                            for (int ty = 0; ty < 3; ty++) {
                                for (int tx = 0; tx < 4; tx++) {
                                    int lin = ((bz * 2 + by) * 3 + bx) * 24 + (tz * 3 + ty) * 4 + tx;
                                    assertThat(new int[] {v[4 * lin], v[4 * lin + 1], v[4 * lin + 2], v[4 * lin + 3]})
                                            .containsExactly(tx, ty, tz, bz);
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    @ParameterizedTest(name = "{0} warp {1}")
    @MethodSource("engines")
    void sharedMemoryReductionWithBarriers(String engine, int warp) {
        // Tree reduction of 256 values per block in shared memory; out[block] = sum of x.
        String src = """
                    lw t6, 0(a0)          # x
                    lw s1, 4(a0)          # out
                    csrr t0, vx_tid_x
                    csrr t1, vx_bid_x
                    slli t2, t1, 8
                    add t2, t2, t0
                    slli t2, t2, 2
                    add t2, t2, t6
                    lw a1, 0(t2)
                    lui s0, 0xC0000       # shared base
                    slli t3, t0, 2
                    add t3, t3, s0
                    sw a1, 0(t3)
                    lui s2, 0x80002       # barrier register
                    sw zero, 0(s2)
                    li t4, 128
                loop:
                    beqz t4, done
                    bgeu t0, t4, skip
                    slli t5, t4, 2
                    add t5, t5, t3
                    lw a2, 0(t5)
                    lw a3, 0(t3)
                    add a3, a3, a2
                    sw a3, 0(t3)
                skip:
                    sw zero, 0(s2)
                    srli t4, t4, 1
                    j loop
                done:
                    bnez t0, 1f
                    lw a4, 0(s0)
                    slli t1, t1, 2
                    add t1, t1, s1
                    sw a4, 0(t1)
                1:  ret
                """;
        try (KernelHarness h = KernelHarness.of(engine, warp, 2)) {
            int blocks = 5;
            int[] x = new int[256 * blocks];
            long[] sums = new long[blocks];
            for (int i = 0; i < x.length; i++) {
                x[i] = i * 7 - 300;
                sums[i / 256] += x[i];
            }
            Buffer bx = h.device.alloc(4L * x.length).write(x);
            Buffer out = h.ints(blocks);
            LaunchResult r = h.run(src, Dim3.of(blocks), Dim3.of(256), 1024, bx, out);
            assertThat(r.fault()).isNull();
            int[] v = out.readInts();
            for (int b = 0; b < blocks; b++) {
                assertThat(v[b]).isEqualTo((int) sums[b]);
            }
        }
    }

    @ParameterizedTest(name = "{0} warp {1}")
    @MethodSource("engines")
    void atomicsAcrossBlocksAndHostThreads(String engine, int warp) {
        String src = """
                    lw t6, 0(a0)
                    csrr t0, vx_tid_x
                    li t1, 1
                    amoadd.w t2, t1, (t6)
                    andi t3, t0, 15
                    slli t3, t3, 2
                    add t3, t3, t6
                    addi t3, t3, 4
                    amoadd.w zero, t0, (t3)
                    amomax.w zero, t0, 68(t6)
                    ret
                """.replace("amomax.w zero, t0, 68(t6)", "addi t4, t6, 68\n    amomax.w zero, t0, (t4)");
        try (KernelHarness h = KernelHarness.of(engine, warp, 2)) {
            Buffer c = h.ints(18);
            LaunchResult r = h.run(src, Dim3.of(40), Dim3.of(96), 0, c);
            assertThat(r.fault()).isNull();
            int[] v = c.readInts();
            assertThat(v[0]).isEqualTo(40 * 96);
            for (int k = 0; k < 16; k++) {
                int s = 0;
                for (int t = k; t < 96; t += 16) {
                    s += t;
                }
                assertThat(v[1 + k]).isEqualTo(40 * s);
            }
            assertThat(v[17]).isEqualTo(95);
        }
    }

    @ParameterizedTest(name = "{0} warp {1}")
    @MethodSource("engines")
    void voteBallotAndShuffleReduction(String engine, int warp) {
        // ballot of odd lanes; then a shfl_down tree sum of lane ids within the warp.
        String src = KernelHarness.prologue() + """
                    lw t3, 0(t6)
                    slli t4, t0, 3
                    add t3, t3, t4
                    csrr a0, vx_lane_id
                    andi a1, a0, 1
                    vx_vote_ballot a2, a1
                    sw a2, 0(t3)
                    mv a3, a0
                    csrr a4, vx_num_threads
                    srli a4, a4, 1
                1:  beqz a4, 2f
                    li a5, 0x7C0          # c = 31: clamp the source to the warp (bits 11:6)
                    lui a6, 0x3F          # mask field bits 17:12 = 0 (whole warp)
                    li a6, 0
                    or a5, a5, a4         # b = offset
                    vx_shfl_down a7, a3, a5
                    add a3, a3, a7
                    srli a4, a4, 1
                    j 1b
                2:  sw a3, 4(t3)
                    ret
                """;
        try (KernelHarness h = KernelHarness.of(engine, warp, 1)) {
            if (warp > 32) {
                return; // the shuffle control word's c field is 6 bits: 0x7C0 clamps at lane 31
            }
            Buffer out = h.ints(2 * 64);
            LaunchResult r = h.run(src, Dim3.of(1), Dim3.of(64), 0, out);
            assertThat(r.fault()).isNull();
            int[] v = out.readInts();
            long odd = 0;
            for (int l = 0; l < warp; l++) {
                if ((l & 1) == 1) {
                    odd |= 1L << l;
                }
            }
            for (int i = 0; i < 64; i++) {
                assertThat(Integer.toUnsignedLong(v[2 * i])).as("ballot").isEqualTo(odd & 0xFFFFFFFFL);
            }
            // lane 0 of each warp holds the sum of 0..warp-1 (when warp is a power of two)
            if (Integer.bitCount(warp) == 1) {
                for (int w = 0; w < 64 / warp; w++) {
                    assertThat(v[2 * (w * warp) + 1]).as("shuffle sum in warp %d", w).isEqualTo(warp * (warp - 1) / 2);
                }
            }
        }
    }

    @ParameterizedTest(name = "{0} warp {1}")
    @MethodSource("engines")
    void vortexSplitJoinAndPred(String engine, int warp) {
        // Vortex style: split on odd lanes, both halves run, join restores the warp.
        String src = KernelHarness.prologue() + """
                    lw t3, 0(t6)
                    slli t4, t0, 3
                    add t3, t3, t4
                    andi a1, t0, 1
                    vx_split a2, a1
                    beqz a1, 1f
                    li a3, 7
                    j 2f
                1:  li a3, 9
                2:  vx_join a2
                    sw a3, 0(t3)
                    csrr a5, vx_thread_mask
                    sw a5, 4(t3)
                    ret
                """;
        try (KernelHarness h = KernelHarness.of(engine, warp, 1)) {
            Buffer out = h.ints(2 * 64);
            LaunchResult r = h.run(src, Dim3.of(1), Dim3.of(64), 0, out);
            assertThat(r.fault()).isNull();
            int[] v = out.readInts();
            for (int i = 0; i < 64; i++) {
                assertThat(v[2 * i]).isEqualTo(i % 2 == 1 ? 7 : 9);
                assertThat(Integer.toUnsignedLong(v[2 * i + 1])).isEqualTo(fullMask(warp, warp) & 0xFFFFFFFFL);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"interp", "jit"})
    void vortexTmcPredWspawnAndBar(String engine) {
        // Warp 0 burns a few thousand instructions (so warps 1 and 2 get their turn and exit), then
        // spawns warps 1..2 at 'spawned', uses tmc to run lane 0 alone and then all lanes again,
        // and pred to keep only even lanes. Spawned warps start with lane 0 only, meet warp 0 at
        // vx_bar 1 (3 warps), and after it read what warp 0 stored before it.
        String src = """
                    lw s0, 0(a0)
                    lui s1, 0xC0000
                    csrr t0, vx_warp_id
                    bnez t0, done
                    li t1, 3000
                1:  addi t1, t1, -1
                    bnez t1, 1b
                    li a1, 3
                    la a2, spawned
                    vx_wspawn a1, a2
                    csrr t2, vx_lane_id
                    li t3, 1
                    vx_tmc t3              # lane 0 only
                    li a3, 7
                    sw a3, 0(s1)           # shared flag
                    csrr a4, vx_thread_mask
                    sw a4, 0(s0)           # out[0] = 1
                    li t3, -1
                    vx_tmc t3              # all lanes again
                    csrr a4, vx_thread_mask
                    sw a4, 4(s0)           # out[1] = all lanes
                    andi t4, t2, 1
                    xori t4, t4, 1         # 1 on even lanes
                    li t5, 0
                    vx_pred t4, t5
                    csrr a4, vx_thread_mask
                    sw a4, 8(s0)           # out[2] = even lanes
                    li t6, 1
                    li a5, 3
                    vx_bar t6, a5
                    ret
                spawned:                   # a spawned warp starts with fresh registers (a0, sp per the ABI)
                    lw s0, 0(a0)
                    lui s1, 0xC0000
                    li t6, 1
                    li a5, 3
                    vx_bar t6, a5
                    lw a6, 0(s1)
                    csrr t0, vx_warp_id
                    slli t1, t0, 2
                    add t1, t1, s0
                    csrr a4, vx_thread_mask
                    sw a6, 12(t1)          # out[3 + warp] = flag seen after the barrier
                    sw a4, 24(t1)          # out[6 + warp] = mask of the spawned warp
                done:
                    ret
                """;
        try (KernelHarness h = KernelHarness.of(engine, 32, 1)) {
            Buffer out = h.ints(9);
            LaunchResult r = h.run(src.replace("lw s0, 0(a0)", "lw s0, 0(a0)"), Dim3.of(1), Dim3.of(96), 64, out);
            assertThat(r.fault()).isNull();
            int[] v = out.readInts();
            assertThat(v[0]).as("mask after tmc 1").isEqualTo(1);
            assertThat(v[1]).as("mask after tmc -1").isEqualTo(-1);
            assertThat(v[2]).as("mask after pred(even)").isEqualTo(0x55555555);
            assertThat(v[4]).as("warp 1 saw warp 0's store after vx_bar").isEqualTo(7);
            assertThat(v[5]).as("warp 2 saw warp 0's store after vx_bar").isEqualTo(7);
            assertThat(v[7]).as("spawned warp 1 runs lane 0 only").isEqualTo(1);
            assertThat(v[8]).as("spawned warp 2 runs lane 0 only").isEqualTo(1);
        }
    }

    @ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"interp", "jit"})
    void barrierDeadlockAndDivergentBarrierAreReported(String engine) {
        String exitEarly = """
                    csrr t0, vx_warp_id
                    bnez t0, 1f
                    ret                    # warp 0 leaves
                1:  lui t1, 0x80002
                    sw zero, 0(t1)         # warp 1 waits for it forever
                    ret
                """;
        String divergent = """
                    csrr t0, vx_lane_id
                    andi t0, t0, 1
                    beqz t0, 1f
                    lui t1, 0x80002
                    sw zero, 0(t1)         # only odd lanes reach the barrier
                1:  ret
                """;
        try (KernelHarness h = KernelHarness.of(engine, 32, 1)) {
            LaunchResult r = h.run(exitEarly, Dim3.of(1), Dim3.of(64), 0);
            assertThat(r.fault()).isNotNull();
            assertThat(r.fault().kind().label()).isEqualTo("barrier_deadlock");
            assertThat(r.fault().warp()).isEqualTo(1);
            assertThat(r.fault().message()).contains("exited warps: 0");
            LaunchResult ok = h.run(exitEarly, Dim3.of(1), Dim3.of(64), 0,
                    org.rvsimt.core.api.LaunchOptions.defaults().withExitedArrive(true));
            assertThat(ok.fault()).as("with exited warps counted as arrived").isNull();
            LaunchResult d = h.run(divergent, Dim3.of(1), Dim3.of(32), 0);
            assertThat(d.fault()).isNotNull();
            assertThat(d.fault().kind().label()).isEqualTo("divergent_barrier");
            assertThat(d.fault().lanes()).isEqualTo(0xAAAAAAAAL);
        }
    }

    static Stream<Arguments> threadCounts() {
        return Stream.of("interp", "jit").flatMap(e -> Stream.of(1, 2, 7).map(t -> Arguments.of(e, t)));
    }

    @ParameterizedTest(name = "{0} threads {1}")
    @MethodSource("threadCounts")
    void resultsDoNotDependOnHostThreads(String engine, int threads) {
        String src = KernelHarness.prologue() + """
                    lw t3, 0(t6)
                    slli t4, t0, 2
                    add t3, t3, t4
                    li a1, 0
                    andi t5, t0, 31
                1:  beqz t5, 2f
                    mul a2, t5, t0
                    xor a1, a1, a2
                    addi t5, t5, -1
                    j 1b
                2:  sw a1, 0(t3)
                    ret
                """;
        try (KernelHarness h = KernelHarness.of(engine, 32, threads)) {
            int n = 64 * 50;
            Buffer out = h.ints(n);
            LaunchResult r = h.run(src, Dim3.of(50), Dim3.of(64), 0, out);
            assertThat(r.fault()).isNull();
            int[] v = out.readInts();
            for (int i = 0; i < n; i++) {
                int a = 0;
                for (int k = i & 31; k > 0; k--) {
                    a ^= k * i;
                }
                assertThat(v[i]).isEqualTo(a);
            }
            // Per warp: prologue 6, setup 5, then the loop runs as long as its longest lane (31 trips
            // of beqz + 4 body instructions), the final taken beqz, and sw + ret after reconverging.
            long warps = n / 32;
            long perWarp = 6 + 5 + 31 * 5 + 1 + 2;
            assertThat(r.warpInstructions()).isEqualTo(warps * perWarp);
        }
    }
}
