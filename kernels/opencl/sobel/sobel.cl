#pragma OPENCL FP_CONTRACT OFF
__kernel void sobel(__global const uchar *img, __global float *mag, int w, int h) {
    int x = get_global_id(0), y = get_global_id(1);
    if (x == 0 || y == 0 || x == w - 1 || y == h - 1) { mag[y * w + x] = 0.0f; return; }
    #define P(dx, dy) (float)img[(y + (dy)) * w + x + (dx)]
    float gx = -P(-1, -1) - 2.0f * P(-1, 0) - P(-1, 1) + P(1, -1) + 2.0f * P(1, 0) + P(1, 1);
    float gy = -P(-1, -1) - 2.0f * P(0, -1) - P(1, -1) + P(-1, 1) + 2.0f * P(0, 1) + P(1, 1);
    mag[y * w + x] = sqrt(gx * gx + gy * gy);
}
