/* vecadd.c: c[i] = a[i] + b[i] (native ABI, C). Grid-stride loop: any launch covers any n. */
#include "rvsimt.h"

struct vecadd_args {
    unsigned n;
    const float *a;
    const float *b;
    float *c;
};

__global__ void vecadd(const struct vecadd_args *p) {
    unsigned stride = gridDim.x * blockDim.x;
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < p->n; i += stride) {
        p->c[i] = p->a[i] + p->b[i];
    }
}
