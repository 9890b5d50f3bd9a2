#pragma OPENCL FP_CONTRACT OFF
__kernel void assign(__global const float2 *pts, __constant float2 *cent, int k, __global int *label, __global float *dist) {
    int i = get_global_id(0);
    float2 p = pts[i];
    int best = 0;
    float bd = INFINITY;
    for (int c = 0; c < k; c++) {
        float2 d = p - cent[c];
        float dd = d.x * d.x + d.y * d.y;
        if (dd < bd) { bd = dd; best = c; }
    }
    label[i] = best;
    dist[i] = bd;
}
