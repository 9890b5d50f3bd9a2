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

    /** The word at {@code pc}, or 0 if the pc is outside the code. */
    public int wordAt(int pc) {
        long i = (Integer.toUnsignedLong(pc) - Integer.toUnsignedLong(base)) >> 2;
        return i >= 0 && i < code.length && (pc & 3) == 0 ? code[(int) i] : 0;
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
