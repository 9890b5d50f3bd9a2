package org.rvsimt.core.exec;

import org.rvsimt.core.exec.program.Program;

/**
 * Everything a block needs to know about its launch; immutable and shared by all host threads.
 *
 * @param grid           grid dimensions (x, y, z)
 * @param block          block dimensions
 * @param warpSize       lanes per warp (1..64)
 * @param sharedBytes    shared memory per block
 * @param argsAddress    device address of the argument block (a0, mscratch, CTRL+0x50)
 * @param argumentBlock  the argument block's bytes when it is a window of its own at {@code argsAddress}
 *                       (a launch's copy: reads past its end fault), or null when the block is in VRAM
 * @param stackBytes     private stack per thread
 * @param computeUnits   number of compute units blocks are spread over
 * @param seedAbi        registers start at 0 and the seed's ID window answers every load at 0x8000_0000+
 * @param fastSfu        SFU instructions use the fast polynomial approximations
 * @param watchdog       warp-instruction budget of each warp; exceeding it is the watchdog fault
 * @param exitedArrive   warps that have exited count as arrived at block barriers
 * @param allowMisaligned misaligned loads/stores are performed instead of faulting
 * @param vlen           RVV VLEN in bits of every lane (the device's; validated by DeviceConfig)
 */
public record LaunchSpec(Program program, int entry, int[] grid, int[] block, int warpSize, int sharedBytes,
                         int argsAddress, byte[] argumentBlock, int stackBytes, int computeUnits, boolean seedAbi, boolean fastSfu,
                         long watchdog, boolean exitedArrive, boolean allowMisaligned, int vlen) {

    public int threadsPerBlock() {
        return block[0] * block[1] * block[2];
    }

    public int warpsPerBlock() {
        return (threadsPerBlock() + warpSize - 1) / warpSize;
    }

    public long blockCount() {
        return (long) grid[0] * grid[1] * grid[2];
    }
}
