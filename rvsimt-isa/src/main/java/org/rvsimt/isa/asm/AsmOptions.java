package org.rvsimt.isa.asm;

/**
 * Where the assembler places the program.
 *
 * @param textAddress address of the first text section (must be a multiple of 4)
 * @param dataAddress address of the first read-only or writable data section, or {@code -1} to
 *                    place data right after the text, aligned to 16 bytes
 */
public record AsmOptions(int textAddress, int dataAddress) {

    /** Text at address 0, data right after it. */
    public static AsmOptions defaults() {
        return new AsmOptions(0, -1);
    }

    public AsmOptions withTextAddress(int address) {
        return new AsmOptions(address, dataAddress);
    }

    public AsmOptions withDataAddress(int address) {
        return new AsmOptions(textAddress, address);
    }
}
