package org.rvsimt.cli.bench;

import java.util.List;
import org.rvsimt.core.api.Buffer;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.RandomFill;

/**
 * C = A * B on square n x n matrices, two ways: {@code sgemm_naive} (bench/kernels/sgemm_naive.S,
 * operands from global memory) and {@code sgemm_tiled} (bench/kernels/sgemm_tiled.S, 16x16 tiles
 * in shared memory with two barriers per tile). Both use block (16, 16), grid (n/16, n/16).
 */
final class SgemmCase implements BenchCase {
    private final boolean tiled;

    SgemmCase(boolean tiled) {
        this.tiled = tiled;
    }

    @Override
    public String name() {
        return tiled ? "sgemm_tiled" : "sgemm_naive";
    }

    @Override
    public String description() {
        return tiled ? "C = A*B, 16x16 tiles of A and B in shared memory, barriers, unrolled 16-step fmadd.s"
                : "C = A*B, one thread per element of C, operands from global memory, k loop unrolled 4x";
    }

    static int dim(Tier tier) {
        return switch (tier) {
            case TINY -> 32;
            case QUICK -> 128;
            case INTERP -> 256;
            case FULL -> 512;
        };
    }

    @Override
    public Workload workload(Tier tier, BenchKernels kernels) {
        return new W(dim(tier), kernels);
    }

    private final class W extends Workload {
        final int n;
        final BenchKernels kernels;
        final float[] a;
        final float[] b;
        double[] ref;
        Buffer ab;
        Buffer bb;
        Buffer cb;

        W(int n, BenchKernels kernels) {
            this.n = n;
            this.kernels = kernels;
            this.a = RandomFill.floats(n * n, 11, -1, 1);
            this.b = RandomFill.floats(n * n, 12, -1, 1);
        }

        @Override
        public String size() {
            return n + "x" + n + "x" + n;
        }

        @Override
        public long vramBytes() {
            return Data.vram(12L * n * n);
        }

        @Override
        public void upload(Device d) {
            ab = d.alloc(4L * n * n).write(Data.bytes(a));
            bb = d.alloc(4L * n * n).write(Data.bytes(b));
            cb = d.alloc(4L * n * n);
        }

        @Override
        public Run run(Device d) {
            Launches l = new Launches(name());
            String file = tiled ? "sgemm_tiled.S" : "sgemm_naive.S";
            int shared = tiled ? 2048 : 0;
            long t = time(() -> l.add(d.launch(kernels.kernel(file), Dim3.of(n / 16, n / 16), Dim3.of(16, 16), shared,
                    n, n, n, ab, bb, cb)));
            return l.toRun(t);
        }

        @Override
        public Check check(Device d) {
            if (ref == null) {
                ref = new double[n * n];
                for (int i = 0; i < n; i++) {
                    for (int k = 0; k < n; k++) {
                        double aik = a[i * n + k];
                        int bo = k * n;
                        int co = i * n;
                        for (int j = 0; j < n; j++) {
                            ref[co + j] += aik * b[bo + j];
                        }
                    }
                }
            }
            // fmadd.s rounds once per step: the error grows like sqrt(K) ulps of the partial sums.
            return Check.absolute("max abs error vs double reference", cb.readFloats(), ref, 2e-6 * n);
        }

        @Override
        public List<String> nativeArgs() {
            return List.of(Integer.toString(n));
        }

        @Override
        public double checksum(Device d) {
            return Data.weightedSum(cb.readFloats());
        }
    }
}
