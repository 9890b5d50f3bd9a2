#pragma OPENCL FP_CONTRACT OFF
__kernel void sgemm(int n, __global const float *A, __global const float *B, __global float *C) {
    int col = get_global_id(0), row = get_global_id(1);
    float acc = 0.0f;
    for (int k = 0; k < n; k++) acc += A[row * n + k] * B[k * n + col];
    C[row * n + col] = acc;
}
