package org.rvsimt.core.faults;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.rvsimt.core.api.Buffer;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.DeviceConfig;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.core.api.LaunchOptions;
import org.rvsimt.core.api.LaunchResult;
import org.rvsimt.core.fault.KernelFault;

/**
 * Faults through the Java API, on both engines: the launch returns (no exception) with a
 * {@link KernelFault} that says what, where and who; the device stays usable afterwards and the
 * buffers allocated before the fault keep their contents.
 */
class KernelFaultApiTest {
    static final String[] ENGINES = {"interp", "jit"};

    /** Lane 2 of block 1 runs {@code body} (the faulting instruction is labelled {@code bad}); the rest return. */
    static String oneLane(String body) {
        return """
                    .globl k
                k:
                    csrr t0, 0xCD6
                    li t1, 1
                    bne t0, t1, done
                    csrr t0, 0xCC0
                    li t1, 2
                    bne t0, t1, done
                """ + body + """
                done:
                    ret
                """;
    }

    /** name, source, block size, kind, address (or -1), expected lanes, block x, warp, options. */
    record Case(String name, String source, int block, String kind, long address, long lanes, int blockX, int warp,
                LaunchOptions options) {
        @Override
        public String toString() {
            return name;
        }
    }

    static List<Case> faults() {
        LaunchOptions d = LaunchOptions.defaults();
        long lane2 = 1L << 2;
        List<Case> c = new ArrayList<>();
        c.add(new Case("illegal .word 0", oneLane(".globl bad\nbad: .word 0\n"), 8, "illegal_instruction", -1, lane2, 1,
                0, d));
        c.add(new Case("illegal .word 0xFFFFFFFF", oneLane(".globl bad\nbad: .word 0xFFFFFFFF\n"), 8,
                "illegal_instruction", -1, lane2, 1, 0, d));
        c.add(new Case("lw beyond VRAM", oneLane("lui t0, 0x80000\naddi t0, t0, -16\n.globl bad\nbad: lw t1, 0(t0)\n"), 8,
                "out_of_bounds", 0x7FFFFFF0L, lane2, 1, 0, d));
        c.add(new Case("sw beyond VRAM", oneLane("lui t0, 0x80000\naddi t0, t0, -16\n.globl bad\nbad: sw t1, 0(t0)\n"), 8,
                "out_of_bounds", 0x7FFFFFF0L, lane2, 1, 0, d));
        c.add(new Case("lw unmapped 0x90000000", oneLane("lui t0, 0x90000\n.globl bad\nbad: lw t1, 0(t0)\n"), 8,
                "out_of_bounds", 0x90000000L, lane2, 1, 0, d));
        c.add(new Case("fsw unmapped 0x90000000", oneLane("lui t0, 0x90000\n.globl bad\nbad: fsw ft0, 8(t0)\n"), 8,
                "out_of_bounds", 0x90000008L, lane2, 1, 0, d));
        c.add(new Case("misaligned lw", oneLane("li t0, 0x1001\n.globl bad\nbad: lw t1, 0(t0)\n"), 8, "misaligned", 0x1001,
                lane2, 1, 0, d));
        c.add(new Case("misaligned sw", oneLane("li t0, 0x1002\n.globl bad\nbad: sw t1, 0(t0)\n"), 8, "misaligned", 0x1002,
                lane2, 1, 0, d));
        c.add(new Case("misaligned lh", oneLane("li t0, 0x1001\n.globl bad\nbad: lh t1, 0(t0)\n"), 8, "misaligned", 0x1001,
                lane2, 1, 0, d));
        c.add(new Case("misaligned amoadd", oneLane("li t0, 0x1002\n.globl bad\nbad: amoadd.w t1, t2, (t0)\n"), 8,
                "misaligned", 0x1002, lane2, 1, 0, d));
        c.add(new Case("store to the CTRL window", oneLane("lui t0, 0x80000\n.globl bad\nbad: sw t1, 0(t0)\n"), 8, null,
                0x80000000L, lane2, 1, 0, d));
        c.add(new Case("fetch outside the code", oneLane("lui t0, 0x10000\n.globl bad\nbad: jr t0\n"), 8, "out_of_bounds",
                0x10000000L, lane2, 1, 0, d));
        c.add(new Case("ecall a7 = 1234", oneLane("li a7, 1234\n.globl bad\nbad: ecall\n"), 8, "illegal_instruction", -1,
                lane2, 1, 0, d));
        c.add(new Case("ecall write from unmapped memory", oneLane("li a7, 64\nli a0, 1\nlui a1, 0x90000\nli a2, 4\n"
                + ".globl bad\nbad: ecall\n"), 8, "out_of_bounds", 0x90000000L, lane2, 1, 0, d));
        c.add(new Case("csrw read-only 0xCC0", oneLane("li t2, 1\n.globl bad\nbad: csrw 0xCC0, t2\n"), 8,
                "illegal_instruction", -1, lane2, 1, 0, d));
        c.add(new Case("csrwi read-only 0xCD3", oneLane(".globl bad\nbad: csrwi 0xCD3, 1\n"), 8, "illegal_instruction", -1,
                lane2, 1, 0, d));
        c.add(new Case("unknown CSR 0x7C0", oneLane(".globl bad\nbad: csrr t2, 0x7C0\n"), 8, "illegal_instruction", -1,
                lane2, 1, 0, d));
        c.add(new Case("exit code 3", oneLane("li a7, 93\nli a0, 3\n.globl bad\nbad: ecall\n"), 8, "exit_code", -1, lane2,
                1, 0, d));
        c.add(new Case("watchdog", ".globl bad\nbad: j bad\n", 1, "watchdog", -1, 1, 0, 0, d.withWatchdog(1000)));
        c.add(new Case("barrier_deadlock", """
                    .globl k
                k:
                    csrr t0, 0xCC1
                    bnez t0, 1f
                    ret
                1:  lui t1, 0x80002
                    .globl bad
                bad: sw zero, 0(t1)
                    ret
                """, 64, "barrier_deadlock", -1, 0xFFFF_FFFFL, 0, 1, d));
        c.add(new Case("divergent_barrier", """
                    .globl k
                k:
                    csrr t0, 0xCC0
                    andi t0, t0, 1
                    beqz t0, 1f
                    lui t1, 0x80002
                    .globl bad
                bad: sw zero, 0(t1)
                1:  ret
                """, 32, "divergent_barrier", -1, 0xAAAA_AAAAL, 0, 0, d));
        return c;
    }

    static Stream<Arguments> faultsOnBothEngines() {
        return faults().stream().flatMap(c -> Stream.of(ENGINES).map(e -> Arguments.of(e, c)));
    }

    static Device device(String engine) {
        return Device.open(DeviceConfig.defaults().withVram(8L << 20).withEngine(engine).withThreads(2));
    }

    static Kernel kernel(String source) {
        try {
            return Kernel.fromAssembly(source, "fault.S");
        } catch (org.rvsimt.isa.asm.AsmException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }

    static final String VECADD = """
                .globl vecadd
            vecadd:
                lw t0, 0(a0)
                lw t1, 4(a0)
                lw t2, 8(a0)
                lw t3, 12(a0)
                csrr t4, 0xCD3
                csrr t5, 0xCD6
                csrr t6, 0xCD9
                mul t5, t5, t6
                add t4, t4, t5
                bge t4, t0, 1f
                slli t4, t4, 2
                add t1, t1, t4
                add t2, t2, t4
                add t3, t3, t4
                lw a1, 0(t1)
                lw a2, 0(t2)
                add a1, a1, a2
                sw a1, 0(t3)
            1:  ret
            """;

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("faultsOnBothEngines")
    @Timeout(20)
    void faultIsReportedAndTheDeviceStaysUsable(String engine, Case f) {
        try (Device dev = device(engine)) {
            int n = 100;
            int[] a = new int[n];
            for (int i = 0; i < n; i++) {
                a[i] = i * 7 + 1;
            }
            Buffer keep = dev.alloc(4L * n).write(a);
            long before = dev.allocatedBytes();
            Kernel k = kernel(f.source());
            LaunchResult r = dev.launch(k, Dim3.of(f.blockX() + 1), Dim3.of(f.block()), 0, f.options(), keep);
            assertThat(r.ok()).isFalse();
            KernelFault fault = r.fault();
            assertThat(fault).isNotNull();
            if (f.kind() != null) {
                assertThat(fault.kind().label()).isEqualTo(f.kind());
            } else {
                assertThat(fault.kind().label()).isIn("out_of_bounds", "read_only");
            }
            int bad = f.name().startsWith("fetch") ? 0x10000000 : k.symbol("bad").orElseThrow();
            if (!"exit_code".equals(f.kind())) {     // see api.KnownBugsTest
                assertThat(fault.pc()).as("pc").isEqualTo(bad);
            }
            assertThat(fault.instruction()).isNotBlank();
            assertThat(fault.block()).containsExactly(f.blockX(), 0, 0);
            assertThat(fault.warp()).isEqualTo(f.warp());
            assertThat(fault.lanes()).as("lanes 0x%x", fault.lanes()).isEqualTo(f.lanes());
            assertThat(fault.address()).isEqualTo(f.address());
            assertThat(fault.message()).isNotBlank().doesNotContain("\n");
            assertThat(fault.summary()).contains(fault.kind().label()).contains(String.format("0x%08x", fault.pc()));
            if (f.kind() != null && !f.kind().equals("exit_code") && !f.kind().equals("watchdog")) {
                assertThat(r.exitCode()).isZero();
            }

            // The device is still usable: the argument block was freed, old buffers are intact,
            // and a good kernel runs correctly on the same device.
            assertThat(dev.allocatedBytes()).isEqualTo(before);
            assertThat(keep.readInts()).containsExactly(a);
            Buffer b = dev.alloc(4L * n).write(a);
            Buffer c = dev.alloc(4L * n).fill((byte) 0);
            LaunchResult ok = dev.launch(kernel(VECADD), Dim3.of(2), Dim3.of(64), 0, n, keep, b, c);
            assertThat(ok.ok()).as("good launch after a fault: %s", ok.fault()).isTrue();
            int[] sum = c.readInts();
            for (int i = 0; i < n; i++) {
                assertThat(sum[i]).isEqualTo(2 * a[i]);
            }
            // ...and the faulting kernel faults the same way again.
            LaunchResult again = dev.launch(k, Dim3.of(f.blockX() + 1), Dim3.of(f.block()), 0, f.options(), keep);
            assertThat(again.fault()).isNotNull();
            assertThat(again.fault().kind().label()).isEqualTo(fault.kind().label());
            assertThat(again.fault().pc()).isEqualTo(fault.pc());
        }
    }

    /** Every block faults; the report is the lowest block, whatever the host thread count. */
    @ParameterizedTest
    @ValueSource(strings = {"interp", "jit"})
    void lowestFaultingBlockIsReported(String engine) {
        try (Device dev = Device.open(DeviceConfig.defaults().withVram(4L << 20).withEngine(engine).withThreads(4))) {
            Kernel k = kernel("csrr t0, 0xCD6\nslli t0, t0, 4\nlui t1, 0x90000\nadd t0, t0, t1\nlw t2, 0(t0)\nret\n");
            for (int rep = 0; rep < 5; rep++) {
                LaunchResult r = dev.launch(k, Dim3.of(64), Dim3.of(32), 0);
                assertThat(r.fault().kind().label()).isEqualTo("out_of_bounds");
                assertThat(r.fault().block()).containsExactly(0, 0, 0);
                assertThat(r.fault().address()).isEqualTo(0x90000000L);
                assertThat(r.fault().lanes() & 1).as("lane 0 is among the faulting lanes").isEqualTo(1);
            }
        }
    }

    /** With exitedArrive, the barrier_deadlock case completes: exited warps count as arrived. */
    @ParameterizedTest
    @ValueSource(strings = {"interp", "jit"})
    void exitedArriveLetsTheBarrierComplete(String engine) {
        Case dl = faults().stream().filter(c -> c.kind() != null && c.kind().equals("barrier_deadlock")).findFirst()
                .orElseThrow();
        try (Device dev = device(engine)) {
            LaunchResult r = dev.launch(kernel(dl.source()), Dim3.of(1), Dim3.of(64), 0,
                    LaunchOptions.defaults().withExitedArrive(true));
            assertThat(r.ok()).as("%s", r.fault()).isTrue();
        }
    }

    /** A watchdog stops every warp of a large endless launch quickly. */
    @ParameterizedTest
    @ValueSource(strings = {"interp", "jit"})
    @Timeout(20)
    void watchdogOnAManyBlockLaunch(String engine) {
        try (Device dev = device(engine)) {
            long t0 = System.nanoTime();
            LaunchResult r = dev.launch(kernel("1: j 1b\n"), Dim3.of(1000), Dim3.of(256), 0,
                    LaunchOptions.defaults().withWatchdog(10_000));
            assertThat((System.nanoTime() - t0) / 1e9).isLessThan(10);
            assertThat(r.fault().kind().label()).isEqualTo("watchdog");
            assertThat(r.fault().block()).containsExactly(0, 0, 0);
        }
    }

    /** A thread that exits with a code marks the launch failed, the other threads still finish. */
    @Test
    void exitCodeIsReportedWithTheThread() {
        try (Device dev = device("jit")) {
            Buffer out = dev.alloc(4 * 8).fill((byte) 0);
            Kernel k = kernel("""
                    lw t6, 0(a0)
                    csrr t0, 0xCD3
                    slli t1, t0, 2
                    add t1, t1, t6
                    li t2, 1
                    sw t2, 0(t1)
                    li t3, 5
                    bne t0, t3, 1f
                    li a7, 93
                    li a0, 42
                    ecall
                1:  ret
                    """);
            LaunchResult r = dev.launch(k, Dim3.of(1), Dim3.of(8), 0, out);
            assertThat(r.exitCode()).isEqualTo(42);
            assertThat(r.fault().kind().label()).isEqualTo("exit_code");
            assertThat(r.fault().lanes()).isEqualTo(1L << 5);
            assertThat(r.fault().message()).contains("42");
            assertThat(out.readInts()).containsOnly(1);
        }
    }

    /**
     * Every thread reads its private stack before writing it: a block never sees what an earlier
     * block on the same host thread left there (stacks are allocated on first touch), and the top
     * and bottom words of the window are usable.
     */
    @ParameterizedTest
    @ValueSource(strings = {"interp", "jit"})
    void privateStacksStartZeroedInEveryBlock(String engine) {
        try (Device dev = Device.open(DeviceConfig.defaults().withVram(4L << 20).withEngine(engine).withThreads(1)
                .withStackBytes(64 * 1024))) {
            Kernel k = kernel("""
                        lw t6, 0(a0)
                        csrr t0, 0xCD3
                        csrr t1, 0xCD6
                        csrr t2, 0xCD9
                        mul t1, t1, t2
                        add t0, t0, t1
                        slli t0, t0, 2
                        add t6, t6, t0
                        lw t1, -4(sp)
                        li t3, 0x10000
                        sub t3, sp, t3
                        lw t2, 0(t3)
                        or t1, t1, t2
                        sw t1, 0(t6)
                        li t2, 0x5A5A
                        sw t2, -4(sp)
                        sw t2, 0(t3)
                        ret
                    """);
            int threads = 16 * 256;
            Buffer out = dev.alloc(4L * threads).fill((byte) 0x77);
            LaunchResult r = dev.launch(k, Dim3.of(16), Dim3.of(256), 0, out);
            assertThat(r.ok()).as("%s", r.fault()).isTrue();
            assertThat(out.readInts()).containsOnly(0);
            LaunchResult again = dev.launch(k, Dim3.of(16), Dim3.of(256), 0, out);
            assertThat(again.ok()).isTrue();
            assertThat(out.readInts()).as("and again in a second launch").containsOnly(0);
        }
    }

    /** ebreak and ecall 93 with a0 = 0 end a thread normally. */
    @Test
    void cleanExits() {
        try (Device dev = device("jit")) {
            assertThat(dev.launch(kernel("ebreak\n"), Dim3.of(2), Dim3.of(32), 0).ok()).isTrue();
            LaunchResult r = dev.launch(kernel("li a7, 93\nli a0, 0\necall\n"), Dim3.of(2), Dim3.of(32), 0);
            assertThat(r.ok()).isTrue();
            assertThat(r.exitCode()).isZero();
        }
    }

    /** The seed ABI allows misaligned accesses (the seed did them) and ignores stores to its ID window. */
    @Test
    void seedAbiTolerance() {
        try (Device dev = device("jit")) {
            LaunchResult r = dev.launch(kernel("li t0, 0x1001\nlw t1, 0(t0)\nlui t0, 0x80000\nsw t1, 0(t0)\nret\n"),
                    Dim3.of(1), Dim3.of(4), 0, LaunchOptions.defaults().withSeedAbi(true));
            assertThat(r.ok()).as("%s", r.fault()).isTrue();
        }
    }
}
