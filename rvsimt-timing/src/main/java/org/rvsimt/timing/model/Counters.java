package org.rvsimt.timing.model;

/** What the cycle model counts, summed over compute units; per-pc arrays are indexed by pc id. */
final class Counters {
    static final int REASONS = StallReason.values().length;

    final long[] stalls = new long[REASONS];
    /** Per pc id: executed warp-instructions, then stall warp-cycles by reason. */
    final long[] pcExecuted;
    final long[] pcStalls;
    final long[] pcSectors;
    final long[] pcIdealSectors;
    final long[] pcBankConflicts;

    long warpInstructions;
    long issueSlots;
    long activeCycles;
    long residentWarpCycles;
    long globalRequests;
    long sectors;
    long l1Accesses;
    long l1Hits;
    long sharedRequests;
    long bankConflicts;
    long atomicSerial;

    Counters(int pcs) {
        pcExecuted = new long[pcs];
        pcStalls = new long[pcs * REASONS];
        pcSectors = new long[pcs];
        pcIdealSectors = new long[pcs];
        pcBankConflicts = new long[pcs];
    }
}
