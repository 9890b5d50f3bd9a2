package org.rvsimt.core.exec;

import org.rvsimt.core.api.Buffer;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.DeviceConfig;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.core.api.LaunchOptions;
import org.rvsimt.core.api.LaunchResult;

/** Assembles a kernel, runs it on a fresh device, and hands back results for assertions. */
public final class KernelHarness implements AutoCloseable {
    public final Device device;

    KernelHarness(DeviceConfig config) {
        device = Device.open(config);
    }

    public static KernelHarness of(String engine, int warpSize, int threads) {
        return new KernelHarness(DeviceConfig.defaults().withEngine(engine).withWarpSize(warpSize).withThreads(threads));
    }

    Buffer ints(int n) {
        return device.alloc(4L * n).fill((byte) 0);
    }

    public LaunchResult run(String source, Dim3 grid, Dim3 block, int shared, Object... args) {
        return run(source, grid, block, shared, LaunchOptions.defaults(), args);
    }

    public LaunchResult run(String source, Dim3 grid, Dim3 block, int shared, LaunchOptions options, Object... args) {
        try {
            Kernel k = Kernel.fromAssembly(source, "test.S");
            return device.launch(k, grid, block, shared, options, args);
        } catch (org.rvsimt.isa.asm.AsmException e) {
            throw new AssertionError("test kernel does not assemble: " + e.getMessage(), e);
        }
    }

    /** Standard prologue: t0 = global thread index (1-D), t6 = argument block. */
    static String prologue() {
        return """
                    mv t6, a0
                    csrr t0, vx_tid_x
                    csrr t1, vx_bid_x
                    csrr t2, vx_bdim_x
                    mul t1, t1, t2
                    add t0, t0, t1
                """;
    }

    @Override
    public void close() {
        device.close();
    }
}
