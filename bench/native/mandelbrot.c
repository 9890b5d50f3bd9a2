/* mandelbrot: escape-time counts over [-2,1]x[-1.5,1.5] (bench/kernels/mandelbrot.S), the same
 * float operations in the same order (no contraction on baseline x86-64, so results match).
 * Usage: mandelbrot REPS SIZE MAXITER */
#include "common.h"

int main(int argc, char **argv) {
    int reps = arg_int(argc, argv, 1, "REPS");
    int size = arg_int(argc, argv, 2, "SIZE");
    int max_iter = arg_int(argc, argv, 3, "MAXITER");
    const float x0 = -2.0f, y0 = -1.5f, d = 3.0f / (float)size;
    int32_t *out = malloc((size_t)size * size * sizeof(int32_t));
    double best = 1e30;
    for (int r = 0; r < reps; r++) {
        double t0 = now_seconds();
        for (int py = 0; py < size; py++) {
            for (int px = 0; px < size; px++) {               /* one "thread" per pixel */
                float cx = x0 + (float)px * d, cy = y0 + (float)py * d, zx = 0, zy = 0;
                int n = 0;
                while (n < max_iter) {
                    float x2 = zx * zx, y2 = zy * zy;
                    if (x2 + y2 > 4.0f) break;
                    float t = zx * zy;
                    zy = (t + t) + cy;
                    zx = (x2 - y2) + cx;
                    n++;
                }
                out[py * size + px] = n;
            }
        }
        sink(out);
        double t = now_seconds() - t0;
        if (t < best) best = t;
    }
    printf("%.9f %.17g\n", best, checksum_ints(out, (size_t)size * size));
    return 0;
}
