package org.rvsimt.core.memory;

/** The device address map (docs/kernel-abi.md, "Memory map"). */
public final class MemoryMap {
    public static final int CTRL_BASE = 0x8000_0000;
    public static final int CTRL_END = 0x8000_1000;
    public static final int BARRIER_REG = 0x8000_2000;
    public static final int CONSOLE_REG = 0x8000_3000;
    public static final int SHARED_BASE = 0xC000_0000;
    /**
     * The argument block of a host launch, a window of its own so that reading past the last
     * argument faults (in VRAM it would read whatever lies behind it). Launches by the device
     * server keep their argument block in VRAM, where the driver put it.
     */
    public static final int ARGS_BASE = 0xD000_0000;
    public static final int ARGS_WINDOW = 0x1_0000;
    public static final int PRIVATE_BASE = 0xE000_0000;

    // CTRL window offsets (seed-compatible, plus warp/lane id and the argument block).
    public static final int CTRL_THREAD_IDX = 0x00;
    public static final int CTRL_BLOCK_IDX = 0x10;
    public static final int CTRL_BLOCK_DIM = 0x20;
    public static final int CTRL_GRID_DIM = 0x30;
    public static final int CTRL_WARP_ID = 0x40;
    public static final int CTRL_LANE_ID = 0x44;
    public static final int CTRL_ARGS = 0x50;

    /** Largest VRAM a device may have: a Java byte array's limit, just under 2 GiB. */
    public static final long MAX_VRAM = Integer.MAX_VALUE - 15L & ~0xFFFL;

    private MemoryMap() { }
}
