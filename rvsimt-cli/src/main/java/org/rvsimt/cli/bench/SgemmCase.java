package org.rvsimt.cli.bench;

import java.util.List;
import org.rvsimt.core.api.Buffer;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.RandomFill;

/**
 * C = A * B on square n x n matrices, four ways (block (16, 16) but for sgemm_mma):
 * {@code sgemm_naive} (bench/kernels/sgemm_naive.S, operands from global memory, grid n/16 x n/16),
 * {@code sgemm_tiled} (bench/kernels/sgemm_tiled.S, 16x16 tiles in shared memory, two barriers per
 * tile, grid n/16 x n/16) and {@code sgemm_reg} (bench/kernels/sgemm_reg.S, the block computes a
 * 64x64 tile, each thread 4x4 outputs, grid n/64 x n/64) and {@code sgemm_mma}
 * (bench/kernels/sgemm_mma.S, the XuanTie matrix extension: each thread an 8x8 block of C as four 4x4
 * tiles with mfmacc.s, operands from global memory, B loaded as transposed tiles by mlbte32, block (8, 8),
 * grid n/64 x n/64; its
 * native baseline and "vs scalar" row are sgemm_naive's, the scalar kernel of the same shape).
 */
final class SgemmCase implements BenchCase {
    enum Variant { NAIVE, TILED, REG, MMA }

    private final Variant variant;

    SgemmCase(Variant variant) {
        this.variant = variant;
    }

    @Override
    public String name() {
        return "sgemm_" + variant.name().toLowerCase(java.util.Locale.ROOT);
    }

    @Override
    public String description() {
        return switch (variant) {
            case NAIVE -> "C = A*B, one thread per element of C, operands from global memory, k loop unrolled 4x";
            case TILED -> "C = A*B, 16x16 tiles of A and B in shared memory, barriers, unrolled 16-step fmadd.s";
            case REG -> "C = A*B, 64x64 block tiles in shared memory, 4x4 outputs per thread in registers";
            case MMA -> "C = A*B with matrix tiles: 8x8 of C per thread in 4 accumulators, mlae32/mlbte32 + mfmacc.s";
        };
    }

    @Override
    public String nativeName() {
        return variant == Variant.MMA ? "sgemm_naive" : name();
    }

    @Override
    public String scalarName() {
        return variant == Variant.MMA ? "sgemm_naive" : null;
    }

    static int dim(Tier tier) {
        return switch (tier) {
            case TINY -> 64;
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
            String file = name() + ".S";
            int shared = switch (variant) {
                case NAIVE -> 0;
                case TILED -> 2048;
                case REG -> 8192;
                case MMA -> 0;
            };
            int tile = variant == Variant.REG || variant == Variant.MMA ? 64 : 16;
            // sgemm_mma: 8x8 outputs a thread, so 8x8 threads cover the same 64x64 block as sgemm_reg's 16x16.
            Dim3 block = variant == Variant.MMA ? Dim3.of(8, 8) : Dim3.of(16, 16);
            return l.timed(() -> l.add(d.launch(kernels.kernel(file), Dim3.of(n / tile, n / tile), block,
                    shared, n, n, n, ab, bb, cb)));
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
            // fmadd.s rounds once per step (mfmacc.s once per 4 steps): the error grows like sqrt(K) ulps of the partial sums.
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
