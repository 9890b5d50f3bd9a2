package org.rvsimt.core.memory;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Global device memory: one little-endian byte array. Plain accesses go through byte-array view
 * VarHandles (C2 turns them into single moves); atomics use the same handles' atomic modes, which
 * makes RV32A atomic across host threads.
 */
public final class Vram {
    static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);

    private final byte[] bytes;

    public Vram(long size) {
        if (size <= 0 || size > MemoryMap.MAX_VRAM || (size & 0xFFF) != 0) {
            throw new IllegalArgumentException("VRAM size must be a positive multiple of 4 KiB up to "
                    + (MemoryMap.MAX_VRAM >> 20) + " MiB, got " + size);
        }
        bytes = new byte[(int) size];
    }

    public byte[] bytes() {
        return bytes;
    }

    public int size() {
        return bytes.length;
    }

    public boolean contains(long address, long length) {
        return address >= 0 && length >= 0 && address + length <= bytes.length;
    }

    public int getInt(int a) {
        return (int) INT.get(bytes, a);
    }

    public void putInt(int a, int v) {
        INT.set(bytes, a, v);
    }

    public void write(int address, byte[] src, int off, int len) {
        System.arraycopy(src, off, bytes, address, len);
    }

    public void read(int address, byte[] dst, int off, int len) {
        System.arraycopy(bytes, address, dst, off, len);
    }

    public void fill(int address, int len, byte value) {
        java.util.Arrays.fill(bytes, address, address + len, value);
    }

    // ----- typed accessors on any byte array (VRAM, shared memory, private stacks share them)

    static int load(byte[] m, int off, int width, boolean signed) {
        return switch (width) {
            case 1 -> signed ? m[off] : m[off] & 0xFF;
            case 2 -> signed ? (short) SHORT.get(m, off) : (short) SHORT.get(m, off) & 0xFFFF;
            default -> (int) INT.get(m, off);
        };
    }

    static void store(byte[] m, int off, int width, int v) {
        switch (width) {
            case 1 -> m[off] = (byte) v;
            case 2 -> SHORT.set(m, off, (short) v);
            default -> INT.set(m, off, v);
        }
    }

    /**
     * Atomic read-modify-write; returns the old value. Since JDK 22, byte-array view VarHandles
     * support no atomic access modes (JDK-8318966), so atomics take one of 256 striped locks,
     * chosen by the 64-byte line of the address: AMOs on one word are serialised across host
     * threads and each lock publishes the write to the next AMO on that line.
     */
    static int atomic(byte[] m, int off, org.rvsimt.isa.Operation.Amo op, int operand) {
        synchronized (lock(m, off)) {
            int old = (int) INT.get(m, off);
            INT.set(m, off, org.rvsimt.core.semantics.Atomics.apply(op, old, operand));
            return old;
        }
    }

    static boolean compareAndSet(byte[] m, int off, int expected, int value) {
        synchronized (lock(m, off)) {
            if ((int) INT.get(m, off) != expected) {
                return false;
            }
            INT.set(m, off, value);
            return true;
        }
    }

    static int loadAtomic(byte[] m, int off) {
        synchronized (lock(m, off)) {
            return (int) INT.get(m, off);
        }
    }

    private static final Object[] LOCKS = new Object[256];

    static {
        for (int i = 0; i < LOCKS.length; i++) {
            LOCKS[i] = new Object();
        }
    }

    private static Object lock(byte[] m, int off) {
        return LOCKS[((off >>> 6) ^ System.identityHashCode(m)) & 255];
    }
}
