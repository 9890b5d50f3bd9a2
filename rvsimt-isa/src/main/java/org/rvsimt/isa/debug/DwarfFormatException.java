package org.rvsimt.isa.debug;

import java.io.Serial;

/**
 * DWARF debugging information is malformed or uses something this reader does not support. The
 * message is one line naming the file, the section and the byte offset inside that section, for
 * example {@code saxpy.elf: .debug_line at offset 0x3a: line_range is 0}.
 */
public final class DwarfFormatException extends Exception {

    @Serial
    private static final long serialVersionUID = 1L;

    public DwarfFormatException(String message) {
        super(message);
    }
}
