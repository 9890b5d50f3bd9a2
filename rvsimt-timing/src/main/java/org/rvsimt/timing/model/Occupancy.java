package org.rvsimt.timing.model;

import org.rvsimt.timing.config.GpuConfig;

import java.util.Locale;

/**
 * How many blocks of a launch fit a compute unit at once, and which resource limits it (as
 * Nsight Compute's occupancy section and CUDA's occupancy calculator compute it).
 *
 * @param blocksPerCu resident blocks per compute unit
 * @param limiter     the resource that allows the fewest blocks
 * @param theoretical resident warps over the unit's warp slots
 */
public record Occupancy(int blocksPerCu, Limiter limiter, double theoretical) {
    /** The resources that can limit resident blocks. */
    public enum Limiter {
        WARPS, BLOCKS, REGISTERS, SHARED;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * @param warpsPerBlock     warps of one block
     * @param registersPerBlock registers one block allocates (registers per thread x warp size x warps)
     * @param sharedPerBlock    shared-memory bytes of one block
     * @throws IllegalArgumentException when a single block does not fit, naming the resource
     */
    public static Occupancy of(GpuConfig c, int warpsPerBlock, int registersPerBlock, int sharedPerBlock) {
        int byWarps = c.warpsPerCu() / warpsPerBlock;
        int byBlocks = c.blocksPerCu();
        int byRegisters = registersPerBlock == 0 ? Integer.MAX_VALUE : c.registersPerCu() / registersPerBlock;
        int byShared = sharedPerBlock == 0 ? Integer.MAX_VALUE : c.shared().bytesPerCu() / sharedPerBlock;
        int blocks = byWarps;
        Limiter limiter = Limiter.WARPS;
        if (byBlocks < blocks) {
            blocks = byBlocks;
            limiter = Limiter.BLOCKS;
        }
        if (byRegisters < blocks) {
            blocks = byRegisters;
            limiter = Limiter.REGISTERS;
        }
        if (byShared < blocks) {
            blocks = byShared;
            limiter = Limiter.SHARED;
        }
        if (blocks == 0) {
            String why = switch (limiter) {
                case WARPS -> warpsPerBlock + " warps per block, warps_per_cu is " + c.warpsPerCu();
                case BLOCKS -> "blocks_per_cu is 0";
                case REGISTERS -> registersPerBlock + " registers per block, registers_per_cu is " + c.registersPerCu();
                case SHARED -> sharedPerBlock + " shared bytes per block, shared.bytes_per_cu is " + c.shared().bytesPerCu();
            };
            throw new IllegalArgumentException("a block does not fit a compute unit of '" + c.name() + "': " + why);
        }
        return new Occupancy(blocks, limiter, (double) blocks * warpsPerBlock / c.warpsPerCu());
    }
}
