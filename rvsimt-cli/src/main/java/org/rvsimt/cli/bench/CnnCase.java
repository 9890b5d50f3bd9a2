package org.rvsimt.cli.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rvsimt.core.api.Buffer;
import org.rvsimt.core.api.Device;
import org.rvsimt.core.api.Dim3;
import org.rvsimt.core.api.Kernel;
import org.rvsimt.core.api.RandomFill;

/**
 * The seed's LeNet-style CNN forward pass as one host program on the Java host API:
 * input 1x32x32; conv 5x5 to 4 channels (+bias, ReLU); 2x2 max pool; conv 3x3 to 8 channels
 * (+bias, ReLU); 2x2 max pool; flatten 288; FC 288->64 (+bias, ReLU); FC 64->10 (+bias);
 * softmax. Seven launches of bench/kernels/cnn.S and softmax.S; weights He-uniform
 * (U(+-sqrt(6/fan_in)), the variance of He-normal) from RandomFill seeds 42..45, zero biases,
 * input uniform [0, 1) from seed 7. One run is one forward pass: input upload, launches and
 * readback of the 10 probabilities, checked against a double reference to 1e-4.
 */
final class CnnCase implements BenchCase {
    static final double TOLERANCE = 1e-4;

    @Override
    public String name() {
        return "cnn";
    }

    @Override
    public String description() {
        return "LeNet-style forward pass, 1x32x32 -> conv5x5x4 -> pool -> conv3x3x8 -> pool -> 288->64->10 -> softmax";
    }

    @Override
    public Workload workload(Tier tier, BenchKernels kernels) {
        return new W(kernels, tier == Tier.TINY ? 3 : 20);
    }

    /** The model: weights and input, identical in the Java reference and bench/native/cnn.c. */
    static final class Model {
        final float[] input = RandomFill.floats(32 * 32, 7, 0, 1);
        final float[] w1 = heUniform(4 * 25, 25, 42);
        final float[] b1 = new float[4];
        final float[] w2 = heUniform(8 * 4 * 9, 36, 43);
        final float[] b2 = new float[8];
        final float[] w3 = heUniform(64 * 288, 288, 44);
        final float[] b3 = new float[64];
        final float[] w4 = heUniform(10 * 64, 64, 45);
        final float[] b4 = new float[10];

        static float[] heUniform(int count, int fanIn, long seed) {
            double limit = Math.sqrt(6.0 / fanIn);
            return RandomFill.floats(count, seed, -limit, limit);
        }

        /** The forward pass in double. */
        double[] reference() {
            double[] c1 = Conv2dCase.reference(input, w1, b1, 1, 4, 32, 32, 5, true);
            double[] p1 = pool(c1, 4, 28, 28);
            double[] c2 = Conv2dCase.reference(toFloat(p1), w2, b2, 4, 8, 14, 14, 3, true);
            double[] p2 = pool(c2, 8, 12, 12);
            double[] f1 = fc(p2, w3, b3, 288, 64, true);
            double[] f2 = fc(f1, w4, b4, 64, 10, false);
            double max = Double.NEGATIVE_INFINITY;
            for (double v : f2) {
                max = Math.max(max, v);
            }
            double sum = 0;
            double[] p = new double[10];
            for (int i = 0; i < 10; i++) {
                p[i] = Math.exp(f2[i] - max);
                sum += p[i];
            }
            for (int i = 0; i < 10; i++) {
                p[i] /= sum;
            }
            return p;
        }

        private static float[] toFloat(double[] v) {
            float[] f = new float[v.length];
            for (int i = 0; i < v.length; i++) {
                f[i] = (float) v[i];
            }
            return f;
        }

        private static double[] pool(double[] in, int c, int h, int w) {
            int oh = h / 2;
            int ow = w / 2;
            double[] out = new double[c * oh * ow];
            for (int ch = 0; ch < c; ch++) {
                for (int y = 0; y < oh; y++) {
                    for (int x = 0; x < ow; x++) {
                        int i = (ch * h + 2 * y) * w + 2 * x;
                        out[(ch * oh + y) * ow + x] = Math.max(Math.max(in[i], in[i + 1]), Math.max(in[i + w], in[i + w + 1]));
                    }
                }
            }
            return out;
        }

        private static double[] fc(double[] in, float[] w, float[] b, int nIn, int nOut, boolean relu) {
            double[] out = new double[nOut];
            for (int o = 0; o < nOut; o++) {
                double acc = b[o];
                for (int i = 0; i < nIn; i++) {
                    acc += in[i] * w[o * nIn + i];
                }
                out[o] = relu ? Math.max(acc, 0) : acc;
            }
            return out;
        }
    }

    private static final class W extends Workload {
        final BenchKernels kernels;
        final int reps;
        final Model model = new Model();
        final byte[] inputBytes = Data.bytes(model.input);
        double[] ref;
        float[] probs;
        long setupNanos;
        Buffer in;
        Buffer w1;
        Buffer b1;
        Buffer w2;
        Buffer b2;
        Buffer w3;
        Buffer b3;
        Buffer w4;
        Buffer b4;
        Buffer c1;
        Buffer p1;
        Buffer c2;
        Buffer p2;
        Buffer f1;
        Buffer f2;
        Buffer out;

        W(BenchKernels kernels, int reps) {
            this.kernels = kernels;
            this.reps = reps;
        }

        @Override
        public String size() {
            return "1x32x32 LeNet";
        }

        @Override
        public long vramBytes() {
            return 8L << 20;
        }

        @Override
        public int repetitions() {
            return reps;
        }

        @Override
        public int nativeRepetitions() {
            return 200;
        }

        @Override
        public void upload(Device d) {
            long t0 = System.nanoTime();
            kernels.kernel("cnn.S");
            kernels.kernel("softmax.S");
            in = d.alloc(4 * 32 * 32);
            w1 = put(d, model.w1);
            b1 = put(d, model.b1);
            w2 = put(d, model.w2);
            b2 = put(d, model.b2);
            w3 = put(d, model.w3);
            b3 = put(d, model.b3);
            w4 = put(d, model.w4);
            b4 = put(d, model.b4);
            c1 = d.alloc(4 * 4 * 28 * 28);
            p1 = d.alloc(4 * 4 * 14 * 14);
            c2 = d.alloc(4 * 8 * 12 * 12);
            p2 = d.alloc(4 * 288);
            f1 = d.alloc(4 * 64);
            f2 = d.alloc(4 * 10);
            out = d.alloc(4 * 10);
            setupNanos = System.nanoTime() - t0;
        }

        private static Buffer put(Device d, float[] v) {
            return d.alloc(4L * v.length).write(Data.bytes(v));
        }

        @Override
        public Run run(Device d) {
            Launches l = new Launches("cnn");
            Kernel cnn = kernels.kernel("cnn.S");
            Kernel softmax = kernels.kernel("softmax.S");
            int conv = kernels.entry("cnn.S", "conv_bias_relu");
            int pool = kernels.entry("cnn.S", "maxpool2");
            int fc = kernels.entry("cnn.S", "fc");
            return l.timed(() -> {
                in.write(inputBytes);
                l.add(d.launch(cnn, blocks(4 * 28 * 28), Dim3.of(128), 0, Data.at(conv), 1, 32, 32, 5, 4, in, w1, b1, c1));
                l.add(d.launch(cnn, blocks(4 * 14 * 14), Dim3.of(128), 0, Data.at(pool), 4, 28, 28, c1, p1));
                l.add(d.launch(cnn, blocks(8 * 12 * 12), Dim3.of(128), 0, Data.at(conv), 4, 14, 14, 3, 8, p1, w2, b2, c2));
                l.add(d.launch(cnn, blocks(8 * 6 * 6), Dim3.of(128), 0, Data.at(pool), 8, 12, 12, c2, p2));
                l.add(d.launch(cnn, Dim3.of(1), Dim3.of(64), 0, Data.at(fc), 288, 64, p2, w3, b3, f1, 1));
                l.add(d.launch(cnn, Dim3.of(1), Dim3.of(32), 0, Data.at(fc), 64, 10, f1, w4, b4, f2, 0));
                l.add(d.launch(softmax, Dim3.of(1), Dim3.of(32), 0, 1, 10, f2, out));
                probs = out.readFloats();
            });
        }

        private static Dim3 blocks(int threads) {
            return Dim3.of((threads + 127) / 128);
        }

        @Override
        public Check check(Device d) {
            if (ref == null) {
                ref = model.reference();
            }
            return Check.absolute("max abs error of the 10 probabilities vs double reference", out.readFloats(), ref,
                    TOLERANCE);
        }

        @Override
        public List<String> nativeArgs() {
            return List.of();
        }

        @Override
        public double checksum(Device d) {
            return Data.weightedSum(out.readFloats());
        }

        @Override
        public Map<String, Object> extras() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("setup_ms", setupNanos / 1e6);
            if (probs != null) {
                int best = 0;
                for (int i = 1; i < probs.length; i++) {
                    if (probs[i] > probs[best]) {
                        best = i;
                    }
                }
                m.put("predicted_class", best);
                m.put("probability", probs[best]);
            }
            return m;
        }
    }
}
