package org.rvsimt.timing.config;

/**
 * Device memory.
 *
 * @param latency      cycles from the L2 miss to the data (added to the L1 and L2 latencies)
 * @param bytesPerCycle sustained bandwidth in bytes per core clock, all channels together
 */
public record DramConfig(int latency, double bytesPerCycle) { }
