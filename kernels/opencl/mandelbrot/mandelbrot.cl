#pragma OPENCL FP_CONTRACT OFF
__kernel void mandelbrot(__global int *out, float x0, float y0, float step, int maxit) {
    int px = get_global_id(0), py = get_global_id(1);
    float cr = x0 + px * step, ci = y0 + py * step;
    float zr = 0.0f, zi = 0.0f;
    int it = 0;
    while (it < maxit && zr * zr + zi * zi <= 4.0f) {
        float t = zr * zr - zi * zi + cr;
        zi = 2.0f * zr * zi + ci;
        zr = t;
        it++;
    }
    out[py * get_global_size(0) + px] = it;
}
