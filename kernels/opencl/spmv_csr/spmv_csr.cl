#pragma OPENCL FP_CONTRACT OFF
__kernel void spmv(__global const int *rowptr, __global const int *col, __global const float *val,
                   __global const float *x, __global float *y) {
    int r = get_global_id(0);
    float acc = 0.0f;
    for (int e = rowptr[r]; e < rowptr[r + 1]; e++) acc += val[e] * x[col[e]];
    y[r] = acc;
}
