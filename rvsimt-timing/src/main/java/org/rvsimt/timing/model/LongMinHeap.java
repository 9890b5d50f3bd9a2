package org.rvsimt.timing.model;

import java.util.Arrays;

/**
 * A binary min-heap of longs: the completion times of a unit's outstanding L1 misses. Primitive, so
 * the cycle model does not box a {@code Long} per miss.
 */
final class LongMinHeap {
    private long[] heap = new long[64];
    private int size;

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** The smallest value (the heap must not be empty). */
    long peek() {
        return heap[0];
    }

    void add(long v) {
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
        }
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (heap[parent] <= v) {
                break;
            }
            heap[i] = heap[parent];
            i = parent;
        }
        heap[i] = v;
    }

    /** Removes the smallest value. */
    void poll() {
        long last = heap[--size];
        int i = 0;
        int half = size >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            if (child + 1 < size && heap[child + 1] < heap[child]) {
                child++;
            }
            if (last <= heap[child]) {
                break;
            }
            heap[i] = heap[child];
            i = child;
        }
        if (size > 0) {
            heap[i] = last;
        }
    }

    /** The {@code k}-th smallest value (1: the smallest), {@code k} at most the size. */
    long kthSmallest(int k) {
        long[] taken = new long[k];
        for (int i = 0; i < k; i++) {
            taken[i] = heap[0];
            poll();
        }
        for (long v : taken) {
            add(v);
        }
        return taken[k - 1];
    }
}
