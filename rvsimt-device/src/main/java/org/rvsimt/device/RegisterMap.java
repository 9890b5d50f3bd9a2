package org.rvsimt.device;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.rvsimt.device.Register.Bit;

/**
 * The device's register map: the seed's BAR0 offsets and access rules (docs/device.md),
 * the BAR4 doorbell, and a few rvsimt extensions (marked {@code extension}) in offsets the seed
 * leaves free. Offsets are constants so the model and clients can name them; {@link #ALL} describes
 * every register for the model's access checks and for docs/device.md.
 */
public final class RegisterMap {
    private RegisterMap() { }

    public static final int BAR_REGS = 0;
    public static final int BAR_VRAM = 2;
    public static final int BAR_DOORBELL = 4;
    public static final long BAR0_SIZE = 1 << 20;
    public static final long BAR4_SIZE = 64 << 10;

    public static final int DEV_ID_VALUE = 0x4750_5055;      // "GPPU"
    public static final int DEV_VERSION_VALUE = 0x0001_0000;

    // ----- device information
    public static final int DEV_ID = 0x000;
    public static final int DEV_VERSION = 0x004;
    public static final int DEV_CAPS = 0x008;
    public static final int VRAM_SIZE_LO = 0x00C;
    public static final int VRAM_SIZE_HI = 0x010;
    // ----- control and status
    public static final int GLOBAL_CTRL = 0x100;
    public static final int GLOBAL_STATUS = 0x104;
    public static final int ERROR_STATUS = 0x108;
    // ----- interrupts
    public static final int IRQ_ENABLE = 0x200;
    public static final int IRQ_STATUS = 0x204;
    public static final int IRQ_ACK = 0x208;
    // ----- dispatch
    public static final int KERNEL_ADDR_LO = 0x300;
    public static final int KERNEL_ADDR_HI = 0x304;
    public static final int KERNEL_ARGS_LO = 0x308;
    public static final int KERNEL_ARGS_HI = 0x30C;
    public static final int GRID_DIM_X = 0x310;
    public static final int GRID_DIM_Y = 0x314;
    public static final int GRID_DIM_Z = 0x318;
    public static final int BLOCK_DIM_X = 0x31C;
    public static final int BLOCK_DIM_Y = 0x320;
    public static final int BLOCK_DIM_Z = 0x324;
    public static final int SHARED_MEM_SIZE = 0x328;
    public static final int KERNEL_SIZE = 0x32C;
    public static final int DISPATCH = 0x330;
    // ----- results of the last dispatch (extension)
    public static final int LAST_RESULT = 0x340;
    public static final int FAULT_KIND = 0x344;
    public static final int FAULT_PC = 0x348;
    public static final int FAULT_ADDR = 0x34C;
    public static final int WARP_INSTR_LO = 0x350;
    public static final int WARP_INSTR_HI = 0x354;
    public static final int LANE_INSTR_LO = 0x358;
    public static final int LANE_INSTR_HI = 0x35C;
    public static final int DISPATCH_COUNT = 0x360;
    // ----- DMA
    public static final int DMA_SRC_LO = 0x400;
    public static final int DMA_SRC_HI = 0x404;
    public static final int DMA_DST_LO = 0x408;
    public static final int DMA_DST_HI = 0x40C;
    public static final int DMA_SIZE = 0x410;
    public static final int DMA_CTRL = 0x414;
    public static final int DMA_STATUS = 0x418;
    // ----- misc
    public static final int LOG_LEVEL = 0x500;
    public static final int THREAD_ID_X = 0x1000;
    public static final int THREAD_ID_Y = 0x1004;
    public static final int THREAD_ID_Z = 0x1008;
    public static final int BLOCK_ID_X = 0x1010;
    public static final int BLOCK_ID_Y = 0x1014;
    public static final int BLOCK_ID_Z = 0x1018;
    public static final int WARP_ID = 0x1020;
    public static final int LANE_ID = 0x1024;
    public static final int BARRIER = 0x2000;
    public static final int THREAD_MASK = 0x2004;
    // ----- BAR4
    public static final int DOORBELL_DISPATCH = 0x330;

    // ----- bits
    public static final int CTRL_ENABLE = 1;
    public static final int CTRL_RESET = 1 << 1;
    public static final int STATUS_READY = 1;
    public static final int STATUS_BUSY = 1 << 1;
    public static final int STATUS_ERROR = 1 << 2;
    public static final int ERR_INVALID_CMD = 1;
    public static final int ERR_VRAM_FAULT = 1 << 1;
    public static final int ERR_KERNEL_FAULT = 1 << 2;
    public static final int ERR_DMA_FAULT = 1 << 3;
    public static final int ERR_REG_ACCESS = 1 << 4;
    public static final int IRQ_KERNEL_DONE = 1;
    public static final int IRQ_DMA_DONE = 1 << 1;
    public static final int IRQ_ERROR = 1 << 2;
    public static final int IRQ_ALL = IRQ_KERNEL_DONE | IRQ_DMA_DONE | IRQ_ERROR;
    public static final int DISPATCH_SEED_ABI = 1 << 1;
    public static final int DMA_START = 1;
    public static final int DMA_FROM_VRAM = 1 << 1;
    public static final int DMA_IRQ_EN = 1 << 2;
    public static final int DMA_VRAM_COPY = 1 << 3;
    public static final int DMA_STATUS_BUSY = 1;
    public static final int DMA_STATUS_COMPLETE = 1 << 1;
    public static final int DMA_STATUS_ERROR = 1 << 2;

    /** MSI-X vector numbers of the seed: what an interrupt notification's {@code vector} says. */
    public static final int VECTOR_KERNEL_DONE = 0;
    public static final int VECTOR_DMA_DONE = 1;
    public static final int VECTOR_ERROR = 2;

    /** Bytes of code decoded at KERNEL_ADDR when KERNEL_SIZE is 0 and no loaded image covers it. */
    public static final int AUTO_KERNEL_LIMIT = 64 << 10;

    /** Every register, in BAR and offset order. */
    public static final List<Register> ALL;
    private static final Map<Long, Register> BY_ADDRESS = new HashMap<>();

    static {
        List<Register> r = new ArrayList<>();
        String zero = "0";
        r.add(reg(DEV_ID, "DEV_ID", Access.RO, "0x47505055", "Device identification, \"GPPU\"."));
        r.add(reg(DEV_VERSION, "DEV_VERSION", Access.RO, "0x00010000", "Register interface version 1.0."));
        r.add(reg(DEV_CAPS, "DEV_CAPS", Access.RO, "from config",
                "Compute units, warps per unit and lanes per warp (each field saturates at 255).",
                bit("7:0", "NUM_CUS", "compute units"), bit("15:8", "WARPS_PER_CU", "warp slots per unit"),
                bit("23:16", "WARP_SIZE", "lanes per warp")));
        r.add(reg(VRAM_SIZE_LO, "VRAM_SIZE_LO", Access.RO, "VRAM size",
                "Low word of the VRAM size in bytes: the real size (the seed reported 64 MiB whatever it was)."));
        r.add(reg(VRAM_SIZE_HI, "VRAM_SIZE_HI", Access.RO, "0", "High word of the VRAM size."));
        r.add(reg(GLOBAL_CTRL, "GLOBAL_CTRL", Access.RW, zero,
                "Global control. RESET is an action: it reads back as 0.",
                bit("0", "ENABLE", "stored; dispatch does not require it (as in the seed)"),
                bit("1", "RESET", "write 1: soft reset (cancels a running dispatch, every register to its reset value; VRAM is kept)")));
        r.add(reg(GLOBAL_STATUS, "GLOBAL_STATUS", Access.RO, "0x1 (READY)", "Device state.",
                bit("0", "READY", "no dispatch is running"), bit("1", "BUSY", "a dispatch is running"),
                bit("2", "ERROR", "ERROR_STATUS is not 0")));
        r.add(reg(ERROR_STATUS, "ERROR_STATUS", Access.RW1C, zero, "Sticky error bits; write 1 to clear.",
                bit("0", "INVALID_CMD", "dispatch refused: device busy, a dimension 0, a block over 1024 threads, "
                        + "shared memory over 16 MiB, or a kernel address outside VRAM"),
                bit("1", "VRAM_FAULT", "the kernel made an out-of-bounds or misaligned access"),
                bit("2", "KERNEL_FAULT", "the kernel faulted (any fault kind, see FAULT_KIND)"),
                bit("3", "DMA_FAULT", "a DMA transfer fell outside VRAM or had no host side"),
                bit("4", "REG_ACCESS", "rvsimt: a write to a read-only register or an access to an unmapped offset")));
        r.add(reg(IRQ_ENABLE, "IRQ_ENABLE", Access.RW, zero,
                "Interrupt mask: an interrupt notification is sent for a cause only while its bit is set here.",
                bit("0", "KERNEL_DONE", "vector 0"), bit("1", "DMA_DONE", "vector 1"), bit("2", "ERROR", "vector 2")));
        r.add(reg(IRQ_STATUS, "IRQ_STATUS", Access.RW1S, zero,
                "Pending interrupt causes (bits as IRQ_ENABLE). Writing sets bits, as in the seed (a software "
                        + "interrupt, notified if enabled); clear them through IRQ_ACK."));
        r.add(reg(IRQ_ACK, "IRQ_ACK", Access.WO, "-", "Write 1 to clear the matching IRQ_STATUS bit."));
        r.add(reg(KERNEL_ADDR_LO, "KERNEL_ADDR_LO", Access.RW, zero,
                "VRAM address of the kernel's first instruction (the entry point)."));
        r.add(reg(KERNEL_ADDR_HI, "KERNEL_ADDR_HI", Access.RW, zero, "High word; must be 0 at dispatch."));
        r.add(reg(KERNEL_ARGS_LO, "KERNEL_ARGS_LO", Access.RW, zero,
                "VRAM address of the argument block: a0, CSR mscratch and CTRL+0x50 of every thread hold it (native ABI). "
                        + "Unlike the seed, it is used."));
        r.add(reg(KERNEL_ARGS_HI, "KERNEL_ARGS_HI", Access.RW, zero, "High word; must be 0 at dispatch."));
        r.add(reg(GRID_DIM_X, "GRID_DIM_X", Access.RW, zero, "Grid size in blocks, x."));
        r.add(reg(GRID_DIM_Y, "GRID_DIM_Y", Access.RW, zero, "Grid size, y."));
        r.add(reg(GRID_DIM_Z, "GRID_DIM_Z", Access.RW, zero, "Grid size, z."));
        r.add(reg(BLOCK_DIM_X, "BLOCK_DIM_X", Access.RW, zero, "Block size in threads, x."));
        r.add(reg(BLOCK_DIM_Y, "BLOCK_DIM_Y", Access.RW, zero, "Block size, y."));
        r.add(reg(BLOCK_DIM_Z, "BLOCK_DIM_Z", Access.RW, zero, "Block size, z."));
        r.add(reg(SHARED_MEM_SIZE, "SHARED_MEM_SIZE", Access.RW, zero,
                "Shared memory per block in bytes (0..16 MiB); unlike the seed, it is used."));
        r.add(ext(KERNEL_SIZE, "KERNEL_SIZE", Access.RW, zero,
                "Bytes of code at KERNEL_ADDR to decode. 0 = automatic: the extent of an image loaded with "
                        + "LOAD_KERNEL that contains KERNEL_ADDR, else up to the first all-zero word (at most 64 KiB)."));
        r.add(reg(DISPATCH, "DISPATCH", Access.WO, "-",
                "Any write starts the kernel asynchronously (GLOBAL_STATUS.BUSY until it ends). Completion sets "
                        + "IRQ_STATUS.KERNEL_DONE; a fault sets ERROR_STATUS.KERNEL_FAULT and IRQ_STATUS.ERROR.",
                bit("0", "GO", "ignored (the seed writes 1)"),
                bit("1", "SEED_ABI", "rvsimt: run with the seed ABI (registers 0, the seed's ID window)")));
        r.add(ext(LAST_RESULT, "LAST_RESULT", Access.RO, zero,
                "Result of the last dispatch: 0 ok, 0xFFFFFFFF failed (the seed's completion word)."));
        r.add(ext(FAULT_KIND, "FAULT_KIND", Access.RO, zero,
                "Fault of the last dispatch: " + FaultKinds.describe() + "."));
        r.add(ext(FAULT_PC, "FAULT_PC", Access.RO, zero, "pc of the faulting instruction."));
        r.add(ext(FAULT_ADDR, "FAULT_ADDR", Access.RO, zero, "Memory address of the fault (0xFFFFFFFF if none)."));
        r.add(ext(WARP_INSTR_LO, "WARP_INSTR_LO", Access.RO, zero, "Warp-instructions of the last dispatch, low word."));
        r.add(ext(WARP_INSTR_HI, "WARP_INSTR_HI", Access.RO, zero, "High word."));
        r.add(ext(LANE_INSTR_LO, "LANE_INSTR_LO", Access.RO, zero, "Lane-instructions of the last dispatch, low word."));
        r.add(ext(LANE_INSTR_HI, "LANE_INSTR_HI", Access.RO, zero, "High word."));
        r.add(ext(DISPATCH_COUNT, "DISPATCH_COUNT", Access.RO, zero, "Dispatches started since reset (wraps)."));
        r.add(reg(DMA_SRC_LO, "DMA_SRC_LO", Access.RW, zero, "DMA source address (VRAM offset for a VRAM source)."));
        r.add(reg(DMA_SRC_HI, "DMA_SRC_HI", Access.RW, zero, "High word."));
        r.add(reg(DMA_DST_LO, "DMA_DST_LO", Access.RW, zero, "DMA destination address (VRAM offset for a VRAM destination)."));
        r.add(reg(DMA_DST_HI, "DMA_DST_HI", Access.RW, zero, "High word."));
        r.add(reg(DMA_SIZE, "DMA_SIZE", Access.RW, zero, "Bytes to transfer."));
        r.add(reg(DMA_CTRL, "DMA_CTRL", Access.RW, zero,
                "DMA control. Writing START runs the transfer at once (START reads back as 0). Through registers "
                        + "alone only VRAM_COPY has both sides; a host transfer is the DMA_TO_DEVICE / DMA_FROM_DEVICE "
                        + "message, whose payload is the host buffer, and which programs these registers itself.",
                bit("0", "START", "start the transfer"),
                bit("1", "FROM_VRAM", "direction: 0 host to VRAM, 1 VRAM to host"),
                bit("2", "IRQ_EN", "on completion set IRQ_STATUS.DMA_DONE"),
                bit("3", "VRAM_COPY", "rvsimt: copy VRAM[DMA_SRC..] to VRAM[DMA_DST..] (memmove)")));
        r.add(reg(DMA_STATUS, "DMA_STATUS", Access.RO, zero, "State of the last transfer.",
                bit("0", "BUSY", "never observed: transfers complete before the request is answered"),
                bit("1", "COMPLETE", "the last transfer completed"), bit("2", "ERROR", "the last transfer failed")));
        r.add(reg(LOG_LEVEL, "LOG_LEVEL", Access.RW, zero, "Stored; ignored (as in the seed)."));
        String scratch = "Host-visible scratch (the seed's ID registers); stored, not updated by execution.";
        r.add(reg(THREAD_ID_X, "THREAD_ID_X", Access.RW, zero, scratch));
        r.add(reg(THREAD_ID_Y, "THREAD_ID_Y", Access.RW, zero, scratch));
        r.add(reg(THREAD_ID_Z, "THREAD_ID_Z", Access.RW, zero, scratch));
        r.add(reg(BLOCK_ID_X, "BLOCK_ID_X", Access.RW, zero, scratch));
        r.add(reg(BLOCK_ID_Y, "BLOCK_ID_Y", Access.RW, zero, scratch));
        r.add(reg(BLOCK_ID_Z, "BLOCK_ID_Z", Access.RW, zero, scratch));
        r.add(reg(WARP_ID, "WARP_ID", Access.RW, zero, scratch));
        r.add(reg(LANE_ID, "LANE_ID", Access.RW, zero, scratch));
        r.add(reg(BARRIER, "BARRIER", Access.WO, "-", "No-op (as in the seed); kernels use 0x8000_2000 instead."));
        r.add(reg(THREAD_MASK, "THREAD_MASK", Access.RW, zero, "Scratch (as in the seed)."));
        r.add(new Register(BAR_DOORBELL, DOORBELL_DISPATCH, "DOORBELL", Access.WO, "-",
                "A 4-byte write here is a write to BAR0 DISPATCH (same value bits).", List.of(), false));
        ALL = Collections.unmodifiableList(r);
        for (Register x : ALL) {
            if (BY_ADDRESS.put(key(x.bar(), x.offset()), x) != null) {
                throw new IllegalStateException("two registers at " + x.bar() + ":" + x.offset());
            }
        }
    }

    /** The register at a BAR offset, or null if nothing is mapped there. */
    public static Register at(int bar, long offset) {
        return BY_ADDRESS.get(key(bar, offset));
    }

    private static long key(int bar, long offset) {
        return (long) bar << 40 | offset;
    }

    private static Register reg(int offset, String name, Access a, String reset, String description, Bit... bits) {
        return new Register(BAR_REGS, offset, name, a, reset, description, List.of(bits), false);
    }

    private static Register ext(int offset, String name, Access a, String reset, String description, Bit... bits) {
        return new Register(BAR_REGS, offset, name, a, reset, description, List.of(bits), true);
    }

    private static Bit bit(String bits, String name, String meaning) {
        return new Bit(bits, name, meaning);
    }
}
