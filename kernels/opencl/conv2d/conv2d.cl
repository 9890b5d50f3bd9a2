#pragma OPENCL FP_CONTRACT OFF
#define R 2
__kernel void conv2d(__global const float *img, __constant float *filt, __global float *out, int w, int h) {
    int x = get_global_id(0), y = get_global_id(1);
    float acc = 0.0f;
    for (int dy = -R; dy <= R; dy++)
        for (int dx = -R; dx <= R; dx++) {
            int sx = clamp(x + dx, 0, w - 1), sy = clamp(y + dy, 0, h - 1);
            acc += img[sy * w + sx] * filt[(dy + R) * (2 * R + 1) + dx + R];
        }
    out[y * w + x] = acc;
}
