package org.rvsimt.core.api;

import org.rvsimt.core.memory.MemoryMap;
import org.rvsimt.isa.DeviceIsa;

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
 * @param engine        the execution engine
 * @param vlen          RVV VLEN in bits of every lane's vector registers: a power of two, 64..1024
 *                      (64 is the smallest that keeps Zve32f's LMUL = 1/8 at SEW 8 legal; 1024 bounds
 *                      the per-warp register file at 128 KiB for 32 lanes)
 * @param isa           the extensions the device executes (instructions of others are illegal there);
 *                      {@link DeviceIsa#all()} by default
 */
public record DeviceConfig(long vramBytes, int warpSize, int computeUnits, int warpsPerUnit, int stackBytes,
                           boolean fastSfu, int threads, Engine engine, int vlen, DeviceIsa isa) {

    public static final long DEFAULT_VRAM = 64L << 20;
    public static final int DEFAULT_VLEN = 128;
    public static final int MIN_VLEN = 64;
    public static final int MAX_VLEN = 1024;

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
        if (engine == null) {
            throw new DeviceException("engine must be interp or jit");
        }
        if (isa == null) {
            throw new DeviceException("isa must be given (DeviceIsa.all() for every extension)");
        }
        if (!validVlen(vlen)) {
            throw new DeviceException("vlen must be a power of two between " + MIN_VLEN + " and " + MAX_VLEN
                    + ", got " + vlen);
        }
    }

    /** Every extension rvsimt implements. */
    public DeviceConfig(long vramBytes, int warpSize, int computeUnits, int warpsPerUnit, int stackBytes,
                        boolean fastSfu, int threads, Engine engine, int vlen) {
        this(vramBytes, warpSize, computeUnits, warpsPerUnit, stackBytes, fastSfu, threads, engine, vlen,
                DeviceIsa.all());
    }

    /** The configuration before VLEN was configurable: VLEN = {@value #DEFAULT_VLEN}. */
    public DeviceConfig(long vramBytes, int warpSize, int computeUnits, int warpsPerUnit, int stackBytes,
                        boolean fastSfu, int threads, Engine engine) {
        this(vramBytes, warpSize, computeUnits, warpsPerUnit, stackBytes, fastSfu, threads, engine, DEFAULT_VLEN);
    }

    /** Whether {@code bits} is a VLEN this device model supports. */
    public static boolean validVlen(int bits) {
        return bits >= MIN_VLEN && bits <= MAX_VLEN && Integer.bitCount(bits) == 1;
    }

    public static DeviceConfig defaults() {
        return new DeviceConfig(DEFAULT_VRAM, 32, 4, 4, 4096, false, Runtime.getRuntime().availableProcessors(), Engine.JIT);
    }

    public DeviceConfig withVram(long bytes) {
        return new DeviceConfig(bytes, warpSize, computeUnits, warpsPerUnit, stackBytes, fastSfu, threads, engine, vlen, isa);
    }

    public DeviceConfig withWarpSize(int lanes) {
        return new DeviceConfig(vramBytes, lanes, computeUnits, warpsPerUnit, stackBytes, fastSfu, threads, engine, vlen, isa);
    }

    public DeviceConfig withComputeUnits(int units) {
        return new DeviceConfig(vramBytes, warpSize, units, warpsPerUnit, stackBytes, fastSfu, threads, engine, vlen, isa);
    }

    public DeviceConfig withThreads(int n) {
        return new DeviceConfig(vramBytes, warpSize, computeUnits, warpsPerUnit, stackBytes, fastSfu, n, engine, vlen, isa);
    }

    public DeviceConfig withEngine(Engine e) {
        return new DeviceConfig(vramBytes, warpSize, computeUnits, warpsPerUnit, stackBytes, fastSfu, threads, e, vlen, isa);
    }

    /** The engine by its label ({@code interp} or {@code jit}); {@link DeviceException} for any other. */
    public DeviceConfig withEngine(String label) {
        return withEngine(Engine.parse(label));
    }

    public DeviceConfig withFastSfu(boolean fast) {
        return new DeviceConfig(vramBytes, warpSize, computeUnits, warpsPerUnit, stackBytes, fast, threads, engine, vlen, isa);
    }

    public DeviceConfig withStackBytes(int bytes) {
        return new DeviceConfig(vramBytes, warpSize, computeUnits, warpsPerUnit, bytes, fastSfu, threads, engine, vlen, isa);
    }

    /** The extensions the device executes. */
    public DeviceConfig withIsa(DeviceIsa extensions) {
        return new DeviceConfig(vramBytes, warpSize, computeUnits, warpsPerUnit, stackBytes, fastSfu, threads, engine, vlen,
                extensions);
    }

    public DeviceConfig withVlen(int bits) {
        return new DeviceConfig(vramBytes, warpSize, computeUnits, warpsPerUnit, stackBytes, fastSfu, threads, engine, bits, isa);
    }
}
