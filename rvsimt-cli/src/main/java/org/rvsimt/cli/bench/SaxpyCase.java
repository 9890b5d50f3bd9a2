package org.rvsimt.cli.bench;

import java.util.List;
import org.rvsimt.core.api.Buffer;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.RandomFill;

/**
 * y = a*x + y: memory streaming, one fmadd.s per two loads and a store (bench/kernels/saxpy.S), or
 * the same with RVV vectors of VLMAX elements per lane (saxpy_rvv.S), to show what the vector unit buys.
 */
final class SaxpyCase implements BenchCase {
    static final float A = 2.5f;

    private final boolean vector;

    SaxpyCase(boolean vector) {
        this.vector = vector;
    }

    @Override
    public String name() {
        return vector ? "saxpy_rvv" : "saxpy";
    }

    @Override
    public String description() {
        return vector ? "saxpy with RVV (e32, m8): each thread VLMAX consecutive elements per vector instruction"
                : "y = a*x + y on n floats; block 128, each thread 4 elements per iteration of a chunk per block";
    }

    @Override
    public String nativeName() {
        return "saxpy";
    }

    @Override
    public String scalarName() {
        return vector ? "saxpy" : null;
    }

    static int elements(Tier tier) {
        return switch (tier) {
            case TINY -> 4096;
            case QUICK -> 1 << 20;
            case INTERP -> 4 << 20;
            case FULL -> 16 << 20;
        };
    }

    @Override
    public Workload workload(Tier tier, BenchKernels kernels) {
        return new W(elements(tier), kernels, vector ? "saxpy_rvv.S" : "saxpy.S");
    }

    private static final class W extends Workload {
        final int n;
        final int chunk;
        final BenchKernels kernels;
        final String kernel;
        final float[] x;
        final float[] y;
        final byte[] yBytes;
        float[] ref;
        Buffer xb;
        Buffer yb;

        W(int n, BenchKernels kernels, String kernel) {
            this.n = n;
            this.kernel = kernel;
            this.chunk = Math.min(16384, n);
            this.kernels = kernels;
            this.x = RandomFill.floats(n, 1, -1, 1);
            this.y = RandomFill.floats(n, 2, -1, 1);
            this.yBytes = Data.bytes(y);
        }

        @Override
        public String size() {
            return Data.count(n);
        }

        @Override
        public long vramBytes() {
            return Data.vram(8L * n);
        }

        @Override
        public void upload(Device d) {
            xb = d.alloc(4L * n).write(Data.bytes(x));
            yb = d.alloc(4L * n);
        }

        @Override
        public void reset(Device d) {
            yb.write(yBytes);
        }

        @Override
        public Run run(Device d) {
            Launches l = new Launches("saxpy");
            return l.timed(() -> l.add(d.launch(kernels.kernel(kernel), Dim3.of(n / chunk), Dim3.of(128), 0,
                    n, A, xb, yb, chunk)));
        }

        @Override
        public Check check(Device d) {
            if (ref == null) {
                ref = new float[n];
                for (int i = 0; i < n; i++) {
                    ref[i] = Math.fma(A, x[i], y[i]);
                }
            }
            return Check.exact("bit-exact vs Java Math.fma (fmadd.s is one rounding)", yb.readFloats(), ref);
        }

        @Override
        public List<String> nativeArgs() {
            return List.of(Integer.toString(n));
        }

        @Override
        public double checksum(Device d) {
            return Data.weightedSum(yb.readFloats());
        }
    }
}
