/* conv2d: 3x3 multi-channel convolution, valid padding, bias and ReLU (bench/kernels/conv2d.S).
 * Usage: conv2d REPS CIN COUT H (W = H) */
#include "common.h"

int main(int argc, char **argv) {
    int reps = arg_int(argc, argv, 1, "REPS");
    int cin = arg_int(argc, argv, 2, "CIN");
    int cout = arg_int(argc, argv, 3, "COUT");
    int h = arg_int(argc, argv, 4, "H");
    int w = h, oh = h - 2, ow = w - 2;
    float *in = random_floats((size_t)cin * h * w, 21, -1, 1);
    float *wt = random_floats((size_t)cout * cin * 9, 22, -0.5, 0.5);
    float *bias = random_floats(cout, 23, -0.1, 0.1);
    float *out = malloc((size_t)cout * oh * ow * sizeof(float));
    double best = 1e30;
    for (int r = 0; r < reps; r++) {
        double t0 = now_seconds();
        for (int oc = 0; oc < cout; oc++) {
            for (int y = 0; y < oh; y++) {
                for (int x = 0; x < ow; x++) {                 /* one "thread" per output */
                    float acc = bias[oc];
                    for (int ic = 0; ic < cin; ic++) {
                        const float *p = in + ((size_t)ic * h + y) * w + x;
                        const float *f = wt + ((size_t)oc * cin + ic) * 9;
                        for (int ky = 0; ky < 3; ky++)
                            for (int kx = 0; kx < 3; kx++) acc += p[ky * w + kx] * f[ky * 3 + kx];
                    }
                    out[((size_t)oc * oh + y) * ow + x] = acc > 0 ? acc : 0;
                }
            }
        }
        sink(out);
        double t = now_seconds() - t0;
        if (t < best) best = t;
    }
    printf("%.9f %.17g\n", best, checksum_floats(out, (size_t)cout * oh * ow));
    return 0;
}
