package org.rvsimt.core.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.rvsimt.core.api.Buffer;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.DeviceConfig;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.core.api.LaunchResult;

/**
 * Minimal reproducers of engine and ISA-table bugs found by the conformance tests. They fail
 * until the main code is fixed; each names the fix. When one passes, remove the matching
 * workaround (see {@link QemuDifferentialTest#AVOID} and the notes in {@link SelfCheckingIsaTest}).
 */
class KnownBugsTest {

    /** Runs {@code body} as one thread; the body gets the output buffer address in t6 and ends with ret. */
    static int[] run(String body, int words) throws Exception {
        String src = "    .globl k\nk:\n    lw t6, 0(a0)\n" + body + "\n    ret\n";
        try (Device d = Device.open(DeviceConfig.defaults().withVram(2L << 20).withThreads(1))) {
            Kernel k = Kernel.fromAssembly(src, "bug.S");
            Buffer out = d.alloc(4L * words);
            out.fill((byte) 0);
            LaunchResult r = d.launch(k, Dim3.of(1), Dim3.of(1), 0, out);
            assertThat(r.fault()).as("fault").isNull();
            return out.readInts();
        }
    }

    /**
     * KNOWN BUG: {@code sltiu} (and so the {@code seqz} pseudo-instruction) cannot be loaded: the
     * launch throws {@code IllegalStateException: no engine implementation for sltiu (IntOps.slti)}.
     * InstructionSet derives the semantics name of the OP-IMM instructions by dropping the last
     * letter of the mnemonic, which turns {@code sltiu} into {@code slti} instead of {@code sltu}
     * (docs/isa.md shows {@code sltiu ... IntOps.slti}).
     * Fix (rvsimt-isa InstructionSet, the {@code opi} loop): use
     * {@code opi[i].equals("sltiu") ? "sltu" : opi[i].substring(0, opi[i].length() - 1)}.
     */
    @Test
    void sltiuAndSeqz() throws Exception {
        int[] r = run("""
                    li t0, 5
                    sltiu t1, t0, 7
                    sltiu t2, t0, -1
                    sltiu t3, t0, 5
                    seqz t4, zero
                    sw t1, 0(t6)
                    sw t2, 4(t6)
                    sw t3, 8(t6)
                    sw t4, 12(t6)
                """, 4);
        assertThat(r).containsExactly(1, 1, 0, 1);
    }
}
