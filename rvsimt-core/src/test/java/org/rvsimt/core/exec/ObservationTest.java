package org.rvsimt.core.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.rvsimt.core.api.Buffer;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.LaunchResult;
import org.rvsimt.core.api.LaunchStatistics;
import org.rvsimt.core.fault.KernelFault;

/**
 * The engines' observation hooks: trace records and events, per-launch statistics and the flight
 * recorder, checked against counts worked out by hand for small kernels, and the two engines
 * against each other on random programs.
 */
class ObservationTest {

    /** Four warps run 13 uniform instructions, a divergent branch, 3 instructions on odd lanes and ret. */
    static final String COUNTED = """
                lw a1, 0(a0)
                csrr t0, vx_tid_x
                li t1, 4
            loop:
                addi t1, t1, -1
                bnez t1, loop
                andi t2, t0, 1
                beqz t2, even
                slli t3, t0, 2
                add t3, t3, a1
                sw t0, 0(t3)
            even:
                ret
            """;

    @ParameterizedTest
    @ValueSource(strings = {"interp", "jit"})
    void statisticsMatchHandCounts(String engine) {
        try (KernelHarness h = KernelHarness.of(engine, 32, 2)) {
            Buffer out = h.ints(64);
            LaunchResult r = h.run(COUNTED, Dim3.of(2), Dim3.of(64), 0, out);
            assertThat(r.fault()).isNull();
            assertThat(r.warpInstructions()).isEqualTo(4 * 17);
            assertThat(r.laneInstructions()).isEqualTo(4 * (14 * 32 + 3 * 16));
            LaunchStatistics s = r.statistics();
            assertThat(s.mix()).isEqualTo(Map.of("load", 4L, "csr", 4L, "alu", 32L, "branch", 20L, "store", 4L,
                    "jump", 4L));
            assertThat(s.divergence()).containsExactly(new LaunchStatistics.Divergent(0x18, "beqz t2, 0x28", 4));
            assertThat(s.memory()).isEqualTo(new LaunchStatistics.Memory(4 * 32 * 4, 4 * 16 * 4, 0, 0, 0, 0));
            assertThat(s.hottest()).hasSize(LaunchStatistics.HOTTEST);
            assertThat(s.hottest().get(0)).isEqualTo(new LaunchStatistics.Hot(0x0c, "addi t1, t1, -1", 16, 16 * 32));
            assertThat(s.hottest().get(1)).isEqualTo(new LaunchStatistics.Hot(0x10, "bnez t1, 0xc", 16, 16 * 32));
            assertThat(s.barrierWaitSlots()).isZero();
        }
    }

    /** Per lane: a 4-byte load, shared store of 4 and load of 2, a global store of 1, a stack store of 4. */
    static final String SPACES = """
                lw a1, 0(a0)
                csrr t0, vx_tid_x
                slli t1, t0, 2
                lui t2, 0xC0000
                add t2, t2, t1
                sw t0, 0(t2)          # shared
                lh t3, 0(t2)          # shared, 2 bytes
                add t4, a1, t1
                sb t3, 0(t4)          # global, 1 byte
                addi sp, sp, -16
                sw t3, 0(sp)          # private stack
                ret
            """;

    @ParameterizedTest
    @ValueSource(strings = {"interp", "jit"})
    void memoryTrafficIsCountedPerSpace(String engine) {
        try (KernelHarness h = KernelHarness.of(engine, 8, 1)) {
            Buffer out = h.ints(64);
            LaunchResult r = h.run(SPACES, Dim3.of(3), Dim3.of(16), 64, out);
            assertThat(r.fault()).isNull();
            int threads = 3 * 16;
            assertThat(r.statistics().memory()).isEqualTo(new LaunchStatistics.Memory(4L * threads, threads,
                    2L * threads, 4L * threads, 0, 4L * threads));
        }
    }

    private static final String FAULTS = """
                csrr t0, vx_lane_id
                li t1, 3
                li a1, 0
            loop:
                addi a1, a1, 1
                blt a1, t1, loop
                bne t0, zero, skip
                li a2, 7
            skip:
                slli t2, t0, 2
                lui t3, 0x70000
                add t3, t3, t2
                lw a3, 0(t3)
                ret
            """;

    @ParameterizedTest
    @ValueSource(strings = {"interp", "jit"})
    void flightRecorderShowsTheFaultingWarpsLastInstructions(String engine) {
        try (KernelHarness h = KernelHarness.of(engine, 8, 1)) {
            LaunchResult r = h.run(FAULTS, Dim3.of(1), Dim3.of(8), 0);
            KernelFault f = r.fault();
            assertThat(f.kind().label()).isEqualTo("out_of_bounds");
            List<Integer> pcs = f.recent().stream().map(KernelFault.Step::pc).toList();
            assertThat(pcs).containsExactly(0x00, 0x04, 0x08, 0x0c, 0x10, 0x0c, 0x10, 0x0c, 0x10, 0x14, 0x18, 0x1c,
                    0x20, 0x24, 0x28);
            KernelFault.Step li7 = f.recent().get(10);
            assertThat(li7.mask()).isEqualTo(0x1);
            assertThat(li7.wrote()).isEqualTo("a2 = 0x00000007 (lane 0)");
            assertThat(f.recent().get(3).wrote()).isEqualTo("a1 (overwritten later)");
            assertThat(f.recent().get(7).wrote()).isEqualTo("a1 = 0x00000003 (lane 0)");
            assertThat(f.recent().get(13).wrote()).isEqualTo("t3 = 0x70000000 (lane 0)");
            assertThat(f.recent().get(14).instruction()).isEqualTo("lw a3, 0(t3)");
            assertThat(f.recent().get(14).wrote()).isEmpty();
            assertThat(f.recent()).allMatch(st -> st.mask() == (st.pc() == 0x18 ? 0x1 : 0xff));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"interp", "jit"})
    void flightRecorderKeepsTheLast64Instructions(String engine) {
        String src = """
                    li t1, 100
                loop:
                    addi t1, t1, -1
                    bnez t1, loop
                    lui t3, 0x70000
                    lw a3, 0(t3)
                """;
        try (KernelHarness h = KernelHarness.of(engine, 4, 1)) {
            KernelFault f = h.run(src, Dim3.of(1), Dim3.of(4), 0).fault();
            assertThat(f.recent()).hasSize(64);
            assertThat(f.recent().get(63).pc()).isEqualTo(0x10);
            assertThat(f.recent().get(62).pc()).isEqualTo(0x0c);
            for (int k = 0; k < 62; k++) {
                assertThat(f.recent().get(k).pc()).isEqualTo(k % 2 == 0 ? 0x04 : 0x08);
            }
        }
    }

    /** A vector instruction that faults inside a compiled block: counters, report and tail as in the interpreter. */
    @Test
    void vectorFaultInACompiledBlockIsCountedAsInTheInterpreter() {
        String src = """
                    mv a1, a0
                    li t2, 2
                loop:
                    li t0, 4
                    vsetvli t1, t0, e32, m1, ta, ma
                    addi a2, a2, 1
                    vle32.v v1, (a1)
                    addi a3, a3, 1
                    lui a1, 0x70000
                    addi t2, t2, -1
                    bnez t2, loop
                    ret
                """;
        LaunchResult[] r = new LaunchResult[2];
        String[] engines = {"interp", "jit"};
        for (int k = 0; k < 2; k++) {
            try (KernelHarness h = KernelHarness.of(engines[k], 4, 1)) {
                r[k] = h.run(src, Dim3.of(1), Dim3.of(8), 0);
            }
        }
        assertThat(r[1].fault()).isNotNull();
        assertThat(r[1].fault().summary()).contains("vle32.v").contains("element 0")
                .isEqualTo(r[0].fault().summary());
        assertThat(r[1].warpInstructions()).isEqualTo(r[0].warpInstructions());
        assertThat(r[1].laneInstructions()).isEqualTo(r[0].laneInstructions());
        assertThat(r[1].fault().recent()).isEqualTo(r[0].fault().recent());
        assertThat(r[1].fault().recent().getLast().instruction()).startsWith("vle32.v");
    }

    @Test
    void traceRecordsCarryLaneResultsWhenAsked() {
        String src = """
                    csrr t0, vx_tid_x
                    slli t1, t0, 1
                    ret
                """;
        RecordingTracer tracer = new RecordingTracer(true, 4);
        try (KernelHarness h = KernelHarness.of("jit", 4, 1)) {
            h.device.setTracer(tracer);
            h.run(src, Dim3.of(1), Dim3.of(8), 0);
        }
        assertThat(tracer.fast()).containsExactly("t2 b0 w0 pc4 mf [0, 2, 4, 6]", "t5 b0 w1 pc4 mf [8, 10, 12, 14]");
        assertThat(tracer.launch).containsExactly("begin test.S workers 1", "end ok 6/24");
    }

    /**
     * Two warps of four: each issues 6 instructions up to the barrier (the divergent beqz sends lanes
     * 0-1 straight to the join), so warp 0 arrives at issue slot 6 and waits until warp 1 arrives at 12.
     */
    static final String BARRIER = """
                csrr t0, vx_tid_x
                andi t1, t0, 2
                beqz t1, joined
                addi t2, t2, 1
            joined:
                lui t3, 0x80002
                sw zero, 0(t3)       # the barrier register
                ret
            """;

    @Test
    void traceEventsOfDivergenceAndBarriers() {
        RecordingTracer tracer = new RecordingTracer();
        try (KernelHarness h = KernelHarness.of("interp", 4, 1)) {
            h.device.setTracer(tracer);
            assertThat(h.run(BARRIER, Dim3.of(1), Dim3.of(8), 0).fault()).isNull();
        }
        assertThat(tracer.slow()).containsSubsequence("t0 begin b0 (0,0,0) 2 warps", "t3 diverge b0 w0 pc8 3/c",
                "t4 reconverge b0 w0 pc10 f", "t6 wait b0 w0 pc14 id-1", "t9 diverge b0 w1 pc8 3/c",
                "t10 reconverge b0 w1 pc10 f", "t12 wait b0 w1 pc14 id-1", "t12 release b0 id-1", "t13 done b0 w0",
                "t14 done b0 w1", "t14 end b0 14/52");
    }

    static Stream<Integer> seeds() {
        return IntStream.range(0, 16).boxed();
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void tracedEnginesAgreeAndTracingChangesNothing(int seed) throws Exception {
        String src = new EngineDifferentialTest.ProgramGenerator(seed + 1000).generate(true);
        int warp = new int[] {32, 8, 64, 4}[seed % 4];
        RecordingTracer ti = new RecordingTracer();
        RecordingTracer tj = new RecordingTracer();
        EngineDifferentialTest.Run interp = EngineDifferentialTest.run("interp", src, 1, warp, ti);
        EngineDifferentialTest.Run jit = EngineDifferentialTest.run("jit", src, 1, warp, tj);
        EngineDifferentialTest.Run plain = EngineDifferentialTest.run("jit", src, 1, warp, null);
        assertThat(tj.fast()).as("instruction records").isEqualTo(ti.fast());
        assertThat(tj.slow()).as("events").isEqualTo(ti.slow());
        assertThat(tj.launch).isEqualTo(ti.launch);
        assertThat((long) ti.fast().size()).isEqualTo(interp.result().warpInstructions());
        assertThat(jit.memory()).isEqualTo(plain.memory());
        assertThat(jit.result().warpInstructions()).isEqualTo(plain.result().warpInstructions());
    }
}
