package org.rvsimt.core.events;

/** What a lane's memory access does. */
public enum AccessKind {
    READ,
    WRITE,
    /** An atomic read-modify-write (amoadd.w, ...). */
    ATOMIC,
    /** lr.w: a read that places a reservation. */
    LOAD_RESERVED,
    /** sc.w: a write that happens only if the reservation holds. */
    STORE_CONDITIONAL;

    /** Whether the access may read memory. */
    public boolean reads() {
        return this != WRITE;
    }

    /** Whether the access may write memory. */
    public boolean writes() {
        return this != READ && this != LOAD_RESERVED;
    }
}
