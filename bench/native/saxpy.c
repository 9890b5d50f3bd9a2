/* saxpy: y = a*x + y over n floats (bench/kernels/saxpy.S). Usage: saxpy REPS N */
#include "common.h"

int main(int argc, char **argv) {
    int reps = arg_int(argc, argv, 1, "REPS");
    int n = arg_int(argc, argv, 2, "N");
    const float a = 2.5f;
    float *x = random_floats(n, 1, -1, 1);
    float *y0 = random_floats(n, 2, -1, 1);
    float *y = malloc(n * sizeof(float));
    double best = 1e30;
    for (int r = 0; r < reps; r++) {
        memcpy(y, y0, n * sizeof(float));
        double t0 = now_seconds();
        for (int i = 0; i < n; i++) y[i] = a * x[i] + y[i];     /* one "thread" per element */
        sink(y);
        double t = now_seconds() - t0;
        if (t < best) best = t;
    }
    printf("%.9f %.17g\n", best, checksum_floats(y, n));
    return 0;
}
