package org.rvsimt.observe.checks;

/**
 * One kind of bug at one instruction (and, for a race, against one other instruction), folded: the
 * first occurrence in block and thread order, and how many times it happened.
 *
 * @param kind        what it is (its check and severity follow from it)
 * @param pc          the instruction that made the access (for synccheck: reached the barrier)
 * @param word        that instruction's word, for disassembly
 * @param block       blockIdx (x, y, z) of the first occurrence
 * @param thread      threadIdx (x, y, z) of the first occurrence's thread
 * @param warp        the thread's warp in the block
 * @param lane        the thread's lane
 * @param address     the memory address involved, or -1
 * @param region      the region the address belongs to or is nearest to, or null
 * @param message     one line for people
 * @param other       for a race: the other access (earlier in program order), else null
 * @param count       how many times it happened (accesses, for memcheck and initcheck a lane each;
 *                    for racecheck pairs of accesses, counted once per access that found the hazard)
 */
public record Finding(FindingKind kind, int pc, int word, int[] block, int[] thread, int warp, int lane, long address,
                      String region, String message, Other other, long count) {

    /** The other side of a race: its instruction and thread (same block). */
    public record Other(int pc, int word, int[] thread, int warp, int lane) { }

    public Check check() {
        return kind.check();
    }

    public Severity severity() {
        return kind.severity();
    }

    Finding withCount(long n) {
        return new Finding(kind, pc, word, block, thread, warp, lane, address, region, message, other, n);
    }
}
