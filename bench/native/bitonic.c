/* bitonic: bitonic sort of n int keys, the same (k, j) steps as bench/kernels/bitonic.S, each
 * step a loop over the n/2 compare-exchange "threads". Usage: bitonic REPS N (a power of two) */
#include "common.h"

int main(int argc, char **argv) {
    int reps = arg_int(argc, argv, 1, "REPS");
    int n = arg_int(argc, argv, 2, "N");
    int32_t *k0 = random_ints_pow2(n, 41, 30);
    int32_t *keys = malloc(n * sizeof(int32_t));
    double best = 1e30;
    for (int r = 0; r < reps; r++) {
        memcpy(keys, k0, n * sizeof(int32_t));
        double t0 = now_seconds();
        for (int k = 2; k <= n; k <<= 1) {
            for (int j = k >> 1; j > 0; j >>= 1) {
                for (int t = 0; t < n / 2; t++) {
                    int lo = t & (j - 1);
                    int i = ((t - lo) << 1) + lo;
                    int32_t a = keys[i], b = keys[i + j];
                    int asc = (i & k) == 0;
                    if ((a > b) == asc) { keys[i] = b; keys[i + j] = a; }
                }
            }
        }
        sink(keys);
        double t = now_seconds() - t0;
        if (t < best) best = t;
    }
    printf("%.9f %.17g\n", best, checksum_ints(keys, n));
    return 0;
}
