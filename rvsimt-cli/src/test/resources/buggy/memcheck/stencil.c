// memcheck: a 2-point stencil without a guard at the left edge: thread 0 loads x[-1].
#include "rvsimt.h"

typedef struct { unsigned n; const float *x; float *out; } Args;

__global__ void stencil(const Args *a) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < a->n)
        a->out[i] = 0.5f * (a->x[i - 1] + a->x[i]);   // LOAD (BUG: x[i - 1] for i == 0)
}
