package org.rvsimt.frontend.opencl;

/** How the host fills a kernel argument's slot in the argument block. */
public enum ArgKind {
    /** A {@code __global} or {@code __constant} pointer: the slot holds the buffer's device address (4 bytes). */
    BUFFER,
    /** A {@code __local} pointer: the slot holds the size in bytes the host asked for (4 bytes); the entry stub turns it into a pointer into the work-group's shared memory. */
    LOCAL,
    /** A value (scalar or vector): the slot holds its bytes, little-endian, as {@code clSetKernelArg} gets them. */
    VALUE
}
