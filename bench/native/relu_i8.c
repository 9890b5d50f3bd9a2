/* relu_i8: out[i] = max(x[i], 0) on n int8 values and each chunk's largest output, as
 * bench/kernels/relu_i8.S (a block per chunk of 65536 elements, or n if smaller).
 * Usage: relu_i8 REPS N */
#include "common.h"

int main(int argc, char **argv) {
    int reps = arg_int(argc, argv, 1, "REPS");
    int n = arg_int(argc, argv, 2, "N");
    int chunk = n < 65536 ? n : 65536;
    int32_t *raw = random_ints_pow2(n, 43, 8);
    int8_t *x = malloc(n);
    int8_t *out = malloc(n);
    int32_t *maxes = malloc((n / chunk) * sizeof(int32_t));
    int32_t *check = malloc(n * sizeof(int32_t));
    for (int i = 0; i < n; i++) x[i] = (int8_t)raw[i];
    double best = 1e30;
    for (int r = 0; r < reps; r++) {
        memset(maxes, 0, (n / chunk) * sizeof(int32_t));
        double t0 = now_seconds();
        for (int b = 0; b < n / chunk; b++) {
            int8_t m = 0;
            for (int i = b * chunk; i < (b + 1) * chunk; i++) {
                int8_t v = x[i] > 0 ? x[i] : 0;
                out[i] = v;
                if (v > m) m = v;
            }
            maxes[b] = m;
        }
        sink(out);
        sink(maxes);
        double t = now_seconds() - t0;
        if (t < best) best = t;
    }
    for (int i = 0; i < n; i++) check[i] = out[i];
    printf("%.9f %.17g\n", best, checksum_ints(check, n));
    return 0;
}
