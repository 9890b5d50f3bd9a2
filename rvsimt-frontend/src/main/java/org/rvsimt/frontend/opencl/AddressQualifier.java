package org.rvsimt.frontend.opencl;

/**
 * The address space a kernel argument lives in, as {@code clGetKernelArgInfo} reports it
 * ({@code CL_KERNEL_ARG_ADDRESS_*}); a by-value argument is {@link #PRIVATE}.
 */
public enum AddressQualifier {
    GLOBAL(0x119B), LOCAL(0x119C), CONSTANT(0x119D), PRIVATE(0x119E);

    private final int clValue;

    AddressQualifier(int clValue) {
        this.clValue = clValue;
    }

    /** The {@code cl_kernel_arg_address_qualifier} value. */
    public int clValue() {
        return clValue;
    }

    /** From clang's {@code kernel_arg_addr_space} metadata (the SPIR numbering: 0 private, 1 global, 2 constant, 3 local). */
    static AddressQualifier fromSpirAddressSpace(int as) {
        return switch (as) {
            case 1 -> GLOBAL;
            case 2 -> CONSTANT;
            case 3 -> LOCAL;
            default -> PRIVATE;
        };
    }
}
