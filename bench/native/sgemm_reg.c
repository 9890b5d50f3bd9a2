/* sgemm_reg: C = A*B, n x n, the register blocking of bench/kernels/sgemm_reg.S written as loops
 * over blocks and their threads: a block of 16x16 threads computes a 64x64 tile of C, thread
 * (tx, ty) the outputs (ty + 16i, tx + 16j), i, j = 0..3; per k-tile of 16 the block copies a
 * 64x16 tile of A (transposed) and a 16x64 tile of B into "shared" arrays first.
 * Usage: sgemm_reg REPS N (N a multiple of 64) */
#include "common.h"

#define BT 64
#define KT 16

int main(int argc, char **argv) {
    int reps = arg_int(argc, argv, 1, "REPS");
    int n = arg_int(argc, argv, 2, "N");
    float *a = random_floats((size_t)n * n, 11, -1, 1);
    float *b = random_floats((size_t)n * n, 12, -1, 1);
    float *c = calloc((size_t)n * n, sizeof(float));
    static float as[KT][BT], bs[KT][BT], acc[BT][BT];
    double best = 1e30;
    for (int r = 0; r < reps; r++) {
        double t0 = now_seconds();
        for (int by = 0; by < n / BT; by++) {
            for (int bx = 0; bx < n / BT; bx++) {
                memset(acc, 0, sizeof acc);
                for (int t = 0; t < n; t += KT) {
                    for (int m = 0; m < BT; m++)                  /* the copy phase */
                        for (int k = 0; k < KT; k++) as[k][m] = a[(size_t)(by * BT + m) * n + t + k];
                    for (int k = 0; k < KT; k++)
                        for (int col = 0; col < BT; col++) bs[k][col] = b[(size_t)(t + k) * n + bx * BT + col];
                    for (int ty = 0; ty < 16; ty++) {              /* barrier, then every thread */
                        for (int tx = 0; tx < 16; tx++) {
                            float s[4][4];
                            for (int i = 0; i < 4; i++)
                                for (int j = 0; j < 4; j++) s[i][j] = acc[ty + 16 * i][tx + 16 * j];
                            for (int k = 0; k < KT; k++) {
                                float av[4], bv[4];
                                for (int i = 0; i < 4; i++) av[i] = as[k][ty + 16 * i];
                                for (int j = 0; j < 4; j++) bv[j] = bs[k][tx + 16 * j];
                                for (int i = 0; i < 4; i++)
                                    for (int j = 0; j < 4; j++) s[i][j] += av[i] * bv[j];
                            }
                            for (int i = 0; i < 4; i++)
                                for (int j = 0; j < 4; j++) acc[ty + 16 * i][tx + 16 * j] = s[i][j];
                        }
                    }
                }
                for (int m = 0; m < BT; m++)
                    for (int col = 0; col < BT; col++) c[(size_t)(by * BT + m) * n + bx * BT + col] = acc[m][col];
            }
        }
        sink(c);
        double t = now_seconds() - t0;
        if (t < best) best = t;
    }
    printf("%.9f %.17g\n", best, checksum_floats(c, (size_t)n * n));
    return 0;
}
