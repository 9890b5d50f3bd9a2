package org.rvsimt.timing.record;

import java.util.Arrays;

/** A growable array of ints: a warp's recorded instruction stream. */
public final class IntBuffer {
    private int[] data = new int[256];
    private int size;

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

    /** Shrinks the backing array to the contents once recording ends. */
    public void trim() {
        data = Arrays.copyOf(data, size);
    }
}
