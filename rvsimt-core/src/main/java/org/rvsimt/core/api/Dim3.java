package org.rvsimt.core.api;

/** Grid or block dimensions, as CUDA's dim3. */
public record Dim3(int x, int y, int z) {
    public Dim3 {
        if (x < 1 || y < 1 || z < 1) {
            throw new DeviceException("dimensions must be at least 1, got (" + x + ", " + y + ", " + z + ")");
        }
    }

    public static Dim3 of(int x) {
        return new Dim3(x, 1, 1);
    }

    public static Dim3 of(int x, int y) {
        return new Dim3(x, y, 1);
    }

    public static Dim3 of(int x, int y, int z) {
        return new Dim3(x, y, z);
    }

    public long volume() {
        return (long) x * y * z;
    }

    int[] toArray() {
        return new int[] {x, y, z};
    }
}
