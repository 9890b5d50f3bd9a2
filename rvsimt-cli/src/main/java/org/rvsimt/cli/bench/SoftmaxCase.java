package org.rvsimt.cli.bench;

import java.util.List;
import org.rvsimt.core.api.Buffer;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.RandomFill;

/**
 * Row-wise softmax (bench/kernels/softmax.S): one warp per row, max and sum combined across the
 * warp with vx_shfl_bfly, e^x from the SFU's fexp.s. Block 256 (8 warps), grid ceil(rows/8).
 * The vector version (softmax_rvv.S) gives each thread a row, in e32 m8 strips: vfmax/vfredmax, vfexp.v,
 * vfredusum, vfdiv; block 64, grid ceil(rows/64).
 */
final class SoftmaxCase implements BenchCase {
    private final boolean vector;

    SoftmaxCase(boolean vector) {
        this.vector = vector;
    }

    @Override
    public String name() {
        return vector ? "softmax_rvv" : "softmax";
    }

    @Override
    public String description() {
        return vector ? "row softmax with RVV, one thread per row: vfredmax, fexp.s per element, vfredusum; block 64"
                : "row softmax, one warp per row, shuffle-butterfly max/sum, fexp.s; block 256 (8 rows)";
    }

    @Override
    public String nativeName() {
        return "softmax";
    }

    @Override
    public String scalarName() {
        return vector ? "softmax" : null;
    }

    /** {rows, cols}. */
    static int[] shape(Tier tier) {
        return switch (tier) {
            case TINY -> new int[] {20, 100};
            case QUICK -> new int[] {256, 1024};
            case INTERP -> new int[] {2048, 1024};
            case FULL -> new int[] {8192, 1024};
        };
    }

    @Override
    public Workload workload(Tier tier, BenchKernels kernels) {
        int[] s = shape(tier);
        return new W(s[0], s[1], kernels, vector);
    }

    private static final class W extends Workload {
        final int rows;
        final int cols;
        final BenchKernels kernels;
        final float[] in;
        double[] ref;
        Buffer inb;
        Buffer outb;

        final boolean vector;

        W(int rows, int cols, BenchKernels kernels, boolean vector) {
            this.vector = vector;
            this.rows = rows;
            this.cols = cols;
            this.kernels = kernels;
            this.in = RandomFill.floats(rows * cols, 31, -4, 4);
        }

        @Override
        public String size() {
            return rows + "x" + cols;
        }

        @Override
        public long vramBytes() {
            return Data.vram(8L * rows * cols);
        }

        @Override
        public void upload(Device d) {
            inb = d.alloc(4L * rows * cols).write(Data.bytes(in));
            outb = d.alloc(4L * rows * cols);
        }

        @Override
        public Run run(Device d) {
            if (vector) {
                Launches l = new Launches("softmax_rvv");
                return l.timed(() -> l.add(d.launch(kernels.kernel("softmax_rvv.S"), Dim3.of((rows + 63) / 64),
                        Dim3.of(64), 0, rows, cols, inb, outb)));
            }
            Launches l = new Launches("softmax");
            return l.timed(() -> l.add(d.launch(kernels.kernel("softmax.S"), Dim3.of((rows + 7) / 8), Dim3.of(256), 0,
                    rows, cols, inb, outb)));
        }

        @Override
        public Check check(Device d) {
            if (ref == null) {
                ref = reference(in, rows, cols);
            }
            return Check.relative("max relative error vs double reference", outb.readFloats(), ref, 1e-5);
        }

        @Override
        public List<String> nativeArgs() {
            return List.of(Integer.toString(rows), Integer.toString(cols));
        }

        @Override
        public double checksum(Device d) {
            return Data.weightedSum(outb.readFloats());
        }
    }

    /** Softmax of each row in double. */
    static double[] reference(float[] in, int rows, int cols) {
        double[] out = new double[rows * cols];
        for (int r = 0; r < rows; r++) {
            double max = Double.NEGATIVE_INFINITY;
            for (int c = 0; c < cols; c++) {
                max = Math.max(max, in[r * cols + c]);
            }
            double sum = 0;
            for (int c = 0; c < cols; c++) {
                double e = Math.exp(in[r * cols + c] - max);
                out[r * cols + c] = e;
                sum += e;
            }
            for (int c = 0; c < cols; c++) {
                out[r * cols + c] /= sum;
            }
        }
        return out;
    }
}
