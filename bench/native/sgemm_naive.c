/* sgemm_naive: C = A*B, n x n, one "thread" per element of C (bench/kernels/sgemm_naive.S).
 * Usage: sgemm_naive REPS N */
#include "common.h"

int main(int argc, char **argv) {
    int reps = arg_int(argc, argv, 1, "REPS");
    int n = arg_int(argc, argv, 2, "N");
    float *a = random_floats((size_t)n * n, 11, -1, 1);
    float *b = random_floats((size_t)n * n, 12, -1, 1);
    float *c = calloc((size_t)n * n, sizeof(float));
    double best = 1e30;
    for (int r = 0; r < reps; r++) {
        double t0 = now_seconds();
        for (int row = 0; row < n; row++) {
            for (int col = 0; col < n; col++) {
                float acc = 0;
                for (int k = 0; k < n; k++) acc += a[row * n + k] * b[k * n + col];
                c[row * n + col] = acc;
            }
        }
        sink(c);
        double t = now_seconds() - t0;
        if (t < best) best = t;
    }
    printf("%.9f %.17g\n", best, checksum_floats(c, (size_t)n * n));
    return 0;
}
