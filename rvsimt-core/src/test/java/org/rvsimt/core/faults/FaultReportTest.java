package org.rvsimt.core.faults;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.DeviceConfig;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.core.api.Launch;
import org.rvsimt.core.api.LaunchResult;
import org.rvsimt.core.fault.FaultKind;
import org.rvsimt.core.fault.KernelFault;
import org.rvsimt.isa.DeviceIsa;

/**
 * What a fault report says: its kind, the instruction it names, and every lane it concerns. The
 * expected answers are worked out by hand from the kernels below (linked at address 0).
 */
class FaultReportTest {

    private static LaunchResult run(String engine, String source, Dim3 block, boolean exitedArrive, Object... args)
            throws Exception {
        return run(DeviceIsa.all(), engine, source, block, exitedArrive, args);
    }

    private static LaunchResult run(DeviceIsa isa, String engine, String source, Dim3 block, boolean exitedArrive,
                                    Object... args) throws Exception {
        try (Device d = Device.open(DeviceConfig.defaults().withEngine(engine).withThreads(1).withIsa(isa))) {
            Object[] resolved = args.clone();
            for (int i = 0; i < resolved.length; i++) {
                if (resolved[i] instanceof int[] words) {
                    resolved[i] = d.alloc(4L * words.length).write(words);
                }
            }
            Launch l = Launch.builder(Kernel.fromAssembly(source, "t.S"), Dim3.of(1), block)
                    .exitedArrive(exitedArrive).args(resolved).build();
            return d.launch(l);
        }
    }

    /** A device without C: instruction addresses are multiples of 4. */
    private static final DeviceIsa NO_C = DeviceIsa.parse("rv32imaf");

    private static final String JUMP_TO_18 = """
                auipc t0, 0          # 0x00: t0 = 0
                addi t0, t0, 18      # 0x04: _start + 18, inside the code, not a multiple of 4
                jr t0                # 0x08
                nop
                nop                  # 0x10: 0x00000013, its upper half 0x0000 at 0x12
                nop
                nop
                ret
            """;

    @ParameterizedTest
    @ValueSource(strings = {"interp", "jit"})
    void aJumpToAHalfwordAddressIsMisalignedAtTheJump(String engine) throws Exception {
        KernelFault f = run(NO_C, engine, JUMP_TO_18, Dim3.of(32), false).fault();
        assertThat(f).isNotNull();
        assertThat(f.kind()).isEqualTo(FaultKind.MISALIGNED);
        assertThat(f.pc()).isEqualTo(8);
        assertThat(f.address()).isEqualTo(18);
        assertThat(f.lanes()).isEqualTo(0xFFFF_FFFFL);
        assertThat(f.message()).contains("0x00000012").contains("multiple of 4");
    }

    /**
     * With the C extension every even address is an instruction address (jalr clears bit 0, so no
     * jump is misaligned): the jump runs the halfword there, the upper half of a nop, 0x0000, which
     * the specification defines as illegal.
     */
    @ParameterizedTest
    @ValueSource(strings = {"interp", "jit"})
    void withCAJumpToAHalfwordAddressRunsTheHalfwordThere(String engine) throws Exception {
        KernelFault f = run(engine, JUMP_TO_18, Dim3.of(32), false).fault();
        assertThat(f).isNotNull();
        assertThat(f.kind()).isEqualTo(FaultKind.ILLEGAL_INSTRUCTION);
        assertThat(f.pc()).isEqualTo(18);
        assertThat(f.message()).contains("illegal instruction 0x0000").contains("reserved");
    }

    @ParameterizedTest
    @ValueSource(strings = {"interp", "jit"})
    void aJalToAHalfwordAddressIsMisalignedAtTheJal(String engine) throws Exception {
        // jal zero, .+6 (the assembler would refuse it): J-type imm 6 is imm[10:1] = 3 at bits 21..30.
        String src = """
                    addi t1, zero, 1     # 0x00
                    .word 0x0060006f     # 0x04: jal zero, 0x0a
                    nop
                    ret
                """;
        KernelFault f = run(NO_C, engine, src, Dim3.of(32), false).fault();
        assertThat(f).isNotNull();
        assertThat(f.kind()).isEqualTo(FaultKind.MISALIGNED);
        assertThat(f.pc()).isEqualTo(4);
        assertThat(f.address()).isEqualTo(10);
    }

    @ParameterizedTest
    @ValueSource(strings = {"interp", "jit"})
    void everyLaneThatExitsWithACodeIsNamed(String engine) throws Exception {
        String src = """
                    li a0, 7
                    li a7, 93
                    ecall
                """;
        LaunchResult r = run(engine, src, Dim3.of(64), false);
        KernelFault f = r.fault();
        assertThat(r.exitCode()).isEqualTo(7);
        assertThat(f.kind()).isEqualTo(FaultKind.EXIT_CODE);
        assertThat(f.warp()).isZero();
        assertThat(f.lanes()).isEqualTo(0xFFFF_FFFFL);
        assertThat(f.laneCount()).isEqualTo(32);
        assertThat(f.firstLane()).isZero();
        assertThat(f.pc()).isEqualTo(8);
        assertThat(f.message()).contains("thread 0 of block (0,0,0) exited with code 7")
                .contains("32 threads of warp 0");
        assertThat(f.summary()).contains("lanes 0xffffffff (32 lanes)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"interp", "jit"})
    void everyLaneThatStoresOutOfBoundsIsNamed(String engine) throws Exception {
        // Odd lanes store at buffer + 0x70000000 (outside every window), even lanes into the buffer.
        String src = """
                    lw a1, 0(a0)
                    csrr t1, vx_lane_id
                    andi t1, t1, 1
                    neg t1, t1
                    lui t2, 0x70000
                    and t1, t1, t2
                    add t1, t1, a1
                    sw zero, 0(t1)
                    ret
                """;
        KernelFault f = run(engine, src, Dim3.of(32), false, (Object) new int[32]).fault();
        assertThat(f.kind()).isEqualTo(FaultKind.OUT_OF_BOUNDS);
        assertThat(f.pc()).isEqualTo(0x1c);
        assertThat(f.lanes()).isEqualTo(0xAAAA_AAAAL);
        assertThat(f.laneCount()).isEqualTo(16);
        assertThat(f.firstLane()).isEqualTo(1);
        assertThat(f.message()).endsWith("(lane 1)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"interp", "jit"})
    void everyLaneThatLoadsOutOfBoundsIsNamed(String engine) throws Exception {
        String src = """
                    lui t1, 0x70000
                    lw t1, 0(t1)         # rd = rs1: lanes that ran first must not confuse the report
                    ret
                """;
        KernelFault f = run(engine, src, Dim3.of(32), false).fault();
        assertThat(f.kind()).isEqualTo(FaultKind.OUT_OF_BOUNDS);
        assertThat(f.lanes()).isEqualTo(0xFFFF_FFFFL);
        assertThat(f.address()).isEqualTo(0x7000_0000L);
    }

    @ParameterizedTest
    @ValueSource(strings = {"interp", "jit"})
    void readingPastTheArgumentBlockFaultsAndSaysHowManyThereAre(String engine) throws Exception {
        String src = """
                    lw t0, 0(a0)         # the one argument
                    lw t1, 4(a0)         # a second one the launch does not have
                    ret
                """;
        LaunchResult r = run(engine, src, Dim3.of(32), false, 5);
        KernelFault f = r.fault();
        assertThat(f).isNotNull();
        assertThat(f.kind()).isEqualTo(FaultKind.OUT_OF_BOUNDS);
        assertThat(f.pc()).isEqualTo(4);
        assertThat(f.lanes()).isEqualTo(0xFFFF_FFFFL);
        assertThat(f.message()).contains("past the argument block").contains("the launch has 1 argument ");
        LaunchResult ok = run(engine, src, Dim3.of(32), false, 5, 6);
        assertThat(ok.fault()).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"interp", "jit"})
    void anExitAfterTheOthersWaitCountsAsArrivalWithExitedArrive(String engine) throws Exception {
        // if (__warpid() == 0) __syncthreads(); warp 0 waits first, then warp 1 exits.
        String src = """
                    csrr t0, vx_warp_id
                    bnez t0, 1f
                    lui t1, 0x80002
                    sw zero, 0(t1)
                1:  ret
                """;
        LaunchResult strict = run(engine, src, Dim3.of(64), false);
        assertThat(strict.fault()).isNotNull();
        assertThat(strict.fault().kind()).isEqualTo(FaultKind.BARRIER_DEADLOCK);
        LaunchResult r = run(engine, src, Dim3.of(64), true);
        assertThat(r.fault()).as("with exited warps counted as arrived").isNull();
    }
}
