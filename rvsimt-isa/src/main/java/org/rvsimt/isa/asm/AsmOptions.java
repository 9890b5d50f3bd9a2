package org.rvsimt.isa.asm;

/**
 * Where the assembler places the program.
 *
 * @param textAddress address of the first text section (must be a multiple of 4)
 * @param dataAddress address of the first read-only or writable data section, or {@code -1} to
 *                    place data right after the text, aligned to 16 bytes
 * @param compressed  whether instructions are compressed (C extension) where they can be, from the
 *                    start of the source, as with GNU as {@code -march=rv32...c} or llvm-mc
 *                    {@code -mattr=+c}; the source can switch it with {@code .option rvc/norvc}
 */
public record AsmOptions(int textAddress, int dataAddress, boolean compressed) {

    /** Without compression. */
    public AsmOptions(int textAddress, int dataAddress) {
        this(textAddress, dataAddress, false);
    }

    /** Text at address 0, data right after it, no compression. */
    public static AsmOptions defaults() {
        return new AsmOptions(0, -1, false);
    }

    public AsmOptions withTextAddress(int address) {
        return new AsmOptions(address, dataAddress, compressed);
    }

    public AsmOptions withDataAddress(int address) {
        return new AsmOptions(textAddress, address, compressed);
    }

    /** Compressed instructions from the start of the source (until an {@code .option norvc}). */
    public AsmOptions withCompressed(boolean on) {
        return new AsmOptions(textAddress, dataAddress, on);
    }
}
