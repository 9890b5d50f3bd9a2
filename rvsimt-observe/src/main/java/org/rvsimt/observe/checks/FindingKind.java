package org.rvsimt.observe.checks;

import java.util.Locale;

/** What a finding is, with the check that makes it and its severity. */
public enum FindingKind {
    /** An access to device memory outside every allocation, or running past an allocation's end. */
    OUT_OF_BOUNDS(Check.MEMCHECK, Severity.ERROR),
    /** An access to an allocation the host freed before the launch. */
    USE_AFTER_FREE(Check.MEMCHECK, Severity.ERROR),
    /** An atomic (amo*, lr.w, sc.w) whose address is not a multiple of its size. */
    MISALIGNED_ATOMIC(Check.MEMCHECK, Severity.ERROR),
    /** A thread read bytes another thread of another warp wrote since the last barrier. */
    READ_AFTER_WRITE(Check.RACECHECK, Severity.ERROR),
    /** A thread wrote bytes another thread of another warp read since the last barrier. */
    WRITE_AFTER_READ(Check.RACECHECK, Severity.ERROR),
    /** Two threads of different warps wrote the same bytes since the last barrier. */
    WRITE_AFTER_WRITE(Check.RACECHECK, Severity.ERROR),
    /** As {@link #READ_AFTER_WRITE}, both threads in one warp: ordered here by lockstep execution only. */
    INTRA_WARP_READ_AFTER_WRITE(Check.RACECHECK, Severity.WARNING),
    /** As {@link #WRITE_AFTER_READ}, both threads in one warp. */
    INTRA_WARP_WRITE_AFTER_READ(Check.RACECHECK, Severity.WARNING),
    /** As {@link #WRITE_AFTER_WRITE}, both threads in one warp. */
    INTRA_WARP_WRITE_AFTER_WRITE(Check.RACECHECK, Severity.WARNING),
    /** A warp reached a block barrier with some of its lanes on another path (the launch stops). */
    DIVERGENT_BARRIER(Check.SYNCCHECK, Severity.ERROR),
    /** A barrier that can never complete: a warp exited or waits at another barrier (the launch stops). */
    BARRIER_DEADLOCK(Check.SYNCCHECK, Severity.ERROR),
    /** A read of global memory that neither the host nor any thread wrote. */
    UNINITIALIZED_GLOBAL_READ(Check.INITCHECK, Severity.ERROR),
    /** A read of shared memory that no thread of the block wrote. */
    UNINITIALIZED_SHARED_READ(Check.INITCHECK, Severity.ERROR);

    private final Check check;
    private final Severity severity;

    FindingKind(Check check, Severity severity) {
        this.check = check;
        this.severity = severity;
    }

    public Check check() {
        return check;
    }

    public Severity severity() {
        return severity;
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return label();
    }

    /** The race kind for a hazard between two threads, intra-warp or not. */
    static FindingKind hazard(FindingKind crossWarp, boolean sameWarp) {
        if (!sameWarp) {
            return crossWarp;
        }
        return switch (crossWarp) {
            case READ_AFTER_WRITE -> INTRA_WARP_READ_AFTER_WRITE;
            case WRITE_AFTER_READ -> INTRA_WARP_WRITE_AFTER_READ;
            case WRITE_AFTER_WRITE -> INTRA_WARP_WRITE_AFTER_WRITE;
            default -> throw new IllegalArgumentException(crossWarp + " is not a hazard");
        };
    }
}
