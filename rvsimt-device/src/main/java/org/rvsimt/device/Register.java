package org.rvsimt.device;

import java.util.List;

/**
 * One 32-bit register of the device: where it is, who may touch it, and what it means. The table of
 * these ({@link RegisterMap#ALL}) is the single source for the model's access rules and for the
 * register tables of docs/device.md.
 *
 * @param bar         PCI BAR the register lives in (0 registers, 4 doorbells)
 * @param offset      byte offset in the BAR (a multiple of 4)
 * @param name        the seed's name (iface.h), or a new name for rvsimt extensions
 * @param access      access rule
 * @param reset       value after power-on and after a reset, as documented
 * @param description what it does, one or two sentences
 * @param bits        named bits or fields, empty for plain values
 * @param extension   true if the seed has no such register (an rvsimt extension)
 */
public record Register(int bar, int offset, String name, Access access, String reset, String description,
                       List<Bit> bits, boolean extension) {

    /** A named bit or bit field of a register. */
    public record Bit(String bits, String name, String meaning) { }

    public Register {
        if ((offset & 3) != 0) {
            throw new IllegalArgumentException(name + ": offset 0x" + Integer.toHexString(offset) + " is not aligned");
        }
        bits = List.copyOf(bits);
    }
}
