/* sgemm_tiled: C = A*B, n x n, the 16x16 shared-memory tiling of bench/kernels/sgemm_tiled.S
 * written as loops over blocks and their threads: per block and tile, every thread copies its
 * element of A and B into the "shared" tiles, then every thread runs its 16-step inner product.
 * Usage: sgemm_tiled REPS N (N a multiple of 16) */
#include "common.h"

#define T 16

int main(int argc, char **argv) {
    int reps = arg_int(argc, argv, 1, "REPS");
    int n = arg_int(argc, argv, 2, "N");
    float *a = random_floats((size_t)n * n, 11, -1, 1);
    float *b = random_floats((size_t)n * n, 12, -1, 1);
    float *c = calloc((size_t)n * n, sizeof(float));
    static float as[T][T], bs[T][T], acc[T][T];
    double best = 1e30;
    for (int r = 0; r < reps; r++) {
        double t0 = now_seconds();
        for (int by = 0; by < n / T; by++) {
            for (int bx = 0; bx < n / T; bx++) {
                memset(acc, 0, sizeof acc);
                for (int t = 0; t < n; t += T) {
                    for (int ty = 0; ty < T; ty++) {            /* the copy phase of every thread */
                        for (int tx = 0; tx < T; tx++) {
                            as[ty][tx] = a[(by * T + ty) * n + t + tx];
                            bs[ty][tx] = b[(t + ty) * n + bx * T + tx];
                        }
                    }
                    for (int ty = 0; ty < T; ty++) {            /* barrier, then the products */
                        for (int tx = 0; tx < T; tx++) {
                            float s = acc[ty][tx];
                            for (int k = 0; k < T; k++) s += as[ty][k] * bs[k][tx];
                            acc[ty][tx] = s;
                        }
                    }
                }
                for (int ty = 0; ty < T; ty++) {
                    for (int tx = 0; tx < T; tx++) c[(by * T + ty) * n + bx * T + tx] = acc[ty][tx];
                }
            }
        }
        sink(c);
        double t = now_seconds() - t0;
        if (t < best) best = t;
    }
    printf("%.9f %.17g\n", best, checksum_floats(c, (size_t)n * n));
    return 0;
}
