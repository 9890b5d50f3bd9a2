package org.rvsimt.cli;

import org.rvsimt.isa.DeviceIsa;

/** Reads an {@code --isa} flag: a bad ISA string is one line naming the flag (exit code 2). */
final class IsaFlag {

    private IsaFlag() { }

    static DeviceIsa parse(String flag, String value) {
        try {
            return DeviceIsa.parse(value);
        } catch (IllegalArgumentException e) {
            throw new UserError(flag + ": " + e.getMessage());
        }
    }
}
