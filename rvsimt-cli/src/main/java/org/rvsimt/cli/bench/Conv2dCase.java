package org.rvsimt.cli.bench;

import java.util.List;
import org.rvsimt.core.api.Buffer;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.RandomFill;

/**
 * Multi-channel 3x3 convolution with bias and ReLU fused (bench/kernels/conv2d.S): Cin input
 * planes of H x W, Cout filters, valid padding. Block (32, 8), grid (ceil(OW/32), ceil(OH/8), Cout).
 * The vector version (conv2d_rvv.S) gives each thread a strip of 32 output columns of one row
 * (vle32 + vfmacc.vf per tap): block 64, grid (ceil(strips * OH / 64), 1, Cout).
 */
final class Conv2dCase implements BenchCase {
    /** Output columns per vector strip: e32, m8 at VLEN 128 (the kernel's vsetvli). */
    static final int STRIP = 32;

    private final boolean vector;

    Conv2dCase(boolean vector) {
        this.vector = vector;
    }

    @Override
    public String name() {
        return vector ? "conv2d_rvv" : "conv2d";
    }

    @Override
    public String description() {
        return vector ? "3x3 conv with RVV: each thread 32 output columns of a row, vle32 + vfmacc.vf per tap; block 64"
                : "3x3 conv, Cin->Cout channels, bias+ReLU fused; block (32,8), one thread per output, 3x3 unrolled";
    }

    @Override
    public String nativeName() {
        return "conv2d";
    }

    @Override
    public String scalarName() {
        return vector ? "conv2d" : null;
    }

    /** {Cin, Cout, H (= W)}. */
    static int[] shape(Tier tier) {
        return switch (tier) {
            case TINY -> new int[] {2, 3, 18};
            case QUICK -> new int[] {8, 8, 66};
            case INTERP -> new int[] {16, 16, 130};
            case FULL -> new int[] {32, 32, 130};
        };
    }

    @Override
    public Workload workload(Tier tier, BenchKernels kernels) {
        int[] s = shape(tier);
        return new W(s[0], s[1], s[2], kernels, vector);
    }

    private static final class W extends Workload {
        final int cin;
        final int cout;
        final int h;
        final int oh;
        final BenchKernels kernels;
        final float[] in;
        final float[] w;
        final float[] bias;
        double[] ref;
        Buffer inb;
        Buffer wb;
        Buffer biasb;
        Buffer outb;

        final boolean vector;

        W(int cin, int cout, int h, BenchKernels kernels, boolean vector) {
            this.vector = vector;
            this.cin = cin;
            this.cout = cout;
            this.h = h;
            this.oh = h - 2;
            this.kernels = kernels;
            this.in = RandomFill.floats(cin * h * h, 21, -1, 1);
            this.w = RandomFill.floats(cout * cin * 9, 22, -0.5, 0.5);
            this.bias = RandomFill.floats(cout, 23, -0.1, 0.1);
        }

        @Override
        public String size() {
            return cin + "x" + h + "x" + h + "->" + cout + "x" + oh + "x" + oh;
        }

        @Override
        public long vramBytes() {
            return Data.vram(4L * (in.length + w.length + bias.length + (long) cout * oh * oh));
        }

        @Override
        public void upload(Device d) {
            inb = d.alloc(4L * in.length).write(Data.bytes(in));
            wb = d.alloc(4L * w.length).write(Data.bytes(w));
            biasb = d.alloc(4L * bias.length).write(Data.bytes(bias));
            outb = d.alloc(4L * cout * oh * oh);
        }

        @Override
        public Run run(Device d) {
            if (vector) {
                Launches l = new Launches("conv2d_rvv");
                int threads = (oh + STRIP - 1) / STRIP * oh;
                return l.timed(() -> l.add(d.launch(kernels.kernel("conv2d_rvv.S"), Dim3.of((threads + 63) / 64, 1, cout),
                        Dim3.of(64), 0, cin, h, h, inb, wb, biasb, outb, 1)));
            }
            Launches l = new Launches("conv2d");
            Dim3 grid = Dim3.of((oh + 31) / 32, (oh + 7) / 8, cout);
            return l.timed(() -> l.add(d.launch(kernels.kernel("conv2d.S"), grid, Dim3.of(32, 8), 0,
                    cin, h, h, inb, wb, biasb, outb, 1)));
        }

        @Override
        public Check check(Device d) {
            if (ref == null) {
                ref = reference(in, w, bias, cin, cout, h, h, 3, true);
            }
            return Check.absolute("max abs error vs double reference", outb.readFloats(), ref, 1e-6 * (cin * 9 + 1));
        }

        @Override
        public List<String> nativeArgs() {
            return List.of(Integer.toString(cin), Integer.toString(cout), Integer.toString(h));
        }

        @Override
        public double checksum(Device d) {
            return Data.weightedSum(outb.readFloats());
        }
    }

    /** Valid KxK convolution in double, plus bias, optionally ReLU; output Cout x (H-K+1) x (W-K+1). */
    static double[] reference(float[] in, float[] w, float[] bias, int cin, int cout, int h, int wd, int k,
                              boolean relu) {
        int oh = h - k + 1;
        int ow = wd - k + 1;
        double[] out = new double[cout * oh * ow];
        for (int oc = 0; oc < cout; oc++) {
            for (int y = 0; y < oh; y++) {
                for (int x = 0; x < ow; x++) {
                    double acc = bias[oc];
                    for (int ic = 0; ic < cin; ic++) {
                        for (int ky = 0; ky < k; ky++) {
                            for (int kx = 0; kx < k; kx++) {
                                acc += (double) in[(ic * h + y + ky) * wd + x + kx]
                                        * w[((oc * cin + ic) * k + ky) * k + kx];
                            }
                        }
                    }
                    out[(oc * oh + y) * ow + x] = relu ? Math.max(acc, 0) : acc;
                }
            }
        }
        return out;
    }
}
