package org.rvsimt.observe.checks;

import java.util.BitSet;

/**
 * One allocation of device memory a launch may touch: a buffer, the argument block, a segment of
 * the kernel image; or one the host freed before the launch (any access to it is a use after free).
 *
 * @param name    what reports call it: the buffer's name ({@code out}), {@code arguments},
 *                {@code kernel image}, {@code args[2]}
 * @param base    first address (unsigned 32 bits)
 * @param size    bytes
 * @param state   whether the host wrote its contents, did not, or freed it
 * @param written for an {@link State#UNINITIALIZED} region, the bytes that hold data all the same
 *                (written by the host or an earlier kernel), or null for none
 */
public record Region(String name, int base, int size, State state, BitSet written) {
    /** What the host did with a region before the launch. */
    public enum State {
        /** The host wrote all of it (or the region is the launch's own: arguments, kernel image). */
        INITIALIZED,
        /** Allocated; only the bytes of {@code written}, if any, hold data (initcheck reports reads of the others). */
        UNINITIALIZED,
        /** Freed: memcheck reports any access as a use after free. */
        FREED
    }

    public Region {
        if (size < 0) {
            throw new IllegalArgumentException("negative size " + size + " of region " + name);
        }
    }

    /** A live region, initialized by the host or not. */
    public Region(String name, int base, int size, boolean initialized) {
        this(name, base, size, initialized ? State.INITIALIZED : State.UNINITIALIZED, null);
    }

    public boolean initialized() {
        return state == State.INITIALIZED;
    }

    public boolean freed() {
        return state == State.FREED;
    }

    public long start() {
        return Integer.toUnsignedLong(base);
    }

    public long end() {
        return start() + size;
    }

    public boolean contains(long address) {
        return address >= start() && address < end();
    }
}
