/* cnn: the LeNet-style forward pass of the bench (org.rvsimt.cli.bench.CnnCase): 1x32x32 ->
 * conv5x5 to 4 (+bias, ReLU) -> pool2 -> conv3x3 to 8 (+bias, ReLU) -> pool2 -> FC 288->64
 * (+bias, ReLU) -> FC 64->10 (+bias) -> softmax; He-uniform weights from seeds 42..45, zero
 * biases, input uniform [0,1) from seed 7. Usage: cnn REPS */
#include <math.h>
#include "common.h"

static void conv_bias_relu(const float *in, int cin, int h, int w, int k, int cout, const float *wt,
                           const float *bias, float *out) {
    int oh = h - k + 1, ow = w - k + 1;
    for (int oc = 0; oc < cout; oc++)
        for (int y = 0; y < oh; y++)
            for (int x = 0; x < ow; x++) {
                float acc = bias[oc];
                for (int ic = 0; ic < cin; ic++)
                    for (int ky = 0; ky < k; ky++)
                        for (int kx = 0; kx < k; kx++)
                            acc += in[(ic * h + y + ky) * w + x + kx] * wt[((oc * cin + ic) * k + ky) * k + kx];
                out[(oc * oh + y) * ow + x] = acc > 0 ? acc : 0;
            }
}

static void pool2(const float *in, int c, int h, int w, float *out) {
    int oh = h / 2, ow = w / 2;
    for (int ch = 0; ch < c; ch++)
        for (int y = 0; y < oh; y++)
            for (int x = 0; x < ow; x++) {
                const float *p = in + (ch * h + 2 * y) * w + 2 * x;
                out[(ch * oh + y) * ow + x] = fmaxf(fmaxf(p[0], p[1]), fmaxf(p[w], p[w + 1]));
            }
}

static void fc(const float *in, int n_in, int n_out, const float *wt, const float *bias, float *out, int relu) {
    for (int o = 0; o < n_out; o++) {
        float acc = bias[o];
        for (int i = 0; i < n_in; i++) acc += in[i] * wt[o * n_in + i];
        out[o] = relu && acc < 0 ? 0 : acc;
    }
}

static float *he_uniform(int count, int fan_in, uint64_t seed) {
    double limit = sqrt(6.0 / fan_in);
    return random_floats(count, seed, -limit, limit);
}

int main(int argc, char **argv) {
    int reps = arg_int(argc, argv, 1, "REPS");
    float *input = random_floats(32 * 32, 7, 0, 1);
    float *w1 = he_uniform(4 * 25, 25, 42), *w2 = he_uniform(8 * 4 * 9, 36, 43);
    float *w3 = he_uniform(64 * 288, 288, 44), *w4 = he_uniform(10 * 64, 64, 45);
    static float b1[4], b2[8], b3[64], b4[10];
    static float c1[4 * 28 * 28], p1[4 * 14 * 14], c2[8 * 12 * 12], p2[288], f1[64], f2[10], prob[10];
    double best = 1e30;
    for (int r = 0; r < reps; r++) {
        double t0 = now_seconds();
        conv_bias_relu(input, 1, 32, 32, 5, 4, w1, b1, c1);
        pool2(c1, 4, 28, 28, p1);
        conv_bias_relu(p1, 4, 14, 14, 3, 8, w2, b2, c2);
        pool2(c2, 8, 12, 12, p2);
        fc(p2, 288, 64, w3, b3, f1, 1);
        fc(f1, 64, 10, w4, b4, f2, 0);
        float m = -INFINITY, s = 0;
        for (int i = 0; i < 10; i++) m = fmaxf(m, f2[i]);
        for (int i = 0; i < 10; i++) { prob[i] = expf(f2[i] - m); s += prob[i]; }
        for (int i = 0; i < 10; i++) prob[i] /= s;
        sink(prob);
        double t = now_seconds() - t0;
        if (t < best) best = t;
    }
    printf("%.9f %.17g\n", best, checksum_floats(prob, 10));
    return 0;
}
