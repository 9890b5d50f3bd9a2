#pragma OPENCL FP_CONTRACT OFF
__kernel void lu_factor_col(__global float *A, int n, int k) {
    int i = get_global_id(0);
    if (i > k) A[i * n + k] = A[i * n + k] / A[k * n + k];
}
__kernel void lu_update(__global float *A, int n, int k) {
    int j = get_global_id(0), i = get_global_id(1);
    if (i > k && j > k) A[i * n + j] = A[i * n + j] - A[i * n + k] * A[k * n + j];
}
