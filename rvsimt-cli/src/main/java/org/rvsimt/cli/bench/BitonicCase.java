package org.rvsimt.cli.bench;

import java.util.Arrays;
import java.util.List;
import org.rvsimt.core.api.Buffer;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.core.api.RandomFill;

/**
 * Bitonic sort of n int keys in place (bench/kernels/bitonic.S): steps with j >= 1024 are one
 * launch each over all n/2 pairs; the steps below run inside blocks of 1024 keys in shared memory
 * with a barrier per step. 1 + sum over stages k >= 2048 of (log2(k) - 9) launches.
 */
final class BitonicCase implements BenchCase {
    static final int KEY_BITS = 30;

    @Override
    public String name() {
        return "bitonic";
    }

    @Override
    public String description() {
        return "bitonic sort of int keys; j >= 1024 steps one launch each, j < 1024 in shared memory with barriers";
    }

    static int keys(Tier tier) {
        return switch (tier) {
            case TINY -> 4096;
            case QUICK -> 16 << 10;
            case INTERP -> 64 << 10;
            case FULL -> 1 << 20;
        };
    }

    @Override
    public Workload workload(Tier tier, BenchKernels kernels) {
        return new W(keys(tier), kernels);
    }

    private static final class W extends Workload {
        final int n;
        final BenchKernels kernels;
        final int[] keys;
        final byte[] keyBytes;
        int[] ref;
        Buffer kb;

        W(int n, BenchKernels kernels) {
            this.n = n;
            this.kernels = kernels;
            this.keys = RandomFill.ints(n, 41, 0, (1L << KEY_BITS) - 1);
            this.keyBytes = Data.bytes(keys);
        }

        @Override
        public String size() {
            return n >= 1 << 20 ? (n >> 20) + "M keys" : (n >> 10) + "K keys";
        }

        @Override
        public long vramBytes() {
            return Data.vram(4L * n);
        }

        @Override
        public void upload(Device d) {
            kb = d.alloc(4L * n);
        }

        @Override
        public void reset(Device d) {
            kb.write(keyBytes);
        }

        @Override
        public Run run(Device d) {
            Launches l = new Launches("bitonic");
            Kernel k = kernels.kernel("bitonic.S");
            int shared = kernels.entry("bitonic.S", "bitonic_shared");
            int global = kernels.entry("bitonic.S", "bitonic_global");
            Dim3 sharedGrid = Dim3.of(n / 1024);
            Dim3 globalGrid = Dim3.of(n / 512);
            return l.timed(() -> {
                l.add(d.launch(k, sharedGrid, Dim3.of(512), 4096, Data.at(shared), kb, 2, Math.min(n, 1024)));
                for (int stage = 2048; stage <= n; stage <<= 1) {
                    for (int j = stage / 2; j >= 1024; j >>= 1) {
                        l.add(d.launch(k, globalGrid, Dim3.of(256), 0, Data.at(global), kb, j, stage));
                    }
                    l.add(d.launch(k, sharedGrid, Dim3.of(512), 4096, Data.at(shared), kb, stage, stage));
                }
            });
        }

        @Override
        public Check check(Device d) {
            if (ref == null) {
                ref = keys.clone();
                Arrays.sort(ref);
            }
            return Check.exact("equal to Arrays.sort", kb.readInts(), ref);
        }

        @Override
        public List<String> nativeArgs() {
            return List.of(Integer.toString(n));
        }

        @Override
        public double checksum(Device d) {
            return Data.weightedSum(kb.readInts());
        }

        @Override
        public double checksumTolerance() {
            return 0;
        }
    }
}
