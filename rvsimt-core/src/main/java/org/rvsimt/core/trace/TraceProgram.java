package org.rvsimt.core.trace;

/** A launch's code as a PROGRAM chunk carries it: instruction words from {@code base}, for disassembly. */
public record TraceProgram(long launchId, int base, int[] code) {
    public TraceProgram {
        code = code.clone();
    }

    @Override
    public int[] code() {
        return code.clone();
    }

    /**
     * The instruction at {@code pc} (any even address: with the C extension instructions are 2 or 4
     * bytes long): its 32 bits, or the halfword of a compressed one; 0 if the pc is outside the code.
     */
    public int wordAt(int pc) {
        long h = (Integer.toUnsignedLong(pc) - Integer.toUnsignedLong(base)) >> 1;
        if ((pc & 1) != 0 || h < 0 || h >= 2L * code.length) {
            return 0;
        }
        int lo = half(h);
        return (lo & 3) != 3 ? lo : lo | half(h + 1) << 16;
    }

    private int half(long h) {
        return h < 2L * code.length ? code[(int) (h >> 1)] >>> 16 * (int) (h & 1) & 0xFFFF : 0;
    }

    public boolean contains(int pc) {
        long i = (Integer.toUnsignedLong(pc) - Integer.toUnsignedLong(base)) >> 2;
        return i >= 0 && i < code.length;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TraceProgram p && p.launchId == launchId && p.base == base
                && java.util.Arrays.equals(p.code, code);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(launchId) * 31 + base;
    }
}
