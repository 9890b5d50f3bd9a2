package org.rvsimt.timing.config;

/**
 * Shared memory of a compute unit.
 *
 * @param bytesPerCu capacity the resident blocks share (an occupancy limit)
 * @param banks      four-byte banks; a warp's access takes as many passes as the most distinct words in one bank
 * @param latency    cycles of a conflict-free access
 */
public record SharedConfig(int bytesPerCu, int banks, int latency) { }
