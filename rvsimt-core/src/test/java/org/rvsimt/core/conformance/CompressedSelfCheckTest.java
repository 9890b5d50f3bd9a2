package org.rvsimt.core.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.DeviceConfig;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.core.api.LaunchOptions;
import org.rvsimt.core.api.LaunchResult;
import org.rvsimt.isa.DeviceIsa;

/**
 * Every compressed instruction of RV32FC in one self-checking program (riscv-tests convention: a0 = 0
 * when every case passed, else (case << 1) | 1), its expected values worked out by hand from the
 * specification, assembled by clang under {@code .option rvc}. It passes on qemu-riscv32 (which checks
 * the expectations) and on both engines with 32- and 1-lane warps; a device without C faults on its
 * first compressed instruction and names the missing extension.
 */
class CompressedSelfCheckTest {

    static final String SOURCE = """
                .option norelax
                .option rvc
                .data
                .p2align 4
            area:
                .word 0x11111111, 0x22222222, 0x33333333, 0x44444444
                .text
                .globl test_main
            test_main:
                # 1: c.li, c.addi
                li gp, 1
                c.li a0, -5
                c.addi a0, 7
                li t2, 2
                bne a0, t2, fail
                # 2: c.lui (sign-extended upper immediate)
                li gp, 2
                c.lui a1, 0xfffe1
                li t2, 0xfffe1000
                bne a1, t2, fail
                # 3: c.addi16sp and c.addi4spn move and address the stack
                li gp, 3
                c.mv s1, sp
                c.addi16sp sp, -64
                c.addi4spn a0, sp, 16
                sub a0, a0, s1
                li t2, -48
                bne a0, t2, fail
                # 4: c.swsp and c.lwsp, c.fswsp and c.flwsp through the stack
                li gp, 4
                li a1, 0x5a5aa5a5
                c.swsp a1, 8(sp)
                c.lwsp a2, 8(sp)
                bne a2, a1, fail
                fmv.w.x ft1, a1
                c.fswsp ft1, 12(sp)
                c.flwsp fa5, 12(sp)
                fmv.x.w a3, fa5
                bne a3, a1, fail
                c.addi16sp sp, 64
                bne sp, s1, fail
                # 5: c.lw, c.sw, c.flw, c.fsw against a data area
                li gp, 5
                la s0, area
                c.lw a4, 8(s0)
                li t2, 0x33333333
                bne a4, t2, fail
                c.sw a4, 0(s0)
                lw a5, 0(s0)
                bne a5, t2, fail
                c.flw fs1, 12(s0)
                c.fsw fs1, 4(s0)
                lw a5, 4(s0)
                li t2, 0x44444444
                bne a5, t2, fail
                # 6: the register-register and shift forms
                li gp, 6
                li s0, 0x0f0f00ff
                li a5, 0x00ff0f0f
                c.mv a2, s0
                c.and a2, a5
                li t2, 0x000f000f
                bne a2, t2, fail
                c.mv a2, s0
                c.or a2, a5
                li t2, 0x0fff0fff
                bne a2, t2, fail
                c.mv a2, s0
                c.xor a2, a5
                li t2, 0x0ff00ff0
                bne a2, t2, fail
                c.mv a2, s0
                c.sub a2, a5
                li t2, 0x0e0ff1f0
                bne a2, t2, fail
                c.mv a2, s0
                c.add a2, a5
                li t2, 0x100e100e
                bne a2, t2, fail
                li a3, 0x80000010
                c.mv a4, a3
                c.srai a4, 4
                li t2, 0xf8000001
                bne a4, t2, fail
                c.mv a4, a3
                c.srli a4, 4
                li t2, 0x08000001
                bne a4, t2, fail
                c.slli a3, 3
                li t2, 0x80
                bne a3, t2, fail
                c.andi a2, -16
                li t2, 0x100e1000
                bne a2, t2, fail
                # 7: c.jal links pc + 2, c.jr returns, c.jalr calls through a register
                li gp, 7
                c.jal leaf
            after_jal:
                la t2, after_jal
                bne a4, t2, fail
                la t1, leaf
                c.jalr t1
            after_jalr:
                la t2, after_jalr
                bne a4, t2, fail
                # 8: c.beqz and c.bnez, taken and not, and c.j
                li gp, 8
                c.li a0, 0
                c.li a1, 1
                c.bnez a0, fail
                c.beqz a1, fail
                c.beqz a0, 1f
                j fail
            1:  c.bnez a1, 2f
                j fail
            2:  c.j 3f
                j fail
            3:  c.nop
                li a0, 0
                li a7, 93
                ecall
            leaf:
                c.mv a4, ra
                c.jr ra
            fail:
                slli a0, gp, 1
                ori a0, a0, 1
                li a7, 93
                ecall
            """;

    private static final DeviceConfig BASE = DeviceConfig.defaults().withVram(4L << 20).withThreads(1);

    @Test
    void everyCompressedInstructionRunsAsSpecifiedOnQemuAndBothEngines() throws Exception {
        String missing = Toolchain.missingTools();
        Assumptions.assumeTrue(missing == null, "install qemu-user clang-19 lld-19 (missing " + missing + ")");
        Path dir = Files.createTempDirectory("rvsimt-rvc");
        try {
            byte[] elf = Toolchain.build(dir, "rvc", SOURCE + "\n    .text\n    .globl _start\n_start:\n    j test_main\n",
                    0x10000, -1);
            Toolchain.Run q = Toolchain.qemu(dir, dir.resolve("rvc.elf"), 30, List.of(), List.of());
            assertThat(q.exitStatus()).as("qemu-riscv32: failing case %s", q.exitStatus() >> 1).isZero();

            Kernel k = Kernel.fromElf(elf, "rvc.elf", 4L << 20);
            LaunchOptions o = LaunchOptions.defaults().withEntry(k.symbol("test_main").orElseThrow());
            int compressed = 0;
            for (DeviceConfig c : new DeviceConfig[] {BASE.withEngine("interp"), BASE.withEngine("jit"),
                BASE.withEngine("interp").withWarpSize(1), BASE.withEngine("jit").withWarpSize(1)}) {
                try (Device d = Device.open(c)) {
                    LaunchResult r = d.launch(k, Dim3.of(1), Dim3.of(1), 0, o);
                    assertThat(r.fault() == null || r.fault().kind().label().equals("exit_code"))
                            .as("%s warp %d: %s", c.engine(), c.warpSize(), r.fault() == null ? "" : r.fault().summary())
                            .isTrue();
                    assertThat(r.exitCode()).as("%s warp %d: failing case %d", c.engine(), c.warpSize(),
                            r.exitCode() >> 1).isZero();
                }
            }
            // The program really is compressed: its first instruction (c.li a0... after li gp) is 16 bits.
            for (var s : k.image().segments()) {
                if (s.executable()) {
                    for (int off = 0; off + 2 <= s.data().length; off += 2) {
                        compressed += (s.data()[off] & 3) != 3 && off % 4 == 0 ? 1 : 0;
                    }
                }
            }
            assertThat(compressed).isGreaterThan(10);

            try (Device d = Device.open(BASE.withEngine("jit").withIsa(DeviceIsa.parse("rv32imaf")))) {
                LaunchResult r = d.launch(k, Dim3.of(1), Dim3.of(1), 0, o);
                assertThat(r.fault()).isNotNull();
                assertThat(r.fault().kind().label()).isEqualTo("illegal_instruction");
                assertThat(r.fault().summary()).contains("lacks c");
            }
        } finally {
            Toolchain.deleteTree(dir);
        }
    }
}
