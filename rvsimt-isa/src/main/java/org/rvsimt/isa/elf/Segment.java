package org.rvsimt.isa.elf;

import java.util.Arrays;

/**
 * One {@code PT_LOAD} segment: {@code data} (length {@code p_filesz}) is copied to {@code vaddr};
 * the remaining {@code memSize - data.length} bytes are zero-filled. {@code flags} are the ELF
 * {@code p_flags} bits ({@link #PF_X}, {@link #PF_W}, {@link #PF_R}). {@code memSize} is an
 * unsigned 32-bit quantity (use {@link #memSizeUnsigned()} when comparing).
 */
public record Segment(int vaddr, byte[] data, int memSize, int flags) {

    public static final int PF_X = 1;
    public static final int PF_W = 2;
    public static final int PF_R = 4;

    public boolean executable() {
        return (flags & PF_X) != 0;
    }

    public boolean writable() {
        return (flags & PF_W) != 0;
    }

    public boolean readable() {
        return (flags & PF_R) != 0;
    }

    public long memSizeUnsigned() {
        return Integer.toUnsignedLong(memSize);
    }

    /** True if {@code address} lies in {@code [vaddr, vaddr + memSize)}. */
    public boolean contains(int address) {
        long a = Integer.toUnsignedLong(address);
        long start = Integer.toUnsignedLong(vaddr);
        return a >= start && a < start + memSizeUnsigned();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Segment s && s.vaddr == vaddr && s.memSize == memSize && s.flags == flags
                && Arrays.equals(s.data, data);
    }

    @Override
    public int hashCode() {
        return ((vaddr * 31 + memSize) * 31 + flags) * 31 + Arrays.hashCode(data);
    }

    @Override
    public String toString() {
        return String.format("Segment[vaddr=0x%x, filesz=0x%x, memsz=0x%x, flags=%s%s%s]", vaddr, data.length,
                memSizeUnsigned(), readable() ? "R" : "-", writable() ? "W" : "-", executable() ? "X" : "-");
    }
}
