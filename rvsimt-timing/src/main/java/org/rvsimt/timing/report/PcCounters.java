package org.rvsimt.timing.report;

import org.rvsimt.timing.model.StallReason;

/**
 * The source counters of one instruction (Nsight Compute's source view).
 *
 * @param pc           the instruction's address
 * @param executed     warp-instructions executed
 * @param stallCycles  warp-cycles warps spent stalled with this instruction next (selected cycles excluded)
 * @param topStall     the reason of most of them, or null
 * @param sectors      global sectors its accesses touched
 * @param idealSectors sectors a perfectly coalesced 4-byte access of the same lanes would touch
 * @param bankConflicts extra shared-memory passes
 */
public record PcCounters(int pc, long executed, long stallCycles, StallReason topStall, long sectors,
                         long idealSectors, long bankConflicts) {
    /** Sectors beyond the ideal: the cost of uncoalesced accesses. */
    public long excessSectors() {
        return Math.max(0, sectors - idealSectors);
    }
}
