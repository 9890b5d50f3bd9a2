// memcheck: the bound test lets thread n through, which stores one element past the end of 'out'.
#include "rvsimt.h"

typedef struct { unsigned n; const float *x; float *out; } Args;

__global__ void scale(const Args *a) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i <= a->n)                                  // BUG: should be i < n
        a->out[i] = 2.0f * a->x[i < a->n ? i : 0];  // STORE
}
