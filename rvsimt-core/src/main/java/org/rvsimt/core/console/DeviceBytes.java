package org.rvsimt.core.console;

/** One thread's view of device memory, byte by byte, for reading printf's format, arguments and strings. */
@FunctionalInterface
public interface DeviceBytes {
    /**
     * The byte at {@code address}, 0..255.
     *
     * @throws RuntimeException (a memory fault) when nothing is mapped there
     */
    int byteAt(int address);
}
