package org.rvsimt.cli.bench;

import java.util.List;
import org.rvsimt.core.api.Buffer;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.Dim3;

/**
 * Mandelbrot escape counts (bench/kernels/mandelbrot.S), the divergence-heavy case: each lane
 * leaves its loop at its own iteration, so warps run partly masked. Block (32, 8).
 */
final class MandelbrotCase implements BenchCase {
    static final float X0 = -2.0f;
    static final float Y0 = -1.5f;

    @Override
    public String name() {
        return "mandelbrot";
    }

    @Override
    public String description() {
        return "escape-time counts over [-2,1]x[-1.5,1.5], data-dependent loop exits; block (32,8)";
    }

    /** {width (= height), maxIter}. */
    static int[] shape(Tier tier) {
        return switch (tier) {
            case TINY -> new int[] {64, 64};
            case QUICK -> new int[] {256, 256};
            case INTERP -> new int[] {512, 256};
            case FULL -> new int[] {1024, 256};
        };
    }

    @Override
    public Workload workload(Tier tier, BenchKernels kernels) {
        int[] s = shape(tier);
        return new W(s[0], s[1], kernels);
    }

    private static final class W extends Workload {
        final int size;
        final int maxIter;
        final float dx;
        final BenchKernels kernels;
        int[] ref;
        Buffer outb;

        W(int size, int maxIter, BenchKernels kernels) {
            this.size = size;
            this.maxIter = maxIter;
            this.dx = 3.0f / size;
            this.kernels = kernels;
        }

        @Override
        public String size() {
            return size + "x" + size + " it" + maxIter;
        }

        @Override
        public long vramBytes() {
            return Data.vram(4L * size * size);
        }

        @Override
        public void upload(Device d) {
            outb = d.alloc(4L * size * size);
        }

        @Override
        public Run run(Device d) {
            Launches l = new Launches("mandelbrot");
            return l.timed(() -> l.add(d.launch(kernels.kernel("mandelbrot.S"), Dim3.of((size + 31) / 32, (size + 7) / 8),
                    Dim3.of(32, 8), 0, size, size, maxIter, X0, Y0, dx, dx, outb)));
        }

        @Override
        public Check check(Device d) {
            if (ref == null) {
                ref = reference(size, size, maxIter, X0, Y0, dx, dx);
            }
            return Check.exact("bit-exact vs Java float reference", outb.readInts(), ref);
        }

        @Override
        public List<String> nativeArgs() {
            return List.of(Integer.toString(size), Integer.toString(maxIter));
        }

        @Override
        public double checksum(Device d) {
            return Data.weightedSum(outb.readInts());
        }

        @Override
        public double checksumTolerance() {
            return 0;
        }
    }

    /** The kernel's arithmetic, operation for operation, in Java float (round to nearest even). */
    static int[] reference(int width, int height, int maxIter, float x0, float y0, float dx, float dy) {
        int[] out = new int[width * height];
        for (int py = 0; py < height; py++) {
            for (int px = 0; px < width; px++) {
                float cx = x0 + (float) px * dx;
                float cy = y0 + (float) py * dy;
                float zx = 0;
                float zy = 0;
                int n = 0;
                while (n < maxIter) {
                    float x2 = zx * zx;
                    float y2 = zy * zy;
                    if (x2 + y2 > 4.0f) {
                        break;
                    }
                    float t = zx * zy;
                    zy = (t + t) + cy;
                    zx = (x2 - y2) + cx;
                    n++;
                }
                out[py * width + px] = n;
            }
        }
        return out;
    }
}
