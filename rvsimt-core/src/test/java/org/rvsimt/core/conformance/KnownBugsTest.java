package org.rvsimt.core.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import org.rvsimt.core.api.Buffer;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.DeviceConfig;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.core.api.LaunchResult;

/**
 * Minimal reproducers of engine and ISA-table bugs found by the conformance tests. They fail
 * until the main code is fixed; each names the fix. When one passes, move it to the suite it
 * belongs to and remove the matching workaround ({@link QemuDifferentialTest#AVOID}).
 *
 * <p>None is open. Fixed so far: {@code sltiu}/{@code seqz} could not be loaded (ISA table named
 * their semantics {@code IntOps.slti}); the interpreter's {@code instret}/{@code cycle} did not
 * advance within a scheduling quantum (now {@link SelfCheckingIsaTest#countersAdvanceExactly}).
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
}
