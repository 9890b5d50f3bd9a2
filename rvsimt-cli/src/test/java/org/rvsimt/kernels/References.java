package org.rvsimt.kernels;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.DoubleUnaryOperator;

/**
 * Java reference implementations of the kernel library, independent of the simulator: plain loops
 * over the inputs that {@link KernelManifest} regenerates from each launch.yaml. Each reference
 * returns the expected contents of the checked buffers, by argument name.
 *
 * <p>Arithmetic: elementwise IEEE operations are done in float exactly as the kernel does them (so
 * those checks can be exact); fmadd chains use {@code Math.fma} in float in the kernel's order;
 * transcendental functions and reductions are computed in double ({@code Math}) and rounded once.
 * The tolerances that cover the remaining differences are stated in each manifest.
 */
final class References {
    /** Expected buffers of one kernel, by argument name (float[] or int[]). */
    interface Reference {
        Map<String, Object> compute(KernelManifest m);
    }

    private References() { }

    static final Map<String, Reference> ALL = new LinkedHashMap<>();

    static Reference of(String folder) {
        Reference r = ALL.get(folder);
        if (r == null) {
            throw new IllegalArgumentException("no Java reference for kernels/" + folder
                    + " (add one to org.rvsimt.kernels.References)");
        }
        return r;
    }

    static {
        // ---------------------------------------------------------------- native, assembly
        ALL.put("vecadd", m -> out("c", binary(m, "a", "b", m.u32("n"), Op.ADD)));
        ALL.put("vecsub", m -> out("c", binary(m, "a", "b", m.u32("n"), Op.SUB)));
        ALL.put("vecmul", m -> out("c", binary(m, "a", "b", m.u32("n"), Op.MUL)));
        ALL.put("vecdiv", m -> out("c", binary(m, "a", "b", m.u32("n"), Op.DIV)));
        ALL.put("scal_mul", m -> out("out", scale(m.floats("x"), m.f32("alpha"), m.u32("n"), m.floats("out"))));
        ALL.put("saxpy", m -> out("out", saxpy(m.f32("a"), m.floats("x"), m.floats("y"), m.u32("n"), m.floats("out"))));
        ALL.put("bias_add", m -> out("out", biasAdd(m.floats("in"), m.floats("bias"), m.u32("n"), m.u32("hw"),
                m.floats("out"))));
        ALL.put("relu", m -> out("out", map(m.floats("x"), m.u32("n"), m.floats("out"), References::relu)));
        ALL.put("elu", m -> {
            double alpha = m.f32("alpha");
            return out("out", map(m.floats("x"), m.u32("n"), m.floats("out"), x -> elu(x, alpha)));
        });
        ALL.put("gelu", m -> out("out", map(m.floats("x"), m.u32("n"), m.floats("out"), References::gelu)));
        ALL.put("sigmoid", m -> out("out", map(m.floats("x"), m.u32("n"), m.floats("out"), References::sigmoid)));
        ALL.put("tanh", m -> out("out", map(m.floats("x"), m.u32("n"), m.floats("out"), Math::tanh)));
        ALL.put("rsqrt", m -> out("out", map(m.floats("x"), m.u32("n"), m.floats("out"), x -> 1 / Math.sqrt(x))));
        ALL.put("cossin", m -> out("cos", map(m.floats("x"), m.u32("n"), m.floats("cos"), Math::cos),
                "sin", map(m.floats("x"), m.u32("n"), m.floats("sin"), Math::sin)));
        ALL.put("softmax_exp", m -> {
            double max = m.f32("max");
            return out("out", map(m.floats("x"), m.u32("n"), m.floats("out"), x -> Math.exp(x - max)));
        });
        ALL.put("softmax_norm", m -> {
            double sum = m.f32("sum");
            return out("out", map(m.floats("e"), m.u32("n"), m.floats("out"), e -> e / sum));
        });
        ALL.put("softmax", m -> out("out", softmaxRows(m.floats("x"), m.u32("rows"), m.u32("n"), m.floats("out"))));
        ALL.put("matmul", m -> out("C", matmul(m.floats("A"), m.floats("B"), m.u32("M"), m.u32("N"), m.u32("K"))));
        ALL.put("conv2d", m -> out("out", conv2d(m.floats("in"), m.floats("w"), 1, 1, m.u32("H"), m.u32("W"),
                m.u32("K"))));
        ALL.put("conv2d_multi", m -> out("out", conv2d(m.floats("in"), m.floats("w"), m.u32("Cin"), m.u32("Cout"),
                m.u32("H"), m.u32("W"), m.u32("K"))));
        ALL.put("matmul_mma", m -> out("C", matmulMma(m.floats("A"), m.floats("B"), m.u32("M"), m.u32("N"),
                m.u32("K"))));
        ALL.put("maxpool", m -> out("out", maxpool(m.floats("in"), 1, m.u32("H"), m.u32("W"))));
        ALL.put("maxpool_multi", m -> out("out", maxpool(m.floats("in"), m.u32("C"), m.u32("H"), m.u32("W"))));

        // ---------------------------------------------------------------- native, C
        ALL.put("vecadd_c", ALL.get("vecadd"));
        ALL.put("saxpy_c", ALL.get("saxpy"));
        ALL.put("haxpy_c", m -> out("out", haxpy(m.f32("a"), m.floats("x"), m.floats("y"), m.u32("n"),
                m.floats("out"))));
        ALL.put("saxpy_rvv", ALL.get("saxpy"));
        ALL.put("relu_rvv", ALL.get("relu"));
        ALL.put("sigmoid_rvv", ALL.get("sigmoid"));
        ALL.put("gelu_rvv", ALL.get("gelu"));
        ALL.put("softmax_rvv", ALL.get("softmax"));
        ALL.put("conv2d_rvv", ALL.get("conv2d"));
        ALL.put("sum_rvv", m -> out("partial", chunkSums(m.floats("x"), m.u32("n"), m.floats("partial").length)));
        ALL.put("reduction_rvv", m -> out("out", new int[] {sum(m.ints("in"), m.u32("n"))}));
        ALL.put("matmul_tiled_c", ALL.get("matmul"));
        ALL.put("softmax_c", ALL.get("softmax"));
        ALL.put("histogram_c", m -> out("hist", histogram(m.ints("data"), m.u32("n"), m.u32("bins"))));
        ALL.put("reduction_c", m -> out("out", new int[] {sum(m.ints("in"), m.u32("n"))}));
        ALL.put("bitonic_sort_c", m -> out("keys", sortSegments(m.ints("keys"), 1024)));

        // ---------------------------------------------------------------- seed ABI (N etc. from the launch)
        ALL.put("seed_vector_add", m -> out("C", binary(m, "A", "B", m.grid[0], Op.ADD)));
        ALL.put("seed_vecsub", m -> out("C", binary(m, "A", "B", m.grid[0], Op.SUB)));
        ALL.put("seed_vecmul", m -> out("C", binary(m, "A", "B", m.grid[0], Op.MUL)));
        ALL.put("seed_vecdiv", m -> out("C", binary(m, "A", "B", m.grid[0], Op.DIV)));
        ALL.put("seed_saxpy", m -> out("C", saxpy(m.floats("alpha")[0], m.floats("A"), m.floats("B"), m.grid[0],
                m.floats("C"))));
        ALL.put("seed_scal_mul", m -> out("out", scale(m.floats("A"), m.floats("alpha")[0], m.grid[0],
                m.floats("out"))));
        ALL.put("seed_relu", m -> out("A", map(m.floats("A"), m.grid[0], m.floats("A"), References::relu)));
        ALL.put("seed_sigmoid", m -> out("out", map(m.floats("A"), m.grid[0], m.floats("out"), References::sigmoid)));
        ALL.put("seed_tanh", m -> out("out", map(m.floats("A"), m.grid[0], m.floats("out"), Math::tanh)));
        ALL.put("seed_rsqrt", m -> out("out", map(m.floats("A"), m.grid[0], m.floats("out"), x -> 1 / Math.sqrt(x))));
        ALL.put("seed_elu", m -> out("out", map(m.floats("A"), m.grid[0], m.floats("out"), x -> elu(x, 1.0))));
        ALL.put("seed_gelu", m -> out("out", map(m.floats("A"), m.grid[0], m.floats("out"), References::gelu)));
        ALL.put("seed_softmax_exp", m -> out("out", map(m.floats("A"), m.grid[0], m.floats("out"), Math::exp)));
        ALL.put("seed_cossin", m -> out("cos", map(m.floats("A"), m.grid[0], m.floats("cos"), Math::cos),
                "sin", map(m.floats("A"), m.grid[0], m.floats("sin"), Math::sin)));
        ALL.put("seed_softmax_norm", m -> {
            double sum = m.floats("sum")[0];
            return out("out", map(m.floats("E"), m.grid[0], m.floats("out"), e -> e / sum));
        });
        ALL.put("seed_softmax", m -> out("out", softmaxRows(m.floats("A"), 1, m.grid[0], m.floats("out"))));
        ALL.put("seed_matmul", m -> out("C", matmul(m.floats("A"), m.floats("B"), m.grid[0], m.block[0], m.grid[1])));
        ALL.put("seed_conv2d", m -> out("out", conv2d(m.floats("in"), m.floats("w"), 1, 1, m.grid[0], m.grid[1],
                m.block[0])));
        ALL.put("seed_conv2d_multi", m -> out("out", conv2d(m.floats("in"), m.floats("w"), m.grid[2], m.block[1],
                m.grid[0], m.grid[1], m.block[0])));
        ALL.put("seed_maxpool", m -> out("out", maxpool(m.floats("in"), 1, m.grid[0], m.grid[1])));
        ALL.put("seed_maxpool_multi", m -> out("out", maxpool(m.floats("in"), m.grid[1], m.grid[2], m.block[0])));
        ALL.put("seed_bias_add", m -> out("out", biasAdd(m.floats("in"), m.floats("bias"), m.grid[1], m.grid[2],
                m.floats("out"))));
    }

    // ------------------------------------------------------------------ building blocks

    enum Op { ADD, SUB, MUL, DIV }

    private static Map<String, Object> out(String name, Object data) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(name, data);
        return m;
    }

    private static Map<String, Object> out(String n1, Object d1, String n2, Object d2) {
        Map<String, Object> m = out(n1, d1);
        m.put(n2, d2);
        return m;
    }

    /** c[i] = a[i] op b[i] for i < n, one float operation (exact IEEE binary32, as the kernel). */
    static float[] binary(KernelManifest m, String a, String b, int n, Op op) {
        float[] x = m.floats(a);
        float[] y = m.floats(b);
        float[] c = new float[n];
        for (int i = 0; i < n; i++) {
            c[i] = switch (op) {
                case ADD -> x[i] + y[i];
                case SUB -> x[i] - y[i];
                case MUL -> x[i] * y[i];
                case DIV -> x[i] / y[i];
            };
        }
        return c;
    }

    static float[] scale(float[] x, float alpha, int n, float[] init) {
        float[] out = init.clone();
        for (int i = 0; i < n; i++) {
            out[i] = alpha * x[i];
        }
        return out;
    }

    /** a * x rounded, then + y rounded: the seed's (and saxpy.S's) fmul + fadd. */
    static float[] saxpy(float a, float[] x, float[] y, int n, float[] init) {
        float[] out = init.clone();
        for (int i = 0; i < n; i++) {
            float ax = a * x[i];
            out[i] = ax + y[i];
        }
        return out;
    }

    /** a x + y in binary16, one rounding: the inputs rounded to binary16, the sum (exact in double here) rounded once. */
    static float[] haxpy(float a, float[] x, float[] y, int n, float[] init) {
        float[] out = init.clone();
        double ha = half(a);
        for (int i = 0; i < n; i++) {
            out[i] = (float) half(ha * half(x[i]) + half(y[i]));
        }
        return out;
    }

    /**
     * The binary16 value nearest to v, ties to even (IEEE 754 binary16: 11 significant bits, lsb at
     * least 2^-24, largest finite 65504): v scaled so that the binary16 lsb is 1, rounded to an integer
     * by Math.rint (ties to even; the scaling by a power of two is exact), scaled back.
     */
    static double half(double v) {
        if (v == 0 || Double.isNaN(v) || Double.isInfinite(v)) {
            return v;
        }
        int lsb = Math.max(Math.getExponent(v), -14) - 10;
        double h = Math.scalb(Math.rint(Math.scalb(v, -lsb)), lsb);
        return Math.abs(h) > 65504 ? Math.copySign(Double.POSITIVE_INFINITY, v) : h;
    }

    static float[] biasAdd(float[] in, float[] bias, int n, int hw, float[] init) {
        float[] out = init.clone();
        for (int i = 0; i < n; i++) {
            out[i] = in[i] + bias[i / hw];
        }
        return out;
    }

    /** out[i] = (float) f((double) x[i]) for i < n; elements from n on keep init. */
    static float[] map(float[] x, int n, float[] init, DoubleUnaryOperator f) {
        float[] out = init.clone();
        for (int i = 0; i < n; i++) {
            out[i] = (float) f.applyAsDouble(x[i]);
        }
        return out;
    }

    static double relu(double x) {
        return x > 0 ? x : 0.0;
    }

    static double elu(double x, double alpha) {
        return x > 0 ? x : alpha * (Math.exp(x) - 1);
    }

    static double sigmoid(double x) {
        return 1 / (1 + Math.exp(-x));
    }

    /** The sigmoid approximation of GELU with the exact constant 1.702. */
    static double gelu(double x) {
        return x * sigmoid(1.702 * x);
    }

    /** Row-wise softmax in double (max subtracted), rounded once. */
    static float[] softmaxRows(float[] x, int rows, int n, float[] init) {
        float[] out = init.clone();
        for (int r = 0; r < rows; r++) {
            double max = Double.NEGATIVE_INFINITY;
            for (int j = 0; j < n; j++) {
                max = Math.max(max, x[r * n + j]);
            }
            double sum = 0;
            for (int j = 0; j < n; j++) {
                sum += Math.exp(x[r * n + j] - max);
            }
            for (int j = 0; j < n; j++) {
                out[r * n + j] = (float) (Math.exp(x[r * n + j] - max) / sum);
            }
        }
        return out;
    }

    /** C = A B, acc = fma(A[r][k], B[k][c], acc) in float for k = 0..K-1 (the kernels' order). */
    static float[] matmul(float[] a, float[] b, int rows, int cols, int depth) {
        float[] c = new float[rows * cols];
        for (int r = 0; r < rows; r++) {
            for (int col = 0; col < cols; col++) {
                float acc = 0f;
                for (int k = 0; k < depth; k++) {
                    acc = Math.fma(a[r * depth + k], b[k * cols + col], acc);
                }
                c[r * cols + col] = acc;
            }
        }
        return c;
    }

    /**
     * C = A B as the matrix extension computes it: for each group of 4 consecutive k (the f32 tile
     * depth), acc = round(acc + sum of the 4 products), the sum exact and rounded once to nearest
     * (spec/matmul.adoc: rounding after accumulation). Exact decimal arithmetic, then
     * {@code Float.parseFloat}, which rounds a decimal string correctly.
     */
    static float[] matmulMma(float[] a, float[] b, int rows, int cols, int depth) {
        float[] c = new float[rows * cols];
        for (int r = 0; r < rows; r++) {
            for (int col = 0; col < cols; col++) {
                float acc = 0f;
                for (int k0 = 0; k0 < depth; k0 += 4) {
                    java.math.BigDecimal sum = new java.math.BigDecimal(acc);
                    for (int k = k0; k < Math.min(k0 + 4, depth); k++) {
                        sum = sum.add(new java.math.BigDecimal(a[r * depth + k])
                                .multiply(new java.math.BigDecimal(b[k * cols + col])));
                    }
                    acc = Float.parseFloat(sum.toString());
                }
                c[r * cols + col] = acc;
            }
        }
        return c;
    }

    /**
     * Valid convolution (cross-correlation) of in [cin][h][w] with w [cout][cin][k][k] into
     * [cout][h-k+1][w-k+1]; fma chain in float in ic, ky, kx order.
     */
    static float[] conv2d(float[] in, float[] w, int cin, int cout, int h, int wd, int k) {
        int oh = h - k + 1;
        int ow = wd - k + 1;
        float[] out = new float[cout * oh * ow];
        for (int oc = 0; oc < cout; oc++) {
            for (int oy = 0; oy < oh; oy++) {
                for (int ox = 0; ox < ow; ox++) {
                    float acc = 0f;
                    for (int ic = 0; ic < cin; ic++) {
                        for (int ky = 0; ky < k; ky++) {
                            for (int kx = 0; kx < k; kx++) {
                                acc = Math.fma(in[(ic * h + oy + ky) * wd + ox + kx],
                                        w[((oc * cin + ic) * k + ky) * k + kx], acc);
                            }
                        }
                    }
                    out[(oc * oh + oy) * ow + ox] = acc;
                }
            }
        }
        return out;
    }

    /** 2x2 stride-2 max pooling of [c][h][w] into [c][h/2][w/2] (floor). */
    static float[] maxpool(float[] in, int c, int h, int w) {
        int oh = h / 2;
        int ow = w / 2;
        float[] out = new float[c * oh * ow];
        for (int ch = 0; ch < c; ch++) {
            for (int oy = 0; oy < oh; oy++) {
                for (int ox = 0; ox < ow; ox++) {
                    int base = (ch * h + 2 * oy) * w + 2 * ox;
                    float m = Math.max(Math.max(in[base], in[base + 1]), Math.max(in[base + w], in[base + w + 1]));
                    out[(ch * oh + oy) * ow + ox] = m;
                }
            }
        }
        return out;
    }

    static int[] histogram(int[] data, int n, int bins) {
        int[] h = new int[bins];
        for (int i = 0; i < n; i++) {
            if (data[i] >= 0 && data[i] < bins) {
                h[data[i]]++;
            }
        }
        return h;
    }

    /** Sum with 32-bit wrap-around, as the kernel's int adds. */
    static int sum(int[] x, int n) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            s += x[i];
        }
        return s;
    }

    /**
     * partial[t] = x[t*c] + x[t*c+1] + ... (c = ceil(n / threads), the last chunk cut at n), added
     * left to right in float from 0: an ordered reduction.
     */
    static float[] chunkSums(float[] x, int n, int threads) {
        float[] partial = new float[threads];
        int chunk = (n + threads - 1) / threads;
        for (int t = 0; t < threads; t++) {
            float s = 0f;
            for (int i = t * chunk; i < Math.min(t * chunk + chunk, n); i++) {
                s += x[i];
            }
            partial[t] = s;
        }
        return partial;
    }

    static int[] sortSegments(int[] keys, int segment) {
        int[] out = keys.clone();
        for (int s = 0; s + segment <= out.length; s += segment) {
            Arrays.sort(out, s, s + segment);
        }
        return out;
    }
}
