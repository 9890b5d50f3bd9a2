package org.rvsimt.timing.model;

/** What the cycle model counts, summed over compute units; per-pc arrays are indexed by pc id. */
final class Counters {
    static final int REASONS = StallReason.values().length;

    final long[] stalls = new long[REASONS];
    /** Per pc id: executed warp-instructions, then stall warp-cycles by reason. */
    long[] pcExecuted;
    long[] pcStalls;
    long[] pcSectors;
    long[] pcIdealSectors;
    long[] pcBankConflicts;

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

    /** Makes room for pc ids below {@code pcs} (a model beside the launch learns them as blocks arrive). */
    void growPcs(int pcs) {
        if (pcs > pcExecuted.length) {
            pcExecuted = java.util.Arrays.copyOf(pcExecuted, pcs);
            pcStalls = java.util.Arrays.copyOf(pcStalls, pcs * REASONS);
            pcSectors = java.util.Arrays.copyOf(pcSectors, pcs);
            pcIdealSectors = java.util.Arrays.copyOf(pcIdealSectors, pcs);
            pcBankConflicts = java.util.Arrays.copyOf(pcBankConflicts, pcs);
        }
    }
}
