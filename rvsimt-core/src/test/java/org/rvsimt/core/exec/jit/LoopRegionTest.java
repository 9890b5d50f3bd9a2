package org.rvsimt.core.exec.jit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.core.exec.EngineDifferentialTest;
import org.rvsimt.core.exec.program.Program;
import org.rvsimt.isa.DeviceIsa;

/**
 * Loop regions: which loops become one, and that running them agrees with the interpreter bit for
 * bit (VRAM, counters, statistics, faults and their flight recorder) where a region has to stop in
 * the middle: divergence inside the loop and at its exit, a break, a barrier store inside it (and
 * one reached while diverged), a fault inside it, nested loops, the watchdog, and warps racing on
 * one word so that the scheduling quantum's exact end shows in memory. Each kernel runs on several
 * warp widths and host-thread counts, with every block compiled at once and tiered.
 */
class LoopRegionTest {

    /** Regions are off by default: these tests turn them on (read when a block is compiled). */
    @BeforeAll
    static void regionsOn() {
        System.setProperty(LoopShape.MAX_LENGTH_PROPERTY, Integer.toString(LoopShape.SMALL_LOOP));
    }

    @AfterAll
    static void regionsOff() {
        System.clearProperty(LoopShape.MAX_LENGTH_PROPERTY);
    }

    /** Each thread's 256-byte slot in s0, its block's counter word in s1, its global id in t0, its lane in a7. */
    private static final String PROLOGUE = EngineDifferentialTest.SLOT_PROLOGUE + """
                lw s1, 4(a0)
                slli t6, t1, 2
                add s1, s1, t6
                csrr a7, vx_lane_id
                li t5, 0
                li t4, 0
                li t3, 0
                li a2, 0
                fcvt.s.w fa0, t0
                fcvt.s.w fa1, a7
            """;

    /** Everything the loop computed goes to memory. */
    private static final String EPILOGUE = """
            out:
                sw t3, 0(s0)
                sw t4, 4(s0)
                sw t5, 8(s0)
                sw a1, 12(s0)
                sw a2, 16(s0)
                fsw fa0, 24(s0)
                fsw fa1, 28(s0)
                frflags t6
                sw t6, 32(s0)
                ret
            """;

    /**
     * A kernel around one loop at label {@code loop}, and the instruction count of each block of the
     * region the loop should make (none: the loop must not become a region).
     */
    private record LoopKernel(String name, String body, int... parts) {
        String source() {
            return PROLOGUE + body + EPILOGUE;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    private static final LoopKernel[] KERNELS = {
        new LoopKernel("lane-dependent trip count, divergent if inside", """
                    andi a1, t0, 15
                    addi a1, a1, 3
                loop:
                    flw fa2, 40(s0)
                    fmadd.s fa0, fa1, fa0, fa2
                    add t6, t5, a7
                    andi t6, t6, 1
                    beqz t6, even
                    addi t4, t4, 3
                    sw t4, 44(s0)
                even:
                    addi t5, t5, 1
                    blt t5, a1, loop
                """, 5, 2, 2),
        new LoopKernel("uniform break", """
                    andi a2, t1, 3
                    addi a2, a2, 2
                    li a1, 40
                loop:
                    addi t5, t5, 1
                    lw t3, 48(s0)
                    add t3, t3, t5
                    sw t3, 48(s0)
                    beq t5, a2, out
                    fadd.s fa0, fa0, fa1
                    blt t5, a1, loop
                """, 4, 1, 2),
        new LoopKernel("divergent break", """
                    andi a2, t0, 7
                    addi a2, a2, 1
                    li a1, 40
                loop:
                    addi t5, t5, 1
                    beq t5, a2, out
                    fmul.s fa0, fa0, fa1
                    blt t5, a1, loop
                """, 2, 2),
        new LoopKernel("barrier store inside", """
                    lui s7, 0x80002
                    li a1, 6
                loop:
                    lw t3, 0(s1)
                    add t3, t3, t0
                    sw t3, 0(s1)
                    sw zero, 0(s7)
                    lw t4, 0(s1)
                    add t5, t5, t4
                    addi a2, a2, 1
                    blt a2, a1, loop
                """, 3, 1, 4),
        new LoopKernel("barrier store reached while diverged (fault)", """
                    andi a1, a7, 3
                    addi a1, a1, 1
                    lui s7, 0x80002
                loop:
                    addi t5, t5, 1
                    sw t5, 52(s0)
                    sw zero, 0(s7)
                    blt t5, a1, loop
                """, 2, 1, 1),
        new LoopKernel("load fault inside (out of VRAM)", """
                    mv t4, s0
                    li a1, 0x10000
                loop:
                    lw t3, 0(t4)
                    add t5, t5, t3
                    fadd.s fa0, fa0, fa1
                    add t4, t4, a1
                    j loop
                """, 5),
        new LoopKernel("nested: the inner loop is a region, the outer not", """
                    andi a2, a7, 3
                    addi a2, a2, 1
                    li a1, 5
                loop:
                    li t4, 0
                inner:
                    fmadd.s fa0, fa1, fa1, fa0
                    addi t4, t4, 1
                    blt t4, a2, inner
                    addi t5, t5, 1
                    sw t4, 56(s0)
                    blt t5, a1, loop
                """),
        new LoopKernel("endless loop stopped by the watchdog", """
                loop:
                    addi t5, t5, 1
                    xor t4, t4, t5
                    fmul.s fa0, fa0, fa1
                    j loop
                """, 4),
        new LoopKernel("warps racing on one word across quantum ends", """
                    li a1, 700
                loop:
                    lw t3, 0(s1)
                    add t3, t3, a7
                    addi t5, t5, 1
                    sw t3, 0(s1)
                    blt t5, a1, loop
                """, 4, 1),
        // Every lane's inexact flag is set before the loop (1/3), so the float ops may take host
        // SIMD; the loads read one 32-lane run of consecutive words that no thread writes (lane 0's
        // product is 0, whose chunk goes lane by lane).
        new LoopKernel("host-SIMD loads and float ops", """
                    li t6, 1
                    fcvt.s.w fa3, t6
                    li t6, 3
                    fcvt.s.w fa4, t6
                    fdiv.s fa5, fa3, fa4
                    lw s2, 0(a0)
                    andi t6, a7, 31
                    slli t6, t6, 2
                    add s2, s2, t6
                    li a1, 24
                loop:
                    flw fa2, 96(s2)
                    lw t3, 96(s2)
                    fmadd.s fa0, fa5, fa2, fa0
                    fmul.s fa1, fa1, fa5
                    fadd.s fa0, fa0, fa1
                    add t4, t4, t3
                    fsw fa0, 60(s0)
                    addi t5, t5, 1
                    blt t5, a1, loop
                """, 7, 2),
    };

    static Stream<LoopKernel> kernels() {
        return Arrays.stream(KERNELS);
    }

    /** Each kernel on warp widths 32, 8, 1 and 64, on one and two host threads. */
    static Stream<Arguments> runs() {
        int[][] shapes = {{32, 1}, {8, 2}, {1, 1}, {64, 2}};
        return kernels().flatMap(k -> Arrays.stream(shapes).map(s -> Arguments.of(k, s[0], s[1])));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kernels")
    void loopsBecomeRegionsOfTheirBlocks(LoopKernel k) throws Exception {
        Kernel kernel = Kernel.fromAssembly(k.source(), "loop.S");
        Program p = kernel.program(DeviceIsa.all());
        int header = (kernel.symbol("loop").orElseThrow() - p.base) >>> 1;
        int[][] parts = LoopShape.find(p, header, LoopShape.SMALL_LOOP);
        if (k.parts().length == 0) {
            assertThat(parts).isNull();
        } else {
            assertThat(parts).isNotNull();
            assertThat(Arrays.stream(parts).mapToInt(a -> a.length).toArray()).containsExactly(k.parts());
        }
    }

    @Test
    void innerLoopOfTheNestIsARegion() throws Exception {
        LoopKernel nest = KERNELS[6];
        Kernel kernel = Kernel.fromAssembly(nest.source(), "loop.S");
        Program p = kernel.program(DeviceIsa.all());
        int inner = (kernel.symbol("inner").orElseThrow() - p.base) >>> 1;
        assertThat(LoopShape.find(p, inner, LoopShape.SMALL_LOOP)).hasDimensions(1, 3);
    }

    @Test
    void callsAndLongBodiesAreNoRegions() throws Exception {
        String call = PROLOGUE + """
                loop:
                    addi t5, t5, 1
                    jal ra, leaf
                    j loop
                leaf:
                    addi t4, t4, 1
                """ + EPILOGUE;
        StringBuilder longBody = new StringBuilder(PROLOGUE).append("loop:\n");
        for (int i = 0; i <= LoopShape.SMALL_LOOP; i++) {
            longBody.append("    addi t5, t5, 1\n");
        }
        longBody.append("    blt t5, a1, loop\n").append(EPILOGUE);
        for (String src : new String[] {call, longBody.toString()}) {
            Kernel kernel = Kernel.fromAssembly(src, "loop.S");
            Program p = kernel.program(DeviceIsa.all());
            assertThat(LoopShape.find(p, (kernel.symbol("loop").orElseThrow() - p.base) >>> 1,
                    LoopShape.SMALL_LOOP)).isNull();
        }
    }

    @ParameterizedTest(name = "{0}, warp {1}, {2} host threads")
    @MethodSource("runs")
    void regionsMatchTheInterpreter(LoopKernel k, int warp, int threads) throws Exception {
        String src = k.source();
        EngineDifferentialTest.sameOutcome(0, src, threads, warp,
                EngineDifferentialTest.run("interp", src, threads, warp), EngineDifferentialTest.run("jit", src, threads, warp));
    }

    /** Tiered: blocks and regions compiled on the background thread and taken at a later arrival. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("kernels")
    void tieredRegionsMatchTheInterpreter(LoopKernel k) throws Exception {
        String src = k.source();
        EngineDifferentialTest.Run interp = EngineDifferentialTest.run("interp", src, 2, 32);
        String before = System.getProperty(THRESHOLD);
        System.setProperty(THRESHOLD, "2");
        try {
            EngineDifferentialTest.sameOutcome(0, src, 2, 32, interp, EngineDifferentialTest.run("jit", src, 2, 32));
        } finally {
            System.setProperty(THRESHOLD, before == null ? "0" : before);
        }
    }

    private static final String THRESHOLD = "rvsimt.jit.compileThreshold";
}
