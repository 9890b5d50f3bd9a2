package org.rvsimt.timing.config;

/**
 * A sectored set-associative cache.
 *
 * @param bytes   capacity
 * @param ways    associativity
 * @param line    line (tag) size in bytes
 * @param sector  sector (fill) size in bytes, dividing the line
 * @param latency hit latency in cycles (for the L2: added to the L1's)
 * @param mshr    outstanding miss lines (L1; 0 for the L2)
 * @param slices  independent slices, each taking one sector per cycle (L2; 1 for the L1)
 */
public record CacheConfig(int bytes, int ways, int line, int sector, int latency, int mshr, int slices) {
    public int sets() {
        return bytes / (line * ways);
    }
}
