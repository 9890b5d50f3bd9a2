/* A launch whose first block runs less code than the others: block 0 only stores, the rest run a
 * floating-point loop, so the launch uses more registers than its first block. A cycle model that
 * starts before the launch ends assumes the first block's count and must notice. */
#include "rvsimt.h"

struct uneven_args { unsigned n; float *out; };

__global__ void uneven(const struct uneven_args *p) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (blockIdx.x == 0) {
        p->out[i] = 0.0f;
        return;
    }
    float a = 1.0f, b = 0.5f, c = 0.25f, d = 0.125f;
    for (unsigned k = 0; k < p->n; k++) {
        a = a * b + c;
        b = b * c + d;
        c = c * d + a;
        d = d * a + b;
    }
    p->out[i] = a + b + c + d;
}
