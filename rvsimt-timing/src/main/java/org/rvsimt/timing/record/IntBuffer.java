package org.rvsimt.timing.record;

import java.util.Arrays;

/** A growable array of ints: a warp's recorded instruction stream. */
public final class IntBuffer {
    private int[] data;
    private int size;

    /** A buffer with room for {@code capacity} ints before it grows. */
    public IntBuffer(int capacity) {
        data = new int[Math.max(16, capacity)];
    }

    public void add(int v) {
        if (size == data.length) {
            data = Arrays.copyOf(data, data.length * 2);
        }
        data[size++] = v;
    }

    public int size() {
        return size;
    }

    /** The backing array (valid up to {@link #size()}). */
    public int[] array() {
        return data;
    }
}
