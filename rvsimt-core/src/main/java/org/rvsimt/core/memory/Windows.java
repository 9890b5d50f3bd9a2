package org.rvsimt.core.memory;

/** Typed little-endian access to any memory array (VRAM, shared memory, stacks). */
public final class Windows {
    private Windows() { }

    public static int load(byte[] m, int off, int width, boolean unsigned) {
        return Vram.load(m, off, width, !unsigned);
    }

    public static void store(byte[] m, int off, int width, int v) {
        Vram.store(m, off, width, v);
    }

    public static int atomic(byte[] m, int off, org.rvsimt.isa.Operation.Amo op, int operand) {
        return Vram.atomic(m, off, op, operand);
    }

    public static boolean compareAndSet(byte[] m, int off, int expected, int value) {
        return Vram.compareAndSet(m, off, expected, value);
    }

    public static int loadVolatile(byte[] m, int off) {
        return Vram.loadAtomic(m, off);
    }
}
