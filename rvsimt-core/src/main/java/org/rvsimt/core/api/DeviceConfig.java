package org.rvsimt.core.api;

import org.rvsimt.core.memory.MemoryMap;

/**
 * How a simulated device is built.
 *
 * @param vramBytes     global memory size (multiple of 4 KiB, at most {@link MemoryMap#MAX_VRAM})
 * @param warpSize      lanes per warp, 1..64
 * @param computeUnits  compute units (blocks are assigned round-robin; visible through CSR 0xCC2)
 * @param warpsPerUnit  warp slots per unit (reported, for occupancy figures)
 * @param stackBytes    private stack per thread (multiple of 16)
 * @param fastSfu       SFU instructions use the fast approximations instead of the exact ones
 * @param threads       host threads that run blocks
 * @param engine        "interp" or "jit"
 */
public record DeviceConfig(long vramBytes, int warpSize, int computeUnits, int warpsPerUnit, int stackBytes,
                           boolean fastSfu, int threads, String engine) {

    public static final long DEFAULT_VRAM = 64L << 20;

    public DeviceConfig {
        if (vramBytes < 1 << 20 || vramBytes > MemoryMap.MAX_VRAM || (vramBytes & 0xFFF) != 0) {
            throw new DeviceException(String.format("vram must be a multiple of 4 KiB between 1 MiB and %d MiB, got %d",
                    MemoryMap.MAX_VRAM >> 20, vramBytes));
        }
        if (warpSize < 1 || warpSize > 64) {
            throw new DeviceException("warp_size must be 1..64, got " + warpSize);
        }
        if (computeUnits < 1 || computeUnits > 1024) {
            throw new DeviceException("compute_units must be 1..1024, got " + computeUnits);
        }
        if (warpsPerUnit < 1) {
            throw new DeviceException("warps_per_unit must be positive, got " + warpsPerUnit);
        }
        if (stackBytes < 16 || stackBytes > 1 << 20 || (stackBytes & 15) != 0) {
            throw new DeviceException("stack size must be a multiple of 16 between 16 B and 1 MiB, got " + stackBytes);
        }
        if (threads < 1) {
            throw new DeviceException("threads must be at least 1, got " + threads);
        }
        if (!engine.equals("interp") && !engine.equals("jit")) {
            throw new DeviceException("engine must be interp or jit, got '" + engine + "'");
        }
    }

    public static DeviceConfig defaults() {
        return new DeviceConfig(DEFAULT_VRAM, 32, 4, 4, 4096, false, Runtime.getRuntime().availableProcessors(), "jit");
    }

    public DeviceConfig withVram(long bytes) {
        return new DeviceConfig(bytes, warpSize, computeUnits, warpsPerUnit, stackBytes, fastSfu, threads, engine);
    }

    public DeviceConfig withWarpSize(int lanes) {
        return new DeviceConfig(vramBytes, lanes, computeUnits, warpsPerUnit, stackBytes, fastSfu, threads, engine);
    }

    public DeviceConfig withComputeUnits(int units) {
        return new DeviceConfig(vramBytes, warpSize, units, warpsPerUnit, stackBytes, fastSfu, threads, engine);
    }

    public DeviceConfig withThreads(int n) {
        return new DeviceConfig(vramBytes, warpSize, computeUnits, warpsPerUnit, stackBytes, fastSfu, n, engine);
    }

    public DeviceConfig withEngine(String name) {
        return new DeviceConfig(vramBytes, warpSize, computeUnits, warpsPerUnit, stackBytes, fastSfu, threads, name);
    }

    public DeviceConfig withFastSfu(boolean fast) {
        return new DeviceConfig(vramBytes, warpSize, computeUnits, warpsPerUnit, stackBytes, fast, threads, engine);
    }

    public DeviceConfig withStackBytes(int bytes) {
        return new DeviceConfig(vramBytes, warpSize, computeUnits, warpsPerUnit, bytes, fastSfu, threads, engine);
    }
}
