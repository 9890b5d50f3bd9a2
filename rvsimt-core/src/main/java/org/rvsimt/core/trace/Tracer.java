package org.rvsimt.core.trace;

/**
 * A trace of one or more launches: owns the rings of every host thread and the consumers that drain
 * them (a file writer, a live view). The launch runner asks it for one channel per host thread.
 */
public interface Tracer extends AutoCloseable {

    /**
     * A launch begins. {@code code} is the kernel image (instruction words from {@code base}), so a
     * trace decoder can disassemble without the ELF file.
     */
    void launchBegin(long launchId, String kernel, int base, int[] code, int entry, int[] grid, int[] block,
                     int warpSize, int workers);

    /** The producer for host thread {@code worker} (0-based) of the current launch. */
    TraceChannel channel(int worker);

    /** The launch ended; {@code status} is the status of docs/cli.md (ok, fault, ...). */
    void launchEnd(long launchId, String status, long warpInstructions, long laneInstructions, long wallNanos);

    /** A device register access (the device model's slow-channel events). */
    void deviceRegister(boolean write, int offset, int value);

    /** A DMA transfer between host and device memory. */
    void dma(long source, long destination, long bytes);

    /** Records dropped so far because a consumer fell behind: {fast, slow}. */
    long[] dropped();

    /** Drains every ring and finishes the consumers; the trace is complete afterwards. */
    @Override
    void close();
}
