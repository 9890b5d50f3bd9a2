/* saxpy.c: out[i] = a * x[i] + y[i] (native ABI, C). One thread per element, bounds-checked.
 * clang contracts a * x + y into one fmadd.s (-ffp-contract=on), so the result is the fused one. */
#include "rvsimt.h"

struct saxpy_args {
    unsigned n;
    float a;
    const float *x;
    const float *y;
    float *out;
};

__global__ void saxpy(const struct saxpy_args *p) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < p->n) {
        p->out[i] = p->a * p->x[i] + p->y[i];
    }
}
