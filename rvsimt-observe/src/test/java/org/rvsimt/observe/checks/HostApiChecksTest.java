package org.rvsimt.observe.checks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.rvsimt.core.api.Buffer;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.DeviceConfig;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.core.api.Launch;
import org.rvsimt.core.api.LaunchResult;

/**
 * The checks through the Java host API ({@link LaunchChecks#of(Set, Device, Launch)}): the device's
 * allocations are the regions, freed ones included, and initcheck follows what the host and earlier
 * kernels wrote. The expected findings are worked out by hand from the kernel (c[i] = a[i] + b[i],
 * one thread per element) and the allocations.
 */
class HostApiChecksTest {
    private static final String VECADD = """
                    lw      a1, 0(a0)               # n
                    lw      a2, 4(a0)               # a
                    lw      a3, 8(a0)               # b
                    lw      a4, 12(a0)              # c
                    csrr    t0, 0xCD3               # threadIdx.x
                    bgeu    t0, a1, done
                    slli    t4, t0, 2
                    add     t5, a2, t4
                    flw     ft0, 0(t5)              # pc 0x20: a[i]
                    add     t5, a3, t4
                    flw     ft1, 0(t5)              # pc 0x28: b[i]
                    fadd.s  ft0, ft0, ft1
                    add     t5, a4, t4
                    fsw     ft0, 0(t5)              # pc 0x34: c[i]
            done:   ret
            """;
    private static final int N = 64;

    private static Kernel vecadd() throws Exception {
        return Kernel.fromAssembly(VECADD, "vecadd.S");
    }

    private static List<Finding> run(Device gpu, Set<Check> checks, Object... args) throws Exception {
        Launch launch = Launch.builder(vecadd(), Dim3.of(1), Dim3.of(N)).args(args).build();
        CheckConsumer consumer = LaunchChecks.of(checks, gpu, launch);
        LaunchResult r = gpu.launch(launch.toBuilder().events(consumer).build());
        assertThat(r.fault()).as("the kernel itself does not fault").isNull();
        return consumer.findings().list();
    }

    private static float[] ones() {
        float[] v = new float[N];
        java.util.Arrays.fill(v, 1f);
        return v;
    }

    @Test
    void anAccessToAFreedBufferIsAUseAfterFree() throws Exception {
        try (Device gpu = Device.open(DeviceConfig.defaults())) {
            Buffer a = gpu.alloc(4 * N).write(ones());
            Buffer b = gpu.alloc(4 * N).write(ones());
            Buffer c = gpu.alloc(4 * N);
            gpu.free(b);
            List<Finding> f = run(gpu, EnumSet.of(Check.MEMCHECK), N, a, b, c);
            assertThat(f).hasSize(1);
            Finding uaf = f.getFirst();
            assertThat(uaf.kind()).isEqualTo(FindingKind.USE_AFTER_FREE);
            assertThat(uaf.pc()).isEqualTo(0x28);
            assertThat(uaf.count()).as("every thread loads b[i]").isEqualTo(N);
            assertThat(uaf.region()).isEqualTo("args[2]");
            assertThat(uaf.thread()[0]).isZero();
            assertThat(uaf.address()).isEqualTo(Integer.toUnsignedLong(b.address()));
            assertThat(uaf.message()).isEqualTo(
                    "load of 4 bytes at offset 0 of 'args[2]' (256 bytes), which the host freed before the launch");
        }
    }

    @Test
    void memoryAllocatedAgainIsNoLongerFreed() throws Exception {
        try (Device gpu = Device.open(DeviceConfig.defaults())) {
            Buffer a = gpu.alloc(4 * N).write(ones());
            Buffer old = gpu.alloc(4 * N);
            gpu.free(old);
            Buffer b = gpu.alloc(4 * N).write(ones());
            assertThat(b.address()).as("first fit reuses the freed block").isEqualTo(old.address());
            Buffer c = gpu.alloc(4 * N);
            assertThat(run(gpu, EnumSet.allOf(Check.class), N, a, b, c)).isEmpty();
        }
    }

    @Test
    void buffersOneElementTooSmallAreOverrunByTheLastThread() throws Exception {
        try (Device gpu = Device.open(DeviceConfig.defaults())) {
            // 63 floats each: thread 63 reads a[63] and b[63] and writes c[63], each right past its end
            Buffer a = gpu.alloc(4 * (N - 1)).write(new float[N - 1]);
            Buffer b = gpu.alloc(4 * (N - 1)).write(new float[N - 1]);
            Buffer c = gpu.alloc(4 * (N - 1));
            List<Finding> f = run(gpu, EnumSet.of(Check.MEMCHECK), N, a, b, c);
            assertThat(f).extracting(Finding::kind).containsOnly(FindingKind.OUT_OF_BOUNDS);
            assertThat(f).extracting(Finding::pc).containsExactly(0x20, 0x28, 0x34);
            assertThat(f).extracting(Finding::count).containsOnly(1L);
            assertThat(f).allSatisfy(x -> assertThat(x.thread()[0]).isEqualTo(N - 1));
            assertThat(f).extracting(Finding::message).containsExactly(
                    "load of 4 bytes at 0 bytes past the end of 'args[1]' (252 bytes)",
                    "load of 4 bytes at 0 bytes past the end of 'args[2]' (252 bytes)",
                    "store of 4 bytes at 0 bytes past the end of 'args[3]' (252 bytes)");
        }
    }

    @Test
    void initcheckFollowsWhatTheHostAndEarlierKernelsWrote() throws Exception {
        try (Device gpu = Device.open(DeviceConfig.defaults())) {
            Buffer a = gpu.alloc(4 * N).write(ones());
            Buffer b = gpu.alloc(4 * N);                      // never written
            Buffer c = gpu.alloc(4 * N);
            List<Finding> first = run(gpu, EnumSet.of(Check.INITCHECK), N, a, b, c);
            assertThat(first).hasSize(1);
            assertThat(first.getFirst().kind()).isEqualTo(FindingKind.UNINITIALIZED_GLOBAL_READ);
            assertThat(first.getFirst().pc()).isEqualTo(0x28);
            assertThat(first.getFirst().count()).isEqualTo(N);
            assertThat(first.getFirst().region()).isEqualTo("args[2]");

            // c was written by that (checked) launch: reading it is fine; b still was never written.
            List<Finding> second = run(gpu, EnumSet.of(Check.INITCHECK), N, c, b, a);
            assertThat(second).extracting(Finding::pc).containsExactly(0x28);

            // Half of b written by the host: only the other half's 32 loads are reported.
            b.write(new float[N / 2]);
            List<Finding> third = run(gpu, EnumSet.of(Check.INITCHECK), N, a, b, c);
            assertThat(third).extracting(Finding::count).containsExactly((long) N / 2);
            assertThat(third.getFirst().thread()[0]).isEqualTo(N / 2);

            // A launch without checks may have written anything: nothing is called unwritten after it.
            Buffer d = gpu.alloc(4 * N);
            gpu.launch(vecadd(), Dim3.of(1), Dim3.of(1), 0, 0, a, a, a);
            assertThat(run(gpu, EnumSet.of(Check.INITCHECK), N, a, d, c)).isEmpty();
        }
    }

    @Test
    void aMisalignedAtomicThroughTheHostApi() throws Exception {
        String source = """
                    lw      t0, 0(a0)
                    addi    t0, t0, 2
                    li      t1, 1
                    amoadd.w zero, t1, (t0)
                    ret
                """;
        try (Device gpu = Device.open(DeviceConfig.defaults())) {
            Buffer counter = gpu.alloc(8).write(new int[2]);
            Launch launch = Launch.builder(Kernel.fromAssembly(source, "count.S"), Dim3.of(1), Dim3.of(32))
                    .args(counter).allowMisaligned(true).build();
            CheckConsumer consumer = LaunchChecks.of(EnumSet.of(Check.MEMCHECK), gpu, launch);
            gpu.launch(launch.toBuilder().events(consumer).build());
            List<Finding> f = consumer.findings().list();
            assertThat(f).extracting(Finding::kind).containsExactly(FindingKind.MISALIGNED_ATOMIC);
            assertThat(f.getFirst().count()).isEqualTo(32);
            assertThat(f.getFirst().message()).isEqualTo(
                    String.format("4-byte atomic at 0x%08x is not 4-byte aligned", counter.address() + 2));
        }
    }
}
