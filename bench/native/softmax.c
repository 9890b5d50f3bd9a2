/* softmax: row-wise softmax with expf (bench/kernels/softmax.S). Usage: softmax REPS ROWS COLS */
#include <math.h>
#include "common.h"

int main(int argc, char **argv) {
    int reps = arg_int(argc, argv, 1, "REPS");
    int rows = arg_int(argc, argv, 2, "ROWS");
    int cols = arg_int(argc, argv, 3, "COLS");
    float *in = random_floats((size_t)rows * cols, 31, -4, 4);
    float *out = malloc((size_t)rows * cols * sizeof(float));
    double best = 1e30;
    for (int r = 0; r < reps; r++) {
        double t0 = now_seconds();
        for (int row = 0; row < rows; row++) {                /* one "warp" per row */
            const float *x = in + (size_t)row * cols;
            float *y = out + (size_t)row * cols;
            float m = -INFINITY, s = 0;
            for (int c = 0; c < cols; c++) m = fmaxf(m, x[c]);
            for (int c = 0; c < cols; c++) { y[c] = expf(x[c] - m); s += y[c]; }
            float inv = 1.0f / s;
            for (int c = 0; c < cols; c++) y[c] *= inv;
        }
        sink(out);
        double t = now_seconds() - t0;
        if (t < best) best = t;
    }
    printf("%.9f %.17g\n", best, checksum_floats(out, (size_t)rows * cols));
    return 0;
}
