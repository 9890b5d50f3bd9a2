package org.rvsimt.core.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.rvsimt.core.fault.KernelFault;
import org.rvsimt.isa.asm.AsmException;

/**
 * Failing assertions for bugs found in the host API and fault reporting. They fail until main code
 * is fixed; the fix proposed for each is in the helper's report.
 */
class KnownBugsTest {
    static Device device() {
        return Device.open(DeviceConfig.defaults().withVram(4L << 20).withThreads(1));
    }

    /** Bug 7: alloc(-1) succeeds and returns a Buffer whose size() is -1. */
    @Test
    void negativeAllocationSizeIsADeviceException() {
        try (Device d = device()) {
            assertThatThrownBy(() -> d.alloc(-1)).isInstanceOf(DeviceException.class).hasMessageContaining("-1");
            assertThatThrownBy(() -> d.allocAt(0x300000, -16)).isInstanceOf(DeviceException.class)
                    .hasMessageContaining("-16");
            assertThat(d.allocatedBytes()).isZero();
        }
    }

    /** Bug 8: freeing a buffer of another device frees whatever this device has at that address. */
    @Test
    void freeingAnotherDevicesBufferIsADeviceException() {
        try (Device a = device(); Device b = device()) {
            Buffer mine = a.alloc(100);
            Buffer theirs = b.alloc(100);
            assertThat(theirs.address()).as("same allocator state, same address").isEqualTo(mine.address());
            assertThatThrownBy(() -> a.free(theirs)).isInstanceOf(DeviceException.class)
                    .hasMessageContaining("another device");
            assertThat(a.allocatedBytes()).as("a's buffer is still allocated").isEqualTo(100);
        }
    }

    /** Bug 8: passing a buffer of another device to a launch silently uses its address in this device. */
    @Test
    void launchingWithAnotherDevicesBufferIsADeviceException() throws Exception {
        try (Device a = device(); Device b = device()) {
            Buffer theirs = b.alloc(100);
            Kernel k = Kernel.fromAssembly("ret\n", "ret.S");
            assertThatThrownBy(() -> a.launch(k, Dim3.of(1), Dim3.of(1), 0, theirs))
                    .isInstanceOf(DeviceException.class).hasMessageContaining("another device");
        }
    }

    /**
     * Bug 4: a kernel with no code (empty source, comments only, data only) throws IllegalStateException
     * ("assembler produced an unreadable ELF") instead of an AsmException or DeviceException.
     */
    @Test
    void kernelWithoutCodeIsAnAsmOrDeviceException() {
        for (String src : new String[] {"", "# nothing\n", "    .data\n    .word 1\n"}) {
            try {
                Kernel k = Kernel.fromAssembly(src, "empty.S");
                try (Device d = device()) {
                    assertThatThrownBy(() -> d.launch(k, Dim3.of(1), Dim3.of(1), 0)).isInstanceOf(DeviceException.class);
                }
            } catch (AsmException | DeviceException expected) {
                assertThat(expected.getMessage()).contains("empty.S");
            } catch (RuntimeException e) {
                throw new AssertionError("fromAssembly(" + src.strip() + ") threw " + e, e);
            }
        }
    }

    /**
     * Bug 13: a jump to 0x80000000 (the CTRL base, e.g. a call through a bad pointer) matches
     * Divergence.topRpc's "no entry" sentinel Integer.MIN_VALUE, so the engine pops an empty
     * reconvergence stack: ArrayIndexOutOfBoundsException out of Device.launch (CLI: internal error,
     * exit 3) instead of an out_of_bounds fetch fault. Both engines.
     */
    @Test
    void jumpTo0x80000000IsAFetchFault() throws Exception {
        for (String engine : new String[] {"interp", "jit"}) {
            for (String src : new String[] {"lui t0, 0x80000\njr t0\n", "lui t0, 0x80000\njalr t0\nret\n"}) {
                try (Device d = Device.open(DeviceConfig.defaults().withVram(4L << 20).withEngine(engine).withThreads(1))) {
                    Kernel k = Kernel.fromAssembly(src, "jump.S");
                    LaunchResult r;
                    try {
                        r = d.launch(k, Dim3.of(1), Dim3.of(4), 0);
                    } catch (RuntimeException e) {
                        throw new AssertionError(engine + ": " + src.replace('\n', ';') + " threw " + e, e);
                    }
                    assertThat(r.fault()).isNotNull();
                    assertThat(r.fault().kind().label()).isEqualTo("out_of_bounds");
                    assertThat(r.fault().pc()).isEqualTo(0x80000000);
                }
            }
        }
    }

    /** Bug 9: the exit_code fault has pc 0 and a made-up "ecall" instead of the pc of the exiting ecall. */
    @Test
    void exitCodeFaultPointsAtTheEcall() throws Exception {
        try (Device d = device()) {
            Kernel k = Kernel.fromAssembly("""
                        .globl k
                    k:
                        nop
                        nop
                        li a7, 93
                        li a0, 3
                        .globl bad
                    bad:
                        ecall
                    """, "exit.S");
            LaunchResult r = d.launch(k, Dim3.of(1), Dim3.of(1), 0);
            KernelFault f = r.fault();
            assertThat(f.kind().label()).isEqualTo("exit_code");
            assertThat(f.pc()).isEqualTo(k.symbol("bad").orElseThrow());
        }
    }
}
