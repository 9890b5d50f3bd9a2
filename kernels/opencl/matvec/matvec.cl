#pragma OPENCL FP_CONTRACT OFF
__kernel void matvec(__global const float *A, __global const float *x, __global float *y, int cols) {
    int r = get_global_id(0);
    float acc = 0.0f;
    for (int c = 0; c < cols; c++) acc += A[r * cols + c] * x[c];
    y[r] = acc;
}
