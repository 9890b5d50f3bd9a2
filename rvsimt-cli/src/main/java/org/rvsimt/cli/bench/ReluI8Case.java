package org.rvsimt.cli.bench;

import java.util.List;
import org.rvsimt.core.api.Buffer;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.RandomFill;

/**
 * An int8 ReLU with each block's largest output (bench/kernels/relu_i8.S, one byte per thread and
 * iteration), or the same with RVV at e8, m8 (relu_i8_rvv.S: a compare into the mask, a masked vand,
 * a vredmaxu per strip), to show what the vector unit's integer, masked and reduction forms buy.
 */
final class ReluI8Case implements BenchCase {
    private final boolean vector;

    ReluI8Case(boolean vector) {
        this.vector = vector;
    }

    @Override
    public String name() {
        return vector ? "relu_i8_rvv" : "relu_i8";
    }

    @Override
    public String description() {
        return vector ? "relu_i8 with RVV (e8, m8; masked vand, vredmaxu): each thread VLMAX consecutive bytes per "
                + "vector instruction" : "int8 ReLU on n bytes and each block's largest output (amomaxu.w); block 128, "
                + "one byte per thread and iteration";
    }

    @Override
    public String nativeName() {
        return "relu_i8";
    }

    @Override
    public String scalarName() {
        return vector ? "relu_i8" : null;
    }

    @Override
    public Workload workload(Tier tier, BenchKernels kernels) {
        return new W(SaxpyCase.elements(tier), kernels, vector ? "relu_i8_rvv.S" : "relu_i8.S");
    }

    private static final class W extends Workload {
        final int n;
        final int chunk;
        final BenchKernels kernels;
        final String kernel;
        final byte[] x;
        int[] ref;
        Buffer xb;
        Buffer ob;
        Buffer mb;

        W(int n, BenchKernels kernels, String kernel) {
            this.n = n;
            this.chunk = Math.min(65536, n);
            this.kernels = kernels;
            this.kernel = kernel;
            int[] raw = RandomFill.ints(n, 43, 0, 255);     // bench/native/common.h's random_ints_pow2(n, 43, 8)
            this.x = new byte[n];
            for (int i = 0; i < n; i++) {
                x[i] = (byte) raw[i];
            }
        }

        @Override
        public String size() {
            return Data.count(n);
        }

        @Override
        public long vramBytes() {
            return Data.vram(2L * n + 4L * (n / chunk));
        }

        @Override
        public void upload(Device d) {
            xb = d.alloc(n).write(x);
            ob = d.alloc(n);
            mb = d.alloc(4L * (n / chunk));
        }

        @Override
        public void reset(Device d) {
            mb.write(new int[n / chunk]);
        }

        @Override
        public Run run(Device d) {
            Launches l = new Launches("relu_i8");
            return l.timed(() -> l.add(d.launch(kernels.kernel(kernel), Dim3.of(n / chunk), Dim3.of(128), 0,
                    n, xb, ob, mb, chunk)));
        }

        /** The outputs as ints, then each block's maximum. */
        private int[] got() {
            byte[] out = ob.readBytes();
            int[] maxes = mb.readInts();
            int[] all = new int[n + maxes.length];
            for (int i = 0; i < n; i++) {
                all[i] = out[i];
            }
            System.arraycopy(maxes, 0, all, n, maxes.length);
            return all;
        }

        @Override
        public Check check(Device d) {
            if (ref == null) {
                ref = new int[n + n / chunk];
                for (int i = 0; i < n; i++) {
                    ref[i] = Math.max(x[i], 0);
                    ref[n + i / chunk] = Math.max(ref[n + i / chunk], ref[i]);
                }
            }
            return Check.exact("equal to Java's max(x, 0) and each block's largest output", got(), ref);
        }

        @Override
        public List<String> nativeArgs() {
            return List.of(Integer.toString(n));
        }

        @Override
        public double checksum(Device d) {
            byte[] out = ob.readBytes();
            int[] v = new int[n];
            for (int i = 0; i < n; i++) {
                v[i] = out[i];
            }
            return Data.weightedSum(v);
        }
    }
}
