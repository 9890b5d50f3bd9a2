package org.rvsimt.core.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Self-modifying code and {@code fence.i} (unprivileged specification, Zifencei: a fence.i makes the
 * hart's earlier stores to instruction memory visible to its later instruction fetches). A loop
 * rewrites one of its own instructions ({@code addi t0, zero, 1} becomes {@code addi t0, zero, 2},
 * word 0x00200293) at the end of its first pass and executes {@code fence.i} at the end of its second:
 * the third and later passes must run the new instruction. Without the fence.i, rvsimt keeps running
 * the instruction it predecoded (documented in docs/extensions.md), which the second pass shows. The
 * loop runs long enough for the JIT to have compiled the block holding the rewritten instruction, so
 * the compiled block must be dropped too.
 */
class FenceITest {

    private static final String KERNEL = """
                .globl k
            k:
                lw a1, 0(a0)
                li s0, 0
                li s1, 40
            loop:
            patch:
                addi t0, zero, 1
                slli t3, s0, 2
                add t3, t3, a1
                sw t0, 0(t3)
                li t4, 0
                bne s0, t4, 1f
                la t1, patch
                li t2, 0x00200293
                sw t2, 0(t1)
            1:
                li t4, 1
                bne s0, t4, 2f
                fence.i
            2:
                addi s0, s0, 1
                blt s0, s1, loop
                ret
            """;

    @ParameterizedTest
    @ValueSource(strings = {"interp", "jit"})
    void storesIntoCodeTakeEffectAfterFenceI(String engine) throws Exception {
        DeviceConfig config = DeviceConfig.defaults().withVram(4L << 20).withThreads(1).withEngine(engine);
        Kernel k = Kernel.fromAssembly(KERNEL, "smc.S");
        for (int launch = 0; launch < 2; launch++) {
            try (Device d = Device.open(config)) {
                Buffer out = d.alloc(40 * 4);
                LaunchResult r = d.launch(k, Dim3.of(1), Dim3.of(4), 0, out);
                assertThat(r.ok()).as("%s: %s", engine, r.fault() == null ? "" : r.fault().summary()).isTrue();
                int[] v = out.readInts();
                assertThat(v[0]).as("first pass, before the store").isEqualTo(1);
                assertThat(v[1]).as("second pass: stored, no fence.i yet (rvsimt keeps the old instruction)")
                        .isEqualTo(1);
                for (int i = 2; i < 40; i++) {
                    assertThat(v[i]).as("pass %d, after fence.i (launch %d, %s)", i, launch, engine).isEqualTo(2);
                }
            }
        }
        // the kernel's own code is unchanged: a later launch starts from the original instruction again
        assertThat(k.program().disassemble(k.program().base() + 12)).isEqualTo("li t0, 1");
    }
}
