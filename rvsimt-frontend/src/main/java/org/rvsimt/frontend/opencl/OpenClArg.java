package org.rvsimt.frontend.opencl;

/**
 * One kernel argument, as the compiler saw it.
 *
 * @param index            position in the kernel's parameter list
 * @param name             the parameter's name in the source
 * @param addressQualifier where the argument (a pointer's target) lives
 * @param accessQualifier  {@code none}, {@code read_only}, {@code write_only} or {@code read_write} (images only)
 * @param typeName         the type as written ({@code float*}, {@code float4}, a typedef's name)
 * @param typeQualifiers   {@code const}, {@code restrict}, {@code volatile}, space separated, or empty
 * @param kind             what the host writes into the slot
 * @param size             the value's size in bytes for {@link ArgKind#VALUE} (a 3-vector counts 4
 *                         elements, as in OpenCL), 4 for pointers; what {@code clSetKernelArg} must be given
 *                         ({@link ArgKind#LOCAL}: the host gives a size, and no value)
 * @param offset           the slot's byte offset in the argument block (a multiple of 4)
 */
public record OpenClArg(int index, String name, AddressQualifier addressQualifier, String accessQualifier,
        String typeName, String typeQualifiers, ArgKind kind, int size, int offset) {
    /** Bytes the slot takes in the argument block: the size rounded up to 4. */
    public int slotBytes() {
        return (size + 3) & ~3;
    }
}
