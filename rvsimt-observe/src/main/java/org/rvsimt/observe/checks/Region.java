package org.rvsimt.observe.checks;

/**
 * One allocation of device memory a launch may touch: a buffer, the argument block, a segment of
 * the kernel image.
 *
 * @param name        what reports call it: the buffer's name ({@code out}), {@code arguments},
 *                    {@code kernel image}
 * @param base        first address (unsigned 32 bits)
 * @param size        bytes
 * @param initialized whether the host wrote its contents before the launch (initcheck reports reads
 *                    of bytes of an uninitialized region that no thread wrote first)
 */
public record Region(String name, int base, int size, boolean initialized) {
    public Region {
        if (size < 0) {
            throw new IllegalArgumentException("negative size " + size + " of region " + name);
        }
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
