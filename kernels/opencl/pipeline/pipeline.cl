#pragma OPENCL FP_CONTRACT OFF
__kernel void scale(__global const float *a, __global float *b, float s) { int i = get_global_id(0); b[i] = a[i] * s; }
__kernel void square_plus(__global const float *b, __global float *c) { int i = get_global_id(0); c[i] = b[i] * b[i] + 1.0f; }
__kernel void minus(__global const float *c, __global const float *a, __global float *d) { int i = get_global_id(0); d[i] = c[i] - a[i]; }
