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
        return run(body, words, "interp");
    }

    static int[] run(String body, int words, String engine) throws Exception {
        String src = "    .globl k\nk:\n    lw t6, 0(a0)\n" + body + "\n    ret\n";
        try (Device d = Device.open(DeviceConfig.defaults().withVram(2L << 20).withThreads(1).withEngine(engine))) {
            Kernel k = Kernel.fromAssembly(src, "bug.S");
            Buffer out = d.alloc(4L * words);
            out.fill((byte) 0);
            LaunchResult r = d.launch(k, Dim3.of(1), Dim3.of(1), 0, out);
            assertThat(r.fault()).as("fault").isNull();
            return out.readInts();
        }
    }

    /**
     * KNOWN BUG (interp): {@code instret} and {@code cycle} do not advance between two reads in
     * the same scheduling quantum: two {@code rdinstret} separated by two {@code nop}s read the same
     * value (difference 0; the spec and the JIT give 3, the reads retire too). BlockContext.readCsr
     * returns {@code w.warpInstructions}, but Interpreter.run adds its local {@code steps} to
     * {@code w.warpInstructions} only in its {@code finally} block, when the quantum ends.
     * Fix (Interpreter.run, case {@code Form.CSR}): before {@code csr(...)}, flush the count of the
     * instructions before this one: {@code w.warpInstructions += steps - 1; steps = 1;} (the budget
     * test {@code w.warpInstructions + steps} and the final {@code +=} stay right). Then enable
     * {@code zicsr_counters.S} in SelfCheckingIsaTest (empty KNOWN_BUG_FILES).
     */
    @Test
    void instretAdvancesWithinAQuantum() throws Exception {
        String body = """
                    rdinstret t0
                    nop
                    nop
                    rdinstret t1
                    sub t2, t1, t0
                    sw t2, 0(t6)
                    rdcycle t0
                    nop
                    rdcycle t1
                    sub t2, t1, t0
                    sw t2, 4(t6)
                """;
        for (String engine : new String[] {"jit", "interp"}) {
            assertThat(run(body, 2, engine)).as(engine + ": instret and cycle deltas").containsExactly(3, 2);
        }
    }

    /** The self-checking zicsr_counters.S on rvsimt (SelfCheckingIsaTest skips it while the bug stands). */
    @Test
    void countersSelfCheckingProgram() throws Exception {
        String src = SelfCheckingIsaTest.source("zicsr_counters.S");
        for (String engine : new String[] {"jit", "interp"}) {
            LaunchResult r = SelfCheckingIsaTest.runOnRvsimt(src, "zicsr_counters.S",
                    DeviceConfig.defaults().withThreads(1).withEngine(engine));
            assertThat(r.fault()).as("%s: fault (exit code %d = case %d)", engine, r.exitCode(), r.exitCode() >> 1)
                    .isNull();
        }
    }
}
