package org.rvsimt.cli.bench;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.rvsimt.core.api.LaunchOptions;

/** Little helpers shared by the cases. */
final class Data {
    private Data() { }

    static byte[] bytes(float[] v) {
        ByteBuffer bb = ByteBuffer.allocate(v.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        bb.asFloatBuffer().put(v);
        return bb.array();
    }

    static byte[] bytes(int[] v) {
        ByteBuffer bb = ByteBuffer.allocate(v.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        bb.asIntBuffer().put(v);
        return bb.array();
    }

    /** VRAM for {@code bytes} of buffers: plus 4 MiB for the kernel image, argument blocks and alignment. */
    static long vram(long bytes) {
        long v = bytes + (4L << 20);
        return (v + 0xFFFFF) & ~0xFFFFFL;
    }

    static LaunchOptions at(int entry) {
        return LaunchOptions.defaults().withEntry(entry);
    }

    /** An element count as the size column shows it: 4K, 16M. */
    static String count(int n) {
        return n >= 1 << 20 ? (n >> 20) + "M" : n >= 1024 ? (n >> 10) + "K" : Integer.toString(n);
    }

    /** Sum of v[i] * (i % 7 + 1) in double, in index order: the checksum the native programs print. */
    static double weightedSum(float[] v) {
        double s = 0;
        for (int i = 0; i < v.length; i++) {
            s += (double) v[i] * (i % 7 + 1);
        }
        return s;
    }

    static double weightedSum(int[] v) {
        long s = 0;
        for (int i = 0; i < v.length; i++) {
            s += (long) v[i] * (i % 7 + 1);
        }
        return s;
    }
}
