package org.rvsimt.isa.elf;

import java.io.Serial;

/**
 * A file is not a loadable ELF32 RISC-V executable. The message is a single line that names the
 * file, the header or field at fault and its byte offset, for example
 * {@code saxpy.elf: program header 2 at offset 0x74: segment [0x3fffff0, 0x4000010) lies outside VRAM (64 MiB)}.
 */
public final class ElfFormatException extends Exception {

    @Serial
    private static final long serialVersionUID = 1L;

    public ElfFormatException(String message) {
        super(message);
    }
}
