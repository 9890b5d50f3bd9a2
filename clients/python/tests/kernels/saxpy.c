/* saxpy.c: y[i] = a * x[i] + y[i] (native ABI, C). */
#include "rvsimt.h"

struct saxpy_args {
    int n;
    float a;
    const float *x;
    float *y;
};

__global__ void saxpy(const struct saxpy_args *p) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < p->n) p->y[i] = p->a * p->x[i] + p->y[i];
}
